"""The documented shape of every response body.

Tested in tests/contract/test_openapi.py, tests/api/test_codec.py.
"""

from marshmallow import fields, validate

from buttonup.api.schemas.fair_play import game_review_field
from buttonup.api.schemas.requests import ClockRequestSchema
from buttonup.api.schemas.shared import (
    BOT_LEVEL,
    CLOCK_TYPES,
    END_REASON,
    FINAL_STACK_EXAMPLE,
    GAME_ID_EXAMPLE,
    NOTATION_REASON,
    PLAYER_COLOR,
    RATING_CATEGORY,
    SEAT_TYPES,
    STATUSES,
    TIME_EXAMPLE,
    UNRATED_REASON,
    VISIBILITIES,
    Document,
    Ref,
    TallySchema,
    button_colors,
    circle_field,
    doc,
    player_color,
    tally_field,
    timestamp,
)
from buttonup.http_codes import PROBLEM_CODES


class PlayerSchema(Document):
    """A seat of a game."""

    type = fields.String(validate=validate.OneOf(SEAT_TYPES), **doc("`human` or `bot`", "human"))
    name = fields.String(allow_none=True, **doc("The player's name, if given", "Ana"))
    joined = fields.Boolean(**doc("Whether the seat is taken", True))
    level = Ref(BOT_LEVEL, "A bot's level; null for humans", None, nullable=True)
    player_id = fields.String(
        allow_none=True,
        **doc("The player who holds the seat (joined with a player key); null otherwise", None),
    )
    bot = fields.Boolean(
        **doc(
            "Whether the player who holds it is a bot account (a program playing as a "
            "player; a `bot` seat's `type` is the service's own bot)",
            False,
        )
    )
    rating = fields.Integer(
        allow_none=True,
        **doc("A rated game's: the player's rating as they took the seat; null otherwise", None),
    )
    provisional = fields.Boolean(
        allow_none=True, **doc("Whether that rating is provisional; null when unrated", None)
    )


class PlayersSchema(Document):
    """Both seats."""

    red = fields.Nested(
        PlayerSchema,
        **doc("The red seat", {"type": "human", "name": "Ana", "joined": True, "level": None}),
    )
    black = fields.Nested(
        PlayerSchema,
        **doc("The black seat", {"type": "human", "name": None, "joined": False, "level": None}),
    )


class RoundSchema(Document):
    """The round in play, or the last one when the game is finished."""

    number = fields.Integer(**doc("Round number, from 1", 1))
    starting_player = player_color("Who moved first in this round")
    to_move = player_color("Who moves next; null while waiting or finished", nullable=True)
    initial_circle = circle_field("The deal: 9 stacks of one button each")
    circle = circle_field("9 stacks, index = position, each bottom first; [] is empty")
    legal_moves = fields.List(
        fields.Integer(),
        **doc("Positions the player to move may play: the stacks holding a white button", [0, 3]),
    )
    moves_played = fields.Integer(**doc("Moves played in this round (8 end it)", 2))
    position = fields.String(
        **doc(
            "The game as it stands, as a position string (docs/notation.md): to share, "
            "to analyse (POST /v1/analysis) or to play on from (POST /v1/games)",
            "-.WW.W.R.R.R.B.B.B_r_0-0_15_1r",
        )
    )


class RoundResultSchema(Document):
    """A finished round."""

    number = fields.Integer(**doc("Round number", 1))
    starting_player = player_color("Who moved first in the round")
    initial_circle = circle_field("The deal")
    final_stack = button_colors("The last stack, bottom first: heights 1..9", FINAL_STACK_EXAMPLE)
    strength = tally_field("Sum of heights of each player's buttons", {"red": 11, "black": 21})
    points = tally_field("Points scored: the difference, to the stronger", {"red": 0, "black": 10})


