"""Puzzles' use cases: mining finished games (queued as they end, mined by
leased work any process takes up, a few games at a time), serving puzzles
(near a player's puzzle rating, the day's, one by id) and judging attempts,
the player's first attempt at a puzzle rated once for both sides: the
player's rating through the kit's results port (a pool of the wing's own,
apart from the games'), the puzzle's by compare-and-set on its own.

Every puzzle is a surface of the fair-play gate (POSITION_ANALYSIS: a
puzzle says which move is the only one): mined only from a game whose
analysis no wing keeps closed and from positions the gate does not keep,
and served, or its solution shown, only while the gate keeps none of its
line's positions from the asker.

Tested in tests/puzzles/test_service.py, tests/e2e/test_puzzles.py.
"""

import logging
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import ClassVar

from buttonup.kit import (
    Circle,
    Color,
    Commit,
    EndReason,
    GameNotFound,
    GameState,
    GameStore,
    Match,
    Moved,
    Pipeline,
    Plan,
    Player,
    Ports,
    Progress,
    RatedResult,
    Rating,
    Status,
    StorageUnavailable,
    Surface,
    Survival,
    Visibility,
    decode_rating,
    digest,
    encode_rating,
    errors,
    every_slice,
    let_others_run,
    named_player,
    new_game_id,
    player_of,
    rated_against,
    write_position,
)
from buttonup.puzzles.errors import NoPuzzle, PuzzleNotFound
from buttonup.puzzles.model import (
    PER_GAME,
    POOL,
    Judged,
    Puzzle,
    Shown,
    Tried,
    first_rating,
    found_in,
    judged,
    played_so_far,
    shown,
)
from buttonup.puzzles.store import PuzzleBoard
from buttonup.puzzles.streaks import Streak, StreakBoard, Streaks

log = logging.getLogger(__name__)

SURFACE = Surface.POSITION_ANALYSIS  # a puzzle tells the only move of its positions
# Mining: games leased a few at a time, each for this long, while games are
# due and the pass has taken less than MINE_PASS_SECONDS (other requests
# run between games); a game whose analysis a wing keeps closed is looked at
# again this much later, for this long at most.
MINE_PER_LEASE = 4
MINE_PASS_SECONDS = 0.25
MINE_LEASE_MS = 60_000
SEALED_RETRY_MS = 10 * 60_000
SEALED_GIVE_UP_MS = 7 * 24 * 3600_000
# Serving: candidates read near a rating, a little apart for variety.
NEAR_CANDIDATES = 8
NEAR_JITTER = 40.0
DAILY_RATING = 1500.0
RATE_ATTEMPTS = 20


def minable(match: Match) -> bool:
    """A game whose positions may become puzzles: finished with moves, public,
    dealt by the service (not imported, not from a position)."""
    options = match.options
    return (
        match.status is Status.FINISHED
        and match.end_reason is not EndReason.ABORTED
        and options.visibility is Visibility.PUBLIC
        and options.position is None
        and not options.deals
        and match.game.moves_played > 0
    )


def positions_of(base: Match, changes: Sequence[Progress]) -> Iterator[tuple[GameState, Moved]]:
    """Each move of a game's log with the game's state before it."""
    before = base
    for progress in changes:
        state = before.game
        for event in progress.events:
            if isinstance(event, Moved):
                yield state, event
                state = state.apply(event.outcome.player, event.outcome.position)[0]
        before = progress.match


@dataclass(frozen=True, slots=True)
class Attempted:
    """An attempt judged: `judged`, the line's moves once it is in
    (`solution`), whether it was the player's first at the puzzle, and
    their rating's change by it (None: not rated)."""

    judged: Judged
    solution: list[Shown] | None
    first: bool
    rating_diff: int | None
    streak: Streak | None = None  # a streak's attempt: the streak after it
    streak_puzzle: Puzzle | None = None  # and the puzzle it goes on with
    played: list[Shown] = field(default_factory=list)  # the moves so far, and replies


