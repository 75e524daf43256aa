"""Tournaments: what making one takes, and what a tournament, its standings
and its games show (tournaments.model; docs/tournaments.md).

Tested in tests/e2e/test_tournaments.py, tests/contract/test_openapi.py.
"""

from typing import Any

from marshmallow import fields, post_load, validate

from buttonup.kit import Options, Visibility
from buttonup.kit.http import (
    RATING_CATEGORY,
    STREAM_POSITION,
    VISIBILITIES,
    ClockRequestSchema,
    Described,
    Document,
    Ref,
    StrictBoolean,
    StrictInteger,
    data_component,
    doc,
    event_component,
    name_field,
    next_cursor,
    one_of_events,
    page_limit,
    timestamp_field,
)
from buttonup.tournaments.model import (
    ARENA_MINUTES,
    MAX_PLAYERS,
    SWISS_ROUNDS,
    Conditions,
    NewTournament,
    Scoring,
    System,
    TournamentStatus,
)

BLITZ_EXAMPLE = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
RATING_LIMITS = (0, 4000)
SYSTEMS = [system.value for system in System]
SCORINGS = [scoring.value for scoring in Scoring]
TOURNAMENT_STATUSES = [status.value for status in TournamentStatus]
TOURNAMENT_ID_EXAMPLE = "Tq2X0mXvYg3cS1pQ2a9e"


class ConditionsSchema(Described):
    """Who may join: each bound optional (null or absent: none)."""

    min_rating = StrictInteger(
        allow_none=True,
        load_default=None,
        validate=validate.Range(*RATING_LIMITS),
        **doc("The lowest rating (in the tournament's category) that may join", 1400),
    )
    max_rating = StrictInteger(
        allow_none=True,
        load_default=None,
        validate=validate.Range(*RATING_LIMITS),
        **doc("The highest rating that may join", None),
    )
    min_rated_games = StrictInteger(
        allow_none=True,
        load_default=None,
        validate=validate.Range(0, 10_000),
        **doc("The rated games of the category a player has played, at least", 5),
    )

    @post_load
    def _conditions(self, data: dict[str, Any], **kwargs: Any) -> Conditions:
        return Conditions(data["min_rating"], data["max_rating"], data["min_rated_games"])


class TournamentRequestSchema(Described):
    """A tournament to make: an arena runs for `minutes`, a Swiss is played
    in `rounds` (docs/tournaments.md)."""

    name = name_field(
        "The tournament's name: 1 to 40 characters, none of them hidden",
        required=True,
        example="Friday arena",
    )
    system = fields.String(
        required=True, validate=validate.OneOf(SYSTEMS), **doc("How players meet", "arena")
    )
    scoring = fields.String(
        load_default="result",
        validate=validate.OneOf(SCORINGS),
        **doc("`result`, or `par` (against perfect play: a Swiss's only)", "result"),
    )
    clock = fields.Nested(
        ClockRequestSchema,
        required=True,
        **doc("Every game's time control, as `create_game` takes it", BLITZ_EXAMPLE),
    )
    rated = StrictBoolean(load_default=False, **doc("Whether its games are rated", False))
    starts_at = fields.AwareDateTime(
        allow_none=True,
        load_default=None,
        **doc("When it starts (RFC 3339); null: when its creator starts it", None),
    )
    minutes = StrictInteger(
        allow_none=True,
        load_default=None,
        validate=validate.Range(*ARENA_MINUTES),
        **doc("An arena's length, 10 to 720 minutes", 30),
    )
    rounds = StrictInteger(
        allow_none=True,
        load_default=None,
        validate=validate.Range(*SWISS_ROUNDS),
        **doc("A Swiss's rounds, 1 to 30", None),
    )
    max_players = StrictInteger(
        load_default=1000,
        validate=validate.Range(*MAX_PLAYERS),
        **doc("The most players it takes, 2 to 10,000", 1000),
    )
    conditions = fields.Nested(
        ConditionsSchema, load_default=None, allow_none=True, **doc("Who may join", None)
    )
    visibility = fields.String(
        load_default="public",
        validate=validate.OneOf(VISIBILITIES),
        **doc("`public`: listed; `private`: joined by its id alone", "public"),
    )
    bots = StrictBoolean(
        load_default=False,
        **doc("Whether bot accounts may join (403 `bots_not_allowed` otherwise)", False),
    )

    @post_load
    def _new(self, data: dict[str, Any], **kwargs: Any) -> NewTournament:
        clock = Options.from_plain({"clock": data["clock"]}).clock
        starts = data["starts_at"]
        return NewTournament(
            name=data["name"],
            system=System(data["system"]),
            scoring=Scoring(data["scoring"]),
            clock=clock,  # type: ignore[arg-type]  # required: never null
            rated=data["rated"],
            starts_at=round(starts.timestamp() * 1000) if starts is not None else None,
            minutes=data["minutes"],
            rounds=data["rounds"],
            max_players=data["max_players"],
            conditions=data["conditions"] or Conditions(),
            visibility=Visibility(data["visibility"]),
            bots=data["bots"],
        )


