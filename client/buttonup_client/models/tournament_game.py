from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.game_player import GamePlayer


T = TypeVar("T", bound="TournamentGame")


@_attrs_define
class TournamentGame:
    """A game of the tournament."""

    id: str
    """ The game's id """
    status: str
    """ The game's status """
    red: GamePlayer
    """ A seat's player. """
    black: GamePlayer
    """ A seat's player. """
    winner: None | str
    """ The winning colour; null until over """
    end_reason: None | str
    """ How it ended """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status

        red = self.red.to_dict()

        black = self.black.to_dict()

        winner: None | str
        winner = self.winner

        end_reason: None | str
        end_reason = self.end_reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "red": red,
                "black": black,
                "winner": winner,
                "end_reason": end_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_player import GamePlayer  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        red = GamePlayer.from_dict(d.pop("red"))

        black = GamePlayer.from_dict(d.pop("black"))

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_end_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))

        tournament_game = cls(
            id=id,
            status=status,
            red=red,
            black=black,
            winner=winner,
            end_reason=end_reason,
        )

        return tournament_game
