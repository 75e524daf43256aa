from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.solution_move import SolutionMove
    from ..models.streak import Streak


T = TypeVar("T", bound="Attempt")


@_attrs_define
class Attempt:
    """An attempt judged. While every move sent is right and some are still to
    find, it is not in (`complete` false): `replies` are the moves the service
    answers with, and nothing is kept. Once in (solved, or a move wrong), the
    solution shows, and a player's first attempt at the puzzle rates it and them.

    """

    solved: bool
    """ Whether every move was found """
    first_wrong: int | None
    """ The index, among the moves sent, of the first wrong one; null: none """
    solution: list[SolutionMove] | None
    """ The whole line, once the attempt is in; null before """
    rating_diff: int | None
    """ The player's puzzle rating change by it: a first attempt's; null else """
    complete: bool
    """ Whether the attempt is in """
    replies: list[int]
    """ The service's replies to the last move, while not in """
    first: bool
    """ Whether it was the player's first attempt at it """
    played: list[SolutionMove]
    """ The right moves sent and the service's replies to them, in order """
    streak: None | Streak
    """ A streak's attempt, once in: the streak after it; null else """

    def to_dict(self) -> dict[str, Any]:
        from ..models.streak import Streak  # noqa: PLC0415

        solved = self.solved

        first_wrong: int | None
        first_wrong = self.first_wrong

        solution: list[dict[str, Any]] | None
        if isinstance(self.solution, list):
            solution = []
            for solution_type_0_item_data in self.solution:
                solution_type_0_item = solution_type_0_item_data.to_dict()
                solution.append(solution_type_0_item)

        else:
            solution = self.solution

        rating_diff: int | None
        rating_diff = self.rating_diff

        complete = self.complete

        replies = self.replies

        first = self.first

        played = []
        for played_item_data in self.played:
            played_item = played_item_data.to_dict()
            played.append(played_item)

        streak: dict[str, Any] | None
        if isinstance(self.streak, Streak):
            streak = self.streak.to_dict()
        else:
            streak = self.streak

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "solved": solved,
                "first_wrong": first_wrong,
                "solution": solution,
                "rating_diff": rating_diff,
                "complete": complete,
                "replies": replies,
                "first": first,
                "played": played,
                "streak": streak,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.solution_move import SolutionMove  # noqa: PLC0415
        from ..models.streak import Streak  # noqa: PLC0415

        d = dict(src_dict)
        solved = d.pop("solved")

        def _parse_first_wrong(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        first_wrong = _parse_first_wrong(d.pop("first_wrong"))

        def _parse_solution(data: object) -> list[SolutionMove] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                solution_type_0 = []
                _solution_type_0 = data
                for solution_type_0_item_data in _solution_type_0:
                    solution_type_0_item = SolutionMove.from_dict(solution_type_0_item_data)

                    solution_type_0.append(solution_type_0_item)

                return solution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SolutionMove] | None, data)

        solution = _parse_solution(d.pop("solution"))

        def _parse_rating_diff(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rating_diff = _parse_rating_diff(d.pop("rating_diff"))

        complete = d.pop("complete")

        replies = cast(list[int], d.pop("replies"))

        first = d.pop("first")

        played = []
        _played = d.pop("played")
        for played_item_data in _played:
            played_item = SolutionMove.from_dict(played_item_data)

            played.append(played_item)

        def _parse_streak(data: object) -> None | Streak:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                streak_type_0 = Streak.from_dict(data)

                return streak_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Streak, data)

        streak = _parse_streak(d.pop("streak"))

        attempt = cls(
            solved=solved,
            first_wrong=first_wrong,
            solution=solution,
            rating_diff=rating_diff,
            complete=complete,
            replies=replies,
            first=first,
            played=played,
            streak=streak,
        )

        return attempt