class ConditionsViewSchema(Document):
    """Who may join (null: no bound)."""

    min_rating = fields.Integer(allow_none=True, **doc("The lowest rating that may join", 1400))
    max_rating = fields.Integer(allow_none=True, **doc("The highest rating that may join", None))
    min_rated_games = fields.Integer(
        allow_none=True, **doc("Rated games of the category played, at least", 5)
    )


class TournamentSchema(Document):
    """A tournament (docs/tournaments.md)."""

    id = fields.String(**doc("The tournament's id", TOURNAMENT_ID_EXAMPLE))
    name = fields.String(**doc("Its name", "Friday arena"))
    system = fields.String(validate=validate.OneOf(SYSTEMS), **doc("How players meet", "arena"))
    scoring = fields.String(validate=validate.OneOf(SCORINGS), **doc("How it scores", "result"))
    clock = fields.Nested(ClockRequestSchema, **doc("Every game's time control", BLITZ_EXAMPLE))
    category = Ref(RATING_CATEGORY, "The rating category of its clock", "blitz")
    rated = fields.Boolean(**doc("Whether its games are rated", False))
    status = fields.String(
        validate=validate.OneOf(TOURNAMENT_STATUSES), **doc("Where it stands", "upcoming")
    )
    starts_at = timestamp_field(
        "When it starts or started; null: when its creator starts it", nullable=True
    )
    ends_at = timestamp_field("An arena's end once running; a finished one's", nullable=True)
    minutes = fields.Integer(allow_none=True, **doc("An arena's length in minutes", 30))
    rounds = fields.Integer(allow_none=True, **doc("A Swiss's rounds", None))
    round = fields.Integer(**doc("A Swiss's round in play (0 before it starts)", 0))
    players = fields.Integer(**doc("How many players it has", 12))
    max_players = fields.Integer(**doc("The most players it takes", 1000))
    created_by = fields.String(**doc("Its creator's player id", "Pq7Xb0mXvYg3cS1pQ2a9"))
    conditions = fields.Nested(ConditionsViewSchema, **doc("Who may join", None))
    visibility = fields.String(
        validate=validate.OneOf(VISIBILITIES), **doc("Listed or not", "public")
    )
    bots = fields.Boolean(**doc("Whether bot accounts may join", False))


class TournamentListSchema(Document):
    """A page of tournaments."""

    items = fields.List(fields.Nested(TournamentSchema), **doc("The tournaments", []))
    next = fields.String(
        allow_none=True, **doc("Pass as `cursor` for the following page; null on the last", None)
    )


class TournamentsQuerySchema(Described):
    """Which page of which tournaments."""

    status = fields.String(
        load_default="upcoming",
        validate=validate.OneOf(TOURNAMENT_STATUSES),
        **doc("Which: upcoming (soonest first), running or finished (newest first)", "upcoming"),
    )
    limit = page_limit(50, "Tournaments")
    cursor = next_cursor("b2Zmc2V0OjUw")


