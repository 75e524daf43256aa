"""What a counted game does to its players, decided from what its count
read (pure: `now` passed in); the store writes it at once with the
standings, if nothing it was decided from changed (result.lua compares
each value read, then stores).

- A player who ended the game unplayed (never made their first move, or
  called it off) is withdrawn, and from their second such game in the
  tournament paused before they may join again: PAUSE_STEP_MS, doubling
  with each more, at most PAUSE_MAX_MS.
- Each player is free for another game (no longer playing this one), and
  back in the pool while the tournament pairs from one (an arena whose time
  runs), unless they withdrew or play another game already.
- A game with a second leg (a par-scored pairing's, seats swapped) keeps
  its players for it: the second is due now, for the next pairing pass to
  make, unless a player never showed (then it is dropped).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from buttonup.tournaments.model import (
    PAUSE_MAX_MS,
    PAUSE_STEP_MS,
    GameResult,
    TournamentStatus,
)

RUNNING = TournamentStatus.RUNNING.value


@dataclass(frozen=True, slots=True)
class Seen:
    """What a game's count read of its tournament, as stored (None: not
    there): the tournament's status, whether it pairs from a pool ("1"), the
    end of its time (ms), its round; for each of the game's players (first,
    then second), the game they play now and whether they withdrew; each
    player who ended it unplayed's such games so far; the game's second leg."""

    status: str | None
    pools: str | None
    ends_at: str | None
    round: str | None
    playing: Mapping[str, str | None]
    withdrawn: Mapping[str, bool]
    faults: Mapping[str, str | None] = field(default_factory=dict)
    second_leg: str | None = None


@dataclass(frozen=True, slots=True)
class SecondLeg:
    """A second leg due now: its game, and who plays first in it."""

    game_id: str
    first: str
    second: str


@dataclass(frozen=True, slots=True)
class Freed:
    """What the count writes beside the standings."""

    withdrawn: tuple[str, ...] = ()  # ended it unplayed: out of the pool
    faults: Mapping[str, int] = field(default_factory=dict)  # their such games now
    paused_until: Mapping[str, int] = field(default_factory=dict)  # ms
    freed: tuple[str, ...] = ()  # no longer playing this game
    pooled: tuple[str, ...] = ()  # back in the pool from now
    second_leg: SecondLeg | None = None  # seated, due now
    dropped_leg: str | None = None  # the second leg's pending pairing let go


def pause_ms(faults: int) -> int:
    """How long a player is paused after their `faults`-th game ended unplayed."""
    if faults < 2:
        return 0
    return min(PAUSE_MAX_MS, PAUSE_STEP_MS * 2 ** (faults - 2))


def players_of(result: GameResult) -> tuple[str, ...]:
    return (result.first,) if result.bye else (result.first, result.second)


def no_shows_of(result: GameResult, unplayed_by: Sequence[str]) -> tuple[str, ...]:
    """Those of the game's players who ended it unplayed."""
    players = players_of(result)
    return tuple(player for player in unplayed_by if player in players)


def freed(result: GameResult, seen: Seen, unplayed_by: Sequence[str], now: int) -> Freed:
    """What the counted `result` does to its players (the module's rules)."""
    players = players_of(result)
    no_shows = no_shows_of(result, unplayed_by)
    faults = {player: int(seen.faults.get(player) or 0) + 1 for player in no_shows}
    paused = {player: now + pause_ms(count) for player, count in faults.items() if count >= 2}
    leg = dropped = None
    if seen.second_leg is not None:
        if no_shows:
            dropped = seen.second_leg
        else:  # seats swapped
            leg = SecondLeg(seen.second_leg, result.second, result.first)
    pools = seen.status == RUNNING and seen.pools == "1" and int(seen.ends_at or 0) > now
    free = tuple(player for player in players if seen.playing.get(player) == result.game_id)
    pooled: tuple[str, ...] = ()
    if pools and leg is None:
        pooled = tuple(
            player
            for player in players
            if player not in no_shows
            and not seen.withdrawn.get(player)
            and seen.playing.get(player) in (None, result.game_id)
        )
    return Freed(
        withdrawn=no_shows,
        faults=faults,
        paused_until=paused,
        freed=free,
        pooled=pooled,
        second_leg=leg,
        dropped_leg=dropped,
    )
