"""The API's JSON for matches, moves, answers and stream events: the one
place it is made, as plain dicts in the shapes the schemas document (dumping
nested schemas on every request costs more than the rest). The engine's
names (statuses, colours, reasons) are StrEnum members, which are strings
and which orjson writes as their values: the views put them in as they are,
since reading an Enum's `.value` is a Python call each time. Dict keys are
plain strings, as orjson wants them.

A version of a game never changes, so its JSON and its events' frames are
made once per worker and kept for the next answer or watcher that needs them.
"""

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import orjson

from buttonup.api.memo import Memo
from buttonup.api.player_views import (
    clock_settings_view,
    me_view,
    rating_diff_view,
    seat_review_view,
)
from buttonup.api.times import timestamp, timestamp_or_none
from buttonup.engine import PLAYERS, Color, Match, Origin, Status, opponent
from buttonup.engine.analysis import PositionAnalysis, RoundReview
from buttonup.engine.events import (
    Abandoned,
    Aborted,
    Berserked,
    Event,
    EventName,
    GameOver,
    Joined,
    Moved,
    Rematched,
    RematchOffered,
    Resigned,
    RoundOver,
    TimedOut,
)
from buttonup.engine.notation import write_position
from buttonup.engine.player import Notice, PlayerEventName
from buttonup.engine.ratings import category_of, rating_diff
from buttonup.engine.review import GameReview
from buttonup.games import (
    GameAnalysis,
    LobbyPage,
    MyGame,
    MyGamesNow,
    MyGamesPage,
    NewPlayer,
    Outcome,
    PaddedKeepAlive,
    PlayerStreamItem,
    PresenceNow,
    Seated,
    SeatPresence,
    Snapshot,
    StreamItem,
    Told,
)
from buttonup.games import RematchOffered as OfferWaiting

# By a wing's name, the field of a game (and of its players' game_start)
# that names the wing's own thing that made it (app.py: each manifest's
# origin_field), such as a tournament's id.
OriginFields = Mapping[str, str]
NO_ORIGIN_FIELDS: OriginFields = {}


def origin_view(origin: Origin | None, origin_fields: OriginFields) -> dict[str, str | None]:
    """The fields the installed wings name their games' origins by, each its
    origin's id where that wing made the game, else null."""
    return {
        field: origin.id if origin is not None and origin.wing == wing else None
        for wing, field in origin_fields.items()
    }


def game_view(match: Match, origin_fields: OriginFields = NO_ORIGIN_FIELDS) -> dict[str, Any]:
    game = match.game
    current = game.round.to_dict()
    in_play = match.status is Status.PLAYING
    options = match.options
    return {
        "id": match.id,
        "status": match.status,
        "version": match.version,
        "created_at": timestamp(match.created_at),
        "updated_at": timestamp(match.updated_at),
        "visibility": options.visibility,
        "hints": match.hints,
        "rated": match.rated,
        "unrated_reason": match.unrated,
        **origin_view(options.origin, origin_fields),
        "category": category_of(options.clock),
        "rating_diff": rating_diff_view(rating_diff(match)) if match.rated else None,
        "target_score": options.target_score,
        "players": players_view(match),
        "score": game.score.to_dict(),
        "winner": game.winner,
        "resigned": game.resigned,
        "end_reason": match.end_reason,
        "clock": clock_view(match),
        "round": {
            "number": current["number"],
            "starting_player": current["starting_player"],
            "to_move": current["to_move"] if in_play else None,
            "initial_circle": current["initial_circle"],
            "circle": current["circle"],
            "legal_moves": list(game.legal_moves()) if in_play else [],
            "moves_played": current["moves_played"],
            "position": write_position(game),
        },
        "rounds": [result.to_dict() for result in game.rounds],
        "rematch": rematch_view(match),
        "review": game_review_view(match.review) if match.review is not None else None,
    }


def game_review_view(review: GameReview) -> dict[str, Any]:
    return {color.value: seat_review_view(review[color]) for color in PLAYERS}


def rematch_view(match: Match) -> dict[str, Any] | None:
    rematch = match.rematch
    if rematch is None:
        return None
    return {
        "offered_by": list(rematch.offered_by),
        "game_id": rematch.game_id,
    }


def clock_view(match: Match) -> dict[str, Any] | None:
    clock = match.clock
    if clock is None:
        return None
    view = clock_settings_view(clock.settings)
    view["remaining_ms"] = {
        color.value: clock.remaining(color, match.updated_at) for color in PLAYERS
    }
    view["running"] = clock.running
    view["deadline"] = timestamp_or_none(clock.deadline)
    view["berserk"] = [color for color in PLAYERS if color in clock.berserk]
    view["berserk_open"] = match.berserk_open
    return view


def presence_view(seats: dict[Color, SeatPresence]) -> dict[str, Any]:
    return {
        color.value: {
            "connected": seat.connected,
            "since": timestamp_or_none(seat.since),
        }
        for color, seat in seats.items()
    }