class ClockSchema(Document):
    """A game's clock: its settings (`initial_seconds` and `increment_seconds`
    for `fischer`, `seconds` for `per_move`) and where it stands."""

    OPTIONAL = frozenset({"initial_seconds", "increment_seconds", "seconds"})

    type = fields.String(validate=validate.OneOf(CLOCK_TYPES), **doc("The kind", "fischer"))
    initial_seconds = fields.Integer(**doc("fischer: each player's bank at the start", 180))
    increment_seconds = fields.Integer(**doc("fischer: added after each of one's moves", 2))
    seconds = fields.Integer(**doc("per_move: the time of every turn", 86_400))
    remaining_ms = tally_field(
        "Each player's time left, as of the game's `updated_at`", {"red": 171_250, "black": 180_000}
    )
    running = player_color("Whose clock runs (null: none)", "black", nullable=True)
    deadline = timestamp(
        "When the running clock reaches zero (null: none runs); compare "
        "with the `Date` header for the client's own clock",
        nullable=True,
    )
    berserk = fields.List(
        player_color("A seat gone berserk", "black"), **doc("Half their time, no increment", [])
    )
    berserk_open = fields.List(
        player_color("A seat that may go berserk now (`berserk_game`)", "black"),
        **doc("An arena's game's seats that have not moved yet nor gone berserk", []),
    )


class SeatPresenceSchema(Document):
    """Whether a seat has a stream open."""

    connected = fields.Boolean(**doc("A stream with the seat's credential is open", True))
    since = timestamp(
        "When it last became connected or disconnected (null: never connected)",
        nullable=True,
    )


class PresenceSchema(Document):
    """Who is connected, by seat: right within 5 s, across workers and replicas."""

    red = fields.Nested(SeatPresenceSchema, **doc("The red seat", {"connected": True}))
    black = fields.Nested(SeatPresenceSchema, **doc("The black seat", {"connected": False}))


class RematchSchema(Document):
    """A rematch asked for after the end."""

    offered_by = fields.List(
        Ref(PLAYER_COLOR, "A seat", "red"),
        **doc("The seats that asked for one, in the order they asked", ["red"]),
    )
    game_id = fields.String(
        allow_none=True,
        **doc("The next game, once both seats asked (null until then)", None),
    )


class RematchOfferSchema(Document):
    """A rematch offered, waiting for the other seat."""

    offered_by = fields.List(
        Ref(PLAYER_COLOR, "A seat", "red"),
        **doc("The seats that asked for one so far", ["red"]),
    )


class GameSchema(Document):
    """A game of Button Up!"""

    id = fields.String(**doc("The game's id", GAME_ID_EXAMPLE))
    status = fields.String(
        validate=validate.OneOf(STATUSES),
        **doc("`waiting` for a seat, `playing`, or `finished`", "playing"),
    )
    version = fields.Integer(**doc("Grows by one with every change; the ETag", 3))
    created_at = timestamp("RFC 3339 UTC")
    updated_at = timestamp("RFC 3339 UTC, the last change")
    visibility = fields.String(
        validate=validate.OneOf(VISIBILITIES), **doc("Lobby visibility", "private")
    )
    hints = fields.Boolean(**doc("Whether analysis answers while the game is in play", True))
    rated = fields.Boolean(**doc("Whether the result changes both players' ratings", False))
    unrated_reason = Ref(
        UNRATED_REASON,
        "Why a game created rated is played unrated (its `rated` is then false); null otherwise",
        None,
        nullable=True,
    )
    category = Ref(
        RATING_CATEGORY, "The rating category its time control falls in (docs/api.md)", "blitz"
    )
    rating_diff = fields.Nested(
        TallySchema,
        allow_none=True,
        **doc("A rated game's, once over: each seat's rating change, rounded", None),
    )
    target_score = fields.Integer(**doc("Points that win the game", 15))
    players = fields.Nested(
        PlayersSchema,
        **doc(
            "The two seats",
            {
                "red": {"type": "human", "name": "Ana", "joined": True, "level": None},
                "black": {"type": "human", "name": "Bo", "joined": True, "level": None},
            },
        ),
    )
    score = tally_field("Points so far", {"red": 0, "black": 10})
    winner = player_color("The winner once finished, else null", nullable=True)
    resigned = player_color("Who resigned, if anyone", None, nullable=True)
    end_reason = Ref(END_REASON, "How it ended; null until finished", None, nullable=True)
    clock = fields.Nested(
        ClockSchema,
        allow_none=True,
        **doc(
            "Null when untimed",
            {
                "type": "fischer",
                "initial_seconds": 180,
                "increment_seconds": 2,
                "remaining_ms": {"red": 171_250, "black": 180_000},
                "running": "black",
                "deadline": TIME_EXAMPLE,
            },
        ),
    )
    round = fields.Nested(
        RoundSchema,
        **doc(
            "The round in play",
            {
                "number": 1,
                "starting_player": "red",
                "to_move": "red",
                "initial_circle": [["white"]] * 3 + [["red"]] * 3 + [["black"]] * 3,
                "circle": [[], ["white", "white"], ["white"]] + [["red"]] * 3 + [["black"]] * 3,
                "legal_moves": [1, 2],
                "moves_played": 1,
                "position": "-.WW.W.R.R.R.B.B.B_r_0-0_15_1r",
            },
        ),
    )
    rounds = fields.List(fields.Nested(RoundResultSchema), **doc("Finished rounds", []))
    rematch = fields.Nested(
        RematchSchema,
        allow_none=True,
        **doc("Null until a seat asks for a rematch of the finished game", None),
    )
    review = game_review_field()


