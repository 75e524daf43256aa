from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.button_color import ButtonColor, check_button_color
from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.tally import Tally


T = TypeVar("T", bound="RoundResult")


@_attrs_define
class RoundResult:
    """A finished round."""

    number: int
    """ Round number """
    starting_player: PlayerColor
    """ A player's colour, which is also the name of their seat """
    initial_circle: list[list[ButtonColor]]
    """ The deal """
    final_stack: list[ButtonColor]
    """ The last stack, bottom first: heights 1..9 """
    strength: Tally
    """ A number for each player. """
    points: Tally
    """ A number for each player. """

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        starting_player: str = self.starting_player

        initial_circle = []
        for initial_circle_item_data in self.initial_circle:
            initial_circle_item = []
            for initial_circle_item_item_data in initial_circle_item_data:
                initial_circle_item_item: str = initial_circle_item_item_data
                initial_circle_item.append(initial_circle_item_item)

            initial_circle.append(initial_circle_item)

        final_stack = []
        for final_stack_item_data in self.final_stack:
            final_stack_item: str = final_stack_item_data
            final_stack.append(final_stack_item)

        strength = self.strength.to_dict()

        points = self.points.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "starting_player": starting_player,
                "initial_circle": initial_circle,
                "final_stack": final_stack,
                "strength": strength,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tally import Tally  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        starting_player = check_player_color(d.pop("starting_player"))

        initial_circle = []
        _initial_circle = d.pop("initial_circle")
        for initial_circle_item_data in _initial_circle:
            initial_circle_item = []
            _initial_circle_item = initial_circle_item_data
            for initial_circle_item_item_data in _initial_circle_item:
                initial_circle_item_item = check_button_color(initial_circle_item_item_data)

                initial_circle_item.append(initial_circle_item_item)

            initial_circle.append(initial_circle_item)

        final_stack = []
        _final_stack = d.pop("final_stack")
        for final_stack_item_data in _final_stack:
            final_stack_item = check_button_color(final_stack_item_data)

            final_stack.append(final_stack_item)

        strength = Tally.from_dict(d.pop("strength"))

        points = Tally.from_dict(d.pop("points"))

        round_result = cls(
            number=number,
            starting_player=starting_player,
            initial_circle=initial_circle,
            final_stack=final_stack,
            strength=strength,
            points=points,
        )

        return round_result
