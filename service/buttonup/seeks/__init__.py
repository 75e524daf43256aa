"""Seeks, a wing: play anyone now. A player's seek waits while their stream
is open and is paired atomically with one that suits it (seeks.store, its
own keys and lua/), into a new private game made through the core's
pipeline (seeks.service); its routes are /v1/seeks (seeks.api).

MANIFEST declares all it adds: `attach` makes its use cases and what they
hook into (the `StreamListening` port of games.ports, its timers and the
sweep's completion of pairings a process left), and its routes and
refusals. app.py installs it; nothing in the core
imports it, and it asks the rated seating of the core's port, whichever
wing fills it."""

from buttonup.kit import (
    BEAT_SECONDS,
    Attached,
    Games,
    Hooks,
    Manifest,
    Problem,
    Routes,
    Settings,
    Timer,
    board_of,
    words_of,
)
from buttonup.seeks.errors import BotsNotAllowed, SeekNotFound, StreamRequired
from buttonup.seeks.listening import MARK_SECONDS
from buttonup.seeks.model import WING
from buttonup.seeks.service import Seeks
from buttonup.seeks.store import SeekBoard

__all__ = ["MANIFEST", "Seeks", "attach"]


def attach(games: Games, settings: Settings | None = None) -> Attached:
    """Seeks on `games`' store, and what they hook into: the listening port,
    timers that mark who listens and seeks, and pairings a process left."""
    store = games.store
    seeks = Seeks(store, SeekBoard(store.client), games.pipeline, games.clock, games.ports)
    return Attached(
        seeks,
        Hooks(
            listening=seeks,
            timers=(
                Timer("listening", MARK_SECONDS, seeks.mark_streams),
                Timer("seeking", BEAT_SECONDS, seeks.mark_listening),
            ),
            after_sweep=(seeks.complete_pairings,),
        ),
    )


def routes() -> Routes:
    from buttonup.seeks.api import blp  # the routes need Flask's app

    return Routes(blp)


MANIFEST = Manifest(
    name=WING,
    attach=attach,
    routes=routes,
    words=words_of(__name__),
    # "Play anyone", a card of the start screen.
    board=board_of(__name__, hooks="seeking.js"),
    metered={"creates": (("POST", "seeks.SeekCollection"),)},
    problems=(
        Problem(
            BotsNotAllowed,
            403,
            "bots_not_allowed",
            "Bots not allowed",
            "a bot account where only people play: seeks, and tournaments whose maker did "
            "not allow bots",
        ),
        Problem(
            SeekNotFound,
            404,
            "seek_not_found",
            "Seek not found",
            "no open seek with that id of the player's",
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
