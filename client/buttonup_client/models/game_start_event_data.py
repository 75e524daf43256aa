from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

T = TypeVar("T", bound="GameStartEventData")


@_attrs_define
class GameStartEventData:
    """A wing's pairing made a game"""

    game_id: str
    """ The game """
    color: PlayerColor
    """ A player's colour, which is also the name of their seat """
    version: int
    """ The game's version it is as of """
    token: str
    """ The seat's bearer token (the player's key works too) """
    tournament_id: None | str
    """ The tournament whose pairing made the game (docs/tournaments.md); null: none """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        color: str = self.color

        version = self.version

        token = self.token

        tournament_id: None | str
        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "color": color,
                "version": version,
                "token": token,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        color = check_player_color(d.pop("color"))

        version = d.pop("version")

        token = d.pop("token")

        def _parse_tournament_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tournament_id = _parse_tournament_id(d.pop("tournament_id"))

        game_start_event_data = cls(
            game_id=game_id,
            color=color,
            version=version,
            token=token,
            tournament_id=tournament_id,
        )

        return game_start_event_data
