"""What bounds rated play, so that a rating is earned by play:

- a player holds at most one rated game in play with a real-time clock
  (blitz, rapid, classical) and at most CORRESPONDENCE_IN_PLAY daily or
  untimed ones: a join or a seek past that is 409 `rated_game_in_progress`,
  and so is the join that would start a game whose other player is past it;
- the same two players start at most `pair_games_per_day` rated games in any
  24 hours: the games after that are played unrated (`pair_limit`, said on
  the game);
- a game paired from seeks while one of its players was past their limit is
  played unrated (`rated_game_in_progress`): the pairing cannot be undone.

A player's place in a rated game is taken as the game starts (rated_play_store)
and let go once the game is seen over, gone, unrated or never started: the
places that stand in the way are checked against their games when they do.
"""

from collections.abc import Callable, Sequence

from buttonup.kit import (
    PLAYERS,
    Category,
    GameStore,
    Match,
    Player,
    Progress,
    Rating,
    Status,
    StoredRatings,
    UnratedReason,
    category_of,
    errors,
)
from buttonup.ratings.rated_play_store import RatedPlace, RatedPlayStore
from buttonup.ratings.service import Ratings

REAL_TIME = frozenset({Category.BLITZ, Category.RAPID, Category.CLASSICAL})
REAL_TIME_IN_PLAY = 1
CORRESPONDENCE_IN_PLAY = 10
PAIR_GAMES_PER_DAY = 10
DAY_MS = 24 * 3600 * 1000
# A place whose game has not started this long after it was taken belongs to
# a join that never landed.
UNSTARTED_PLACE_MS = 60_000


def kind_of(category: Category) -> str:
    return "live" if category in REAL_TIME else "correspondence"


def in_play_limit(category: Category) -> int:
    return REAL_TIME_IN_PLAY if category in REAL_TIME else CORRESPONDENCE_IN_PLAY


class RatedPlay(StoredRatings):
    def __init__(
        self,
        store: GameStore,
        places: RatedPlayStore,
        ratings: Ratings,
        clock: Callable[[], int],
        pair_games_per_day: int = PAIR_GAMES_PER_DAY,
    ) -> None:
        self._store = store
        self._places = places
        self._ratings = ratings
        self._clock = clock
        self._pair_games_per_day = pair_games_per_day

    # The core's port (games.ports.RatedSeating): the ratings players bring
    # (StoredRatings.brought, from `current`), and the bounds on rated play.

    def current(self, player: Player, category: Category) -> Rating:
        return self._ratings.current(player, category)

    def join(
        self,
        before: Match,
        join: Callable[..., Progress | None],
        *,
        refuse: bool,
    ) -> Progress | None:
        """A join (`join`, given why the game is played unrated, if it is)
        of `before`, bounded as a rated game's: the join that starts it
        takes both players' places (RatedGameInProgress past
        them when `refuse`, else the game is played unrated) and counts the
        pair's start; any other checks the joiner may take on another."""
        progress = join()
        if progress is None or not before.options.rated:
            return progress
        after = progress.match
        if after.status is Status.PLAYING:
            reason = self.starting(after, refuse=refuse)
            return join(reason) if reason is not None else progress
        joined = next(c for c in PLAYERS if after.seat(c).joined and not before.seat(c).joined)
        player_id = after.seat(joined).player_id
        if player_id is not None:
            self.may_sit(player_id, category_of(before.options.clock))
        return progress

    def may_sit(self, player_id: str, category: Category) -> None:
        """RatedGameInProgress unless the player may take on another rated
        game of `category` (a join of a waiting game, a seek)."""
        self._place(player_id, "", category, only_check=True)

    def may_not_sit(self, player_ids: Sequence[str], category: Category) -> set[str]:
        """may_sit for each of these players: one round trip finds who has
        room; only those who seem to have none are looked at one by one
        (their places may be stale)."""
        limit = in_play_limit(category)
        full = self._places.places_in_the_way(player_ids, kind_of(category), limit, self._clock())
        refused = set()
        for player_id in full:
            try:
                self.may_sit(player_id, category)
            except errors.RatedGameInProgress:
                refused.add(player_id)
        return refused

    def starting(self, match: Match, *, refuse: bool) -> UnratedReason | None:
        """A rated game starts (both seats now held by players): both places
        taken and the pair's start counted. Why it is played unrated, if it
        is; a player past their limit is RatedGameInProgress when `refuse`
        (a join), else the game is unrated (a pairing)."""
        players = [match.seat(color).player_id for color in PLAYERS]
        if None in players or players[0] == players[1]:
            return None  # the engine refuses such a rated game's seats
        red, black = players[0], players[1]
        assert red is not None and black is not None  # checked above
        category = category_of(match.options.clock)
        if not self._counted(red, black, match.id):
            return UnratedReason.PAIR_LIMIT
        taken: list[str] = []
        try:
            for player_id in (red, black):
                self._place(player_id, match.id, category, only_check=False)
                taken.append(player_id)
        except errors.RatedGameInProgress:
            for player_id in taken:
                self._places.drop_places(player_id, [match.id])
            self._places.uncount_starts(red, black, [match.id])
            if refuse:
                raise
            return UnratedReason.RATED_GAME_IN_PROGRESS
        return None

    def _place(self, player_id: str, game_id: str, category: Category, *, only_check: bool) -> None:
        limit = in_play_limit(category)
        for _ in range(2):  # once more after the stale places are dropped
            now = self._clock()
            held = self._places.take_place(
                player_id, game_id, kind_of(category), limit, now, only_check=only_check
            )
            if not held:
                return
            stale = [place.game_id for place in held if self._stale(place, player_id, now)]
            if not stale:
                break
            self._places.drop_places(player_id, stale)
        noun = "real-time rated game" if limit == 1 else f"{limit} daily or untimed rated games"
        raise errors.RatedGameInProgress(
            f"a player holds at most one {noun} in play"
            if limit == 1
            else f"a player holds at most {noun} in play"
        )

    def _stale(self, place: RatedPlace, player_id: str, now: int) -> bool:
        """Whether a place no longer holds a rated game in play."""
        match = self._load(place.game_id)
        if match is None or match.status is Status.FINISHED or not match.rated:
            return True
        seated = player_id in (match.red.player_id, match.black.player_id)
        started = match.status is Status.PLAYING and seated
        return not started and now - place.taken_at > UNSTARTED_PLACE_MS

    def _counted(self, red: str, black: str, game_id: str) -> bool:
        """The pair's start of `game_id` counted, unless past the day's limit."""
        for _ in range(2):
            now = self._clock()
            counted = self._places.count_start(
                red, black, game_id, self._pair_games_per_day, now, DAY_MS
            )
            if not counted:
                return True
            never = [start.game_id for start in counted if self._never_started(start, now)]
            if not never:
                return False
            self._places.uncount_starts(red, black, never)
        return False

    def _never_started(self, start: RatedPlace, now: int) -> bool:
        """A start counted by a join that never landed (or unrated since)."""
        match = self._load(start.game_id)
        if match is None:  # gone: a game played and expired is still counted
            return False
        if match.unrated is not None:
            return True
        return match.status is Status.WAITING and now - start.taken_at > UNSTARTED_PLACE_MS

    def _load(self, game_id: str) -> Match | None:
        try:
            return self._store.load(game_id).match
        except errors.GameNotFound:
            return None
