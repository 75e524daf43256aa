from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.game import Game


T = TypeVar("T", bound="AbortedEventData")


@_attrs_define
class AbortedEventData:
    """Who aborted, and the game"""

    color: None | PlayerColor
    """ The seat that aborted; null when the first move's time ran out """
    game: Game
    """ A game of Button Up! """

    def to_dict(self) -> dict[str, Any]:
        color: None | str
        if isinstance(self.color, str):
            color = self.color
        else:
            color = self.color

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

        def _parse_color(data: object) -> None | PlayerColor:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_0 = check_player_color(data)

                return color_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerColor, data)

        color = _parse_color(d.pop("color"))

        game = Game.from_dict(d.pop("game"))

        aborted_event_data = cls(
            color=color,
            game=game,
        )

        return aborted_event_data
