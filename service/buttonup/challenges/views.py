"""The challenges wing's part of the codec: a challenge, and a player's
pending ones, as JSON-ready values (the same a `challenge` notice carries).

Tested in tests/e2e/test_challenges.py.
"""

from typing import Any

from buttonup.challenges.model import Challenge
from buttonup.kit.http import clock_settings_view, timestamp


def challenge_view(challenge: Challenge) -> dict[str, Any]:
    return {
        "id": challenge.id,
        "from": challenge.maker,
        "from_name": challenge.maker_name,
        "to": challenge.to,
        "to_name": challenge.to_name,
        "for": list(challenge.named),
        "takers": list(challenge.takers),
        "status": challenge.status.value,
        "category": challenge.category.value,
        "clock": clock_settings_view(challenge.clock) if challenge.clock else None,
        "rated": challenge.rated,
        "color": challenge.color.value if challenge.color else "random",
        "target_score": challenge.target_score,
        "position": challenge.position,
        "message": challenge.message,
        "created_at": timestamp(challenge.created_at),
        "expires_at": timestamp(challenge.expires_at),
        "game_id": challenge.game_id if challenge.status.value == "accepted" else None,
        "decline_reason": challenge.decline_reason.value if challenge.decline_reason else None,
        "url": f"/?challenge={challenge.id}",
    }


def my_challenges_view(incoming: list[Challenge], outgoing: list[Challenge]) -> dict[str, Any]:
    return {
        "incoming": [challenge_view(c) for c in incoming],
        "outgoing": [challenge_view(c) for c in outgoing],
    }
