from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.puzzle_rating import PuzzleRating
    from ..models.theme_tally import ThemeTally
    from ..models.tried import Tried


T = TypeVar("T", bound="MyPuzzles")


@_attrs_define
class MyPuzzles:
    """A player's puzzles: their rating, counts in all and by theme, and a page
    of their first attempts, newest first.

    """

    rating: None | PuzzleRating
    """ Their puzzle rating; null: none yet """
    attempts: int
    """ Puzzles tried """
    solved: int
    """ Of those, solved """
    themes: list[ThemeTally]
    """ By theme """
    history: list[Tried]
    """ First attempts, newest first """
    next_offset: int | None
    """ The `offset` of the next page; null: none """

    def to_dict(self) -> dict[str, Any]:
        from ..models.puzzle_rating import PuzzleRating  # noqa: PLC0415

        rating: dict[str, Any] | None
        if isinstance(self.rating, PuzzleRating):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        attempts = self.attempts

        solved = self.solved

        themes = []
        for themes_item_data in self.themes:
            themes_item = themes_item_data.to_dict()
            themes.append(themes_item)

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        next_offset: int | None
        next_offset = self.next_offset

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rating": rating,
                "attempts": attempts,
                "solved": solved,
                "themes": themes,
                "history": history,
                "next_offset": next_offset,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.puzzle_rating import PuzzleRating  # noqa: PLC0415
        from ..models.theme_tally import ThemeTally  # noqa: PLC0415
        from ..models.tried import Tried  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_rating(data: object) -> None | PuzzleRating:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_type_0 = PuzzleRating.from_dict(data)

                return rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PuzzleRating, data)

        rating = _parse_rating(d.pop("rating"))

        attempts = d.pop("attempts")

        solved = d.pop("solved")

        themes = []
        _themes = d.pop("themes")
        for themes_item_data in _themes:
            themes_item = ThemeTally.from_dict(themes_item_data)

            themes.append(themes_item)

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = Tried.from_dict(history_item_data)

            history.append(history_item)

        def _parse_next_offset(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_offset = _parse_next_offset(d.pop("next_offset"))

        my_puzzles = cls(
            rating=rating,
            attempts=attempts,
            solved=solved,
            themes=themes,
            history=history,
            next_offset=next_offset,
        )

        return my_puzzles
