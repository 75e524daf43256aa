from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.move_review import MoveReview


T = TypeVar("T", bound="RoundReview")


@_attrs_define
class RoundReview:
    """A finished round, reviewed move by move."""

    number: int
    """ Round number """
    starting_player: PlayerColor
    """ A player's colour, which is also the name of their seat """
    opening_value: int
    """ Perfect-play margin of the deal, from the starter's side """
    final_margin: int
    """ The margin actually played, from the starter's side """
    moves: list[MoveReview]
    """ Its eight moves """

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        starting_player: str = self.starting_player

        opening_value = self.opening_value

        final_margin = self.final_margin

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "starting_player": starting_player,
                "opening_value": opening_value,
                "final_margin": final_margin,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move_review import MoveReview  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        starting_player = check_player_color(d.pop("starting_player"))

        opening_value = d.pop("opening_value")

        final_margin = d.pop("final_margin")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = MoveReview.from_dict(moves_item_data)

            moves.append(moves_item)

        round_review = cls(
            number=number,
            starting_player=starting_player,
            opening_value=opening_value,
            final_margin=final_margin,
            moves=moves,
        )

        return round_review