MOVE_EXAMPLE = {
    "number": 1,
    "round": 1,
    "player": "red",
    "position": 0,
    "extra_turn": True,
    "overflow": False,
    "round_over": False,
    "created_at": TIME_EXAMPLE,
}


class MoveSchema(Document):
    """One move of the game."""

    number = fields.Integer(**doc("Counts moves over the whole game, from 1", 1))
    round = fields.Integer(**doc("The round it was played in", 1))
    player = player_color("Who played it")
    position = fields.Integer(**doc("The position sown", 0))
    extra_turn = fields.Boolean(
        **doc(
            "The last button sown covered one of its own colour (never after an overflow "
            "or the round's last move): the same player moves again",
            True,
        )
    )
    overflow = fields.Boolean(
        **doc(
            "More buttons were lifted than there were other stacks: each other stack got "
            "one and the last one took the rest",
            False,
        )
    )
    round_over = fields.Boolean(**doc("The move ended the round", False))
    created_at = timestamp("RFC 3339 UTC")


class JoinedSchema(Document):
    """A seat taken: keep the token, it is shown only here."""

    color = player_color("The seat taken")
    token = fields.String(
        **doc(
            "Bearer token of this seat; shown once", "3q2-7vVn0kY0n4mYw1bq0g2yVJ8rTQ9mI9b4xJmA8sE"
        )
    )
    bot_moves = fields.List(
        fields.Nested(MoveSchema), **doc("Moves a bot played once the game started", [])
    )
    game = fields.Nested(GameSchema, **doc("The game after joining", {"id": GAME_ID_EXAMPLE}))


class PlayedSchema(Document):
    """A move applied, and the moves bots played in reply."""

    move = fields.Nested(MoveSchema, **doc("The move", MOVE_EXAMPLE))
    bot_moves = fields.List(
        fields.Nested(MoveSchema), **doc("Moves bots played after it, in order", [])
    )
    game = fields.Nested(
        GameSchema, **doc("The game after the move and the bots' replies", {"id": GAME_ID_EXAMPLE})
    )


