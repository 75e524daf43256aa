"""Format 1, read at the door: its records, its move lists, the events its
games' streams still hold and the replies it kept, each turned here into
the engine's typed values, so that nothing above the store meets a stored
document. Format 1 rendered every event and reply with the whole game as
revision 1 of the API showed it; those games are read back as matches.

Format 1 made one version a change: each join, each move (its round's end
and the game's sharing the move's version) and a resignation; it knew no
clocks, aborts or rematches."""

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import orjson

from buttonup.engine import (
    BotLevel,
    Color,
    EndReason,
    GameState,
    Match,
    Options,
    Seat,
    SeatType,
    Status,
    Visibility,
)
from buttonup.engine.events import Event, EventName, GameOver, Joined, Moved, Resigned, RoundOver
from buttonup.engine.game import MoveOutcome, RoundResult
from buttonup.engine.match import SEED_BITS
from buttonup.store.connection import Client
from buttonup.store.feed import StoredEvent, stored_event
from buttonup.store.keys import events_key, format1_create_reply_key
from buttonup.store.replies import EarlierReply

ROUND_MOVES = 8  # every round of Button Up! is eight moves


@dataclass(frozen=True, slots=True)
class EarlierVersion:
    """A version of a game from before format 2 kept its log: the match then
    and what happened, as format 1's stream told it."""

    match: Match
    events: list[Event]


def decode_record_v1(version: int, text: bytes | str) -> Match:
    """A format-1 record as a match. Its games without a seed dealt each round
    from fresh randomness; from now on they deal from a seed drawn here, so
    that the versions after it can be replayed."""
    return _match(version, orjson.loads(text))


def _match(version: int, plain: dict[str, Any]) -> Match:
    state = GameState.from_dict(plain["game"])
    if state.seed is None:
        state = replace(state, seed=secrets.randbits(SEED_BITS))
    if state.resigned is not None:
        end: EndReason | None = EndReason.RESIGNATION
    else:
        end = EndReason.TARGET_SCORE if state.is_over else None
    seats = plain["seats"]
    return Match(
        id=plain["id"],
        version=version,
        created_at=parse_time(plain["created_at"]),
        updated_at=parse_time(plain["updated_at"]),
        options=Options(
            target_score=state.target_score,
            seed=plain["game"]["seed"],
            visibility=Visibility(plain["visibility"]),
            hints=plain.get("hints", True),  # records from before the option
        ),
        red=_seat(seats["red"]),
        black=_seat(seats["black"]),
        game=state,
        end_reason=end,
        ended_at=parse_time(plain["updated_at"]) if end is not None else None,
    )


def _seat(plain: dict[str, Any]) -> Seat:
    return Seat(
        type=SeatType(plain["type"]),
        name=plain["name"],
        joined=plain["joined"],
        token_sha256=plain.get("token_sha256"),
        level=BotLevel(plain["level"]) if plain["level"] else None,
    )


def parse_time(text: str) -> int:
    """RFC 3339 as format 1 wrote it, in milliseconds since the epoch."""
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return round(moment.timestamp() * 1000)


def match_shown(game: dict[str, Any]) -> Match:
    """A game as format 1 showed it (revision 1 of the API), as a match: what
    a record held but the seats' tokens and the seed, which it never showed."""
    current, rounds = game["round"], game["rounds"]
    # A finished game's last round is the current one and a scored one.
    ended_round = bool(rounds) and rounds[-1]["number"] == current["number"]
    moves_played = ROUND_MOVES * len(rounds) + (0 if ended_round else current["moves_played"])
    shown = {name: current[name] for name in _ROUND_MEMBERS}
    if Status(game["status"]) is Status.WAITING:  # shown as nobody's turn; the starter's
        shown["to_move"] = current["starting_player"]
    record = {
        **game,
        "seats": game["players"],
        "game": {
            "target_score": game["target_score"],
            "seed": None,
            "round": shown,
            "score": game["score"],
            "rounds": rounds,
            "winner": game["winner"],
            "resigned": game["resigned"],
            "moves_played": moves_played,
        },
    }
    return _match(game["version"], record)


