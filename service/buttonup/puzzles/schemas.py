"""Puzzles: what a puzzle shows, what an attempt takes and answers, and a
player's puzzles (puzzles.model).

Tested in tests/e2e/test_puzzles.py, tests/contract/test_openapi.py.
"""

from marshmallow import fields, validate

from buttonup.kit import BOARD_SIZE
from buttonup.kit.http import (
    PLAYER_COLOR,
    Described,
    Document,
    Ref,
    StrictInteger,
    doc,
    page_limit,
    timestamp_field,
)
from buttonup.puzzles.model import MAX_MOVES, Theme

# The spec's named type for a theme (one type in the generated client).
PUZZLE_THEME = {"$ref": "#/components/schemas/PuzzleTheme"}
COMPONENTS = {
    "PuzzleTheme": {
        "type": "string",
        "enum": [theme.value for theme in Theme],
        "description": 'What a puzzle is about (docs/api.md, "Puzzles")',
    },
}
ID_EXAMPLE = "Qm3kT0aZr8yVb1xN4cEw"
POSITION_EXAMPLE = "BW.B.-.RW.R.W.R.B.-_r_0-0_15_1r"
# Seconds an attempt may say it took: a day at most.
MAX_SECONDS = 86_400


class PuzzleSchema(Document):
    """A puzzle: a position of a played game where exactly one move keeps the
    mover's value, and the moves to find from it. Its solution is never in it."""

    id = fields.String(**doc("The puzzle's id", ID_EXAMPLE))
    position = fields.String(
        **doc("Where it starts (docs/notation.md): the game's position", POSITION_EXAMPLE)
    )
    color = Ref(PLAYER_COLOR, "The player to move: the one who solves it", "red")
    moves_to_find = fields.Integer(
        **doc("The moves the solver plays in its line (the replies are the service's)", 2)
    )
    themes = fields.List(Ref(PUZZLE_THEME, "A theme", "extra_turn"), **doc("Its themes", []))
    rating = fields.Integer(**doc("Its puzzle rating, rounded", 1350))
    plays = fields.Integer(**doc("Players' first attempts at it", 12))
    game_id = fields.String(**doc("The game it comes from", "Hq2X0mXvYg3cS1pQ2a9e"))
    url = fields.String(**doc("The board's page of it", f"/?puzzle={ID_EXAMPLE}"))
    legal_moves = fields.List(
        fields.Integer(), **doc("Where the solver may move first (stacks with a white)", [0, 3])
    )


class AttemptRequestSchema(Described):
    """The solver's moves so far, in order (the replies are not sent)."""

    moves = fields.List(
        StrictInteger(validate=validate.Range(0, BOARD_SIZE - 1)),
        required=True,
        validate=validate.Length(max=MAX_MOVES),
        **doc("The stacks played, the solver's moves only", [4, 0]),
    )
    seconds = StrictInteger(
        load_default=0,
        validate=validate.Range(0, MAX_SECONDS),
        **doc("How long it took, in seconds", 12),
    )
    streak = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(1, 64),
        **doc("Your running streak's id, for its puzzle (unrated); null: a plain attempt", None),
    )


class StreakSchema(Document):
    """A player's puzzle streak: puzzles of rising rating until the first miss."""

    id = fields.String(**doc("The streak's id (empty before the first)", "Zt0kW2aQm9"))
    length = fields.Integer(**doc("Puzzles solved in a row", 3))
    best = fields.Integer(**doc("The player's best streak", 7))
    over = fields.Boolean(**doc("Whether it is over (missed, or none left)", False))
    puzzle = fields.Nested(
        PuzzleSchema, allow_none=True, **doc("The puzzle to solve now; null once over", None)
    )


class SolutionMoveSchema(Document):
    """A move of a puzzle's line."""

    position = fields.Integer(**doc("The stack played", 4))
    color = Ref(PLAYER_COLOR, "Who plays it", "red")
    yours = fields.Boolean(**doc("Whether it is the solver's to find (else a reply)", True))
    after = fields.String(
        **doc("The circle after it, as the notation writes one", "BW.B.-.-.RWR.W.R.B.-")
    )
    legal_moves = fields.List(
        fields.Integer(), **doc("The legal moves there; none once the round is over", [0, 4])
    )


