"""Whole games for the notation's tests: played by the engine's bots in
human seats (so that every ending can happen), each with its every version
and move, to write down and read back."""

import random
from dataclasses import dataclass

from buttonup.engine import (
    PLAYERS,
    Abort,
    BotLevel,
    Claim,
    Color,
    Join,
    Match,
    Options,
    Play,
    Resign,
    TimeOut,
)
from buttonup.engine.bots import choose_move
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.events import Moved
from buttonup.engine.options import EndReason

T0 = 1_767_225_600_000 + 3_600_000 * 13  # 2026-01-01, 13:00 UTC
ENDINGS = list(EndReason)


@dataclass
class Played:
    matches: list[Match]  # every version, oldest first
    moves: list[Moved]

    @property
    def final(self) -> Match:
        return self.matches[-1]


def play_game(seed: int, ending: EndReason | None = None, start: Match | None = None) -> Played:
    """A game from its start (or `start`) to `ending` (None: left in play),
    each seat's moves chosen by a bot of a level drawn from `seed`."""
    rng = random.Random(seed)
    levels = {color: rng.choice(list(BotLevel)) for color in PLAYERS}
    clock = ClockSettings(ClockType.FISCHER, 60, 2) if rng.random() < 0.5 else None
    if ending is EndReason.TIMEOUT and clock is None:
        clock = ClockSettings(ClockType.PER_MOVE, seconds=30)
    options = Options(
        target_score=rng.choice([1, 5, 15]),
        seed=rng.randrange(2**40) if rng.random() < 0.5 else None,
        first_player=rng.choice([None, *PLAYERS]),
        clock=clock,
    )
    match = start or Match.new(f"g{seed}", options, T0, seed=rng.randrange(2**64))
    now = match.updated_at
    played = Played([match], [])

    def apply(action) -> None:
        progress = played.final.apply(action)
        played.matches.append(progress.match)
        played.moves.extend(e for e in progress.events if isinstance(e, Moved))

    for color, name in zip(
        PLAYERS, [rng.choice(["Ana", None, 'Bo "the" \\ one']), "Cy"], strict=True
    ):
        if not played.final.seat(color).joined:
            now += 10
            apply(Join(color, name, f"{color.value[0]}" * 64, now))
    stop = None if ending is EndReason.TARGET_SCORE else rng.randrange(0, 40)
    if ending is EndReason.ABORTED:
        stop = 0
    while played.final.game.to_move is not None and (stop is None or len(played.moves) < stop):
        now += rng.randrange(1, 5000)
        game = played.final.game
        apply(Play(choose_move(levels[game.to_move], game), now))
    final = played.final
    if final.end_reason is not None or ending in (None, EndReason.TARGET_SCORE):
        return played
    mover = final.game.to_move
    if ending is EndReason.RESIGNATION:
        apply(Resign(rng.choice(PLAYERS), now + 1))
    elif ending is EndReason.TIMEOUT:
        apply(TimeOut(final.deadline))
    elif ending is EndReason.ABANDONED:
        apply(Claim(Color.RED if mover is Color.BLACK else Color.BLACK, now + 1))
    elif ending is EndReason.ABORTED and not final.game.moves_played:
        apply(Abort(rng.choice(PLAYERS), now + 1))
    return played
