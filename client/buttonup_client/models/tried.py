from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.puzzle_theme import PuzzleTheme, check_puzzle_theme

T = TypeVar("T", bound="Tried")


@_attrs_define
class Tried:
    """A player's first attempt at a puzzle."""

    puzzle_id: str
    """ The puzzle """
    solved: bool
    """ Whether it was solved """
    at: datetime.datetime
    """ When """
    seconds: int
    """ How long it took, as the attempt said """
    puzzle_rating: int
    """ The puzzle's rating then, rounded """
    themes: list[PuzzleTheme]
    """ Its themes """

    def to_dict(self) -> dict[str, Any]:
        puzzle_id = self.puzzle_id

        solved = self.solved

        at = self.at.isoformat()

        seconds = self.seconds

        puzzle_rating = self.puzzle_rating

        themes = []
        for themes_item_data in self.themes:
            themes_item: str = themes_item_data
            themes.append(themes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "puzzle_id": puzzle_id,
                "solved": solved,
                "at": at,
                "seconds": seconds,
                "puzzle_rating": puzzle_rating,
                "themes": themes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        puzzle_id = d.pop("puzzle_id")

        solved = d.pop("solved")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        seconds = d.pop("seconds")

        puzzle_rating = d.pop("puzzle_rating")

        themes = []
        _themes = d.pop("themes")
        for themes_item_data in _themes:
            themes_item = check_puzzle_theme(themes_item_data)

            themes.append(themes_item)

        tried = cls(
            puzzle_id=puzzle_id,
            solved=solved,
            at=at,
            seconds=seconds,
            puzzle_rating=puzzle_rating,
            themes=themes,
        )

        return tried
