"""A game's end counted in Redis: what its count reads in one round trip
(its players' standings, and what tournaments.freeing decides from), and
the decision stored once, atomically, if nothing read has changed since
(result.lua: a compare of each value read, then the writes).

Tested in tests/tournaments/test_store.py, tests/tournaments/test_service.py.
"""

from collections.abc import Sequence

import orjson

from buttonup.kit import STORAGE_ERRORS, Client, LuaScript, lua_source
from buttonup.tournaments.freeing import Freed, Seen, no_shows_of, players_of
from buttonup.tournaments.model import GameResult, Standing, Tournament
from buttonup.tournaments.store import (
    EVENTS_KEPT,
    PACKAGE,
    TOP_SHOWN,
    decode_standing,
    encode_result,
    encode_standing,
    key,
)

_RESULT = lua_source(
    "result", "tournament_lib", package=PACKAGE, EVENTS_KEPT=EVENTS_KEPT, TOP_SHOWN=TOP_SHOWN
)
# The keys result.lua is given, in its order (its KEYS), and each's number there.
_PARTS = (
    *("t", "standings", "ranks", "counted", "pool", "playing", "withdrawn", "events"),
    *("legs", "pending", "pending-due", "games", "faults", "paused"),
)
_AT = {part: number for number, part in enumerate(_PARTS, start=1)}


def _told(result: GameResult, points: dict[str, int]) -> tuple[str, str]:
    """A counted result's event, name then data: a game's `result`, or a
    round's `bye` (no game: its round, its player)."""
    if result.bye:
        data = {"round": result.bye_round, "player_id": result.first, "points": points}
        return "bye", orjson.dumps(data).decode()
    data = {"game_id": result.game_id, "winner": result.winner, "points": points}
    return "result", orjson.dumps(data).decode()


def _text(value: bytes | None) -> str | None:
    return value.decode() if value is not None else None


def _seen_values(seen: Seen, result: GameResult) -> list[list[object]]:
    """What the decision was made from, for result.lua to compare (false:
    a hash's field absent)."""
    found: list[list[object]] = [
        ["h", _AT["t"], field, value if value is not None else False]
        for field, value in (
            ("s", seen.status),
            ("p", seen.pools),
            ("e", seen.ends_at),
            ("q", seen.round),
        )
    ]
    found.append(["h", _AT["legs"], result.game_id, seen.second_leg or False])
    for player in players_of(result):
        found.append(["h", _AT["playing"], player, seen.playing.get(player) or False])
        found.append(["s", _AT["withdrawn"], player, bool(seen.withdrawn.get(player))])
    for player, faults in seen.faults.items():
        found.append(["h", _AT["faults"], player, faults if faults is not None else False])
    return found


def _writes(result: GameResult, freed: Freed, now: int) -> list[list[object]]:
    """The decision as result.lua's writes, in order."""
    writes: list[list[object]] = []
    for player in freed.withdrawn:
        writes.append(["sadd", _AT["withdrawn"], player])
    writes += [["hset", _AT["faults"], p, str(n)] for p, n in freed.faults.items()]
    writes += [["hset", _AT["paused"], p, str(at)] for p, at in freed.paused_until.items()]
    writes += [["hdel", _AT["playing"], player] for player in freed.freed]
    writes += [["zadd", _AT["pool"], str(now), player] for player in freed.pooled]
    if freed.second_leg is not None or freed.dropped_leg is not None:
        writes.append(["hdel", _AT["legs"], result.game_id])
    if freed.dropped_leg is not None:
        writes.append(["hdel", _AT["pending"], freed.dropped_leg])
    leg = freed.second_leg
    if leg is not None:
        writes += [
            ["hset", _AT["playing"], player, leg.game_id] for player in (leg.first, leg.second)
        ]
        writes.append(["zadd", _AT["pending-due"], str(now), leg.game_id])
        writes.append(["zadd", _AT["games"], str(now), leg.game_id])
    return writes


class TournamentResults:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client) -> None:
        self._redis = client
        self._result = LuaScript(client, _RESULT)

    @STORAGE_ERRORS
    def read(
        self, tournament_id: str, result: GameResult, unplayed_by: Sequence[str]
    ) -> tuple[dict[str, Standing | None], Seen]:
        """The players' standings (None: not in it) and what the count
        decides from, in one round trip."""
        players = list(players_of(result))
        no_shows = list(no_shows_of(result, unplayed_by))
        pipe = self._redis.pipeline(transaction=False)
        pipe.hmget(key(tournament_id, "standings"), players)
        pipe.hmget(key(tournament_id, "t"), ["s", "p", "e", "q"])
        pipe.hmget(key(tournament_id, "playing"), players)
        pipe.smismember(key(tournament_id, "withdrawn"), players)
        pipe.hget(key(tournament_id, "legs"), result.game_id)
        if no_shows:
            pipe.hmget(key(tournament_id, "faults"), no_shows)
        standings, fields, playing, withdrawn, leg, *faults = pipe.execute()
        status, pools, ends_at, round_number = (_text(value) for value in fields)
        seen = Seen(
            status=status,
            pools=pools,
            ends_at=ends_at,
            round=round_number,
            playing={p: _text(game) for p, game in zip(players, playing, strict=True)},
            withdrawn={p: bool(out) for p, out in zip(players, withdrawn, strict=True)},
            faults={p: _text(n) for p, n in zip(no_shows, faults[0], strict=True)}
            if faults
            else {},
            second_leg=_text(leg),
        )
        return {
            player: decode_standing(data) if data is not None else None
            for player, data in zip(players, standings, strict=True)
        }, seen

    @STORAGE_ERRORS
    def count(
        self,
        tournament: Tournament,
        result: GameResult,
        now: int,
        seen: Seen,
        freed: Freed,
        read: Sequence[Standing] = (),
        after: Sequence[Standing] = (),
        points: dict[str, int] | None = None,
    ) -> int:
        """result.lua's answer: 1 counted now, 0 counted before, -1 anything
        read (`seen`, a standing of `read`) changed since (read again)."""
        told = [list(_told(result, points or {}))]  # a second leg's pairing: once made
        decided = {
            "seen": _seen_values(seen, result),
            "writes": _writes(result, freed, now),
            "told": told,
        }
        args: list[str | bytes | int] = [
            result.game_id,
            encode_result(result),
            orjson.dumps(decided),
        ]
        for before, standing in zip(read, after, strict=True):
            args += [
                standing.player_id,
                encode_standing(before),
                encode_standing(standing),
                standing.rank_key(tournament.system),
            ]
        keys = [key(tournament.id, part) for part in _PARTS]
        return int(self._result(keys=keys, args=args))  # idempotent: a retry is safe
