from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

T = TypeVar("T", bound="SolutionMove")


@_attrs_define
class SolutionMove:
    """A move of a puzzle's line."""

    position: int
    """ The stack played """
    color: PlayerColor
    """ A player's colour, which is also the name of their seat """
    yours: bool
    """ Whether it is the solver's to find (else a reply) """
    after: str
    """ The circle after it, as the notation writes one """
    legal_moves: list[int]
    """ The legal moves there; none once the round is over """

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        color: str = self.color

        yours = self.yours

        after = self.after

        legal_moves = self.legal_moves

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "position": position,
                "color": color,
                "yours": yours,
                "after": after,
                "legal_moves": legal_moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position")

        color = check_player_color(d.pop("color"))

        yours = d.pop("yours")

        after = d.pop("after")

        legal_moves = cast(list[int], d.pop("legal_moves"))

        solution_move = cls(
            position=position,
            color=color,
            yours=yours,
            after=after,
            legal_moves=legal_moves,
        )

        return solution_move