_ROUND_MEMBERS = (
    "number",
    "starting_player",
    "initial_circle",
    "circle",
    "to_move",
    "moves_played",
)


def moved(version: int, move: dict[str, Any], game_over: bool = False) -> Moved:
    """A move as format 1 listed it."""
    outcome = MoveOutcome(
        number=move["number"],
        round=move["round"],
        player=Color(move["player"]),
        position=move["position"],
        extra_turn=move["extra_turn"],
        overflow=move["overflow"],
        round_over=move["round_over"],
        game_over=game_over,
    )
    return Moved(version, outcome, parse_time(move["created_at"]))


def decode_moves(base: Match, documents: Sequence[bytes]) -> list[Moved]:
    """Format 1's move list, the moves before `base` (the record they led
    to), as the events they were: each move's version is counted back from
    the base's, as format 1 made them."""
    last = base.version - (base.end_reason is EndReason.RESIGNATION)
    final = len(documents) - 1
    return [
        moved(
            last - (final - index),
            orjson.loads(document),
            game_over=index == final and base.end_reason is EndReason.TARGET_SCORE,
        )
        for index, document in enumerate(documents)
    ]


def decode_reply(text: str) -> EarlierReply:
    """A reply format 1 kept: the request's body and the whole answer (a
    move's, a resignation's or a create's)."""
    kept = orjson.loads(text)
    answer = orjson.loads(kept["body"])
    game = answer.get("game", answer)  # a create answered the game itself
    moves = [move for move in (answer.get("move"), *answer.get("bot_moves", ())) if move]
    # Each move made a version, the last of them the game's.
    first = game["version"] - len(moves) + 1
    over = Status(game["status"]) is Status.FINISHED and game["resigned"] is None
    events: list[Event] = [
        moved(first + index, move, game_over=over and index == len(moves) - 1)
        for index, move in enumerate(moves)
    ]
    return EarlierReply(kept["fingerprint"], match_shown(game), events)


def create_reply(client: Client, idempotency_key: str) -> tuple[str, EarlierReply] | None:
    """What format 1 kept for a create with this key (for a day): its game's
    id and the reply."""
    stored = client.get(format1_create_reply_key(idempotency_key))
    if stored is None:
        return None
    return orjson.loads(stored)["game_id"], decode_reply(stored.decode())


def earlier_versions(client: Client, game_id: str) -> list[EarlierVersion]:
    """The versions whose events a game begun in format 1 has on its stream
    still, from format 1's own entries."""
    entries = client.xrange(events_key(game_id), "-", "+")
    versions: dict[int, list[StoredEvent]] = {}
    for event in map(stored_event, entries):
        if event.entry is None and not event.presence:
            versions.setdefault(event.version, []).append(event)
    return [_earlier_version(version, stored) for version, stored in versions.items()]


def _earlier_version(version: int, stored: list[StoredEvent]) -> EarlierVersion:
    plain = [(EventName(event.name or ""), orjson.loads(event.data or "{}")) for event in stored]
    ends = any(name is EventName.GAME_OVER for name, _ in plain)
    game = next(data.get("game", data) for name, data in plain if name is not EventName.ROUND_OVER)
    events: list[Event] = []
    for name, data in plain:
        if name is EventName.JOINED:
            events.append(Joined(version, Color(data["color"])))
        elif name is EventName.MOVE:
            over = ends and game["resigned"] is None
            events.append(moved(version, data["move"], game_over=over))
        elif name is EventName.ROUND_OVER:
            events.append(RoundOver(version, RoundResult.from_dict(data)))
        elif name is EventName.RESIGNED:
            events.append(Resigned(version, Color(data["color"])))
        else:
            events.append(GameOver(version))
    return EarlierVersion(match_shown(game), events)
