from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.puzzle import Puzzle


T = TypeVar("T", bound="Streak")


@_attrs_define
class Streak:
    """A player's puzzle streak: puzzles of rising rating until the first miss."""

    id: str
    """ The streak's id (empty before the first) """
    length: int
    """ Puzzles solved in a row """
    best: int
    """ The player's best streak """
    over: bool
    """ Whether it is over (missed, or none left) """
    puzzle: None | Puzzle
    """ The puzzle to solve now; null once over """

    def to_dict(self) -> dict[str, Any]:
        from ..models.puzzle import Puzzle  # noqa: PLC0415

        id = self.id

        length = self.length

        best = self.best

        over = self.over

        puzzle: dict[str, Any] | None
        if isinstance(self.puzzle, Puzzle):
            puzzle = self.puzzle.to_dict()
        else:
            puzzle = self.puzzle

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "length": length,
                "best": best,
                "over": over,
                "puzzle": puzzle,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.puzzle import Puzzle  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        length = d.pop("length")

        best = d.pop("best")

        over = d.pop("over")

        def _parse_puzzle(data: object) -> None | Puzzle:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                puzzle_type_0 = Puzzle.from_dict(data)

                return puzzle_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Puzzle, data)

        puzzle = _parse_puzzle(d.pop("puzzle"))

        streak = cls(
            id=id,
            length=length,
            best=best,
            over=over,
            puzzle=puzzle,
        )

        return streak
