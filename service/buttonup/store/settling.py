"""Writes that Redis may have run without answering: each carries a deadline
in Redis's own clock that its script checks, so that once Redis is past it,
a write either is in the game or never will be.

Tested in tests/e2e/test_unconfirmed_writes.py.
"""

import time
from collections.abc import Sequence

from buttonup.store.connection import REDIS_ERRORS, Client
from buttonup.store.errors import OutcomeUnknown
from buttonup.store.outcomes import WITH_REDIS_CLOCK, Committed
from buttonup.store.scripts import LuaScript, Unconfirmed, lua_source

# How long after it is sent (by Redis's clock) a write may still run: well
# inside the socket timeout (connection.py), so a Redis that answers on time
# never refuses one, and a write whose answer is lost is settled soon after.
WRITE_WINDOW_MS = 500
# How long a request waits, past a lost answer, to learn whether its write ran.
SETTLE_SECONDS = 1.0

_SETTLE = lua_source("settle", "game_parse")


def local_ms() -> int:
    return time.time_ns() // 1_000_000


def commit_numbers(
    expected: int, version: int, game_ttl_ms: int, events_ttl_ms: int, reply_ttl_ms: int
) -> str:
    """commit.lua's numbers, as its one first argument: each argument costs
    the client more to send than the script to read it."""
    return f"{expected} {version} {game_ttl_ms} {events_ttl_ms} {reply_ttl_ms}"


class WriteWindow:
    def __init__(self, client: Client) -> None:
        self._redis = client
        self._settle = LuaScript(client, _SETTLE)
        # Redis's clock minus this process's, in ms, as last seen (None: not yet).
        self.redis_clock_offset_ms: int | None = None

    def deadline(self) -> int:
        """Until when, in Redis's clock, a write sent now may run."""
        if self.redis_clock_offset_ms is None:
            seconds, microseconds = _one_time(self._redis.time())
            self.redis_clock_offset_ms = seconds * 1000 + microseconds // 1000 - local_ms()
        return local_ms() + self.redis_clock_offset_ms + WRITE_WINDOW_MS

    def commit(
        self,
        script: LuaScript,
        keys: list[str],
        args: Sequence[str | bytes | int],
        version: int,
        write_id: str,
        after: Sequence[str | bytes | int] = (),
    ) -> list:
        """commit.lua's answer to `args`, then this window's deadline and the
        write's own id (`write_id`), then `after`; a write sent and not
        answered is settled (`settled`: written, or late and never)."""
        deadline = self.deadline()
        try:
            return script.write(keys=keys, args=[*args, deadline, write_id, *after])
        except Unconfirmed as error:
            settled = self.settled(keys[:1], version, write_id, deadline, error)
            return [Committed.WRITTEN if settled else Committed.LATE]

    def saw_redis_clock(self, outcome: Sequence) -> None:
        """A write script's answer carries Redis's clock where it ran."""
        if len(outcome) == 2 and outcome[0] in WITH_REDIS_CLOCK and isinstance(outcome[1], int):
            self.redis_clock_offset_ms = outcome[1] - local_ms()

    def settled(
        self,
        keys: Sequence[str],
        version: int,
        written: str | bytes,
        deadline: int,
        error: Exception,
    ) -> bool:
        """Whether an unconfirmed write is in the game, asked of Redis until it
        is past the write's deadline: False then means it never will be.
        OutcomeUnknown when Redis does not answer in time."""
        give_up = time.monotonic() + SETTLE_SECONDS
        while True:
            try:
                now, found = self._settle.write(keys=keys, args=[version, written])
            except (Unconfirmed, *REDIS_ERRORS) as again:
                raise OutcomeUnknown(f"{error}; then {again}") from again
            if found == 2:
                raise OutcomeUnknown(f"{error}; the game changed since") from error
            if found:
                return True
            if now > deadline:
                return False
            wait = (deadline - now + 1) / 1000
            if time.monotonic() + wait > give_up:
                raise OutcomeUnknown(str(error)) from error
            time.sleep(wait)


def _one_time(answer: tuple | dict) -> tuple[int, int]:
    """TIME's answer; a cluster client's is one per node, any will do."""
    if isinstance(answer, dict):
        answer = next(iter(answer.values()))
    return int(answer[0]), int(answer[1])
