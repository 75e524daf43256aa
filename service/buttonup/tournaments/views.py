"""The tournaments wing's part of the codec: a tournament, a page of its
standings and of its games, as JSON-ready values.

Tested in tests/e2e/test_tournaments.py.
"""

from typing import Any

import orjson

from buttonup.kit import PLAYERS, Match, StoredEvent
from buttonup.kit.http import clock_settings_view, timestamp
from buttonup.tournaments.model import System, Tournament
from buttonup.tournaments.service import RankedStanding, Snapshot


def _time(ms: int | None) -> str | None:
    return timestamp(ms) if ms is not None else None


def tournament_view(tournament: Tournament, players: int) -> dict[str, Any]:
    conditions = tournament.conditions
    return {
        "id": tournament.id,
        "name": tournament.name,
        "system": tournament.system,
        "scoring": tournament.scoring,
        "clock": clock_settings_view(tournament.clock),
        "category": tournament.category,
        "rated": tournament.rated,
        "status": tournament.status,
        "starts_at": _time(tournament.starts_at),
        "ends_at": _time(tournament.ends_at),
        "minutes": tournament.minutes,
        "rounds": tournament.rounds,
        "round": tournament.round,
        "players": players,
        "max_players": tournament.max_players,
        "created_by": tournament.created_by,
        "conditions": {
            "min_rating": conditions.min_rating,
            "max_rating": conditions.max_rating,
            "min_rated_games": conditions.min_rated_games,
        },
        "visibility": tournament.visibility,
        "bots": tournament.bots,
    }


def standing_view(ranked: RankedStanding, system: System) -> dict[str, Any]:
    standing = ranked.standing
    return {
        "rank": ranked.rank,
        "player": {
            "id": standing.player_id,
            "name": standing.name,
            "rating": standing.rating,
            "bot": standing.bot,
        },
        "score": standing.score,
        "games": standing.games,
        "wins": standing.wins,
        "losses": standing.losses,
        "streak": standing.streak,
        "tie_break": standing.tie_break(system),
        "performance": standing.performance,
        "berserks": standing.berserks,
        "withdrawn": standing.withdrawn,
    }


def tournament_game_view(match: Match) -> dict[str, Any]:
    red, black = (
        {"id": match.seat(color).player_id, "name": match.seat(color).name} for color in PLAYERS
    )
    return {
        "id": match.id,
        "status": match.status,
        "red": red,
        "black": black,
        "winner": match.game.winner,
        "end_reason": match.end_reason,
    }


def tournament_frame(item: Snapshot | StoredEvent) -> bytes:
    """An item of a tournament's stream as a Server-Sent Event: a snapshot
    as `tournament`, an event as it was written (its data JSON already)."""
    if isinstance(item, Snapshot):
        view = orjson.dumps(tournament_view(item.tournament, item.players))
        return b"event: tournament\nid: %s\ndata: %s\n\n" % (item.last_event.encode(), view)
    name, data = item.name or "", item.data or "{}"
    return b"event: %s\nid: %s\ndata: %s\n\n" % (
        name.encode(),
        item.stream_id.encode(),
        data.encode(),
    )
