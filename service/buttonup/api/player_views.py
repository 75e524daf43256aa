"""The codec's player views: a player as their own key reads them, their
ratings, and a time control as a request gives it. Part of the one codec
(api.codec), which uses them; a wing's views build on these (ratings.views,
seeks.views).

Tested in tests/api/test_players.py.
"""

from collections.abc import Mapping
from typing import Any

from buttonup.api.times import timestamp
from buttonup.engine import Color
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.player import Player
from buttonup.engine.ratings import Category, Rating


def me_view(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "created_at": timestamp(player.created_at),
        "ratings": ratings_view(player),
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


def clock_settings_view(clock: ClockSettings) -> dict[str, Any]:
    """A time control as a request gives it: the fields of its type."""
    if clock.type is ClockType.FISCHER:
        return {
            "type": clock.type,
            "initial_seconds": clock.initial_seconds,
            "increment_seconds": clock.increment_seconds,
        }
    return {"type": clock.type, "seconds": clock.seconds}
