"""What the ratings wing keeps and shows beyond a rating itself (which the
core holds: engine.ratings): a player's rated games, a leaderboard's places.

Tested in tests/ratings/test_ends.py.
"""

from dataclasses import dataclass

from buttonup.kit import PLAYERS, Category, Match, Player, Rating


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One entry of a player's rating history: the rating a game left."""

    game_id: str
    category: Category
    at: int  # when the game ended (ms)
    rating: Rating
    won: bool


@dataclass(frozen=True, slots=True)
class Leader:
    """A place on a leaderboard."""

    player: Player
    rating: Rating


def players_of(match: Match) -> list[str]:
    return [player_id for color in PLAYERS if (player_id := match.seat(color).player_id)]