def my_game_view(item: MyGame) -> dict[str, Any]:
    match = item.match
    return {
        "id": match.id,
        "status": match.status,
        "color": item.color,
        "my_turn": item.my_turn,
        "deadline": timestamp_or_none(match.deadline),
        "opponent": players_view(match)[opponent(item.color).value],
        "score": match.game.score.to_dict(),
        "winner": match.game.winner,
        "end_reason": match.end_reason,
        "updated_at": timestamp(match.updated_at),
    }


def notice_view(
    notice: Notice, token: str | None = None, origin_fields: OriginFields = NO_ORIGIN_FIELDS
) -> dict[str, Any]:
    """What a player's stream says of a notice (`token`: game_start's)."""
    name = notice.name
    if name is PlayerEventName.GAME_START:
        return {
            "game_id": notice.game_id,
            "color": notice.color,
            "version": notice.version,
            "token": token,
            **origin_view(notice.origin, origin_fields),
        }
    if name is PlayerEventName.GAME_STARTED:
        return {"game_id": notice.game_id, "color": notice.color, "version": notice.version}
    if name is PlayerEventName.YOUR_TURN:
        return {
            "game_id": notice.game_id,
            "version": notice.version,
            "deadline": timestamp_or_none(notice.deadline),
        }
    if name is PlayerEventName.GAME_OVER:
        return {
            "game_id": notice.game_id,
            "winner": notice.winner,
            "end_reason": notice.end_reason,
            "rating_diff": rating_diff_view(notice.rating_diff),
        }
    if name is PlayerEventName.REMATCH_OFFERED:
        return {"game_id": notice.game_id, "by": notice.by}
    return {"game_id": notice.game_id, "next_game_id": notice.next_game_id}


def players_view(match: Match) -> dict[str, Any]:
    return {
        color.value: {
            "type": seat.type,
            "name": seat.name,
            "joined": seat.joined,
            "level": seat.level,
            "player_id": seat.player_id,
            "bot": seat.bot_account,
            "rating": round(seat.rating.rating) if seat.rating else None,
            "provisional": seat.rating.provisional if seat.rating else None,
        }
        for color in PLAYERS
        for seat in (match.seat(color),)
    }


def summary_view(match: Match) -> dict[str, Any]:
    """A game as the lobby lists it."""
    return {
        "id": match.id,
        "created_at": timestamp(match.created_at),
        "target_score": match.options.target_score,
        "open_seats": list(match.open_seats),
        "players": players_view(match),
        "clock": clock_settings_view(clock) if (clock := match.options.clock) else None,
        "category": category_of(match.options.clock),
        "rated": match.rated,
        "hints": match.hints,
    }


def move_view(moved: Moved) -> dict[str, Any]:
    outcome = moved.outcome
    return {
        "number": outcome.number,
        "round": outcome.round,
        "player": outcome.player,
        "position": outcome.position,
        "extra_turn": outcome.extra_turn,
        "overflow": outcome.overflow,
        "round_over": outcome.round_over,
        "created_at": timestamp(moved.at),
    }


# The keep-alive comment while a player seeks: 4 KiB a second fills the
# buffers of a stream nobody reads (a client's 128 KiB by default) within a
# minute, and the server then ends it (buttonup.worker).
PADDED_KEEPALIVE = b": listening " + b"." * 4078 + b"\n\n"


def to_json(document: Any) -> str:
    return orjson.dumps(document).decode()


def lobby_text(page: LobbyPage, next_cursor: str | None) -> str:
    """A page of the lobby; `next_cursor` as the API encodes it."""
    return to_json({"items": [summary_view(match) for match in page.games], "next": next_cursor})


def my_games_text(page: MyGamesPage, next_cursor: str | None) -> str:
    return to_json({"items": [my_game_view(item) for item in page.games], "next": next_cursor})


def new_player_text(made: NewPlayer) -> str:
    """The answer that makes a player: its key, here and nowhere else."""
    return to_json({**me_view(made.player), "key": made.key})


def rematch_offered_text(offered: OfferWaiting) -> str:
    return to_json({"offered_by": list(offered.offered_by)})


def analysis_text(analysis: GameAnalysis) -> str:
    return to_json(
        {
            "version": analysis.match.version,
            **perfect_play_view(analysis.position),
            "review": [review_view(review) for review in analysis.reviews],
            "review_next": analysis.next_after,
            "review_withheld": list(analysis.withheld),
        }
    )


def position_analysis_text(position: str, analysis: PositionAnalysis) -> str:
    """A position's analysis: a game's, with the position for the version."""
    return to_json(
        {
            "position": position,
            **perfect_play_view(analysis),
            "review": [],
            "review_next": None,
            "review_withheld": [],
        }
    )


def perfect_play_view(position: PositionAnalysis) -> dict[str, Any]:
    return {
        "round": position.round,
        "to_move": position.to_move,
        "value": position.value,
        "moves": [{"position": p, "margin": m} for p, m in sorted(position.margins.items())],
        "best": position.best,
    }


