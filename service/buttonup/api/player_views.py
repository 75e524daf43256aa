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
from buttonup.engine.review import SeatReview
from buttonup.games.flags import Flag


def me_view(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "created_at": timestamp(player.created_at),
        "bot": player.bot,
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


def seat_review_view(seat: SeatReview) -> dict[str, Any]:
    """A seat's exact review (a Game's), or a player's games' summed."""
    return {
        "moves": seat.moves,
        "mattered": seat.mattered,
        "perfect": seat.perfect,
        "accuracy": seat.accuracy,
        "lost": seat.lost,
        "largest": seat.largest,
    }


def reviewed_view(games: int, seat: SeatReview) -> dict[str, Any]:
    """A player's last reviewed rated games, their figures summed."""
    return {"games": games, **seat_review_view(seat)}


def flag_view(flag: Flag) -> dict[str, Any]:
    """A fair-play flag with its evidence: for its player and the operator only."""
    return {
        "player_id": flag.player_id,
        "status": flag.status,
        "flagged_at": timestamp(flag.flagged_at),
        "decided_at": timestamp(flag.decided_at) if flag.decided_at is not None else None,
        "games": flag.games,
        "mattered": flag.mattered,
        "perfect": flag.perfect,
        "share": round(flag.perfect / flag.mattered, 4) if flag.mattered else None,
        "reference_share": flag.reference_share,
        "p_value": flag.p_value,
        "significance": flag.significance,
    }
