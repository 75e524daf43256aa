"""Tournaments in Redis. Each tournament's keys share one slot
(`buttonup:{tournament:<id>}:...`), so that one script changes them
atomically on one Redis or a cluster:

- `t`: a hash of its record (`d`), its status (`s`), whether it pairs from
  a pool (`p`) and when its pairing ends (`e`);
- `standings`: each player's standing (tournaments.model), by id; `ranks`:
  the same players by rank key (points, then tie-break), so that a game's
  end moves its two players in O(log n) and a page of standings is one
  range;
- `pool`: an arena's players waiting for a game, by since when; `playing`:
  each player's game in play; `withdrawn`: those paused;
- `pending`: pairings made whose game is not made yet (by game id), and
  `pending-due` by when one is overdue: a process that died leaves them to
  the next pairing; `games`: its games by when they were made;
- `deals`: a par-scored round's seed for its deals, by round (never shown);
  `legs`: a par-scored pairing's second game, by its first's id, pending
  until the first is counted;
- `counted`: each finished game's result, by game id: a game's end counts
  once, whoever counts it and however often (the consequence's mark, the
  sweep, a retry);
- `lease`: who pairs it now.

And one slot for the lists (`buttonup:{tournaments}:...`): by status, all
and the public ones (for the list), each creator's open ones (a player has
MAX_OPEN_PER_CREATOR at most), and the schedule: each upcoming or running
tournament by when it next needs work (its start, a pairing, its end),
which the timers take the due ones from (claim.lua, reschedule.lua) and a
game's end or a join brings forward (tournaments.schedule); and which
game of any tournament each player is in, so that nobody plays two at
once. A list is changed after the
tournament it lists, so the tournament is the truth: a list entry whose
tournament is gone is dropped when met.

tournaments.play_store reads and writes what happens inside one tournament;
this module names every key, encodes what they hold, and keeps the
tournaments and their lists.

Tested in tests/tournaments/test_service.py, tests/tournaments/test_store.py.
"""

from collections.abc import Callable
from contextlib import suppress

import orjson
from redis.exceptions import RedisError

from buttonup.kit import STORAGE_ERRORS, Client, LuaScript, Options, Visibility, lua_source
from buttonup.tournaments.model import (
    NO_BERSERKS,
    Conditions,
    GameResult,
    Scoring,
    Standing,
    System,
    Tournament,
    TournamentStatus,
)
from buttonup.tournaments.schedule import (
    LISTS,
    PACKAGE,
    SCHEDULE,
    TournamentSchedule,
    list_key,
)
from buttonup.tournaments.throwing import ThrowFigures

# A tournament's events kept for resuming its stream, about; and how many
# leaders a `standings` event names.
EVENTS_KEPT = 10_000
TOP_SHOWN = 10
_STATUS = lua_source("status", "tournament_lib", package=PACKAGE, EVENTS_KEPT=EVENTS_KEPT)
_ROUND = lua_source("round", "tournament_lib", package=PACKAGE, EVENTS_KEPT=EVENTS_KEPT)
_INDEX_ADD = lua_source("index_add", package=PACKAGE)
_INDEX_MOVE = lua_source("index_move", package=PACKAGE)

MAX_OPEN_PER_CREATOR = 5
FINISHED_LISTED = 10_000
# A finished tournament's keys are kept this long.
FINISHED_TTL_SECONDS = 30 * 86_400
# A record written but not yet listed lasts this long: a create cut short
# (storage full, a process gone) leaves nothing behind.
UNLISTED_TTL_MS = 60_000


def key(tournament_id: str, part: str) -> str:
    return f"buttonup:{{tournament:{tournament_id}}}:{part}"


def creator_key(player_id: str) -> str:
    return f"{LISTS}:creator:{player_id}"


def encode_tournament(tournament: Tournament) -> bytes:
    conditions = tournament.conditions
    return orjson.dumps(
        {
            "i": tournament.id,
            "n": tournament.name,
            "y": tournament.system.value,
            "g": tournament.scoring.value,
            "c": Options(clock=tournament.clock).to_plain()["clock"],
            "r": tournament.rated,
            "s": tournament.status.value,
            "b": tournament.created_by,
            "t": tournament.created_at,
            "a": tournament.starts_at,
            "e": tournament.ends_at,
            "m": tournament.minutes,
            "o": tournament.rounds,
            "u": tournament.round,
            "x": tournament.max_players,
            "k": [conditions.min_rating, conditions.max_rating, conditions.min_rated_games],
            "v": tournament.visibility.value,
            "B": tournament.bots,
        }
    )