@dataclass(frozen=True, slots=True)
class Mine:
    """A player's puzzles: their puzzle rating, counts by theme, a page of
    their first attempts (newest first) and the offset of the next."""

    rating: Rating | None
    tallies: dict[str, int]
    history: list[tuple[Puzzle | None, str, Tried]]
    next_offset: int | None


class Puzzles:
    def __init__(
        self,
        store: GameStore,
        board: PuzzleBoard,
        pipeline: Pipeline,
        clock: Callable[[], int],
        ports: Ports,
        delay_ms: int,
    ) -> None:
        self._store = store
        self.board = board
        self._pipeline = pipeline
        self._clock = clock
        self._ports = ports
        self._delay_ms = delay_ms
        self._random = random.Random()  # noqa: S311  (variety, not a secret)
        self.streaks = Streaks(
            StreakBoard(store.client), board.above, self._first_open_id, new_game_id
        )

    # ---- mining -----------------------------------------------------------------

    def queue(self, match: Match) -> None:
        """A finished game queued for mining, due `delay_ms` after it ended."""
        if minable(match):
            self.board.queue(match.id, (match.ended_at or self._clock()) + self._delay_ms)

    def mine(self, pass_seconds: float = MINE_PASS_SECONDS) -> int:
        """One pass: the games due, leased a few at a time, each mined (or
        looked at later while a wing keeps its analysis closed), until none
        is due or the pass has run `pass_seconds`; the puzzles kept."""
        started = time.monotonic()
        kept = 0
        while True:
            now = self._clock()
            leased = self.board.lease(now, MINE_PER_LEASE, MINE_LEASE_MS)
            for game_id in leased:
                let_others_run()  # a game's positions are a few milliseconds of solving
                try:
                    found = self.mine_game(game_id, now)
                except GameNotFound:
                    found = []
                except StorageUnavailable:
                    raise  # the lease runs out, and the game is mined later
                except Exception:  # one game's fault: dropped, not tried every minute
                    log.exception("puzzles: game %s could not be mined; it is dropped", game_id)
                    found = []
                if found is not None:
                    kept += len(found)
                    self.board.mined(game_id)
            if len(leased) < MINE_PER_LEASE or time.monotonic() - started >= pass_seconds:
                return kept

    def mine_game(self, game_id: str, now: int) -> list[str] | None:
        """The puzzles of a finished game kept: PER_GAME at most of those new
        (a position a puzzle already, in any form, keeps its first), earliest
        first; None when a wing keeps the game's analysis closed for now
        (looked at later)."""
        timeline = self._pipeline.timeline(game_id)
        match = timeline.current
        if not minable(match) or timeline.earlier_moves:
            return []
        if self._ports.sealing.analysis_sealed(match) is not None:
            ended = match.ended_at or now
            if now - ended < SEALED_GIVE_UP_MS:
                self.board.postpone(game_id, now + SEALED_RETRY_MS)
                return None
            return []
        states = list(positions_of(timeline.base, timeline.changes))
        positions: list[tuple[Circle, Color]] = [
            (state.round.circle, event.outcome.player) for state, event in states
        ]
        kept: list[str] = []
        for found in found_in(positions, pause=every_slice()):
            circle, mover = positions[found.move_index]
            puzzle = Puzzle(
                id=new_game_id(),
                position=write_position(states[found.move_index][0]),
                circle=circle,
                mover=mover,
                line=found.line,
                rating=first_rating(found.line),
                plays=0,
                solved=0,
                game_id=game_id,
                created_at=now,
            )
            if self._pipeline.fair_play.withheld(SURFACE, {puzzle.id: puzzle.asked()}):
                continue  # a position the gate keeps now: not taken
            if self.board.add(puzzle, digest(circle, mover)) == puzzle.id:
                kept.append(puzzle.id)  # new: a position kept before is not counted
                if len(kept) == PER_GAME:
                    break
        return kept

    # ---- served -----------------------------------------------------------------

    def _asker(self, credential: str | None) -> Player | None:
        """The player a key names (Unauthenticated for a key of nobody's);
        None for no credential or a seat's token."""
        return named_player(self._store, credential)

    def rating(self, player: Player | None) -> Rating | None:
        return self._ports.results.rating(player.id, POOL) if player is not None else None

    def next(self, credential: str | None) -> Puzzle:
        """A puzzle near the player's puzzle rating (1500 for a new player or
        none): one of the NEAR_CANDIDATES nearest, never one they tried, none
        the gate keeps from them."""
        player = self._asker(credential)
        rating = (self.rating(player) or Rating()).rating
        near = rating + self._random.uniform(-NEAR_JITTER, NEAR_JITTER)
        ids = self.board.near(near, player.id if player else None, NEAR_CANDIDATES)
        # One of the nearest few, not the nearest: players of one rating (and
        # everyone without a key) do not all get the same puzzle next.
        self._random.shuffle(ids)
        return self._first_open(ids, credential)

    def _first_open_id(self, ids: list[str]) -> str | None:
        try:
            return self._first_open(ids, None).id
        except NoPuzzle:
            return None

    def _first_open(self, ids: Sequence[str], credential: str | None) -> Puzzle:
        puzzles = self.board.load_many(ids)
        kept_out = self._pipeline.fair_play.withheld(
            SURFACE, {puzzle.id: puzzle.asked() for puzzle in puzzles}, asker=credential
        )
        for puzzle in puzzles:
            if puzzle.id not in kept_out:
                return puzzle
        raise NoPuzzle("no puzzle is ready for this player now; try again later")

    def get(self, credential: str | None, puzzle_id: str) -> Puzzle:
        """The puzzle, unless the gate keeps one of its line's positions."""
        puzzle = self._load(puzzle_id)
        self._pipeline.fair_play.require_open(SURFACE, puzzle.asked(), asker=credential)
        return puzzle

    def daily(self, credential: str | None) -> Puzzle:
        """The day's puzzle (UTC), the same for everyone: chosen near 1500 by
        the first to ask, among those the gate does not keep."""
        day = datetime.fromtimestamp(self._clock() / 1000, UTC).date().isoformat()
        chosen = self.board.daily(day)
        if chosen is None:
            near = DAILY_RATING + self._random.uniform(-4 * NEAR_JITTER, 4 * NEAR_JITTER)
            candidate = self._first_open(self.board.near(near, None, NEAR_CANDIDATES), None)
            chosen = self.board.choose_daily(day, candidate.id)
        return self.get(credential, chosen)

    def _load(self, puzzle_id: str) -> Puzzle:
        puzzle = self.board.load(puzzle_id)
        if puzzle is None:
            raise PuzzleNotFound(f"no puzzle {puzzle_id}")
        return puzzle

    # ---- attempted --------------------------------------------------------------

    def attempt(
        self,
        credential: str | None,
        puzzle_id: str,
        moves: Sequence[int],
        seconds: int,
        streak_id: str | None = None,
    ) -> Attempted:
        """The player's moves judged; while right and not all found, the
        solver's replies. Once in (solved or a move wrong), the solution is
        shown, and a player's first attempt at the puzzle rates both, once;
        a streak's attempt rates nothing and moves the streak on."""
        puzzle = self.get(credential, puzzle_id)
        verdict = judged(puzzle.line, moves)
        found = len(moves) if verdict.first_wrong is None else verdict.first_wrong
        played = shown(puzzle.circle, played_so_far(puzzle.line, found))
        if not verdict.complete:
            return Attempted(verdict, None, False, None, played=played)
        solution = shown(puzzle.circle, puzzle.line.moves)
        if streak_id is not None:
            streaker = player_of(self._store, credential or "").id
            streak = self.streaks.attempted(streaker, streak_id, puzzle.id, verdict)
            following = self.streak_puzzle(streak)
            return Attempted(verdict, solution, False, None, streak, following, played)
        player = self._asker(credential)
        if player is None:
            return Attempted(verdict, solution, False, None, played=played)
        before = self.rating(player)
        now = self._clock()
        first, kept = self.board.claim(
            player.id, puzzle, Tried(verdict.solved, before, puzzle.rating, now, seconds)
        )
        # Both ratings follow the first attempt as kept, however often (and
        # however concurrently) it is reported: each is changed once. The
        # attempt is kept already: a store that fails now is no 503 that
        # changed nothing, but an outcome to settle by sending it again.
        try:
            after = self._ports.results.rate(
                RatedResult(f"puzzle:{puzzle.id}", player.id, POOL, kept.puzzle_rating, kept.score),
                now,
            )
            self._rate_puzzle(puzzle, player.id, kept)
        except StorageUnavailable as failed:
            raise errors.OutcomeUnknown(
                "the attempt is kept, its ratings perhaps not yet: send it again to settle them"
            ) from failed
        diff = None
        if first and after is not None:
            diff = round(after.rating) - round((before or Rating()).rating)
        return Attempted(verdict, solution, first, diff, played=played)

    def _rate_puzzle(self, puzzle: Puzzle, player_id: str, kept: Tried) -> None:
        current = puzzle.rating
        opponent = kept.player_rating or Rating()
        for _ in range(RATE_ATTEMPTS):
            after = rated_against(current, opponent, 1.0 - kept.score)
            outcome, now = self.board.rate(
                puzzle,
                player_id,
                encode_rating(current),
                encode_rating(after),
                after.rating,
                kept.solved,
            )
            if outcome != 1 or now is None:
                return
            current = decode_rating(now)
        raise errors.ConcurrentUpdate(f"puzzle {puzzle.id}: its rating kept changing")

    # ---- a player's -------------------------------------------------------------

    def streak(self, credential: str | None, start: bool) -> tuple[Streak, Puzzle | None]:
        """The player's streak (a new one, when `start`), and its puzzle."""
        player = player_of(self._store, credential or "")
        self._pipeline.fair_play.require_open(SURFACE, (), asker=credential)
        streak = self.streaks.start(player.id) if start else self.streaks.current(player.id)
        puzzle = self.streak_puzzle(streak)
        if puzzle is not None:
            self._pipeline.fair_play.require_open(SURFACE, puzzle.asked(), asker=credential)
        return streak, puzzle

    def streak_puzzle(self, streak: Streak | None) -> Puzzle | None:
        if streak is None or streak.puzzle_id is None:
            return None
        return self.board.load(streak.puzzle_id)

    def mine_of(self, credential: str | None, offset: int, limit: int) -> Mine:
        player = player_of(self._store, credential or "")
        page = self.board.history(player.id, offset, limit + 1)
        more = len(page) > limit
        page = page[:limit]
        loaded = {puzzle.id: puzzle for puzzle in self.board.load_many([i for i, _ in page])}
        return Mine(
            rating=self.rating(player),
            tallies=self.board.tallies(player.id),
            history=[(loaded.get(i), i, tried) for i, tried in page],
            next_offset=offset + limit if more else None,
        )


