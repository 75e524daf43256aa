"""The puzzles wing's part of the codec: a puzzle, an attempt's answer and
a player's puzzles as JSON-ready values.

Tested in tests/e2e/test_puzzles.py.
"""

from typing import Any

from buttonup.kit.http import timestamp
from buttonup.puzzles.model import Puzzle, Shown, Theme
from buttonup.puzzles.service import Attempted, Mine
from buttonup.puzzles.streaks import Streak


def puzzle_view(puzzle: Puzzle) -> dict[str, Any]:
    return {
        "id": puzzle.id,
        "position": puzzle.position,
        "color": puzzle.mover.value,
        "moves_to_find": len(puzzle.line.yours),
        "themes": [theme.value for theme in puzzle.line.themes],
        "rating": round(puzzle.rating.rating),
        "plays": puzzle.plays,
        "game_id": puzzle.game_id,
        "url": f"/?puzzle={puzzle.id}",
        "legal_moves": list(puzzle.legal_moves),
    }


def shown_view(move: Shown) -> dict[str, Any]:
    return {
        "position": move.move.position,
        "color": move.move.color.value,
        "yours": move.move.yours,
        "after": move.after,
        "legal_moves": list(move.legal_moves),
    }


def attempt_view(attempted: Attempted) -> dict[str, Any]:
    verdict = attempted.judged
    solution = attempted.solution
    return {
        "solved": verdict.solved,
        "first_wrong": verdict.first_wrong,
        "solution": None if solution is None else [shown_view(move) for move in solution],
        "rating_diff": attempted.rating_diff,
        "complete": verdict.complete,
        "replies": list(verdict.replies),
        "first": attempted.first,
        "played": [shown_view(move) for move in attempted.played],
        "streak": None
        if attempted.streak is None
        else streak_view(attempted.streak, attempted.streak_puzzle),
    }


def streak_view(streak: Streak, puzzle: Puzzle | None) -> dict[str, Any]:
    return {
        "id": streak.id,
        "length": streak.length,
        "best": streak.best,
        "over": streak.over,
        "puzzle": puzzle_view(puzzle) if puzzle is not None else None,
    }


def my_puzzles_view(mine: Mine) -> dict[str, Any]:
    rating = mine.rating
    tallies = mine.tallies
    return {
        "rating": None
        if rating is None
        else {
            "rating": round(rating.rating),
            "deviation": round(rating.deviation),
            "provisional": rating.provisional,
            "attempts": rating.games,
        },
        "attempts": tallies.get("all", 0),
        "solved": tallies.get("all:solved", 0),
        "themes": [
            {
                "theme": theme.value,
                "attempts": tallies[theme.value],
                "solved": tallies.get(f"{theme.value}:solved", 0),
            }
            for theme in Theme
            if tallies.get(theme.value)
        ],
        "history": [
            {
                "puzzle_id": puzzle_id,
                "solved": tried.solved,
                "at": timestamp(tried.at),
                "seconds": tried.seconds,
                "puzzle_rating": round(tried.puzzle_rating.rating),
                "themes": [t.value for t in puzzle.line.themes] if puzzle is not None else [],
            }
            for puzzle, puzzle_id, tried in mine.history
        ],
        "next_offset": mine.next_offset,
    }