class PageQuerySchema(Described):
    """Which page."""

    limit = page_limit(50, "Items")
    cursor = next_cursor("b2Zmc2V0OjUw")


class StandingPlayerSchema(Document):
    """A player as standings and games show them."""

    id = fields.String(**doc("The player's id", "Pq7Xb0mXvYg3cS1pQ2a9"))
    name = fields.String(allow_none=True, **doc("Their name", "Ana"))
    rating = fields.Integer(**doc("Their rating in the category as they joined", 1500))
    bot = fields.Boolean(**doc("Whether the player is a bot account", False))


class StandingSchema(Document):
    """A player's place (docs/tournaments.md, "Standings")."""

    rank = fields.Integer(**doc("From 1", 1))
    player = fields.Nested(StandingPlayerSchema, **doc("Who", None))
    score = fields.Integer(
        **doc("Points; under par scoring, the margins against perfect play (may be below 0)", 6)
    )
    games = fields.Integer(**doc("Games counted", 3))
    wins = fields.Integer(**doc("Games won", 3))
    losses = fields.Integer(**doc("Games lost", 0))
    streak = fields.Integer(**doc("Wins in a row up to now", 3))
    tie_break = fields.Integer(
        **doc("What orders equal scores: an arena's performance, a Swiss's Buchholz", 1900)
    )
    performance = fields.Integer(
        **doc("The rating these results earn against these opponents", 1900)
    )
    berserks = fields.Integer(**doc("Games played berserk", 0))
    withdrawn = fields.Boolean(**doc("Paused: out of the pairing until they join again", False))


class StandingsSchema(Document):
    """A page of the standings."""

    items = fields.List(fields.Nested(StandingSchema), **doc("Best first", []))
    next = fields.String(
        allow_none=True, **doc("Pass as `cursor` for the following page; null on the last", None)
    )


class GamePlayerSchema(Document):
    """A seat's player."""

    id = fields.String(allow_none=True, **doc("The player's id", "Pq7Xb0mXvYg3cS1pQ2a9"))
    name = fields.String(allow_none=True, **doc("Their name", "Ana"))


class TournamentGameSchema(Document):
    """A game of the tournament."""

    id = fields.String(**doc("The game's id", "q7Xb0mXvYg3cS1pQ2a9e"))
    status = fields.String(**doc("The game's status", "playing"))
    red = fields.Nested(GamePlayerSchema, **doc("Red, who played first", None))
    black = fields.Nested(GamePlayerSchema, **doc("Black", None))
    winner = fields.String(allow_none=True, **doc("The winning colour; null until over", None))
    end_reason = fields.String(allow_none=True, **doc("How it ended", None))


class TournamentGamesSchema(Document):
    """A page of the tournament's games."""

    items = fields.List(fields.Nested(TournamentGameSchema), **doc("Newest first", []))
    next = fields.String(
        allow_none=True, **doc("Pass as `cursor` for the following page; null on the last", None)
    )


