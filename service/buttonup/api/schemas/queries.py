"""Queries: which page of a list, strict as request bodies are.

Tested in tests/contract/test_openapi.py, tests/api/test_history.py.
"""

from marshmallow import fields, validate

from buttonup.api.schemas.shared import STATUSES, Described, doc
from buttonup.engine import Status
from buttonup.games import REVIEW_ROUNDS_PER_PAGE


def page_limit(default: int, what: str) -> fields.Integer:
    """How many items a page of a list holds: 1 to 100."""
    return fields.Integer(
        load_default=default, validate=validate.Range(1, 100), **doc(f"{what} per page", default)
    )


def next_cursor(example: str) -> fields.String:
    """Where a page starts: the `next` of the page before."""
    return fields.String(
        validate=validate.Length(1, 200),
        **doc("From the previous page's `next`; any other value is refused", example),
    )


class LobbyQuerySchema(Described):
    """Which page of the lobby."""

    status = fields.String(
        load_default=Status.WAITING.value,
        validate=validate.OneOf([Status.WAITING.value]),
        **doc("Only `waiting` (a public game with an open seat) for now", "waiting"),
    )
    limit = page_limit(20, "Games")
    cursor = next_cursor("MTc2NDQzMjAwMDAwMDphYmM")


class MovesQuerySchema(Described):
    """Which moves: all of them, or a page."""

    limit = fields.Integer(
        validate=validate.Range(1, 100),
        **doc("Moves per page (default 20 once paging)", 20),
    )
    cursor = fields.String(
        **doc("From the previous page's `Next-Cursor` header; any other value is refused", "MjA")
    )
    after = fields.Integer(
        validate=validate.Range(0, 10**9),
        **doc("Start after this move number (instead of a cursor)", 16),
    )


class AnalysisQuerySchema(Described):
    """Which page of a game's review."""

    after = fields.Integer(
        load_default=0,
        validate=validate.Range(0, 10**6),
        **doc("Review the finished rounds after this round number (a page's `review_next`)", 0),
    )
    limit = fields.Integer(
        load_default=REVIEW_ROUNDS_PER_PAGE,
        validate=validate.Range(1, REVIEW_ROUNDS_PER_PAGE),
        **doc("Finished rounds reviewed per page", REVIEW_ROUNDS_PER_PAGE),
    )


class MyGamesQuerySchema(Described):
    """Which of the player's games, a page at a time."""

    status = fields.String(
        validate=validate.OneOf(STATUSES),
        **doc("Only games in this status; by default every game not finished", "playing"),
    )
    limit = page_limit(20, "Games")
    cursor = fields.String(
        validate=validate.Length(1, 200),
        **doc("`next` of the page before", "b2Zmc2V0OjIw"),
    )


class FlagsQuerySchema(Described):
    """Which page of the fair-play flags."""

    cursor = fields.String(
        validate=validate.Regexp(r"^[1-9][0-9]{0,18}$", error="is not a cursor this service gave"),
        **doc("From the previous page's `next`; any other value is refused", "17"),
    )
