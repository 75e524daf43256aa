"""A player's stream: the player's games not finished, then what the player
hears of each game as it is relayed, and the catch-up of what no process
relayed.

Tested in tests/e2e/test_player_streams.py, tests/seeks/test_service.py,
tests/games/test_ports.py.
"""

import time
from collections.abc import Callable, Iterator

from buttonup.engine import (
    Status,
)
from buttonup.engine.player import Player, PlayerEventName
from buttonup.games.ports import Ports
from buttonup.games.relays import CATCH_UP_GAMES
from buttonup.games.results import (
    Heard,
    MyGamesNow,
    MyGamesPage,
    PaddedKeepAlive,
    PlayerStreamItem,
    Told,
)
from buttonup.slices import apart
from buttonup.store import GameStore, SealBroken, StoredEvent, player_notice, stream_order

# How often an open player's stream relays again what the player's games did
# and no process relayed (one that died between commit and relay): where
# relays follow their commit (a cluster). On one Redis a game's create and
# each commit relay in the same call, so nothing is ever left to relay, and
# 6,667 players' streams had spent a tenth of a core on it.
PLAYER_CATCH_UP_SECONDS = 30.0
MY_GAMES_SHOWN = CATCH_UP_GAMES  # games a stream starts with: those caught up first
PADDED_KEEPALIVE_SECONDS = 1.0


class PlayerStreams:
    def __init__(
        self,
        store: GameStore,
        my_games: Callable[[Player, Status | None, int, int], MyGamesPage],
        catch_up: Callable[[str], None],
        ports: Ports,
    ) -> None:
        self._store = store
        self._my_games = my_games
        self._catch_up_player = catch_up
        self._ports = ports

    def watch_player(
        self, player: Player, after: str | None, keepalive_ms: int
    ) -> Iterator[list[PlayerStreamItem]]:
        """What the player (as `player` authenticated them) hears of their
        games, for a stream, in batches that arrived together: first the
        games not finished (or, resuming after the stream position `after`,
        every notice since, and no list; the wings' notices that stand after
        the list), then each notice as it is relayed or told;
        an empty batch when `keepalive_ms` passed with nothing to send."""
        self._catch_up_player(player.id)
        bounds = self._store.player_events_bounds(player.id)
        first: list[PlayerStreamItem] = []
        if after is not None and _resumable(after, bounds):
            start = after
        else:  # new, or resumed from before what the stream keeps: the list afresh
            start = bounds[1] if bounds else "0-0"
            first = [MyGamesNow(self._my_games(player, None, MY_GAMES_SHOWN, 0).games, start)]
            # What stands until answered, again: as of the same position, so
            # that a stream resumed from any of these misses nothing after it.
            first += [
                Told(start, notice.name, notice.data)
                for notice in self._store.inbox.standing(player.id)
            ]
        with (
            self._store.subscribe_player(player.id, start) as feed,
            self._ports.listening.listening(player.id, feed.wake),
        ):
            yield first
            del first  # not held while the stream lasts
            catching_up = not self._store.relays_in_commit
            caught_up = time.monotonic()
            while True:
                # While what the stream holds up must know it is read (a
                # seek: games.ports), a keep-alive every second, padded: a
                # write is how a stream nobody reads is noticed (its writes
                # stall), and what it held up goes with it.
                wait = keepalive_ms / 1000
                held_up = self._ports.listening.keeps_alive(player.id)
                if held_up:
                    wait = min(wait, PADDED_KEEPALIVE_SECONDS)
                arrived = feed.next(wait)
                if arrived:
                    yield [self._heard(stored) for stored in arrived]
                    continue
                if catching_up and time.monotonic() - caught_up > PLAYER_CATCH_UP_SECONDS:
                    # Deep, and this greenlet waits for hours: apart (slices.apart).
                    apart(lambda: self._catch_up_player(player.id))
                    caught_up = time.monotonic()
                yield [PaddedKeepAlive()] if held_up else []

    def _heard(self, stored: StoredEvent) -> Heard | Told:
        if stored.told:
            return Told(stored.stream_id, stored.name or "", stored.data or "{}")
        notice = player_notice(stored)
        if notice.name is not PlayerEventName.GAME_START:
            return Heard(stored.stream_id, notice)
        # Opened from its seal as it is sent: the seat's token (None when it
        # cannot be: the player's key works for the seat too).
        try:
            token = self._store.reserved_seat_token(notice.game_id, notice.color)
        except SealBroken:
            token = None
        return Heard(stored.stream_id, notice, token)


def _resumable(after: str, bounds: tuple[str, str] | None) -> bool:
    """Whether a player's stream can resume after `after`: the position of a
    list taken while the stream was empty ("0-0"), or one between the
    stream's first and last entries (older ones were trimmed or expired)."""
    if after == "0-0":
        return True
    if bounds is None:
        return False
    return stream_order(bounds[0]) <= stream_order(after) <= stream_order(bounds[1])
