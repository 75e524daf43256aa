from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConditionsView")


@_attrs_define
class ConditionsView:
    """Who may join (null: no bound)."""

    min_rating: int | None
    """ The lowest rating that may join """
    max_rating: int | None
    """ The highest rating that may join """
    min_rated_games: int | None
    """ Rated games of the category played, at least """

    def to_dict(self) -> dict[str, Any]:
        min_rating: int | None
        min_rating = self.min_rating

        max_rating: int | None
        max_rating = self.max_rating

        min_rated_games: int | None
        min_rated_games = self.min_rated_games

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "min_rating": min_rating,
                "max_rating": max_rating,
                "min_rated_games": min_rated_games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_min_rating(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        min_rating = _parse_min_rating(d.pop("min_rating"))

        def _parse_max_rating(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_rating = _parse_max_rating(d.pop("max_rating"))

        def _parse_min_rated_games(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        min_rated_games = _parse_min_rated_games(d.pop("min_rated_games"))

        conditions_view = cls(
            min_rating=min_rating,
            max_rating=max_rating,
            min_rated_games=min_rated_games,
        )

        return conditions_view
