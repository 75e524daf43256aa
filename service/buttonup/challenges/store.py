"""Challenges in Redis, every key on one slot (`{challenges}`), so that each
change is one script whichever process runs it:

- each challenge as JSON, kept LINGER_MS past its end (its answer read
  back), changed only by a compare-and-set of the JSON read (change.lua),
  so that two answers at once never both apply;
- each player's pending challenges, made and received, by when they were
  made (bounded as they are made: make.lua);
- when each pending one lapses (`due`), and the real-time ones by maker
  (`live`, members "<maker> <id>"), which lapse once the maker's stream is
  not heard;
- whose stream is open: each process marks the players whose stream it
  holds every MARK_SECONDS (`online`); a mark older than STREAM_GRACE_MS
  is a stream closed (or a process gone);
- the accepted ones whose game is not made yet (`unmade`), which the sweep
  makes if the process that accepted died first;
- whom each player blocks.

Tested in tests/challenges/test_store.py.
"""

from collections.abc import Iterable, Sequence
from enum import StrEnum

import orjson

from buttonup.challenges.model import (
    DAY_MS,
    STREAM_GRACE_MS,
    Accepts,
    Challenge,
    ChallengeStatus,
    DeclineReason,
)
from buttonup.kit import STORAGE_ERRORS, Category, Client, Color, LuaScript, Options, lua_source

PACKAGE = "buttonup.challenges"
PREFIX = "buttonup:{challenges}"
DUE_KEY = f"{PREFIX}:due"
LIVE_KEY = f"{PREFIX}:live"
ONLINE_KEY = f"{PREFIX}:online"
UNMADE_KEY = f"{PREFIX}:unmade"
# An answered challenge is read back this long.
LINGER_MS = DAY_MS
MARK_SECONDS = 2.0
# A stream closed cleanly: its maker's real-time challenges stand this much
# longer (a reconnect), unless another process's stream marks them again.
CLOSED_GRACE_MS = 5000
MAX_BLOCKS = 1000
# What a player accepts is kept this long after it last said.
ACCEPTS_MS = 365 * DAY_MS
_MAKE = lua_source("make", package=PACKAGE)
_BLOCK = lua_source("block", package=PACKAGE)
_CHANGE = lua_source("change", package=PACKAGE)
_UNHEARD = lua_source("unheard", package=PACKAGE)


def challenge_key(challenge_id: str) -> str:
    return f"{PREFIX}:c:{challenge_id}"


def out_key(player_id: str) -> str:
    return f"{PREFIX}:out:{player_id}"


def in_key(player_id: str) -> str:
    return f"{PREFIX}:in:{player_id}"


def accepts_key(player_id: str) -> str:
    return f"{PREFIX}:accepts:{player_id}"


def blocks_key(player_id: str) -> str:
    return f"{PREFIX}:blocks:{player_id}"


class Made(StrEnum):
    MADE = "made"
    BLOCKED = "blocked"  # the invitee blocks the maker: stored declined
    FULL = "full"  # the maker has MAX_PENDING pending: nothing stored
    NOT_LISTENING = "not_listening"  # a real-time one, its maker's stream not open


def encode_challenge(challenge: Challenge) -> bytes:
    return orjson.dumps(
        {
            "i": challenge.id,
            "m": challenge.maker,
            "t": challenge.to,
            "c": Options(clock=challenge.clock).to_plain().get("clock"),
            "r": challenge.rated,
            "o": challenge.color.value if challenge.color else "",
            "s": challenge.target_score,
            "p": challenge.position,
            "x": challenge.message,
            "a": challenge.created_at,
            "e": challenge.expires_at,
            "g": challenge.game_id,
            "S": challenge.status.value,
            "d": challenge.decline_reason.value if challenge.decline_reason else "",
            "n": list(challenge.named),
            "k": list(challenge.takers),
            "mn": challenge.maker_name,
            "tn": challenge.to_name,
        }
    )