class AttemptSchema(Document):
    """An attempt judged. While every move sent is right and some are still to
    find, it is not in (`complete` false): `replies` are the moves the service
    answers with, and nothing is kept. Once in (solved, or a move wrong), the
    solution shows, and a player's first attempt at the puzzle rates it and them."""

    solved = fields.Boolean(**doc("Whether every move was found", False))
    first_wrong = fields.Integer(
        allow_none=True,
        **doc("The index, among the moves sent, of the first wrong one; null: none", 1),
    )
    solution = fields.List(
        fields.Nested(SolutionMoveSchema),
        allow_none=True,
        **doc("The whole line, once the attempt is in; null before", None),
    )
    rating_diff = fields.Integer(
        allow_none=True,
        **doc("The player's puzzle rating change by it: a first attempt's; null else", -12),
    )
    complete = fields.Boolean(**doc("Whether the attempt is in", True))
    replies = fields.List(
        fields.Integer(), **doc("The service's replies to the last move, while not in", [])
    )
    first = fields.Boolean(**doc("Whether it was the player's first attempt at it", True))
    played = fields.List(
        fields.Nested(SolutionMoveSchema),
        **doc("The right moves sent and the service's replies to them, in order", []),
    )
    streak = fields.Nested(
        StreakSchema,
        allow_none=True,
        **doc("A streak's attempt, once in: the streak after it; null else", None),
    )


class PuzzleRatingSchema(Document):
    """A player's puzzle rating (Glicko-2, apart from their games')."""

    rating = fields.Integer(**doc("The rating, rounded (1500 to start)", 1500))
    deviation = fields.Integer(**doc("How uncertain it is, rounded", 350))
    provisional = fields.Boolean(**doc("Too few puzzles yet to say much", True))
    attempts = fields.Integer(**doc("Puzzles rated", 0))


class ThemeTallySchema(Document):
    """A player's first attempts at puzzles of one theme."""

    theme = Ref(PUZZLE_THEME, "The theme", "extra_turn")
    attempts = fields.Integer(**doc("Puzzles of it tried", 4))
    solved = fields.Integer(**doc("Of those, solved", 3))


class TriedSchema(Document):
    """A player's first attempt at a puzzle."""

    puzzle_id = fields.String(**doc("The puzzle", ID_EXAMPLE))
    solved = fields.Boolean(**doc("Whether it was solved", True))
    at = timestamp_field("When")
    seconds = fields.Integer(**doc("How long it took, as the attempt said", 12))
    puzzle_rating = fields.Integer(**doc("The puzzle's rating then, rounded", 1350))
    themes = fields.List(Ref(PUZZLE_THEME, "A theme", "extra_turn"), **doc("Its themes", []))


class MyPuzzlesSchema(Document):
    """A player's puzzles: their rating, counts in all and by theme, and a page
    of their first attempts, newest first."""

    rating = fields.Nested(
        PuzzleRatingSchema, allow_none=True, **doc("Their puzzle rating; null: none yet", None)
    )
    attempts = fields.Integer(**doc("Puzzles tried", 4))
    solved = fields.Integer(**doc("Of those, solved", 3))
    themes = fields.List(fields.Nested(ThemeTallySchema), **doc("By theme", []))
    history = fields.List(fields.Nested(TriedSchema), **doc("First attempts, newest first", []))
    next_offset = fields.Integer(
        allow_none=True, **doc("The `offset` of the next page; null: none", None)
    )


class MyPuzzlesQuerySchema(Described):
    """Which page of a player's first attempts."""

    limit = page_limit(20, "First attempts")
    offset = fields.Integer(
        load_default=0, validate=validate.Range(0, 100_000), **doc("Attempts skipped", 0)
    )
