from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.game import Game
    from ..models.move import Move


T = TypeVar("T", bound="Played")


@_attrs_define
class Played:
    """A move applied, and the moves bots played in reply."""

    move: Move
    """ One move of the game. """
    bot_moves: list[Move]
    """ Moves bots played after it, in order """
    game: Game
    """ A game of Button Up! """

    def to_dict(self) -> dict[str, Any]:
        move = self.move.to_dict()

        bot_moves = []
        for bot_moves_item_data in self.bot_moves:
            bot_moves_item = bot_moves_item_data.to_dict()
            bot_moves.append(bot_moves_item)

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move": move,
                "bot_moves": bot_moves,
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

        bot_moves = []
        _bot_moves = d.pop("bot_moves")
        for bot_moves_item_data in _bot_moves:
            bot_moves_item = Move.from_dict(bot_moves_item_data)

            bot_moves.append(bot_moves_item)

        game = Game.from_dict(d.pop("game"))

        played = cls(
            move=move,
            bot_moves=bot_moves,
            game=game,
        )

        return played
