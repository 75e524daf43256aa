from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.rating_category import RatingCategory, check_rating_category

T = TypeVar("T", bound="RatedGame")


@_attrs_define
class RatedGame:
    """A rated game in a player's history, and the rating it left."""

    game_id: str
    """ The game """
    category: RatingCategory
    """ A rating category, by time control (docs/api.md, "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks
    by their estimated length, `daily` (a clock per move), `untimed` """
    ended_at: datetime.datetime
    """ When it ended, RFC 3339 UTC """
    won: bool
    """ Whether the player won it """
    rating: int
    """ The player's rating after it, rounded """
    deviation: int
    """ Its deviation after it, rounded """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        category: str = self.category

        ended_at = self.ended_at.isoformat()

        won = self.won

        rating = self.rating

        deviation = self.deviation

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "category": category,
                "ended_at": ended_at,
                "won": won,
                "rating": rating,
                "deviation": deviation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        category = check_rating_category(d.pop("category"))

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))

        won = d.pop("won")

        rating = d.pop("rating")

        deviation = d.pop("deviation")

        rated_game = cls(
            game_id=game_id,
            category=category,
            ended_at=ended_at,
            won=won,
            rating=rating,
            deviation=deviation,
        )

        return rated_game
