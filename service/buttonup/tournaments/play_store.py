"""What happens inside one tournament, in Redis (tournaments.store names
its keys, all on the tournament's one slot): its players joining and
withdrawing, their standings and ranks, its pool paired under a lease, its
pairings pending until their games are made, and each game's end counted
once (tournaments.result_store).

Tested in tests/tournaments/test_store.py, tests/tournaments/test_service.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

import orjson

from buttonup.kit import STORAGE_ERRORS, Client, LuaScript, lua_source
from buttonup.tournaments.arena import REMEET_MS
from buttonup.tournaments.model import (
    GameResult,
    Standing,
    System,
    Tournament,
)
from buttonup.tournaments.store import (
    EVENTS_KEPT,
    PACKAGE,
    decode_result,
    decode_standing,
    encode_standing,
    key,
)

_LIB = "tournament_lib"  # what the scripts share: telling an event, filling the pool
_JOIN = lua_source("join", _LIB, package=PACKAGE, EVENTS_KEPT=EVENTS_KEPT)
_WITHDRAW = lua_source("withdraw", _LIB, package=PACKAGE, EVENTS_KEPT=EVENTS_KEPT)
_PAIR = lua_source("pair", _LIB, package=PACKAGE, EVENTS_KEPT=EVENTS_KEPT, REMEET_MS=REMEET_MS)
_SET_STANDINGS = lua_source("set_standings", package=PACKAGE)
_MADE = lua_source("made", _LIB, package=PACKAGE, EVENTS_KEPT=EVENTS_KEPT)
# The keys each script is given, in its order (its KEYS).
_JOIN_PARTS = ("t", "standings", "ranks", "pool", "withdrawn", "playing", "events", "paused")


class Joined(IntEnum):
    """join.lua's answer."""

    CLOSED = 0  # finished, or gone
    JOINED = 1
    BACK = 2  # a withdrawn player resumes
    IN_ALREADY = 3
    FULL = 4
    PAUSED = 5  # ended games unplayed: back once the pause is over


class Withdrawn(IntEnum):
    """withdraw.lua's answer."""

    NOT_IN = 0
    LEFT = 1  # of an upcoming tournament: gone from it
    PAUSED = 2  # of a running one: out of the pool, the standing kept


@dataclass(frozen=True, slots=True)
class Pending:
    """A pairing made whose game is not made yet: who plays first; `after`:
    the game it follows (a par-scored pairing's second game, made once the
    first is counted)."""

    game_id: str
    first: str
    second: str
    after: str | None = None


def _keys(tournament_id: str, *parts: str) -> list[str]:
    return [key(tournament_id, part) for part in parts]


def _met_since(stored: bytes | None, since: int) -> frozenset[str]:
    if stored is None:
        return frozenset()
    return frozenset(opponent for opponent, at in orjson.loads(stored).items() if at >= since)


def _text(number: int | None) -> str:
    return str(number) if number is not None else ""