def decode_challenge(data: bytes) -> Challenge:
    plain = orjson.loads(data)
    return Challenge(
        id=plain["i"],
        maker=plain["m"],
        to=plain["t"],
        clock=Options.from_plain({"clock": plain["c"]}).clock,
        rated=plain["r"],
        color=Color(plain["o"]) if plain["o"] else None,
        target_score=plain["s"],
        position=plain["p"],
        message=plain["x"],
        created_at=plain["a"],
        expires_at=plain["e"],
        game_id=plain["g"],
        status=ChallengeStatus(plain["S"]),
        decline_reason=DeclineReason(plain["d"]) if plain["d"] else None,
        named=tuple(plain["n"]),
        takers=tuple(plain["k"]),
        maker_name=plain["mn"],
        to_name=plain["tn"],
    )


class ChallengeBoard:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client) -> None:
        self._redis = client
        self._make = LuaScript(client, _MAKE)
        self._change = LuaScript(client, _CHANGE)
        self._unheard = LuaScript(client, _UNHEARD)
        self._block = LuaScript(client, _BLOCK)

    @STORAGE_ERRORS
    def make(self, challenge: Challenge, declined: Challenge, most: int, now: int) -> Made:
        """`challenge` stored and listed, unless its maker has `most` pending
        or (a real-time one) no stream heard; `declined` stored instead when
        the invitee blocks the maker."""
        told = challenge.told()
        blocks = blocks_key(challenge.to) if challenge.to is not None else f"{PREFIX}:blocks:-"
        keys = [
            challenge_key(challenge.id),
            out_key(challenge.maker),
            DUE_KEY,
            LIVE_KEY,
            ONLINE_KEY,
            blocks,
            *(in_key(player_id) for player_id in told),
        ]
        args: list[str | int | bytes] = [
            challenge.id,
            encode_challenge(challenge),
            encode_challenge(declined),
            challenge.created_at,
            challenge.expires_at,
            most,
            "1" if challenge.live else "0",
            challenge.maker,
            now - STREAM_GRACE_MS,
            max(1, challenge.expires_at - now) + LINGER_MS,
        ]
        return Made(self._make(keys=keys, args=args).decode())

    @STORAGE_ERRORS
    def load(self, challenge_id: str) -> tuple[Challenge, bytes] | None:
        """The challenge, and its JSON as stored (what a change compares)."""
        data = self._redis.get(challenge_key(challenge_id))
        return None if data is None else (decode_challenge(data), data)

    @STORAGE_ERRORS
    def load_many(self, challenge_ids: Sequence[str]) -> list[Challenge]:
        """These challenges (those gone left out), in one round trip."""
        if not challenge_ids:
            return []
        found = self._redis.mget([challenge_key(i) for i in challenge_ids])
        return [decode_challenge(data) for data in found if data is not None]

    @STORAGE_ERRORS
    def change(self, read: bytes, after: Challenge, now: int) -> bool:
        """`after` stored if the challenge is still as `read`; its lists
        left once it is no longer pending. False: it changed since."""
        keys = [
            challenge_key(after.id),
            out_key(after.maker),
            DUE_KEY,
            LIVE_KEY,
            UNMADE_KEY,
            *(in_key(player_id) for player_id in after.told()),
        ]
        accepted = after.status is ChallengeStatus.ACCEPTED
        ttl = LINGER_MS if not after.pending else max(1, after.expires_at - now) + LINGER_MS
        args: list[str | int | bytes] = [
            after.id,
            read,
            encode_challenge(after),
            "1" if after.pending else "0",
            "1" if accepted else "0",
            now,
            ttl,
            after.maker,
        ]
        return bool(self._change(keys=keys, args=args))

    @STORAGE_ERRORS
    def pending_of(self, player_id: str, limit: int) -> tuple[list[str], list[str]]:
        """The ids of the player's pending challenges, received and made,
        oldest first (at most `limit` of each)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zrange(in_key(player_id), 0, limit - 1)
        pipe.zrange(out_key(player_id), 0, limit - 1)
        received, made = pipe.execute()
        return [i.decode() for i in received], [i.decode() for i in made]

    # ---- lapses -----------------------------------------------------------------

    @STORAGE_ERRORS
    def due(self, now: int, count: int) -> list[str]:
        """Pending challenges past their time, at most `count`."""
        found = self._redis.zrangebyscore(DUE_KEY, "-inf", now, start=0, num=count)
        return [i.decode() for i in found]

    @STORAGE_ERRORS
    def unheard(self, now: int, count: int) -> list[str]:
        """The real-time challenges of makers whose stream has not been heard
        for STREAM_GRACE_MS (at most `count` makers a call, each taken off
        the marks)."""
        found = self._unheard(keys=[ONLINE_KEY, LIVE_KEY], args=[now - STREAM_GRACE_MS, count])
        return [found[i + 1].decode() for i in range(0, len(found), 2)]

    @STORAGE_ERRORS
    def heard(self, player_id: str, now: int) -> bool:
        """Whether the player's stream was heard in the last STREAM_GRACE_MS."""
        mark = self._redis.zscore(ONLINE_KEY, player_id)
        return mark is not None and mark >= now - STREAM_GRACE_MS

    @STORAGE_ERRORS
    def mark(self, player_ids: Iterable[str], now: int) -> None:
        marks = dict.fromkeys(player_ids, now)
        if marks:
            self._redis.zadd(ONLINE_KEY, marks)

    @STORAGE_ERRORS
    def closed(self, player_id: str, now: int) -> None:
        """The player's last stream here closed: unheard CLOSED_GRACE_MS from
        now, unless another process's stream marks them again (within
        MARK_SECONDS)."""
        mark = now - STREAM_GRACE_MS + CLOSED_GRACE_MS
        self._redis.zadd(ONLINE_KEY, {player_id: mark}, xx=True)

    # ---- games to make ----------------------------------------------------------

    @STORAGE_ERRORS
    def unmade(self, before: int, count: int) -> list[str]:
        """Accepted challenges whose game was not made by `before`."""
        found = self._redis.zrangebyscore(UNMADE_KEY, "-inf", before, start=0, num=count)
        return [i.decode() for i in found]

    @STORAGE_ERRORS
    def made(self, challenge_id: str) -> None:
        self._redis.zrem(UNMADE_KEY, challenge_id)

    # ---- what a player accepts ----------------------------------------------------

    @STORAGE_ERRORS
    def accepts(self, player_id: str) -> Accepts:
        """What the player said it accepts (everything, until it says)."""
        stored = self._redis.get(accepts_key(player_id))
        if stored is None:
            return Accepts()
        plain = orjson.loads(stored)
        return Accepts(
            frozenset(Category(c) for c in plain["c"]), plain["r"], plain["u"], plain["p"]
        )

    @STORAGE_ERRORS
    def keep_accepts(self, player_id: str, accepts: Accepts) -> None:
        plain = {
            "c": sorted(accepts.categories),
            "r": accepts.rated,
            "u": accepts.casual,
            "p": accepts.positions,
        }
        self._redis.set(accepts_key(player_id), orjson.dumps(plain), px=ACCEPTS_MS)

    @STORAGE_ERRORS
    def keep_answered(self, challenge: Challenge) -> None:
        """A challenge answered as it was made (declined at once): kept to be
        read back, listed nowhere."""
        self._redis.set(challenge_key(challenge.id), encode_challenge(challenge), px=LINGER_MS)

    # ---- blocks -----------------------------------------------------------------

    @STORAGE_ERRORS
    def block(self, player_id: str, blocked: str) -> bool:
        """Whether the block holds (False: the player blocks MAX_BLOCKS already)."""
        return bool(self._block(keys=[blocks_key(player_id)], args=[blocked, MAX_BLOCKS]))

    @STORAGE_ERRORS
    def unblock(self, player_id: str, blocked: str) -> None:
        self._redis.srem(blocks_key(player_id), blocked)

    @STORAGE_ERRORS
    def blocked_by(self, player_id: str) -> list[str]:
        return sorted(member.decode() for member in self._redis.smembers(blocks_key(player_id)))
