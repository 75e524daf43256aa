from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_game_first_player import CreateGameFirstPlayer, check_create_game_first_player
from ..models.create_game_visibility import CreateGameVisibility, check_create_game_visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fischer_clock_settings import FischerClockSettings
    from ..models.per_move_clock_settings import PerMoveClockSettings
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
    hints: bool | Unset = UNSET
    """ Whether `/analysis` answers while the game is in play (always once it is over); players who agree to play
    without hints create the game with false. True by default; a rated game has none (false by default, true is 422)
    """
    rated: bool | Unset = False
    """ Whether the result changes both players' ratings: both seats must then be taken with a player's key, no bot
    (409 `rated_needs_players`), and the game starts from a first deal, not a `position` """
    players: PlayersRequest | Unset = UNSET
    """ The two seats of a new game. """
    position: str | Unset = UNSET
    """ Start from this position (docs/notation.md) rather than a first deal: its round as it stands, with its score
    and target (which `target_score` must not contradict), someone to move; later rounds are dealt from `seed` """
    clock: FischerClockSettings | None | PerMoveClockSettings | Unset = UNSET
    """ The time control; absent or null: untimed. A player whose clock runs out loses (the game is aborted instead
    when its first move never came) """

    def to_dict(self) -> dict[str, Any]:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        target_score = self.target_score

        first_player: str | Unset = UNSET
        if not isinstance(self.first_player, Unset):
            first_player = self.first_player

        seed = self.seed

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility

        hints = self.hints

        rated = self.rated

        players: dict[str, Any] | Unset = UNSET
        if not isinstance(self.players, Unset):
            players = self.players.to_dict()

        position = self.position

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, FischerClockSettings):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, PerMoveClockSettings):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

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
        if rated is not UNSET:
            field_dict["rated"] = rated
        if players is not UNSET:
            field_dict["players"] = players
        if position is not UNSET:
            field_dict["position"] = position
        if clock is not UNSET:
            field_dict["clock"] = clock

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415
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

        rated = d.pop("rated", UNSET)

        _players = d.pop("players", UNSET)
        players: PlayersRequest | Unset
        if isinstance(_players, Unset):
            players = UNSET
        else:
            players = PlayersRequest.from_dict(_players)

        position = d.pop("position", UNSET)

        def _parse_clock(data: object) -> FischerClockSettings | None | PerMoveClockSettings | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_clock_request_type_0 = FischerClockSettings.from_dict(data)

                return componentsschemas_clock_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_clock_request_type_1 = PerMoveClockSettings.from_dict(data)

                return componentsschemas_clock_request_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FischerClockSettings | None | PerMoveClockSettings | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        create_game = cls(
            target_score=target_score,
            first_player=first_player,
            seed=seed,
            visibility=visibility,
            hints=hints,
            rated=rated,
            players=players,
            position=position,
            clock=clock,
        )

        return create_game
