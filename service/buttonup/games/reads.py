"""What reads a game without changing it (but to end one whose clock ran
out): the game, its moves, who is connected, the lobby, the analysis.

Tested in tests/api/test_games.py, tests/api/test_lobby.py,
tests/api/test_analysis.py.
"""

from collections.abc import Callable
from functools import lru_cache

from buttonup.engine import Circle, Color, Match, Status
from buttonup.engine.analysis import (
    PlayedMove,
    PositionAnalysis,
    RoundReview,
    analyse_position,
    played_from,
    review_round,
)
from buttonup.engine.events import Moved
from buttonup.engine.game import RoundResult
from buttonup.engine.notation import Position
from buttonup.engine.records import write_record
from buttonup.games.fair_play import Surface
from buttonup.games.pipeline import Pipeline
from buttonup.games.results import GameAnalysis, LobbyPage, Outcome
from buttonup.slices import let_others_run
from buttonup.store import GameStore, SeatPresence

# Finished rounds one analysis request reviews at most (`after` pages on).
REVIEW_ROUNDS_PER_PAGE = 20


class Reads:
    def __init__(
        self,
        store: GameStore,
        pipeline: Pipeline,
        clock: Callable[[], int],
        expire: Callable[[str], Outcome],
    ) -> None:
        self._store = store
        self._pipeline = pipeline
        self._clock = clock
        self._expire = expire

    def ping(self) -> str | None:
        """StorageUnavailable unless the store answers; then why it takes no
        new data (reads go on), or None while it does."""
        self._store.ping()
        return self._store.full()

    def get(self, game_id: str) -> Match:
        match = self._store.load(game_id).match
        return self.in_time(match)

    def in_time(self, match: Match) -> Match:
        """`match`, or the game ended if its clock ran out by now, or played
        on if bots are to move (Commands.expire)."""
        if match.ran_out(self._clock()) is None and match.bot_to_move() is None:
            return match
        return self._expire(match.id).match

    def presence(self, game_id: str) -> dict[Color, SeatPresence]:
        """Which seats have a stream open (GameNotFound for no game)."""
        self._store.load(game_id)
        return self._store.presence(game_id)

    def moves(
        self, game_id: str, start: int = 0, count: int | None = None
    ) -> tuple[list[Moved], bool]:
        """Moves start .. start+count-1 (0-based; all of them by default), and
        whether more follow."""
        every = self._pipeline.timeline(game_id).moves()
        if count is None:
            return every[start:], False
        return every[start : start + count], len(every) > start + count

    def lobby(self, limit: int, after: tuple[float, str] | None) -> LobbyPage:
        """Public games with an open seat, newest first, `limit` at a time."""
        listed: list[tuple[Match, float]] = []
        stale: list[str] = []
        cursor = after
        while len(listed) <= limit:
            candidates = self._store.lobby_candidates(cursor, limit + 1 - len(listed))
            if not candidates:
                break
            matches = self._store.load_many([game_id for game_id, _ in candidates])
            for game_id, score in candidates:
                match = matches[game_id]
                if match is not None and match.status is Status.WAITING:
                    listed.append((match, score))
                else:
                    stale.append(game_id)  # expired, or its seats filled
            cursor = (candidates[-1][1], candidates[-1][0])
        self._store.unlist(stale)
        page = listed[:limit]
        more = len(listed) > limit
        next_after = (page[-1][1], page[-1][0].id) if more and page else None
        return LobbyPage([match for match, _ in page], next_after)

    def record(self, game_id: str) -> str:
        """The game as a record (engine.records), up to its current move."""
        self.get(game_id)  # ended first, if its clock ran out
        timeline = self._pipeline.timeline(game_id)
        return write_record(timeline.current, timeline.moves())

    def analyse_position(self, position: Position, asker: str | None = None) -> PositionAnalysis:
        """Perfect play from a position (cached: a position's analysis never
        changes); PositionInPlay when the gate keeps it from `asker` (a
        bearer credential, if sent: games.fair_play)."""
        asked = [(position.circle, position.to_move)] if position.to_move is not None else []
        self._pipeline.fair_play.require_open(Surface.POSITION_ANALYSIS, asked, asker=asker)
        return _analysed(position)

    def analysis(
        self,
        game_id: str,
        after: int = 0,
        limit: int = REVIEW_ROUNDS_PER_PAGE,
        asker: str | None = None,
    ) -> GameAnalysis:
        """Perfect play for the round in place, and a review of the finished
        rounds after round `after`, `limit` of them at most (a round's review
        is a solve of its deal, a few milliseconds cold: between rounds the
        worker serves its other requests, and reviews are kept)."""
        match = self.get(game_id)
        self._pipeline.fair_play.require_analysis_open(match)
        later = [result for result in match.game.rounds if result.number > after]
        page = later[: min(limit, REVIEW_ROUNDS_PER_PAGE)]
        by_round: dict[int, list[PlayedMove]] = {result.number: [] for result in page}
        if page:
            moves = self._pipeline.timeline(game_id).moves()
            for move in moves:
                played = move.outcome
                if played.round in by_round:
                    by_round[played.round].append(
                        PlayedMove(played.number, played.player, played.position)
                    )
        current = match.game.round
        in_place = [(current.circle, current.to_move)] if current.to_move is not None else []
        moves_of = {number: tuple(listed) for number, listed in by_round.items()}
        withheld = self._pipeline.fair_play.withheld(
            Surface.GAME_ANALYSIS,
            {result.number: _played_from(result, moves_of[result.number]) for result in page},
            required=in_place,
            asker=asker,
        )
        reviews = []
        for result in page:
            if result.number not in withheld:
                reviews.append(_reviewed(result, moves_of[result.number]))
                let_others_run()
        next_after = page[-1].number if len(later) > len(page) else None
        return GameAnalysis(
            match, analyse_position(match.game), reviews, next_after, tuple(sorted(withheld))
        )


@lru_cache(maxsize=4096)
def _reviewed(result: RoundResult, moves: tuple[PlayedMove, ...]) -> RoundReview:
    """A finished round's review, which never changes: kept (about 2 KB each)."""
    return review_round(result, moves)


@lru_cache(maxsize=4096)
def _played_from(
    result: RoundResult, moves: tuple[PlayedMove, ...]
) -> tuple[tuple[Circle, Color], ...]:
    return tuple(played_from(result, moves))


@lru_cache(maxsize=4096)
def _analysed(position: Position) -> PositionAnalysis:
    return analyse_position(position.state(None))