_PUBLIC, _FINISHED = Visibility.PUBLIC, Status.FINISHED  # module globals: read on every commit


class MinedGames:
    """The consequence (games.consequences) of a commit that ends a game:
    the game queued for mining. MARKED: a process that dies before queueing
    it leaves a mark the sweep runs again (queueing twice is once)."""

    name: ClassVar[str] = "puzzles"
    survival: ClassVar[Survival] = Survival.MARKED
    restamps: ClassVar[bool] = False

    def __init__(self, puzzles: Puzzles) -> None:
        self._puzzles = puzzles

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        before = commit.before
        if before.options.visibility is not _PUBLIC or before.status is _FINISHED:
            return None  # most commits: at once (a private game's, by a field's look)
        if changes and changes[-1].match.status is Status.FINISHED and minable(changes[-1].match):
            return _Queued(self._puzzles, changes[-1].match)
        return None

    def overdue(self, game_id: str, match: Match | None) -> None:
        if match is not None and match.status is Status.FINISHED:
            self._puzzles.queue(match)


class _Queued(Plan):
    def __init__(self, puzzles: Puzzles, ended: Match) -> None:
        self._puzzles = puzzles
        self._ended = ended

    def follow(self, changes: list[Progress]) -> None:
        self._puzzles.queue(self._ended)
