from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.puzzle_theme import PuzzleTheme, check_puzzle_theme

T = TypeVar("T", bound="ThemeTally")


@_attrs_define
class ThemeTally:
    """A player's first attempts at puzzles of one theme."""

    theme: PuzzleTheme
    """ What a puzzle is about (docs/api.md, "Puzzles") """
    attempts: int
    """ Puzzles of it tried """
    solved: int
    """ Of those, solved """

    def to_dict(self) -> dict[str, Any]:
        theme: str = self.theme

        attempts = self.attempts

        solved = self.solved

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "theme": theme,
                "attempts": attempts,
                "solved": solved,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        theme = check_puzzle_theme(d.pop("theme"))

        attempts = d.pop("attempts")

        solved = d.pop("solved")

        theme_tally = cls(
            theme=theme,
            attempts=attempts,
            solved=solved,
        )

        return theme_tally
