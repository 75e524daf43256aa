from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Conditions")


@_attrs_define
class Conditions:
    """Who may join: each bound optional (null or absent: none)."""

    min_rating: int | None | Unset = UNSET
    """ The lowest rating (in the tournament's category) that may join """
    max_rating: int | None | Unset = UNSET
    """ The highest rating that may join """
    min_rated_games: int | None | Unset = UNSET
    """ The rated games of the category a player has played, at least """

    def to_dict(self) -> dict[str, Any]:
        min_rating: int | None | Unset
        if isinstance(self.min_rating, Unset):
            min_rating = UNSET
        else:
            min_rating = self.min_rating

        max_rating: int | None | Unset
        if isinstance(self.max_rating, Unset):
            max_rating = UNSET
        else:
            max_rating = self.max_rating

        min_rated_games: int | None | Unset
        if isinstance(self.min_rated_games, Unset):
            min_rated_games = UNSET
        else:
            min_rated_games = self.min_rated_games

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if min_rating is not UNSET:
            field_dict["min_rating"] = min_rating
        if max_rating is not UNSET:
            field_dict["max_rating"] = max_rating
        if min_rated_games is not UNSET:
            field_dict["min_rated_games"] = min_rated_games

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_min_rating(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_rating = _parse_min_rating(d.pop("min_rating", UNSET))

        def _parse_max_rating(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_rating = _parse_max_rating(d.pop("max_rating", UNSET))

        def _parse_min_rated_games(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        min_rated_games = _parse_min_rated_games(d.pop("min_rated_games", UNSET))

        conditions = cls(
            min_rating=min_rating,
            max_rating=max_rating,
            min_rated_games=min_rated_games,
        )

        return conditions