class TournamentPlay:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client) -> None:
        self._redis = client
        self._join = LuaScript(client, _JOIN)
        self._withdraw = LuaScript(client, _WITHDRAW)
        self._pair = LuaScript(client, _PAIR)
        self._set_standings = LuaScript(client, _SET_STANDINGS)
        self._made = LuaScript(client, _MADE)

    # ---- players ----------------------------------------------------------------

    @STORAGE_ERRORS
    def join(self, tournament: Tournament, standing: Standing, now: int) -> Joined:
        return Joined(
            self._join(
                keys=_keys(tournament.id, *_JOIN_PARTS),
                args=[
                    standing.player_id,
                    encode_standing(standing),
                    standing.rank_key(tournament.system),
                    now,
                    tournament.max_players,
                    "1" if tournament.system is System.ARENA else "0",
                ],
            )
        )

    @STORAGE_ERRORS
    def paused_until(self, tournament_id: str, player_id: str) -> int:
        """When a paused player's pause is over (0: none)."""
        return int(self._redis.hget(key(tournament_id, "paused"), player_id) or 0)

    @STORAGE_ERRORS
    def withdraw(self, tournament_id: str, player_id: str) -> Withdrawn:
        parts = ("t", "standings", "ranks", "pool", "withdrawn", "events")
        return Withdrawn(self._withdraw(keys=_keys(tournament_id, *parts), args=[player_id]))

    @STORAGE_ERRORS
    def standing(self, tournament_id: str, player_id: str) -> Standing | None:
        data = self._redis.hget(key(tournament_id, "standings"), player_id)
        return decode_standing(data) if data is not None else None

    @STORAGE_ERRORS
    def standings_of(
        self, tournament_id: str, player_ids: Sequence[str]
    ) -> dict[str, Standing | None]:
        """These players' standings, in one read (None: not in it)."""
        if not player_ids:
            return {}
        found = self._redis.hmget(key(tournament_id, "standings"), list(player_ids))
        return {
            player_id: decode_standing(data) if data is not None else None
            for player_id, data in zip(player_ids, found, strict=True)
        }

    @STORAGE_ERRORS
    def standings_page(self, tournament_id: str, offset: int, limit: int) -> list[Standing]:
        """Players ranked `offset` + 1 on, best first: one range and one read."""
        ids = self._redis.zrevrange(key(tournament_id, "ranks"), offset, offset + limit - 1)
        if not ids:
            return []
        pipe = self._redis.pipeline(transaction=False)
        pipe.hmget(key(tournament_id, "standings"), ids)
        pipe.smismember(key(tournament_id, "withdrawn"), ids)
        found, withdrawn = pipe.execute()
        return [
            decode_standing(data, bool(out))
            for data, out in zip(found, withdrawn, strict=True)
            if data is not None
        ]

    @STORAGE_ERRORS
    def all_standings(self, tournament_id: str) -> dict[str, Standing]:
        found = self._redis.hgetall(key(tournament_id, "standings"))
        return {player_id.decode(): decode_standing(data) for player_id, data in found.items()}

    # ---- pairing ----------------------------------------------------------------

    @STORAGE_ERRORS
    def lease(self, tournament_id: str, owner: str, ms: int) -> bool:
        """Whether `owner` pairs the tournament for the next `ms`."""
        return bool(self._redis.set(key(tournament_id, "lease"), owner, nx=True, px=ms))

    @STORAGE_ERRORS
    def release(self, tournament_id: str, owner: str) -> None:
        lease = key(tournament_id, "lease")
        if self._redis.get(lease) == owner.encode():
            self._redis.delete(lease)

    @STORAGE_ERRORS
    def pool(
        self, tournament_id: str, count: int, now: int = 0
    ) -> list[tuple[Standing, int, frozenset[str]]]:
        """The players waiting longest (at most `count`), each with their
        rank and whom they met in the REMEET_MS before `now`."""
        ids = self._redis.zrange(key(tournament_id, "pool"), 0, count - 1)
        if not ids:
            return []
        pipe = self._redis.pipeline(transaction=False)
        pipe.hmget(key(tournament_id, "standings"), ids)
        pipe.hmget(key(tournament_id, "recent"), ids)
        for player_id in ids:
            pipe.zrevrank(key(tournament_id, "ranks"), player_id)
        found, recent, *ranks = pipe.execute()
        since = now - REMEET_MS
        return [
            (decode_standing(data), rank, _met_since(met, since))
            for data, met, rank in zip(found, recent, ranks, strict=True)
            if data is not None and rank is not None
        ]

    @STORAGE_ERRORS
    def pair(
        self,
        tournament_id: str,
        games: Sequence[Pending],
        now: int,
        due: int,
        round_number: int | None = None,
        bye: str | None = None,
        deals: int | None = None,
    ) -> list[str]:
        """Each game whose players are both still waiting is kept pending,
        its players out of the pool: the ids of those (a game that follows
        another is kept for later, and not among them). A Swiss round
        (`round_number`, with its `bye` and the seed of its `deals`) is
        paired once: nothing when it was."""
        marker = str(round_number) if round_number is not None else ""
        args: list[str | bytes | int] = [now, due, marker, bye or "", _text(deals)]
        for game in games:
            record = orjson.dumps([game.first, game.second, round_number])
            args += [game.game_id, game.first, game.second, record, game.after or ""]
        parts = ("pool", "playing", "pending", "pending-due", "games", "t", "events")
        keys = _keys(tournament_id, *parts, "deals", "legs", "recent")
        return [game_id.decode() for game_id in self._pair(keys=keys, args=args)]

    @STORAGE_ERRORS
    def all_deals(self, tournament_id: str) -> list[int]:
        """The seeds of every par-scored round paired so far."""
        return [int(seed) for seed in self._redis.hvals(key(tournament_id, "deals"))]

    @STORAGE_ERRORS
    def reached(self, tournament_id: str, digest: str, keep_ms: int) -> None:
        """A position one of its games reached (tournaments.sealing), to let
        go when it ends."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.sadd(key(tournament_id, "reached"), digest)
        pipe.pexpire(key(tournament_id, "reached"), keep_ms)
        pipe.execute()

    @STORAGE_ERRORS
    def reached_page(self, tournament_id: str, cursor: int, count: int) -> tuple[int, list[str]]:
        """Some of the positions its games reached, from `cursor` (0 first;
        the cursor answered is 0 after the last)."""
        cursor, found = self._redis.sscan(key(tournament_id, "reached"), cursor, count=count)
        return int(cursor), [digest.decode() for digest in found]

    @STORAGE_ERRORS
    def forget_reached(self, tournament_id: str) -> None:
        self._redis.delete(key(tournament_id, "reached"))

    @STORAGE_ERRORS
    def deals(self, tournament_id: str, round_number: int) -> int | None:
        """The seed a par-scored round's deals come from (None: none kept)."""
        seed = self._redis.hget(key(tournament_id, "deals"), str(round_number))
        return int(seed) if seed is not None else None

    @STORAGE_ERRORS
    def overdue_pairings(self, tournament_id: str, up_to: int, count: int) -> list[Pending]:
        ids = self._redis.zrangebyscore(key(tournament_id, "pending-due"), "-inf", up_to, 0, count)
        if not ids:
            return []
        records = self._redis.hmget(key(tournament_id, "pending"), ids)
        found = []
        for game_id, record in zip(ids, records, strict=True):
            if record is not None:
                first, second, *_ = orjson.loads(record)  # and its round
                found.append(Pending(game_id.decode(), first, second))
        return found

    @STORAGE_ERRORS
    def backlog(self, tournament_id: str) -> tuple[int, int | None]:
        """The players in its pool, and when its first pending pairing is
        overdue (None: none pending)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zcard(key(tournament_id, "pool"))
        pipe.zrange(key(tournament_id, "pending-due"), 0, 0, withscores=True)
        waiting, first = pipe.execute()
        return int(waiting), (int(first[0][1]) if first else None)

    @STORAGE_ERRORS
    def made(self, tournament_id: str, game_ids: Sequence[str]) -> None:
        """The pending pairings whose games are made, let go and told as
        pairings (once each: their games can be read now)."""
        if game_ids:
            self._made(keys=_keys(tournament_id, "pending", "pending-due", "events"), args=game_ids)

    @STORAGE_ERRORS
    def in_play(self, tournament_id: str) -> int:
        """The players in a game not yet counted (pending ones included)."""
        return int(self._redis.hlen(key(tournament_id, "playing")))

    @STORAGE_ERRORS
    def games_page(
        self, tournament_id: str, offset: int, limit: int, oldest_first: bool = False
    ) -> list[str]:
        """Its games' ids, newest first (or oldest first)."""
        name, stop = key(tournament_id, "games"), offset + limit - 1
        if oldest_first:
            ids = self._redis.zrange(name, offset, stop)
        else:
            ids = self._redis.zrevrange(name, offset, stop)
        return [game_id.decode() for game_id in ids]

    # ---- results ------------------------------------------------------------

    @STORAGE_ERRORS
    def last_event(self, tournament_id: str) -> str:
        """The id of its latest event ("0-0": none yet): where a stream opened
        now starts."""
        last = self._redis.xrevrange(key(tournament_id, "events"), count=1)
        return last[0][0].decode() if last else "0-0"

    @STORAGE_ERRORS
    def set_standings(self, tournament: Tournament, standings: Sequence[Standing]) -> None:
        """Standings written at once (a Swiss round's tie-breaks)."""
        args: list[str | bytes | int] = []
        for standing in standings:
            args += [
                standing.player_id,
                encode_standing(standing),
                standing.rank_key(tournament.system),
            ]
        if args:
            self._set_standings(keys=_keys(tournament.id, "standings", "ranks"), args=args)

    @STORAGE_ERRORS
    def withdrawn(self, tournament_id: str) -> set[str]:
        return {
            player_id.decode()
            for player_id in self._redis.smembers(key(tournament_id, "withdrawn"))
        }

    @STORAGE_ERRORS
    def results(self, tournament_id: str) -> dict[str, GameResult]:
        found = self._redis.hgetall(key(tournament_id, "counted"))
        return {
            game_id.decode(): decode_result(game_id.decode(), data)
            for game_id, data in found.items()
        }
