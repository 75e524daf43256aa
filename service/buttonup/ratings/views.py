"""The ratings wing's part of the codec: a profile (never the key), a
rating history and a leaderboard, as JSON-ready values.

Tested in tests/ratings/test_api.py.
"""

from collections.abc import Sequence
from typing import Any

from buttonup.kit import Category, Player
from buttonup.kit.http import me_view, timestamp
from buttonup.ratings.model import Leader, RatedGame


def profile_view(player: Player) -> dict[str, Any]:
    """A player as anyone sees them: never the key, nor its hash."""
    return {
        **me_view(player),
        "counts": {
            "rated": player.wins + player.losses,
            "wins": player.wins,
            "losses": player.losses,
        },
    }


def rating_history_view(games: Sequence[RatedGame]) -> dict[str, Any]:
    return {
        "items": [
            {
                "game_id": game.game_id,
                "category": game.category,
                "ended_at": timestamp(game.at),
                "won": game.won,
                "rating": round(game.rating.rating),
                "deviation": round(game.rating.deviation),
            }
            for game in games
        ]
    }


def leaderboard_view(category: Category, leaders: Sequence[Leader]) -> dict[str, Any]:
    return {
        "category": category,
        "items": [
            {
                "rank": rank,
                "player_id": leader.player.id,
                "name": leader.player.name,
                "rating": round(leader.rating.rating),
                "deviation": round(leader.rating.deviation),
                "games": leader.rating.games,
            }
            for rank, leader in enumerate(leaders, 1)
        ],
    }
