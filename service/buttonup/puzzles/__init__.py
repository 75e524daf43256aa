"""Puzzles, a wing: positions of finished public games where exactly one
move keeps the mover's value, proved by the exact solver (puzzles.model),
mined by leased work any process takes up (puzzles.service), kept on a
slot of their own (puzzles.store, lua/), rated like players (Glicko-2: a
player's first attempt at a puzzle is a game between them; the player's
rating through the kit's results port, apart from game ratings), served
near a player's puzzle rating, daily and by id (puzzles.api).

MANIFEST declares all it adds: `attach` makes its use cases and what they
hook into (a consequence of a game's end: the game queued for mining; a
timer that mines), its routes, refusals, surfaces of the fair-play gate
and words. app.py installs it; nothing in the core imports it."""

from buttonup.kit import (
    Attached,
    BoardPage,
    Games,
    Hooks,
    Manifest,
    Problem,
    Routes,
    Settings,
    Surface,
    Timer,
    WingSetting,
    board_of,
    words_of,
)
from buttonup.puzzles.errors import NoPuzzle, PuzzleNotFound, StreakMismatch
from buttonup.puzzles.model import WING, Theme
from buttonup.puzzles.service import MinedGames, Puzzles
from buttonup.puzzles.store import PuzzleBoard

__all__ = ["MANIFEST", "Puzzles", "attach"]

# Each process looks for games to mine this often (a few at a time).
MINE_SECONDS = 1.0
DELAY = WingSetting(
    "BUTTONUP_PUZZLE_DELAY",
    3600,
    0,
    "seconds after a finished public game ends before its positions may become puzzles",
)


def attach(games: Games, settings: Settings | None = None) -> Attached:
    """Puzzles on `games`' store, and what they hook into."""
    delay = int(DELAY.read(settings or Settings()))
    store = games.store
    puzzles = Puzzles(
        store, PuzzleBoard(store.client), games.pipeline, games.clock, games.ports, delay * 1000
    )
    return Attached(
        puzzles,
        Hooks(
            consequences=(MinedGames(puzzles),),
            timers=(Timer("puzzles", MINE_SECONDS, puzzles.mine),),
        ),
    )


def routes() -> Routes:
    from buttonup.puzzles.api import blp  # the routes need Flask's app
    from buttonup.puzzles.schemas import COMPONENTS

    return Routes(blp, COMPONENTS)


MANIFEST = Manifest(
    name=WING,
    attach=attach,
    routes=routes,
    words=words_of(__name__),
    # A puzzle's page (/?puzzle=ID; the next, the day's, one's streak), and
    # the start screen's card that leads there (no header link: at 390 px the
    # header's links wrap and push the game's round card over its own close).
    board=board_of(__name__, BoardPage("puzzle", "puzzles.js", "showPuzzle"), hooks="hooks.js"),
    vocabulary={"PUZZLE_THEME": Theme},
    settings=(DELAY,),
    # A puzzle tells the only move of each position of its line.
    surfaces=(
        (Surface.POSITION_ANALYSIS, "next_puzzle"),
        (Surface.POSITION_ANALYSIS, "daily_puzzle"),
        (Surface.POSITION_ANALYSIS, "get_puzzle"),
        (Surface.POSITION_ANALYSIS, "attempt_puzzle"),
        (Surface.POSITION_ANALYSIS, "get_puzzle_streak"),
        (Surface.POSITION_ANALYSIS, "start_puzzle_streak"),
    ),
    metered={"analysis": (("POST", "puzzles.PuzzleAttempts"), ("GET", "puzzles.NextPuzzle"))},
    problems=(
        Problem(
            PuzzleNotFound, 404, "puzzle_not_found", "Puzzle not found", "no puzzle with that id"
        ),
        Problem(
            NoPuzzle,
            404,
            "no_puzzle",
            "No puzzle",
            "no puzzle is ready now: none mined yet near the player's rating that they have "
            "not tried",
        ),
        Problem(
            StreakMismatch,
            409,
            "streak_mismatch",
            "Streak mismatch",
            "a streak's attempt that does not fit the player's running streak: none runs "
            "with that id, or its puzzle now is another",
        ),
    ),
)