def decode_tournament(data: bytes | str) -> Tournament:
    plain = orjson.loads(data)
    clock = Options.from_plain({"clock": plain["c"]}).clock
    assert clock is not None  # a tournament always has one
    return Tournament(
        id=plain["i"],
        name=plain["n"],
        system=System(plain["y"]),
        scoring=Scoring(plain["g"]),
        clock=clock,
        rated=plain["r"],
        status=TournamentStatus(plain["s"]),
        created_by=plain["b"],
        created_at=plain["t"],
        starts_at=plain["a"],
        ends_at=plain["e"],
        minutes=plain["m"],
        rounds=plain["o"],
        round=plain["u"],
        max_players=plain["x"],
        conditions=Conditions(*plain["k"]),
        visibility=Visibility(plain["v"]),
        bots=plain.get("B", False),  # tournaments made before bots were: none
    )


_STANDING_FIELDS = (
    "player_id",
    "name",
    "rating",
    "joined_at",
    "score",
    "games",
    "wins",
    "losses",
    "streak",
    "berserks",
    "firsts",
    "last_opponent",
    "opponents_rating",
    "met",
    "byes",
    "started",
    "buchholz",
    "sonneborn",
    "bot",  # last: standings written before bots were end before it
)


def encode_standing(standing: Standing) -> bytes:
    """A standing as a JSON array in field order: compact, and compared
    byte for byte by result.lua (written one way only)."""
    return orjson.dumps([getattr(standing, name) for name in _STANDING_FIELDS])


def decode_standing(data: bytes | str, withdrawn: bool = False) -> Standing:
    values = dict(zip(_STANDING_FIELDS, orjson.loads(data), strict=False))
    values["met"] = tuple(values["met"])
    return Standing(**values, withdrawn=withdrawn)


def encode_result(result: GameResult) -> bytes:
    """[first, second, winner], then the first's par (when scored against
    perfect play) and both berserks (when either went berserk)."""
    plain: list = [result.first, result.second, result.winner]
    if result.berserk != NO_BERSERKS:
        plain += [result.par, list(result.berserk)]
    elif result.par is not None:
        plain.append(result.par)
    return orjson.dumps(plain)


def decode_result(game_id: str, data: bytes | str) -> GameResult:
    first, second, winner, *more = orjson.loads(data)
    par = more[0] if more else None
    berserk = tuple(more[1]) if len(more) > 1 else NO_BERSERKS
    return GameResult(game_id, first, second, winner, par, berserk)


