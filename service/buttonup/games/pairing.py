"""A game made for two players at once, both seats taken for them: what a
pairing makes, whether two seeks were paired (the seeks wing) or a
tournament paired two of its players (the tournaments wing). Each player
hears it on their own stream (`game_start`, with their seat's token:
random, kept sealed beside the game as a rematch's are, opened for the
player's stream). Made once: a create of a game that is there changes
nothing, so a pairing a process left is completed by whoever comes next.

Tested in tests/seeks/test_service.py, tests/tournaments/test_service.py.
"""

from collections.abc import Callable
from dataclasses import dataclass, replace

from buttonup.engine import PLAYERS, Color, Match
from buttonup.engine.actions import Progress
from buttonup.engine.options import Options, UnratedReason
from buttonup.engine.ratings import Rating
from buttonup.engine.seats import Seat
from buttonup.games.pipeline import Pipeline
from buttonup.games.ports import Ports
from buttonup.store import GameStore, hash_token, new_token


@dataclass(frozen=True, slots=True)
class PairedPlayer:
    """A player a pairing seats: their rating in the game's category (carried
    into a rated game's seat)."""

    player_id: str
    name: str | None
    rating: Rating
    bot_account: bool = False


def paired_game(
    game_id: str,
    now: int,
    options: Options,
    players: dict[Color, PairedPlayer],
    token_sha256: dict[Color, str],
    unrated: UnratedReason | None = None,
    seed: int | None = None,
) -> tuple[Match, list[Progress]]:
    """The game a pairing starts, at version 0 with both seats reserved for
    their players, and the changes that take both seats at once (it is
    playing from the second: its clock starts then; a rated one is played
    unrated from then when `unrated` says why). `seed`: what its deals come
    from, never shown (None: one of its own)."""
    if options.origin is None:
        raise ValueError("a pairing is a wing's: its game's options name their origin")
    match = Match.new(game_id, options, now, seed=seed)
    seats = {
        color: Seat(
            name=player.name,
            token_sha256=token_sha256[color],
            player_id=player.player_id,
            rating=player.rating if options.rated else None,
            bot_account=player.bot_account,
        )
        for color, player in players.items()
    }
    match = replace(match, red=seats[Color.RED], black=seats[Color.BLACK])
    changes: list[Progress] = []
    current = match
    for color in PLAYERS:
        last = color is PLAYERS[-1]
        progress = current.take_reserved(color, token_sha256[color], now, unrated if last else None)
        assert progress is not None  # reserved, not taken: a join
        changes.append(progress)
        current = progress.match
    return match, changes


class Pairings:
    """Makes paired games through the core's pipeline."""

    def __init__(
        self, store: GameStore, pipeline: Pipeline, clock: Callable[[], int], ports: Ports
    ) -> None:
        self._store = store
        self._pipeline = pipeline
        self._clock = clock
        self._ports = ports  # the rated seating (games.ports), filled by whichever wing

    def start(
        self,
        game_id: str,
        options: Options,
        players: dict[Color, PairedPlayer],
        seed: int | None = None,
    ) -> Match:
        """The paired game made (once), and both players told: the game as
        made (its deals from `seed`, never shown, when one is given)."""
        kept = self._store.keep_seat_tokens(game_id, {color: new_token() for color in PLAYERS})
        tokens = {color: hash_token(token) for color, token in kept.items()}
        now = self._clock()
        match, changes = paired_game(game_id, now, options, players, tokens, seed=seed)
        if match.options.rated:
            reason = self._ports.seating.starting(changes[-1].match, refuse=False)
            if reason is not None:
                match, changes = paired_game(
                    game_id, now, options, players, tokens, reason, seed=seed
                )
        outcome = self._pipeline.start(match, now, changes=changes)
        if outcome.replayed:  # made before: what its maker may not have relayed
            for color in PLAYERS:
                self._pipeline.relayer.catch_up_player(players[color].player_id)
        return outcome.match
