from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Rating")


@_attrs_define
class Rating:
    """A Glicko-2 rating in one category."""

    rating: int
    """ The rating, rounded (1500 to start) """
    deviation: int
    """ How uncertain it is, rounded (350 to start) """
    provisional: bool
    """ The deviation is over 110: too few games to say much (shown with a `?`, kept off leaderboards) """
    games: int
    """ Rated games played in the category """

    def to_dict(self) -> dict[str, Any]:
        rating = self.rating

        deviation = self.deviation

        provisional = self.provisional

        games = self.games

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rating": rating,
                "deviation": deviation,
                "provisional": provisional,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rating = d.pop("rating")

        deviation = d.pop("deviation")

        provisional = d.pop("provisional")

        games = d.pop("games")

        rating = cls(
            rating=rating,
            deviation=deviation,
            provisional=provisional,
            games=games,
        )

        return rating
