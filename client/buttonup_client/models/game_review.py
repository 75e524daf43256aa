from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.seat_review import SeatReview


T = TypeVar("T", bound="GameReview")


@_attrs_define
class GameReview:
    """A finished rated game's exact review, by seat."""

    red: SeatReview
    """ One seat's moves of a finished game judged against perfect play
    (docs/api.md, "Fair play"): exact, from the solver. """
    black: SeatReview
    """ One seat's moves of a finished game judged against perfect play
    (docs/api.md, "Fair play"): exact, from the solver. """

    def to_dict(self) -> dict[str, Any]:
        red = self.red.to_dict()

        black = self.black.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "red": red,
                "black": black,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_review import SeatReview  # noqa: PLC0415

        d = dict(src_dict)
        red = SeatReview.from_dict(d.pop("red"))

        black = SeatReview.from_dict(d.pop("black"))

        game_review = cls(
            red=red,
            black=black,
        )

        return game_review
