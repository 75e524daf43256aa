"""Rated play: a rated game's end changes both players' ratings exactly once
(a MARKED consequence of the commit that ends it, games.consequences: each
player's change applied after it, idempotent by game, and the sweep applies
what a process that died left), and what players are shown of ratings:
profiles, histories and leaderboards.

Games are rated one after another, in the order they end, from both
players' ratings as each ends: the commit that ends a rated game takes both
players' turns to be rated (`ending`, a short lease each), brings their
ratings up to date (an end a process left unapplied is applied first), and
has the ending action carry them, so that the change is worked out once,
from them, and stored with the game."""

import logging
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from typing import ClassVar

from buttonup import errors
from buttonup.engine import PLAYERS, Color, Match, Status
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
from buttonup.games.consequences import Commit, Plan, Survival
from buttonup.games.results import Leader
from buttonup.games.store_errors import STORE_ERRORS
from buttonup.store import GameNotFound, GameStore, StorageUnavailable

log = logging.getLogger(__name__)

APPLY_ATTEMPTS = 8
HISTORY_LIMIT = 1000
# A player's turn to have a rated game end: held for a few Redis round trips
# (their ratings read, the commit, both changes applied); a holder that died
# lets go when its lease ends. A commit that waits longer goes on without it
# (its change is then added to the rating the player has: RatingChange.applied).
TURN_LEASE_MS = 5_000
TURN_WAIT_MS = 2_000
TURN_POLL_S = 0.005


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


def rated_at_end(
    before: Match, changes: Sequence[Progress], ratings: dict[Color, Rating]
) -> list[Progress]:
    """`changes` (after `before`), the action that ends the rated game
    carrying both players' `ratings` as it ends (engine.transitions)."""
    made: list[Progress] = []
    previous = before
    redone = False  # from the end on, each version is made again from its action
    for progress in changes:
        action = progress.action
        if not redone and progress.match.status is Status.FINISHED:
            ends = (ratings[Color.RED], ratings[Color.BLACK])
            action = replace(action, rated_from=ends)  # type: ignore[arg-type]  # an ending action
            redone = True
        made.append(previous.apply(action) if redone else progress)
        previous = made[-1].match
    return made


class Ratings:
    def __init__(self, store: GameStore, clock: Callable[[], int]) -> None:
        self._store = store
        self._clock = clock

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
            with STORE_ERRORS:
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
                    with STORE_ERRORS:
                        self._store.ratings.end_turn(player_id, holder)
                except errors.StorageUnavailable:  # its lease ends
                    log.warning("player %s's rating turn left to its lease", player_id)

    def _take_turn(self, player_id: str, holder: str) -> bool:
        waited_until = time.monotonic() + TURN_WAIT_MS / 1000
        while True:
            with STORE_ERRORS:
                if self._store.ratings.take_turn(player_id, holder, TURN_LEASE_MS):
                    return True
            if time.monotonic() >= waited_until:
                log.warning("player %s's rating turn not had: rated without it", player_id)
                return False
            time.sleep(TURN_POLL_S)

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
        # First guess: the rating the game ended with (their turn was held
        # meanwhile); the store answers the rating it holds when that is wrong.
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


class RatedEnds:
    """The consequence (games.consequences) of a commit that ends a rated
    game: both players' turns held while it is made, the ending action
    restamped with their ratings as it ends, each player's change applied
    after it. MARKED: the sweep applies what a process left."""

    name: ClassVar[str] = "ratings"
    survival: ClassVar[Survival] = Survival.MARKED
    restamps: ClassVar[bool] = True

    def __init__(self, ratings: Ratings, store: GameStore) -> None:
        self._ratings = ratings
        self._store = store

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        ended = ends_rated(commit.before, changes)
        return (
            None if ended is None else _RatedEnd(self._ratings, self._store, commit.before, ended)
        )

    def overdue(self, game_id: str, match: Match | None) -> None:
        if match is None:
            return  # gone: its players' unsettled entries lapse with it
        if match.status is Status.FINISHED:
            self._ratings.apply(match)
        else:  # its end never landed
            with STORE_ERRORS:
                self._store.ratings.forget_unsettled(match.id, players_of(match))


@dataclass(slots=True)
class _RatedEnd(Plan):
    ratings: Ratings
    store: GameStore
    before: Match
    ended: Match
    held: ExitStack = field(default_factory=ExitStack)

    def prepare(self, changes: list[Progress]) -> list[Progress]:
        at_end = self.held.enter_context(self.ratings.ending(self.ended))
        changes = rated_at_end(self.before, changes, at_end)
        with STORE_ERRORS:  # their next rated game applies it first, if need be
            self.store.ratings.expect(self.before.id, players_of(self.ended))
        return changes

    def follow(self, changes: list[Progress]) -> None:
        # The same end, now rated from the ratings it carries: found, not worked out again.
        self.ratings.apply(next(p.match for p in changes if p.match.status is Status.FINISHED))

    def close(self) -> None:
        self.held.close()
