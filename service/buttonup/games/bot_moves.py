"""The bot accounts' moves, metered per bot (lichess meters its bots so):
at most BOT_MOVES_PER_MINUTE a minute, whichever game and whichever of its
credentials (its key or a seat's token) each move comes by, counted in
Redis so that every process and replica shares the count. A move past it
is 429 `rate_limited`, with the wait until the next minute; people's moves
are never counted here.

Tested in tests/api/test_players.py.
"""

from collections.abc import Callable

from buttonup import errors
from buttonup.engine.seats import Seat
from buttonup.store import GameStore

BOT_MOVES_PER_MINUTE = 180
MINUTE_MS = 60_000


class BotMoves:
    def __init__(self, store: GameStore, clock: Callable[[], int]) -> None:
        self._store = store
        self._clock = clock

    def count(self, seat: Seat) -> None:
        """One more move of the seat's bot account (nothing for anyone
        else's seat); BotMovesLimited past the allowance."""
        if not seat.bot_account or seat.player_id is None:
            return
        now = self._clock()
        minute = now // MINUTE_MS
        if self._store.player_records.count_bot_move(seat.player_id, minute) > BOT_MOVES_PER_MINUTE:
            wait = (minute + 1) * MINUTE_MS - now
            raise errors.BotMovesLimited(
                f"a bot makes at most {BOT_MOVES_PER_MINUTE} moves a minute", wait
            )