class TournamentStore:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client, nudge: Callable[[], object] = lambda: None) -> None:
        """`nudge`: called after a poke (tournaments.schedule)."""
        self._redis = client
        self._status = LuaScript(client, _STATUS)
        self._round = LuaScript(client, _ROUND)
        self._index_add = LuaScript(client, _INDEX_ADD)
        self._index_move = LuaScript(client, _INDEX_MOVE)
        self.schedule = TournamentSchedule(client, nudge)  # when each needs work, who plays where

    # ---- the tournament -------------------------------------------------------

    @STORAGE_ERRORS
    def create(self, tournament: Tournament) -> bool:
        """Stored and listed, whole or not at all; False (nothing stored)
        when its creator has as many open as they may. The record is written
        first, to expire unless listed, so that a create refused at any step
        (storage full included) neither keeps a creator's slot nor leaves a
        record; a slot held by a record gone since is given back."""
        record = key(tournament.id, "t")
        pooled = "1" if tournament.system is System.ARENA else "0"
        fields = {"s": TournamentStatus.UPCOMING.value, "d": encode_tournament(tournament)}
        pipe = self._redis.pipeline(transaction=True)
        pipe.hset(record, mapping={**fields, "p": pooled, "e": 0, "r": 0})
        pipe.pexpire(record, UNLISTED_TTL_MS)
        pipe.execute()
        try:
            listed = self._list_new(tournament) or (
                self._free_lost_slots(tournament.created_by) and self._list_new(tournament)
            )
        except BaseException:
            with suppress(RedisError):  # it expires all the same
                self._redis.delete(record)
            raise
        if not listed:
            self._redis.delete(record)
            return False
        self._redis.persist(record)
        return True

    def _list_new(self, tournament: Tournament) -> bool:
        starts = tournament.starts_at if tournament.starts_at is not None else "inf"
        public = tournament.visibility is Visibility.PUBLIC
        status = TournamentStatus.UPCOMING
        return bool(
            self._index_add(
                keys=[
                    creator_key(tournament.created_by),
                    list_key(status),
                    list_key(status, True),
                    SCHEDULE,
                ],
                args=[tournament.id, starts, "1" if public else "0", MAX_OPEN_PER_CREATOR],
            )
        )

    def _free_lost_slots(self, creator: str) -> bool:
        """The creator's open entries whose tournament is gone (a create cut
        short before the record was kept) dropped: whether any was."""
        held = [entry.decode() for entry in self._redis.zrange(creator_key(creator), 0, -1)]
        pipe = self._redis.pipeline(transaction=False)
        for tournament_id in held:
            pipe.exists(key(tournament_id, "t"))
        lost = [entry for entry, kept in zip(held, pipe.execute(), strict=True) if not kept]
        if lost:
            self._redis.zrem(creator_key(creator), *lost)
        return bool(lost)

    @STORAGE_ERRORS
    def load(self, tournament_id: str) -> Tournament | None:
        data = self._redis.hget(key(tournament_id, "t"), "d")
        return decode_tournament(data) if data is not None else None

    @STORAGE_ERRORS
    def players(self, tournament_id: str) -> int:
        return int(self._redis.hlen(key(tournament_id, "standings")))

    @STORAGE_ERRORS
    def change_status(self, before: Tournament, after: Tournament) -> bool:
        """`after` stored if `before`'s status is still the stored one (True),
        and listed under its new status; an arena that starts puts its
        players in the pool."""
        tournament_id = after.id
        pooled = after.system is System.ARENA
        starting = before.status is TournamentStatus.UPCOMING
        parts = ("t", "standings", "pool", "withdrawn", "events")
        changed = self._status(
            keys=[key(tournament_id, part) for part in parts],
            args=[
                before.status.value,
                after.status.value,
                encode_tournament(after),
                after.starts_at or 0,
                "1" if pooled else "0",
                after.ends_at if pooled and after.ends_at is not None else 0,
                "1" if starting and after.status is TournamentStatus.RUNNING else "0",
                after.round,
                "1" if after.system is System.SWISS else "0",
            ],
        )
        if not changed:
            return False
        self.relist(before.status, after)
        if after.status is TournamentStatus.FINISHED:
            kept = (
                *("t", "standings", "ranks", "counted", "games", "withdrawn", "playing"),
                *("events", "deals", "legs", "recent", "faults", "paused", "throws"),
            )
            pipe = self._redis.pipeline(transaction=False)
            for part in kept:
                pipe.expire(key(tournament_id, part), FINISHED_TTL_SECONDS)
            pipe.execute()
        return True

    @STORAGE_ERRORS
    def next_round(self, before: Tournament, after: Tournament, now: int) -> bool:
        """A Swiss's next round (`after`), if `before`'s is still the stored
        one: its players in the pool, to pair."""
        keys = [key(after.id, part) for part in ("t", "standings", "pool", "withdrawn", "events")]
        args: list[str | bytes | int] = [before.round, after.round, encode_tournament(after), now]
        return bool(self._round(keys=keys, args=args))

    @STORAGE_ERRORS
    def round_paired(self, tournament_id: str) -> tuple[int | None, str | None]:
        """The last Swiss round paired, and its bye's player (None: none)."""
        paired, bye = self._redis.hmget(key(tournament_id, "t"), ["q", "b"])
        return (int(paired) if paired else None), (bye.decode() if bye else None)

    def relist(self, was: TournamentStatus, tournament: Tournament) -> None:
        status = tournament.status
        order = {
            TournamentStatus.UPCOMING: tournament.starts_at or "inf",
            TournamentStatus.RUNNING: tournament.starts_at or 0,
            TournamentStatus.FINISHED: tournament.ends_at or 0,
        }[status]
        self._index_move(
            keys=[
                list_key(was),
                list_key(status),
                list_key(was, True),
                list_key(status, True),
                creator_key(tournament.created_by),
                SCHEDULE,
            ],
            args=[
                tournament.id,
                order,
                "1" if tournament.visibility is Visibility.PUBLIC else "0",
                "1" if status is TournamentStatus.FINISHED else "0",
                FINISHED_LISTED,
                tournament.starts_at or 0,  # a running one is due from its start
            ],
        )

    @STORAGE_ERRORS
    def listed(
        self, status: TournamentStatus, offset: int, limit: int, public: bool = True
    ) -> list[Tournament]:
        """A page of the tournaments of `status`: upcoming soonest first,
        running and finished newest first. An entry whose tournament is gone
        is dropped."""
        name = list_key(status, public)
        if status is TournamentStatus.UPCOMING:
            ids = self._redis.zrange(name, offset, offset + limit - 1)
        else:
            ids = self._redis.zrevrange(name, offset, offset + limit - 1)
        found = []
        gone = []
        for tournament_id in ids:
            tournament = self.load(tournament_id.decode())
            if tournament is None:
                gone.append(tournament_id)
            else:
                found.append(tournament)
        if gone:
            self._redis.zrem(name, *gone)
        return found

    # ---- a player's losses, as throwing judges them --------------------------------

    @STORAGE_ERRORS
    def throw_figures(self, tournament_id: str, player_id: str) -> ThrowFigures:
        """The player's losses in it so far (tournaments.throwing)."""
        stored = self._redis.hget(key(tournament_id, "throws"), player_id)
        return ThrowFigures(*orjson.loads(stored)) if stored is not None else ThrowFigures()

    @STORAGE_ERRORS
    def keep_throw_figures(self, tournament_id: str, player_id: str, total: ThrowFigures) -> None:
        """The player's losses so far, one more counted (a player plays one
        game at a time)."""
        plain = [total.mattered, total.given, total.expected, total.variance]
        self._redis.hset(key(tournament_id, "throws"), player_id, orjson.dumps(plain))
