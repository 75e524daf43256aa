from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.game import Game
    from ..models.move import Move


T = TypeVar("T", bound="MoveEventData")


@_attrs_define
class MoveEventData:
    """A move, and the game after it"""

    move: Move
    """ One move of the game. """
    game: Game
    """ A game of Button Up! """

    def to_dict(self) -> dict[str, Any]:
        move = self.move.to_dict()

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move": move,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game import Game  # noqa: PLC0415
        from ..models.move import Move  # noqa: PLC0415

        d = dict(src_dict)
        move = Move.from_dict(d.pop("move"))

        game = Game.from_dict(d.pop("game"))

        move_event_data = cls(
            move=move,
            game=game,
        )

        return move_event_data
