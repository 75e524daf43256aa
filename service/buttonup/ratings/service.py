"""Rated play: a rated game's end changes both players' ratings exactly once
(ratings.ends: a MARKED consequence of the commit that ends it), and what
players are shown of ratings: profiles, histories and leaderboards.

Games are rated one after another, in the order they end, from both
players' ratings as each ends: the commit that ends a rated game takes both
players' turns to be rated (`ending`, a short lease each), brings their
ratings up to date (an end a process left unapplied is applied first), and
has the ending action carry them, so that the change is worked out once,
from them, and stored with the game.

Tested in tests/ratings/test_ends.py, tests/ratings/test_api.py.
"""

import logging
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from buttonup.kit import (
    PLAYERS,
    Category,
    Color,
    Flags,
    GameNotFound,
    GameStore,
    Match,
    Player,
    Rating,
    RatingChange,
    Reviews,
    SeatReview,
    Status,
    StorageUnavailable,
    category_of,
    errors,
    rating_changes,
    sleep_aside,
)
from buttonup.ratings.model import Leader, RatedGame, players_of
from buttonup.ratings.store import Applied, RatingStore

log = logging.getLogger(__name__)

APPLY_ATTEMPTS = 8
HISTORY_LIMIT = 1000
# Places a leaderboard reads beyond its length, for the players fair play keeps off it.
FLAGGED_SKIPPED = 20
# A player's turn to have a rated game end: held for a few Redis round trips
# (their ratings read, the commit, both changes applied); a holder that died
# lets go when its lease ends. A commit that waits longer goes on without it
# (its change is then added to the rating the player has: RatingChange.applied).
TURN_LEASE_MS = 5_000
TURN_WAIT_MS = 2_000
TURN_POLL_S = 0.005


class Ratings:
    def __init__(
        self,
        store: GameStore,
        board: RatingStore,
        clock: Callable[[], int],
        reviews: Reviews,
        flags: Flags,
    ) -> None:
        self._store = store
        self.board = board  # its part of the store (ratings.store)
        self._clock = clock
        self._reviews = reviews  # the exact review of rated games (games.reviews)
        self._flags = flags  # who is kept off the leaderboards (games.flags)

    @contextmanager
    def ending(self, match: Match) -> Iterator[dict[Color, Rating]]:
        """Both players' turns to have a rated game end, held while the
        commit that ends `match` is made and rated; gives their ratings in
        its category now, every earlier end applied."""
        holder = secrets.token_hex(8)
        held: list[str] = []
        try:
            for player_id in sorted(players_of(match)):  # one order: no two wait on each other
                if self._take_turn(player_id, holder):
                    held.append(player_id)
            category = category_of(match.options.clock)
            players = self._store.load_players(players_of(match))
            ratings = {}
            for color in PLAYERS:
                seat = match.seat(color)
                player = players.get(seat.player_id or "")
                ratings[color] = (
                    self.current(player, category) if player is not None else seat.rating
                ) or Rating()
            yield ratings
        finally:
            for player_id in held:
                try:
                    self.board.end_turn(player_id, holder)
                except errors.StorageUnavailable:  # its lease ends
                    log.warning("player %s's rating turn left to its lease", player_id)

    def _take_turn(self, player_id: str, holder: str) -> bool:
        waited_until = time.monotonic() + TURN_WAIT_MS / 1000
        while True:
            if self.board.take_turn(player_id, holder, TURN_LEASE_MS):
                return True
            if time.monotonic() >= waited_until:
                log.warning("player %s's rating turn not had: rated without it", player_id)
                return False
            sleep_aside(TURN_POLL_S)  # the request's turn to another meanwhile

    def apply(self, match: Match, changes: dict[Color, RatingChange] | None = None) -> None:
        """Each player's change by the rated `match`'s result (`changes`,
        worked out as it ended; else worked out now), once."""
        changes = changes or rating_changes(match)
        if changes is None:
            return
        category = category_of(match.options.clock)
        at = match.ended_at if match.ended_at is not None else match.updated_at
        for color in PLAYERS:
            seat = match.seat(color)
            if seat.player_id is None or seat.rating is None:
                continue
            self._apply_one(
                seat.player_id,
                match.id,
                category,
                seat.rating,
                changes[color],
                match.game.winner is color,
                at,
                on_the_board=not seat.bot_account,  # bots are kept off the leaderboards
            )

    def _apply_one(
        self,
        player_id: str,
        game_id: str,
        category: Category,
        guess: Rating,
        change: RatingChange,
        won: bool,
        at: int,
        on_the_board: bool = True,
    ) -> None:
        # First guess: the rating the game ended with (their turn was held
        # meanwhile); the store answers the rating it holds when that is wrong.
        read: Rating | None = None if guess == Rating() else guess
        for _ in range(APPLY_ATTEMPTS):
            after = change.applied(read if read is not None else Rating())
            kind, stored = self.board.apply(player_id, game_id, category, read, after, won, at)
            if kind is Applied.CHANGED:
                read = stored
                continue
            if stored is not None and on_the_board:
                self.board.place(player_id, category, stored)
            return
        raise StorageUnavailable(f"player {player_id}'s rating kept changing")

    def _apply_ended(self, game_id: str) -> Match | None:
        """The game (None once it is gone), its end applied if it is over."""
        try:
            match = self._store.load(game_id).match
        except GameNotFound:
            return None
        if match.status is Status.FINISHED:
            self.apply(match)
        return match

    def current(self, player: Player, category: Category) -> Rating:
        """The player's rating in `category` now: the ends of their rated
        games that a process left unapplied are applied first, so that it is
        the one every game before gave them."""
        unsettled = self.board.unsettled(player.id)
        for game_id in unsettled:
            self._apply_ended(game_id)
        if unsettled:
            player = self._store.load_players([player.id])[player.id] or player
        return player.rating(category)

    # What players are shown

    def profile(self, player_id: str) -> Player:
        """A player as anyone may see them: never their key."""
        player = self._store.load_players([player_id])[player_id]
        if player is None:
            raise errors.PlayerNotFound(f"no player {player_id}")
        return player

    def reviewed(self, player_id: str) -> tuple[int, SeatReview]:
        """The player's last reviewed rated games, their figures summed."""
        return self._reviews.summary(player_id)

    def history(self, player_id: str, category: Category | None) -> list[RatedGame]:
        self.profile(player_id)  # 404 for a player that is gone
        games = self.board.history(player_id, HISTORY_LIMIT)
        return [game for game in games if category is None or game.category is category]

    def leaderboard(self, category: Category, limit: int) -> list[Leader]:
        """The category's best `limit` players, not provisional, best first."""
        top = self.board.top(category, limit + FLAGGED_SKIPPED)
        ids = [player_id for player_id, _ in top]
        players = self._store.load_players(ids)
        gone = [player_id for player_id, found in players.items() if found is None]
        self.board.drop(category, gone)
        off = self._flags.off_the_boards(ids)  # flagged for fair play (games.flags)
        leaders = []
        for player_id, _ in top:
            player = players[player_id]
            if player is not None and player_id not in off and not player.bot:
                leaders.append(Leader(player, player.rating(category)))
        return leaders[:limit]
