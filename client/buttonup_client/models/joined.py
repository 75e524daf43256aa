from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.game import Game
    from ..models.move import Move


T = TypeVar("T", bound="Joined")


@_attrs_define
class Joined:
    """A seat taken: keep the token, it is shown only here."""

    color: PlayerColor
    """ A player's colour, which is also the name of their seat """
    token: str
    """ Bearer token of this seat; shown once """
    bot_moves: list[Move]
    """ Moves a bot played once the game started """
    game: Game
    """ A game of Button Up! """

    def to_dict(self) -> dict[str, Any]:
        color: str = self.color

        token = self.token

        bot_moves = []
        for bot_moves_item_data in self.bot_moves:
            bot_moves_item = bot_moves_item_data.to_dict()
            bot_moves.append(bot_moves_item)

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "color": color,
                "token": token,
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
        color = check_player_color(d.pop("color"))

        token = d.pop("token")

        bot_moves = []
        _bot_moves = d.pop("bot_moves")
        for bot_moves_item_data in _bot_moves:
            bot_moves_item = Move.from_dict(bot_moves_item_data)

            bot_moves.append(bot_moves_item)

        game = Game.from_dict(d.pop("game"))

        joined = cls(
            color=color,
            token=token,
            bot_moves=bot_moves,
            game=game,
        )

        return joined
