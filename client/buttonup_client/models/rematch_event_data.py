from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.game import Game


T = TypeVar("T", bound="RematchEventData")


@_attrs_define
class RematchEventData:
    """The next game's id, and this game"""

    game_id: str
    """ The next game; each seat gets its token there from `request_rematch` """
    game: Game
    """ A game of Button Up! """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game import Game  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        game = Game.from_dict(d.pop("game"))

        rematch_event_data = cls(
            game_id=game_id,
            game=game,
        )

        return rematch_event_data
