"""Challenges, a wing: invite a player (or any two, by a link) to a game.
A challenge is kept and changed by compare-and-set on its own slot
(challenges.store, lua/), decided by challenges.model, its game made
through the core's pairing (challenges.service); its players hear it on
their own streams (the core's inbox: `challenge`); its routes are
/v1/challenges and /v1/players/me/blocks (challenges.api).

MANIFEST declares all it adds: `attach` makes its use cases and what they
hook into (the `StreamListening` port: a real-time challenge stands while
its maker listens; a timer that lapses challenges; the sweep's making of
games a process left), its routes, refusals, notice and words. app.py
installs it; nothing in the core imports it."""

from typing import Any

from buttonup.challenges.errors import (
    ChallengeClosed,
    ChallengeNotFound,
    InvalidChallenge,
    NotYourChallenge,
    StreamRequired,
    TooManyBlocks,
    TooManyChallenges,
)
from buttonup.challenges.model import (
    WING,
    Challenge,
    ChallengeNotice,
    ChallengeStatus,
    DeclineReason,
)
from buttonup.challenges.service import NOTICE, Challenges
from buttonup.challenges.store import MARK_SECONDS, ChallengeBoard
from buttonup.kit import (
    Attached,
    BoardPage,
    Games,
    Hooks,
    InboxNotice,
    Manifest,
    Problem,
    Routes,
    Settings,
    Surface,
    Timer,
    board_of,
    words_of,
)

__all__ = ["MANIFEST", "Challenges", "attach"]

LAPSE_SECONDS = 1.0


def attach(games: Games, settings: Settings | None = None) -> Attached:
    """Challenges on `games`' store, and what they hook into."""
    from buttonup.challenges.views import challenge_view  # the notice's data, as the API's

    def notify(player_id: str, challenge: Challenge, stands: bool) -> None:
        key = f"challenge:{challenge.id}"
        if not stands:
            games.inbox.withdraw(player_id, key)
        games.inbox.tell(player_id, NOTICE, challenge_view(challenge), key if stands else None)

    store = games.store
    challenges = Challenges(
        store, ChallengeBoard(store.client), games.pipeline, games.clock, games.ports, notify
    )
    return Attached(
        challenges,
        Hooks(
            listening=challenges,
            timers=(
                Timer("challenges", LAPSE_SECONDS, challenges.lapse),
                Timer("challenge-streams", MARK_SECONDS, challenges.mark_streams),
            ),
            after_sweep=(challenges.make_unmade,),
        ),
    )


def routes() -> Routes:
    from buttonup.challenges.api import blp  # the routes need Flask's app
    from buttonup.challenges.schemas import COMPONENTS

    return Routes(blp, COMPONENTS)


_STRING = {"type": "string"}
_NULLABLE = {"type": ["string", "null"]}
NOTICE_PROPERTIES: dict[str, Any] = {
    "id": {**_STRING, "description": "The challenge's id"},
    "from": {**_STRING, "description": "The maker's player id"},
    "from_name": {**_NULLABLE, "description": "The maker's name"},
    "to": {**_NULLABLE, "description": "The player challenged; null: open"},
    "to_name": {**_NULLABLE, "description": "Their name"},
    "for": {"type": "array", "items": _STRING, "description": "An open one's two players"},
    "takers": {"type": "array", "items": _STRING, "description": "An open one's takers"},
    "status": {"$ref": "#/components/schemas/ChallengeStatus", "description": "Where it stands"},
    "category": {**_STRING, "description": "The rating category of its clock"},
    "clock": {
        "anyOf": [{"$ref": "#/components/schemas/ClockRequest"}, {"type": "null"}],
        "description": "The time control; null: untimed",
    },
    "rated": {"type": "boolean", "description": "Whether its game is rated"},
    "color": {**_STRING, "description": "The maker's seat: red, black or random"},
    "target_score": {"type": "integer", "description": "Points that win its game"},
    "position": {**_NULLABLE, "description": "The position it starts from"},
    "message": {**_STRING, "description": "The maker's note"},
    "created_at": {**_STRING, "description": "When it was made"},
    "expires_at": {**_STRING, "description": "When it lapses"},
    "game_id": {**_NULLABLE, "description": "Its game, once accepted"},
    "decline_reason": {
        "anyOf": [{"$ref": "#/components/schemas/DeclineReason"}, {"type": "null"}],
        "description": "Why it was declined",
    },
    "url": {**_STRING, "description": "The board's page of it"},
}
_EXAMPLE = {
    "id": "Hq2X0mXvYg3cS1pQ2a9e",
    "from": "p1",
    "from_name": "Ana",
    "to": "p2",
    "to_name": "Bo",
    "for": [],
    "takers": [],
    "status": "pending",
    "category": "blitz",
    "clock": {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2},
    "rated": False,
    "color": "random",
    "target_score": 15,
    "position": None,
    "message": "A game?",
    "created_at": "2026-12-07T10:00:00.000Z",
    "expires_at": "2026-12-07T10:10:00.000Z",
    "game_id": None,
    "decline_reason": None,
    "url": "/?challenge=Hq2X0mXvYg3cS1pQ2a9e",
}

