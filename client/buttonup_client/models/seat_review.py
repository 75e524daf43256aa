from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatReview")


@_attrs_define
class SeatReview:
    """One seat's moves of a finished game judged against perfect play
    (docs/api.md, "Fair play"): exact, from the solver.

    """

    moves: int
    """ The seat's moves """
    mattered: int
    """ Of them, those whose choice mattered (the legal moves' values differ) """
    perfect: int
    """ Of those that mattered, the ones played perfectly """
    accuracy: float | None
    """ `perfect` / `mattered` in percent, one decimal; null when no choice mattered """
    lost: int
    """ Points given away in all: for each move, the position's perfect-play value before it minus after it, from
    the mover's side (0 for a perfect move) """
    largest: int
    """ The most points one move gave away """

    def to_dict(self) -> dict[str, Any]:
        moves = self.moves

        mattered = self.mattered

        perfect = self.perfect

        accuracy: float | None
        accuracy = self.accuracy

        lost = self.lost

        largest = self.largest

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "moves": moves,
                "mattered": mattered,
                "perfect": perfect,
                "accuracy": accuracy,
                "lost": lost,
                "largest": largest,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        moves = d.pop("moves")

        mattered = d.pop("mattered")

        perfect = d.pop("perfect")

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        lost = d.pop("lost")

        largest = d.pop("largest")

        seat_review = cls(
            moves=moves,
            mattered=mattered,
            perfect=perfect,
            accuracy=accuracy,
            lost=lost,
            largest=largest,
        )

        return seat_review