# The tournament's stream (stream_tournament_events): one component per
# event, as the game's and the player's streams have, so that generated
# clients get one type per event; `data` is JSON of its data component.
_GAME = {"type": "string", "description": "The game", "example": "q7Xb0mXvYg3cS1pQ2a9e"}
_PLAYER = {"type": "string", "description": "A player's id", "example": "Pq7Xb0mXvYg3cS1pQ2a9"}
_ROUND = {"type": "integer", "description": "A Swiss's round", "example": 2}
TOURNAMENT_EVENT_DATA = {
    "TournamentPairingData": data_component(
        "Two players paired into a game, told once the game is made (it can be read)",
        {
            "game_id": _GAME,
            "round": {**_ROUND, "type": ["integer", "null"], "example": None},
            "red": {**_PLAYER, "description": "Red, who plays first"},
            "black": _PLAYER,
        },
    ),
    "TournamentResultData": data_component(
        "A game's end, as it counts (a bye has its own event)",
        {
            "game_id": _GAME,
            "winner": {**_PLAYER, "type": ["string", "null"], "description": "Null: nobody"},
            "points": {
                "type": "object",
                "description": "Each player's points from it, by id",
                "additionalProperties": {"type": "integer"},
                "example": {"Pq7Xb0mXvYg3cS1pQ2a9": 2},
            },
        },
    ),
    "TournamentByeData": data_component(
        "A Swiss round's bye counted: a player sat the round out, with no game",
        {
            "round": _ROUND,
            "player_id": {**_PLAYER, "description": "Who sat out"},
            "points": {
                "type": "object",
                "description": "Their points from it, by id",
                "additionalProperties": {"type": "integer"},
                "example": {"Pq7Xb0mXvYg3cS1pQ2a9": 2},
            },
        },
    ),
    "TournamentStandingsData": data_component(
        "The leaders, when a result changed them",
        {
            "top": {
                "type": "array",
                "items": _PLAYER,
                "description": "The ten best, in order",
                "example": ["Pq7Xb0mXvYg3cS1pQ2a9"],
            }
        },
    ),
    "TournamentRoundData": data_component("A Swiss round", {"round": _ROUND}),
    "TournamentFinishedData": data_component("The tournament is over: the stream's last event", {}),
    "TournamentPlayersData": data_component(
        "A player joined, or left an upcoming tournament",
        {"players": {"type": "integer", "description": "How many it has now", "example": 12}},
    ),
}
# name: (component, data component, what it says, an example of its data)
TOURNAMENT_EVENTS: dict[str, tuple[str, str, str, object]] = {
    "tournament": (
        "TournamentSnapshotEvent",
        "Tournament",
        "The tournament: first on every connection, again when its status changes",
        {"id": TOURNAMENT_ID_EXAMPLE, "status": "running"},
    ),
    "players": (
        "TournamentPlayersEvent",
        "TournamentPlayersData",
        "How many players it has, as one joins or leaves an upcoming tournament",
        {"players": 12},
    ),
    "pairing": (
        "TournamentPairingEvent",
        "TournamentPairingData",
        "Two players paired into a game, told once the game is made (it can be read)",
        {"game_id": "q7Xb0mXvYg3cS1pQ2a9e", "round": None, "red": "Pa", "black": "Pb"},
    ),
    "result": (
        "TournamentResultEvent",
        "TournamentResultData",
        "A game's end counted",
        {"game_id": "q7Xb0mXvYg3cS1pQ2a9e", "winner": "Pa", "points": {"Pa": 2, "Pb": 0}},
    ),
    "bye": (
        "TournamentByeEvent",
        "TournamentByeData",
        "A Swiss round's bye counted (no game: `result` is for games)",
        {"round": 3, "player_id": "Pa", "points": {"Pa": 2}},
    ),
    "standings": (
        "TournamentStandingsEvent",
        "TournamentStandingsData",
        "The leaders changed",
        {"top": ["Pa", "Pb"]},
    ),
    "round_start": (
        "TournamentRoundStartEvent",
        "TournamentRoundData",
        "A Swiss round is paired",
        {"round": 2},
    ),
    "round_over": (
        "TournamentRoundOverEvent",
        "TournamentRoundData",
        "A Swiss round's games are all counted",
        {"round": 1},
    ),
    "finished": (
        "TournamentFinishedEvent",
        "TournamentFinishedData",
        "The tournament is over",
        {},
    ),
}
TOURNAMENT_EVENT_COMPONENTS = {
    **TOURNAMENT_EVENT_DATA,
    **{
        component: event_component(name, data, description, example, STREAM_POSITION)
        for name, (component, data, description, example) in TOURNAMENT_EVENTS.items()
    },
}
TOURNAMENT_SSE_EVENT = one_of_events(
    "One event of the tournament's stream, by its `event`",
    {name: component for name, (component, _, _, _) in TOURNAMENT_EVENTS.items()},
)
