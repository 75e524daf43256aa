"""The codec's player views: a player as their own key reads them, as anyone
sees them (a profile, never the key), their ratings, rating history and the
leaderboards. Part of the one codec (api.codec), which uses them."""

from collections.abc import Mapping, Sequence
from typing import Any

from buttonup.api.times import timestamp
from buttonup.engine import Color
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.player import Player
from buttonup.engine.ratings import Category, RatedGame, Rating
from buttonup.engine.seeks import Seek
from buttonup.games import Leader, SeekPlaced


def me_view(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "created_at": timestamp(player.created_at),
        "ratings": ratings_view(player),
    }


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


def rating_view(rating: Rating) -> dict[str, Any]:
    return {
        "rating": round(rating.rating),
        "deviation": round(rating.deviation),
        "provisional": rating.provisional,
        "games": rating.games,
    }


def ratings_view(player: Player) -> dict[str, Any]:
    return {category.value: rating_view(player.rating(category)) for category in Category}


def rating_diff_view(diff: Mapping[Color, int] | None) -> dict[str, int] | None:
    return {color.value: change for color, change in diff.items()} if diff else None


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


def clock_settings_view(clock: ClockSettings) -> dict[str, Any]:
    """A time control as a request gives it: the fields of its type."""
    if clock.type is ClockType.FISCHER:
        return {
            "type": clock.type,
            "initial_seconds": clock.initial_seconds,
            "increment_seconds": clock.increment_seconds,
        }
    return {"type": clock.type, "seconds": clock.seconds}


def seek_placed_view(placed: SeekPlaced) -> dict[str, Any]:
    """A seek placed: its id, and the game it was paired into (null: it waits)."""
    return {"id": placed.seek.id, "game_id": placed.game_id}


def open_seeks_view(seeks: Sequence[Seek]) -> dict[str, Any]:
    """The seeks waiting: the seeker by name and rating, never their id."""
    return {
        "items": [
            {
                "id": seek.id,
                "name": seek.name,
                "rating": round(seek.rating.rating),
                "provisional": seek.rating.provisional,
                "category": seek.category,
                "clock": clock_settings_view(seek.clock) if seek.clock else None,
                "rated": seek.rated,
                "rating_range": list(seek.rating_range) if seek.rating_range else None,
                "color": seek.color,
                "created_at": timestamp(seek.created_at),
            }
            for seek in seeks
        ]
    }
