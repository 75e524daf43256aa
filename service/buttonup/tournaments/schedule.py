"""When each tournament next needs work, and which tournament game each
player is in, on the lists' slot (`buttonup:{tournaments}:...`, as
tournaments.store names them):

- `due`: each upcoming or running tournament by when it next needs work
  (its start, an overdue pairing, its end): the timers claim the longest due
  (claim.lua, held while they work on them) and give each back due when it
  next needs work, a poke meanwhile kept (reschedule.lua); a game's end or a
  join makes one due at once (`poke`);
- `busy`: each player in a game of a tournament, whichever ("<game id>
  <since>"), held as the game is made and let go as it is counted
  (free.lua), so that nobody is paired into two at once.

Tested in tests/tournaments/test_store.py, tests/tournaments/test_service.py.
"""

from collections.abc import Callable

from buttonup.kit import STORAGE_ERRORS, Client, LuaScript, lua_source
from buttonup.tournaments.model import TournamentStatus

PACKAGE = "buttonup.tournaments"
LISTS = "buttonup:{tournaments}"
SCHEDULE = f"{LISTS}:due"
BUSY = f"{LISTS}:busy"
_CLAIM = lua_source("claim", package=PACKAGE)
_RESCHEDULE = lua_source("reschedule", package=PACKAGE)
_FREE = lua_source("free", package=PACKAGE)


def list_key(status: TournamentStatus, public: bool = False) -> str:
    """The tournaments of `status` (tournaments.store keeps the lists)."""
    return f"{LISTS}:{'public' if public else 'all'}:{status.value}"


class TournamentSchedule:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client, nudge: Callable[[], object] = lambda: None) -> None:
        self._redis = client
        # A poke's tournament is paired at once by this process's timer
        # (its Nudge), not at its next round: a player's return to play.
        self._nudge = nudge
        self._claim = LuaScript(client, _CLAIM)
        self._reschedule = LuaScript(client, _RESCHEDULE)
        self._free = LuaScript(client, _FREE)

    # ---- the schedule -----------------------------------------------------------

    @STORAGE_ERRORS
    def claim(self, now: int, count: int, held_until: int) -> list[str]:
        """The ids of at most `count` tournaments due by `now`, the longest
        due first, held until `held_until` (reschedule gives them back)."""
        due = self._claim(keys=[SCHEDULE], args=[now, count, held_until])
        return [tournament_id.decode() for tournament_id in due]

    @STORAGE_ERRORS
    def reschedule(self, tournament_id: str, held_until: int, at: int | None) -> None:
        """A tournament claimed until `held_until` next due `at` (None: off
        the schedule), or sooner if poked meanwhile."""
        args: list[str | int] = [tournament_id, held_until, "" if at is None else at]
        self._reschedule(keys=[SCHEDULE], args=args)

    @STORAGE_ERRORS
    def poke(self, tournament_id: str, now: int) -> None:
        """A running tournament due by `now` (its pool or round changed); on
        the schedule again if a process left it off between two writes."""
        self._redis.zadd(SCHEDULE, {tournament_id: now}, lt=True)
        self._nudge()

    @STORAGE_ERRORS
    def adopt(self, status: TournamentStatus, cursor: int, count: int, at: int) -> int:
        """Listed tournaments of `status` missing from the schedule (listed
        before there was one) put on it, due `at`, from `cursor`: the next
        cursor (0: the list is done)."""
        cursor, found = self._redis.zscan(list_key(status), cursor, count=count)
        ids = [tournament_id for tournament_id, order in found if order != float("inf")]
        if ids:
            self._redis.zadd(SCHEDULE, dict.fromkeys(ids, at), nx=True)
        return int(cursor)

    # ---- players in a game of any tournament ------------------------------------

    @STORAGE_ERRORS
    def busy(self, player_ids: list[str]) -> dict[str, tuple[str, int]]:
        """The game of a tournament each of these players was put in, and
        since when (players in none left out)."""
        if not player_ids:
            return {}
        found = self._redis.hmget(BUSY, player_ids)
        held = {}
        for player_id, entry in zip(player_ids, found, strict=True):
            if entry is not None:
                game_id, since = entry.decode().split(" ")
                held[player_id] = (game_id, int(since))
        return held

    @STORAGE_ERRORS
    def hold(self, games: dict[str, tuple[str, str]], now: int) -> None:
        """Each game's two players (by game id) held by it."""
        if games:
            held = {
                player_id: f"{game_id} {now}"
                for game_id, players in games.items()
                for player_id in players
            }
            self._redis.hset(BUSY, mapping=held)

    @STORAGE_ERRORS
    def free(self, game_id: str, player_ids: list[str], now: int, poke: str | None = None) -> None:
        """The players a game held let go (unless a later game holds them),
        and the tournament `poke` made due by `now` in the same round trip."""
        self._free(keys=[BUSY, SCHEDULE], args=[game_id, poke or "", now, *player_ids])
        if poke:
            self._nudge()