class ProblemSchema(Document):
    """An RFC 9457 problem: every error the service sends."""

    OPTIONAL = frozenset({"version", "errors", "retry_after_seconds", "line", "column", "reason"})

    type = fields.String(
        **doc("A URI naming the problem type", "urn:buttonup:problem:not_your_turn")
    )
    title = fields.String(**doc("Short summary of the problem type", "Not your turn"))
    status = fields.Integer(**doc("The HTTP status", 409))
    detail = fields.String(**doc("What went wrong, for people", "it is black's turn"))
    code = fields.String(
        validate=validate.OneOf(list(PROBLEM_CODES)),
        **doc("Stable snake_case code for programs: branch on this", "not_your_turn"),
    )
    instance = fields.String(**doc("The request path", "/v1/games/q7Xb0mXvYg3cS1pQ2a9e/moves"))
    version = fields.Integer(**doc("The game's current version (conflicts)", 3))
    errors = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String()),
        **doc("Messages by field (validation errors)", {"position": ["Not a valid integer."]}),
    )
    retry_after_seconds = fields.Integer(
        **doc("claim_not_allowed: when the claim would be allowed, if nothing changes", 42)
    )
    line = fields.Integer(
        **doc(
            "invalid_record, and validation_error for a position: the line of the first thing "
            "wrong, from 1",
            8,
        )
    )
    column = fields.Integer(
        **doc("invalid_record, and a position's refusal: its column, from 1", 16)
    )
    # A plain string with the codes' component: Problem is made before Ref's
    # mapping is registered, so a Ref here would read differently app to app.
    reason = fields.String(
        metadata={
            "allOf": [NOTATION_REASON],
            "description": "invalid_record, and a position's refusal: what is wrong there, as "
            "a code (`detail`, or the field's message under `errors`, says it in English)",
            "example": "extra_turn_mark",
        }
    )


class MyGameSchema(Document):
    """One of the player's games, from the player's side."""

    id = fields.String(**doc("The game's id", GAME_ID_EXAMPLE))
    status = fields.String(validate=validate.OneOf(STATUSES), **doc("The game's status", "playing"))
    color = player_color("The player's seat")
    my_turn = fields.Boolean(**doc("The game is playing and it is the player's move", True))
    deadline = timestamp(
        "When the running clock runs out (null: untimed, or none runs)",
        nullable=True,
    )
    opponent = fields.Nested(
        PlayerSchema,
        **doc("The other seat", {"type": "human", "name": "Bo", "joined": True, "level": None}),
    )
    score = tally_field("Points so far", {"red": 0, "black": 10})
    winner = player_color("The winner once finished, else null", None, nullable=True)
    end_reason = Ref(END_REASON, "How it ended; null until finished", None, nullable=True)
    updated_at = timestamp("RFC 3339 UTC, the last change")


class MyGamesPageSchema(Document):
    """A page of the player's games."""

    items = fields.List(fields.Nested(MyGameSchema), **doc("The games", []))
    next = fields.String(allow_none=True, **doc("Cursor of the next page; null on the last", None))


class GameSummarySchema(Document):
    """A game in the lobby."""

    id = fields.String(**doc("The game's id", GAME_ID_EXAMPLE))
    created_at = timestamp("RFC 3339 UTC")
    target_score = fields.Integer(**doc("Points that win the game", 15))
    open_seats = fields.List(
        Ref(PLAYER_COLOR, "A seat", "black"), **doc("Seats to take", ["black"])
    )
    players = fields.Nested(
        PlayersSchema,
        **doc(
            "The two seats",
            {
                "red": {"type": "human", "name": "Ana", "joined": True, "level": None},
                "black": {"type": "human", "name": None, "joined": False, "level": None},
            },
        ),
    )
    clock = fields.Nested(
        ClockRequestSchema,
        allow_none=True,
        **doc(
            "The time control, as a create gives it; null: untimed",
            {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2},
        ),
    )
    category = Ref(RATING_CATEGORY, "The rating category its time control falls in", "blitz")
    rated = fields.Boolean(**doc("Whether its result changes both players' ratings", False))
    hints = fields.Boolean(**doc("Whether analysis answers while it is in play", True))


class LobbyPageSchema(Document):
    """A page of the lobby."""

    items = fields.List(fields.Nested(GameSummarySchema), **doc("Newest first", []))
    next = fields.String(allow_none=True, **doc("Cursor of the next page; null on the last", None))


class HealthSchema(Document):
    """A probe's answer."""

    OPTIONAL = frozenset({"detail"})

    status = fields.String(
        **doc("`ok`; or, from /readyz, `storage_full` while the store takes no new data", "ok")
    )
    detail = fields.String(**doc("Why the status is not `ok`", "Redis uses ... of its maxmemory"))