def review_view(review: RoundReview) -> dict[str, Any]:
    return {
        "number": review.number,
        "starting_player": review.starting_player,
        "opening_value": review.opening_value,
        "final_margin": review.final_margin,
        "moves": [
            {
                "number": move.number,
                "player": move.player,
                "position": move.position,
                "margin": move.margin,
                "best_margin": move.best_margin,
                "loss": move.loss,
            }
            for move in review.moves
        ],
    }


def _moves(outcome: Outcome, skip: int = 0) -> list[dict[str, Any]]:
    return [move_view(event) for event in outcome.events[skip:] if isinstance(event, Moved)]


class Codec:
    """Makes the JSON of the API, keeping what one version of a game renders to."""

    def __init__(
        self, budget_bytes: int = 16 * 1024 * 1024, origin_fields: OriginFields = NO_ORIGIN_FIELDS
    ) -> None:
        # The game's fields the installed wings name their origins by.
        self.origin_fields = dict(origin_fields)
        self._games: Memo[bytes] = Memo(budget_bytes)
        self._frames: Memo[bytes] = Memo(budget_bytes)

    def game_json(self, match: Match) -> bytes:
        return self._games.get(
            (match.id, match.version),
            lambda: orjson.dumps(game_view(match, self.origin_fields)),
        )

    def game_text(self, match: Match) -> str:
        return self.game_json(match).decode()

    def created(self, outcome: Outcome) -> str:
        """A create's answer: the game."""
        return self.game_text(outcome.match)

    def played(self, outcome: Outcome) -> str:
        """A move's answer: the move, the bots' replies, the game after them."""
        moves = _moves(outcome)
        return self._with_game({"move": moves[0], "bot_moves": moves[1:]}, outcome.match)

    def seated(self, seated: Seated) -> str:
        """A join's answer: the seat, its token, the bots' first moves, the game."""
        body = {
            "color": seated.color,
            "token": seated.token,
            "bot_moves": _moves(seated.outcome),
        }
        return self._with_game(body, seated.outcome.match)

    def moves(self, moves: Sequence[Moved]) -> str:
        """A move list."""
        return to_json([move_view(move) for move in moves])

    def frames(self, item: StreamItem) -> bytes:
        """An item of a game's stream as Server-Sent Events."""
        if isinstance(item, PresenceNow):  # no id: it changes nothing of the game
            data = orjson.dumps(presence_view(item.seats))
            return b"event: %s\ndata: %s\n\n" % (EventName.PRESENCE.encode(), data)
        if isinstance(item, Snapshot):
            match = item.match
            key: Hashable = (match.id, match.version, EventName.GAME)
            return self._frames.get(
                key, lambda: _frame(match.version, EventName.GAME, self.game_json(match))
            )
        match, events = item.match, item.events
        key = (match.id, match.version, tuple(event.name for event in events))
        return self._frames.get(
            key,
            lambda: b"".join(
                _frame(match.version, event.name, self._event_data(match, event))
                for event in events
            ),
        )

    def player_frames(self, item: PlayerStreamItem) -> bytes:
        """An item of a player's stream as Server-Sent Events."""
        if isinstance(item, MyGamesNow):
            data = orjson.dumps([my_game_view(game) for game in item.games])
            return _frame(item.position, PlayerEventName.GAMES, data)
        if isinstance(item, PaddedKeepAlive):
            return PADDED_KEEPALIVE
        if isinstance(item, Told):  # a wing's notice: its data as the wing gave it
            return _frame(item.position, item.name, item.data.encode())
        notice = item.notice
        data = orjson.dumps(notice_view(notice, item.token, self.origin_fields))
        return _frame(item.position, notice.name, data)

    def _event_data(self, match: Match, event: Event) -> bytes:
        game = self.game_json(match)
        if isinstance(event, Moved):
            return b'{"move":' + orjson.dumps(move_view(event)) + b',"game":' + game + b"}"
        if isinstance(event, RoundOver):
            return orjson.dumps(event.result.to_dict())
        if isinstance(event, Rematched):
            return b'{"game_id":' + orjson.dumps(event.game_id) + b',"game":' + game + b"}"
        if isinstance(
            event, Joined | Resigned | Aborted | TimedOut | Abandoned | RematchOffered | Berserked
        ):
            color = orjson.dumps(event.color)
            return b'{"color":' + color + b',"game":' + game + b"}"
        if isinstance(event, GameOver):
            return game
        raise TypeError(f"no data for {event!r}")

    def _with_game(self, document: dict[str, Any], match: Match) -> str:
        """`document` as JSON, closed by the match's `game` member, made once."""
        head = orjson.dumps(document)
        return (head[:-1] + b',"game":' + self.game_json(match) + b"}").decode()


def _frame(event_id: int | str, name: str, data: bytes) -> bytes:
    """One event: its id is a game's version, or a position in a player's stream."""
    return b"id: %s\nevent: %s\ndata: %s\n\n" % (str(event_id).encode(), name.encode(), data)
