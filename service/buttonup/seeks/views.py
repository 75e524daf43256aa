"""The seeks wing's part of the codec: a seek placed and the seeks waiting,
as JSON-ready values.

Tested in tests/e2e/test_seeks.py.
"""

from collections.abc import Sequence
from typing import Any

from buttonup.kit.http import clock_settings_view, timestamp
from buttonup.seeks.model import Seek, SeekPlaced


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
