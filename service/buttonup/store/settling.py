"""Writes that Redis may have run without answering: each carries a deadline
in Redis's own clock that its script checks, so that once Redis is past it,
a write either is in the game or never will be.

Tested in tests/e2e/test_unconfirmed_writes.py, tests/store/test_games_store.py.
"""

import time
from collections.abc import Sequence

from buttonup.slices import sleep_aside
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
# How long the largest offset of Redis's clock seen stands against lower ones.
OFFSET_HORIZON_MS = 30_000

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
        # Redis's clock minus this process's, in ms (None: not yet seen).
        self.redis_clock_offset_ms: int | None = None
        self._offset_seen_at_ms = 0

    def deadline(self) -> int:
        """Until when, in Redis's clock, a write sent now may run."""
        if self.redis_clock_offset_ms is None:
            seconds, microseconds = _one_time(self._redis.time())
            self._saw_offset(seconds * 1000 + microseconds // 1000 - local_ms())
        assert self.redis_clock_offset_ms is not None
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
        write's own id (`write_id`), then `after` (see `write`)."""
        found_by = (keys[:1], version, write_id)
        return self.write(script, keys, args, [write_id, *after], found_by, Committed.WRITTEN)

    def write(
        self,
        script: LuaScript,
        keys: list[str],
        args: Sequence[str | bytes | int],
        after: Sequence[str | bytes | int],
        found_by: tuple[Sequence[str], int, str | bytes],
        written: int,
    ) -> list:
        """The write script's answer to `args`, this window's deadline, then
        `after`. A write sent and not answered is settled (`settled`, asked
        with `found_by`): [`written`], or [LATE] for never. One Redis refused as
        late (nothing written) is sent once more, with a deadline from the
        clock its refusal showed: a process held up for a moment between its
        deadline and its send (a busy machine) is no reason to fail a request."""

        def send() -> list:
            deadline = self.deadline()
            try:
                return script.write(keys=keys, args=[*args, deadline, *after])
            except Unconfirmed as error:
                settled = self.settled(*found_by, deadline, error)
                return [written if settled else Committed.LATE]

        outcome = send()
        if outcome[0] == Committed.LATE and len(outcome) == 2:  # refused, not lost
            self.saw_redis_clock(outcome)
            outcome = send()
        return outcome

    def saw_redis_clock(self, outcome: Sequence) -> None:
        """A write script's answer carries Redis's clock where it ran."""
        if len(outcome) == 2 and outcome[0] in WITH_REDIS_CLOCK and isinstance(outcome[1], int):
            self._saw_offset(outcome[1] - local_ms())

    def _saw_offset(self, seen_ms: int) -> None:
        """Each offset seen is the true one less however long its answer
        waited to be read, so the largest seen lately is the best: one
        answer read late (a busy process) would otherwise set every
        deadline early, and Redis would refuse writes sent in time. A lower
        one is taken once the largest is OFFSET_HORIZON_MS old, so a clock
        set forward is followed."""
        now = local_ms()
        best = self.redis_clock_offset_ms
        if best is None or seen_ms >= best or now - self._offset_seen_at_ms > OFFSET_HORIZON_MS:
            self.redis_clock_offset_ms = seen_ms
            self._offset_seen_at_ms = now

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
            sleep_aside(wait)  # the request's turn to another meanwhile


def _one_time(answer: tuple | dict) -> tuple[int, int]:
    """TIME's answer; a cluster client's is one per node, any will do."""
    if isinstance(answer, dict):
        answer = next(iter(answer.values()))
    return int(answer[0]), int(answer[1])
