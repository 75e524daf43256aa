"""Game records as the JSON the API documents (GameSchema), built as plain
dicts: dumping nested schemas on every request costs more than the rest."""

from typing import Any

import orjson

from buttonup.engine import PLAYERS
from buttonup.store import GameRecord


def game_view(record: GameRecord) -> dict[str, Any]:
    state = record.state
    plain = record.state_dict
    status = record.status
    current = plain["round"]
    in_play = status == "playing"
    return {
        "id": record.id,
        "status": status,
        "version": record.version,
        "created_at": record.created_at,
        "updated_at": record.updated_at,
        "visibility": record.visibility,
        "hints": record.hints,
        "target_score": state.target_score,
        "players": {
            str(color): {
                "type": seat.type,
                "name": seat.name,
                "joined": seat.joined,
                "level": seat.level,
            }
            for color in PLAYERS
            for seat in (record.seat(color),)
        },
        "score": plain["score"],
        "winner": plain["winner"],
        "resigned": plain["resigned"],
        "round": {
            "number": current["number"],
            "starting_player": current["starting_player"],
            "to_move": current["to_move"] if in_play else None,
            "initial_circle": current["initial_circle"],
            "circle": current["circle"],
            "legal_moves": list(state.legal_moves()) if in_play else [],
            "moves_played": current["moves_played"],
        },
        "rounds": plain["rounds"],
    }


def to_json(document: Any) -> str:
    return orjson.dumps(document).decode()


def with_game(document: dict[str, Any], game_json: bytes) -> str:
    """`document` as JSON, closed by a `game` member that was serialised
    already (once, for the game's events and the answer alike)."""
    head = to_json(document)
    separator = "," if document else ""
    return f'{head[:-1]}{separator}"game":{game_json.decode()}}}'
