from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.game import Game


T = TypeVar("T", bound="BerserkEventData")


@_attrs_define
class BerserkEventData:
    """The seat gone berserk, and the game"""

    color: PlayerColor
    """ A player's colour, which is also the name of their seat """
    game: Game
    """ A game of Button Up! """

    def to_dict(self) -> dict[str, Any]:
        color: str = self.color

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game import Game  # noqa: PLC0415

        d = dict(src_dict)
        color = check_player_color(d.pop("color"))

        game = Game.from_dict(d.pop("game"))

        berserk_event_data = cls(
            color=color,
            game=game,
        )

        return berserk_event_data
