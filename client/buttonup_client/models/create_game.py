from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_game_first_player import CreateGameFirstPlayer, check_create_game_first_player
from ..models.create_game_visibility import CreateGameVisibility, check_create_game_visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.players_request import PlayersRequest


T = TypeVar("T", bound="CreateGame")


@_attrs_define
class CreateGame:
    """Options of a new game; every field is optional."""

    target_score: int | Unset = 15
    """ Points that win the game """
    first_player: CreateGameFirstPlayer | Unset = "random"
    """ Who starts the first round; `random` draws it """
    seed: int | Unset = UNSET
    """ Makes every random draw of the game reproducible """
    visibility: CreateGameVisibility | Unset = "private"
    """ `public` games are listed in the lobby while a seat is open """
    hints: bool | Unset = True
    """ Whether `/analysis` answers while the game is in play (always once it is over); players who agree to play
    without hints create the game with false """
    players: PlayersRequest | Unset = UNSET
    """ The two seats of a new game. """

    def to_dict(self) -> dict[str, Any]:
        target_score = self.target_score

        first_player: str | Unset = UNSET
        if not isinstance(self.first_player, Unset):
            first_player = self.first_player

        seed = self.seed

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility

        hints = self.hints

        players: dict[str, Any] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = self.players.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if first_player is not UNSET:
            field_dict["first_player"] = first_player
        if seed is not UNSET:
            field_dict["seed"] = seed
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if hints is not UNSET:
            field_dict["hints"] = hints
        if players is not UNSET:
            field_dict["players"] = players

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.players_request import PlayersRequest  # noqa: PLC0415

        d = dict(src_dict)
        target_score = d.pop("target_score", UNSET)

        _first_player = d.pop("first_player", UNSET)
        first_player: CreateGameFirstPlayer | Unset
        if isinstance(_first_player, Unset):
            first_player = UNSET
        else:
            first_player = check_create_game_first_player(_first_player)

        seed = d.pop("seed", UNSET)

        _visibility = d.pop("visibility", UNSET)
        visibility: CreateGameVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = check_create_game_visibility(_visibility)

        hints = d.pop("hints", UNSET)

        _players = d.pop("players", UNSET)
        players: PlayersRequest | Unset
        if isinstance(_players, Unset):
            players = UNSET
        else:
            players = PlayersRequest.from_dict(_players)

        create_game = cls(
            target_score=target_score,
            first_player=first_player,
            seed=seed,
            visibility=visibility,
            hints=hints,
            players=players,
        )

        return create_game
