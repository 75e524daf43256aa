"""Who sits at a match, and who asked for another game after it.

Tested in tests/engine/test_match.py, tests/api/test_rematch.py.
"""

from dataclasses import dataclass

from buttonup.engine.board import Color
from buttonup.engine.bots import BOT_NAMES, BotLevel
from buttonup.engine.options import SeatType
from buttonup.engine.ratings import Rating


@dataclass(frozen=True, slots=True)
class Seat:
    type: SeatType = SeatType.HUMAN
    name: str | None = None
    joined: bool = False
    token_sha256: str | None = None  # a human's token, hashed: the token itself is never kept
    level: BotLevel | None = None
    player_id: str | None = None  # the player whose key took the seat (engine.player)
    # A rated game's: the player's rating in its category as the seat was taken
    rating: Rating | None = None
    bot_account: bool = False  # held by a bot account (a program playing as a player)

    @classmethod
    def bot(cls, level: BotLevel) -> "Seat":
        return cls(type=SeatType.BOT, name=BOT_NAMES[level], joined=True, level=level)

    def reserved_for(self, token_sha256: str, rating: Rating | None) -> "Seat":
        """This human seat's holder, in a rematch: a seat reserved for them
        (for a new token), with their rating now when it is rated."""
        return Seat(
            name=self.name,
            token_sha256=token_sha256,
            player_id=self.player_id,
            rating=rating,
            bot_account=self.bot_account,
        )

    @property
    def reserved(self) -> bool:
        """Kept for the holder of one token (a rematch's seat): not open to
        anyone else, taken once its holder has the token."""
        return not self.joined and self.token_sha256 is not None


@dataclass(frozen=True, slots=True)
class Rematch:
    """Who asked for another game (in the order they asked) and, once both
    did, the game that was made."""

    offered_by: tuple[Color, ...] = ()
    game_id: str | None = None
