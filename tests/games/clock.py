"""A clock for the use cases' tests: a second later at every reading; and
the time control their timed games use."""

from buttonup.engine.clock import ClockSettings, ClockType

BLITZ = ClockSettings(ClockType.FISCHER, initial_seconds=180, increment_seconds=2)


class Clock:
    def __init__(self) -> None:
        self.now = 1_767_225_600_000  # 2026-01-01T00:00:00Z

    def __call__(self) -> int:
        self.now += 1000
        return self.now
