"""Seeks, a wing: play anyone now. A player's seek waits while their stream
is open and is paired atomically with one that suits it (seeks.store, its
own keys and lua/), into a new private game made through the core's
pipeline (seeks.service); its routes are /v1/seeks (seeks.api).

`attach` wires it onto the core's use cases: the `StreamListening` port
(games.ports), its timers and the sweep's completion of pairings a process
left; MANIFEST declares all it adds. app.py installs it; nothing in the core
imports it, and it asks the rated seating of the core's port, whichever
wing fills it."""

from buttonup.kit import BEAT_SECONDS, Games, Manifest, Problem, Routes, Settings, words_of
from buttonup.seeks.errors import SeekNotFound, StreamRequired
from buttonup.seeks.service import Seeks
from buttonup.seeks.store import MARK_SECONDS, SeekBoard

__all__ = ["MANIFEST", "Seeks", "attach"]


def attach(games: Games, settings: Settings | None = None) -> Seeks:
    """Seeks on `games`' store: its port filled, its timers and sweep added."""
    store = games.store
    seeks = Seeks(store, SeekBoard(store.client), games.pipeline, games.clock, games.ports)
    games.ports.fill_listening(seeks)
    games.every(MARK_SECONDS, "listening", seeks.mark_streams)
    games.every(BEAT_SECONDS, "seeking", seeks.mark_listening)
    games.after_sweep(seeks.complete_pairings)
    return seeks


def routes() -> Routes:
    from buttonup.seeks.api import blp  # the routes need Flask's app

    return Routes(blp)


MANIFEST = Manifest(
    name="seeks",
    attach=attach,
    routes=routes,
    words=words_of(__name__),
    metered={"creates": (("POST", "seeks.SeekCollection"),)},
    problems=(
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
            "a seek by a player whose stream (GET /v1/players/me/events) is not open",
        ),
    ),
)