# Each property with its example (the spec's rule for every field).
NOTICE_PROPERTIES = {
    name: {**schema, "example": _EXAMPLE[name]} for name, schema in NOTICE_PROPERTIES.items()
}


MANIFEST = Manifest(
    name=WING,
    attach=attach,
    routes=routes,
    words=words_of(__name__),
    # A challenge's page (the notice's `url`), the form that makes one to a
    # player, and what the board's own screens gain: incoming challenges as
    # cards, a link to challenge from a profile and a finished game.
    board=board_of(
        __name__,
        BoardPage("challenge", "challenges.js", "showChallenge"),
        BoardPage("challenge-to", "challenges.js", "showChallengeForm"),
        hooks="hooks.js",
    ),
    # The board reads statuses, reasons and the notice's name as the service spells them.
    vocabulary={
        "CHALLENGE_NOTICE": ChallengeNotice,
        "CHALLENGE_STATUS": ChallengeStatus,
        "DECLINE_REASON": DeclineReason,
    },
    # A challenge from a position asks the gate as making and accepting it.
    surfaces=(
        (Surface.GAME_FROM_POSITION, "create_challenge"),
        (Surface.GAME_FROM_POSITION, "accept_challenge"),
    ),
    metered={
        "creates": (
            ("POST", "challenges.ChallengeCollection"),
            ("POST", "challenges.BlockItem"),
        ),
        "joins": (("POST", "challenges.ChallengeAccept"),),
    },
    inbox=(
        InboxNotice(
            NOTICE,
            "ChallengeEvent",
            "A challenge made to the player (standing: sent again on each stream opened "
            "while it is pending), or the outcome of one they made or were made: the "
            "challenge as `get_challenge` shows it",
            NOTICE_PROPERTIES,
            _EXAMPLE,
        ),
    ),
    problems=(
        Problem(
            InvalidChallenge,
            422,
            "validation_error",
            "Unprocessable Entity",
            "a body field, parameter or header fails its schema",
        ),
        Problem(
            ChallengeNotFound,
            404,
            "challenge_not_found",
            "Challenge not found",
            "no challenge with that id that the player may see",
        ),
        Problem(
            ChallengeClosed,
            409,
            "challenge_closed",
            "Challenge closed",
            "the challenge is no longer pending: accepted, declined, canceled or lapsed",
        ),
        Problem(
            NotYourChallenge,
            403,
            "not_your_challenge",
            "Not your challenge",
            "the challenge asks another player, or (to cancel it) another made it",
        ),
        Problem(
            TooManyChallenges,
            409,
            "too_many_challenges",
            "Too many challenges",
            "the player has as many pending challenges as one may make (20)",
        ),
        Problem(
            TooManyBlocks,
            409,
            "too_many_blocks",
            "Too many blocks",
            "the player blocks as many players as one may (1,000)",
        ),
        Problem(
            StreamRequired,
            409,
            "stream_required",
            "Player stream required",
            "what was asked lasts only while the player's stream "
            "(GET /v1/players/me/events) is open, and it is not",
        ),
    ),
)
