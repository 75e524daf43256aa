from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PuzzleRating")


@_attrs_define
class PuzzleRating:
    """A player's puzzle rating (Glicko-2, apart from their games')."""

    rating: int
    """ The rating, rounded (1500 to start) """
    deviation: int
    """ How uncertain it is, rounded """
    provisional: bool
    """ Too few puzzles yet to say much """
    attempts: int
    """ Puzzles rated """

    def to_dict(self) -> dict[str, Any]:
        rating = self.rating

        deviation = self.deviation

        provisional = self.provisional

        attempts = self.attempts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rating": rating,
                "deviation": deviation,
                "provisional": provisional,
                "attempts": attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rating = d.pop("rating")

        deviation = d.pop("deviation")

        provisional = d.pop("provisional")

        attempts = d.pop("attempts")

        puzzle_rating = cls(
            rating=rating,
            deviation=deviation,
            provisional=provisional,
            attempts=attempts,
        )

        return puzzle_rating
