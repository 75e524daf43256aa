"""The puzzles wing's routes: /v1/puzzles (the next near one's rating, the
day's, one by id, an attempt at one) and /v1/players/me/puzzles. Views are
thin: puzzles.service decides.

Tested in tests/e2e/test_puzzles.py.
"""

from typing import Any, cast

from flask import Response, current_app

from buttonup.kit.http import (
    ALWAYS,
    READ_503,
    WITH_BODY,
    WRITE_503,
    ApiBlueprint,
    ApiView,
    bearer_token,
    id_parameter,
    json_response,
    operation,
    to_json,
)
from buttonup.puzzles import MANIFEST, schemas
from buttonup.puzzles.service import Puzzles
from buttonup.puzzles.views import attempt_view, my_puzzles_view, puzzle_view, streak_view

PUZZLE_ID = id_parameter("puzzle_id", "The puzzle's id", schemas.ID_EXAMPLE)

blp = ApiBlueprint("puzzles", __name__, url_prefix="/v1", description="Puzzles")
EXTENSION = MANIFEST.extension
KEPT = (
    "A puzzle one of whose line's positions (in any form) a protected game stands at, or "
    "a par tournament keeps, is 403 `position_in_play`, as is anything asked by a player "
    "seated in a protected game."
)


def puzzles() -> Puzzles:
    return cast(Puzzles, current_app.extensions[EXTENSION])


def answer(puzzle: Any) -> Response:
    return json_response(to_json(puzzle_view(puzzle)))


@blp.route("/puzzles/next")
class NextPuzzle(ApiView):
    @blp.response(200, schemas.PuzzleSchema)
    @operation(
        blp,
        "next_puzzle",
        "A puzzle to solve",
        "A puzzle near the player's puzzle rating (1500 without a key or a rating), never "
        "one they tried; 404 `no_puzzle` when none is ready. " + KEPT,
        errors=(*ALWAYS, 401, 403, 404, 503),
        codes={403: ("position_in_play",), 404: ("no_puzzle",), 503: READ_503},
        secured=None,
    )
    def get(self) -> Response:
        return answer(puzzles().next(bearer_token()))


@blp.route("/puzzles/daily")
class DailyPuzzle(ApiView):
    @blp.response(200, schemas.PuzzleSchema)
    @operation(
        blp,
        "daily_puzzle",
        "The day's puzzle",
        "The same puzzle for everyone all day (UTC), near 1500; 404 `no_puzzle` before "
        "any is mined. " + KEPT,
        errors=(*ALWAYS, 401, 403, 404, 503),
        codes={403: ("position_in_play",), 404: ("no_puzzle",), 503: READ_503},
        secured=None,
    )
    def get(self) -> Response:
        return answer(puzzles().daily(bearer_token()))


@blp.route("/puzzles/<puzzle_id>", parameters=[PUZZLE_ID])
class PuzzleItem(ApiView):
    @blp.response(200, schemas.PuzzleSchema)
    @operation(
        blp,
        "get_puzzle",
        "A puzzle",
        "The puzzle, without its solution. " + KEPT,
        errors=(*ALWAYS, 401, 403, 404, 503),
        codes={403: ("position_in_play",), 404: ("puzzle_not_found",), 503: READ_503},
        secured=None,
    )
    def get(self, puzzle_id: str) -> Response:
        return answer(puzzles().get(bearer_token(), puzzle_id))


@blp.route("/puzzles/<puzzle_id>/attempts", parameters=[PUZZLE_ID])
class PuzzleAttempts(ApiView):
    @blp.arguments(schemas.AttemptRequestSchema())
    @blp.response(200, schemas.AttemptSchema)
    @operation(
        blp,
        "attempt_puzzle",
        "Try a puzzle",
        "Send the moves found so far (yours only, in order). While each is right and some "
        "are still to find, the answer gives the service's `replies` and keeps nothing; "
        "once every move is found (`solved`) or one is wrong (`first_wrong`), the attempt "
        "is in and shows the `solution`. A player's first attempt at a puzzle rates them "
        "and it (Glicko-2, puzzle ratings apart from game ratings): `rating_diff`; later "
        "ones change nothing. With `streak` (your running streak's id, its puzzle), it "
        "rates nothing and, once in, answers the `streak` after it. " + KEPT,
        errors=(*WITH_BODY, 401, 403, 404, 409, 422, 503),
        codes={
            403: ("position_in_play",),
            404: ("puzzle_not_found",),
            409: ("streak_mismatch",),
            503: WRITE_503,
        },
        secured=None,
    )
    def post(self, attempt: dict[str, Any], puzzle_id: str) -> Response:
        attempted = puzzles().attempt(
            bearer_token(), puzzle_id, attempt["moves"], attempt["seconds"], attempt["streak"]
        )
        return json_response(to_json(attempt_view(attempted)))


@blp.route("/puzzles/streak")
class PuzzleStreak(ApiView):
    @blp.response(200, schemas.StreakSchema)
    @operation(
        blp,
        "get_puzzle_streak",
        "My puzzle streak",
        "The player's streak: puzzles of rising rating, one after another, until the "
        "first miss (unrated); `best` is kept. Before the first, an empty one, over. " + KEPT,
        errors=(*ALWAYS, 401, 403, 503),
        codes={403: ("position_in_play",), 503: READ_503},
        secured=True,
    )
    def get(self) -> Response:
        streak, puzzle = puzzles().streak(bearer_token(), start=False)
        return json_response(to_json(streak_view(streak, puzzle)))

    @blp.response(201, schemas.StreakSchema)
    @operation(
        blp,
        "start_puzzle_streak",
        "Start a puzzle streak",
        "A new streak (the running one ends; `best` is kept), with its first puzzle. Send "
        "each attempt at its puzzle with `streak`: once in, a solved one moves it on to "
        "the next, harder puzzle; a missed one ends it. A streak's attempt at another "
        "puzzle, or after it ended, is 409 `streak_mismatch`. " + KEPT,
        errors=(*ALWAYS, 401, 403, 503),
        codes={403: ("position_in_play",), 503: WRITE_503},
        secured=True,
    )
    def post(self) -> Response:
        streak, puzzle = puzzles().streak(bearer_token(), start=True)
        return json_response(to_json(streak_view(streak, puzzle)), 201)


@blp.route("/players/me/puzzles")
class MyPuzzles(ApiView):
    @blp.arguments(schemas.MyPuzzlesQuerySchema(), location="query")
    @blp.response(200, schemas.MyPuzzlesSchema)
    @operation(
        blp,
        "my_puzzles",
        "My puzzles",
        "The player's puzzle rating, their first attempts counted in all and by theme, and "
        "a page of them, newest first (`offset`, `limit`).",
        errors=(*ALWAYS, 401, 422, 503),
        codes={503: READ_503},
        secured=True,
    )
    def get(self, query: dict[str, Any]) -> Response:
        mine = puzzles().mine_of(bearer_token(), query["offset"], query["limit"])
        return json_response(to_json(my_puzzles_view(mine)))
