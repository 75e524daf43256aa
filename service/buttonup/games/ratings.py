"""Rated play: a rated game's end changes both players' ratings exactly once
(store.ratings says how: the game is marked before the commit that ends it,
each player's change applied after it, idempotent by game, and a sweeper
applies what a process that died left), and what players are shown of
ratings: profiles, histories and leaderboards."""

import logging
from collections.abc import Callable, Sequence

from buttonup import errors
from buttonup.engine import PLAYERS, Match, Status
from buttonup.engine.actions import Progress
from buttonup.engine.player import Player
from buttonup.engine.ratings import (
    Category,
    RatedGame,
    Rating,
    RatingChange,
    category_of,
    rating_changes,
)
from buttonup.games.results import Leader
from buttonup.games.store_errors import STORE_ERRORS
from buttonup.store import GameNotFound, GameStore, Pending, StorageUnavailable

log = logging.getLogger(__name__)

# A mark older than this has no commit on its way: a commit that ends a game
# runs within its write window (store.settling, half a second) or never.
SETTLED_AFTER_MS = 10_000
CATCH_UP_BATCH = 100
CATCH_UP_LEASE_MS = 30_000
APPLY_ATTEMPTS = 8
HISTORY_LIMIT = 1000


def ends_rated(before: Match, changes: Sequence[Progress]) -> Match | None:
    """The version among `changes` that ends a rated game with a result, if any."""
    if not before.options.rated or before.status is Status.FINISHED:  # most commits: at once
        return None
    for progress in changes:
        if progress.match.status is Status.FINISHED:
            return progress.match if rating_changes(progress.match) is not None else None
    return None


def players_of(match: Match) -> list[str]:
    return [player_id for color in PLAYERS if (player_id := match.seat(color).player_id)]


class Ratings:
    def __init__(self, store: GameStore, clock: Callable[[], int]) -> None:
        self._store = store
        self._clock = clock

    def settle(self, match: Match, pending: Pending) -> None:
        """After the commit that ended a rated game: both players' changes
        applied and the mark taken out. Whatever fails here is left to the
        sweep (`catch_up`): the game's end stands."""
        try:
            with STORE_ERRORS:
                self.apply(match)
                self._store.ratings.settle(pending)
        except errors.StorageUnavailable as error:
            log.warning("game %s: ratings left to the sweep: %s", match.id, error)

    def apply(self, match: Match) -> None:
        """Each player's change by the rated `match`'s result, once."""
        changes = rating_changes(match)
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
    ) -> None:
        # First guess: the rating the player sat down with (they played no
        # other rated game meanwhile); the store answers the rating it holds
        # when that is wrong.
        read: Rating | None = None if guess == Rating() else guess
        for _ in range(APPLY_ATTEMPTS):
            after = change.applied(read if read is not None else Rating())
            kind, stored = self._store.ratings.apply(
                player_id, game_id, category, read, after, won, at
            )
            if kind == "changed":
                read = stored
                continue
            if stored is not None:
                self._store.ratings.place(player_id, category, stored)
            return
        raise StorageUnavailable(f"player {player_id}'s rating kept changing")

    def catch_up(self) -> int:
        """The rated games whose end a process left unapplied: applied now.
        How many marks this call took out."""
        now = self._clock()
        with STORE_ERRORS:
            pending = self._store.ratings.claim(
                now - SETTLED_AFTER_MS, CATCH_UP_BATCH, now + CATCH_UP_LEASE_MS
            )
        settled = 0
        for entry in pending:
            try:
                with STORE_ERRORS:
                    match = self._apply_ended(entry.game_id)
                    if match is not None and match.status is not Status.FINISHED:
                        # its end never landed
                        self._store.ratings.forget_unsettled(match.id, players_of(match))
                    settled += self._store.ratings.settle(entry)
            except errors.StorageUnavailable:
                continue  # its lease runs out and a sweep takes it again
        return settled

    def _apply_ended(self, game_id: str) -> Match | None:
        """The game (None once it is gone), its end applied if it is over."""
        try:
            match = self._store.load(game_id).match
        except GameNotFound:
            return None
        if match.status is Status.FINISHED:
            self.apply(match)
        return match

    def brought(self, player: Player | None, match: Match) -> Rating | None:
        """The rating a player brings to a seat of `match`, a rated game's."""
        if player is None or not match.options.rated:
            return None
        return self.current(player, category_of(match.options.clock))

    def current(self, player: Player, category: Category) -> Rating:
        """The player's rating in `category` now: the ends of their rated
        games that a process left unapplied are applied first, so that it is
        the one every game before gave them."""
        with STORE_ERRORS:
            unsettled = self._store.ratings.unsettled(player.id)
            for game_id in unsettled:
                self._apply_ended(game_id)
            if unsettled:
                player = self._store.load_players([player.id])[player.id] or player
        return player.rating(category)

    # What players are shown

    def profile(self, player_id: str) -> Player:
        """A player as anyone may see them: never their key."""
        with STORE_ERRORS:
            player = self._store.load_players([player_id])[player_id]
        if player is None:
            raise errors.PlayerNotFound(f"no player {player_id}")
        return player

    def history(self, player_id: str, category: Category | None) -> list[RatedGame]:
        self.profile(player_id)  # 404 for a player that is gone
        with STORE_ERRORS:
            games = self._store.ratings.history(player_id, HISTORY_LIMIT)
        return [game for game in games if category is None or game.category is category]

    def leaderboard(self, category: Category, limit: int) -> list[Leader]:
        """The category's best `limit` players, not provisional, best first."""
        with STORE_ERRORS:
            top = self._store.ratings.top(category, limit)
            players = self._store.load_players([player_id for player_id, _ in top])
            gone = [player_id for player_id, found in players.items() if found is None]
            self._store.ratings.drop(category, gone)
        leaders = []
        for player_id, _ in top:
            player = players[player_id]
            if player is not None:
                leaders.append(Leader(player, player.rating(category)))
        return leaders
