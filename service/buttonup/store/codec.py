"""The stored form of a match, compact and versioned.

Format 2 keeps, per game, the match at its *base* version (version 0 for a
game created by this format; the version it was upgraded at for a game
written by format 1) and a *log*: one short line per later version saying
what changed (a move is its position, a join its seat, name and token hash,
a resignation, an abort, a claim or a rematch offer its colour, a timeout
nothing more, an agreed rematch its colour and the next game's id), each
with the milliseconds since the version before. Replaying the log on the
base with the engine rebuilds every version exactly, so neither the moves
nor the events are stored as documents.

Format 1 (a JSON record with every round, written before format 2) is still
read: `decode_record_v1` turns such a record into the match it describes.
"""

from collections.abc import Iterator, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any

import orjson

from buttonup.engine import (
    Abort,
    AcceptRematch,
    Action,
    Berserk,
    BotLevel,
    Claim,
    Color,
    EndReason,
    GameState,
    Join,
    Match,
    OfferRematch,
    Options,
    Play,
    Progress,
    Rematch,
    Resign,
    Seat,
    SeatType,
    TimeOut,
)
from buttonup.engine.actions import RatingDiff
from buttonup.engine.board import PLAYERS, make_stack
from buttonup.engine.clock import Clock
from buttonup.engine.game import RoundResult, RoundState, Tally
from buttonup.engine.notation import deals_of
from buttonup.engine.options import UnratedReason
from buttonup.engine.ratings import Rating
from buttonup.engine.review import GameReview, SeatReview
from buttonup.store.earlier import earlier_options
from buttonup.store.review_codec import decode_review, encode_review

FORMAT = 2


class StoredFormError(ValueError):
    """Stored data that does not decode as this module wrote it."""


ENTRY_END = "\n"  # names are printable: no control character ever appears in one
FIELD = "\t"
# The field of an ending action that holds the game's review (engine.review).
REVIEW_MARK = "v"

_LETTER = {Color.RED: "r", Color.BLACK: "b", Color.WHITE: "w"}
_COLOR = {letter: color for color, letter in _LETTER.items()}


# The base: the match at one version, as compact JSON.


def encode_base(match: Match, *, whole: bool = False) -> bytes:
    """A new match (version 0) is its options, seed, first player and bots:
    its deal follows from them. Any other, any match `whole` names (a
    format-1 game upgraded, whose deal may not follow from its seed), and
    one whose seats are reserved already (a rematch's) is stored whole."""
    options = match.options
    # A game from a position: its round is not dealt, so it is stored as it is.
    whole = whole or match.red.reserved or match.black.reserved or options.position is not None
    plain: dict[str, Any] = {
        "f": FORMAT,
        "id": match.id,
        "c": match.created_at,
        "o": options.to_plain(),
    }
    if match.unrated is not None:
        plain["ur"] = match.unrated.value
    if match.version == 0 and not whole:
        plain["k"] = str(match.game.seed)  # wider than JSON's integers may be
        plain["p"] = _LETTER[match.game.round.starting_player]
        plain["b"] = [_name_or_none(match.red.level), _name_or_none(match.black.level)]
    else:
        plain.update(
            v=match.version,
            u=match.updated_at,
            s=[_encode_seat(match.red), _encode_seat(match.black)],
            g=_encode_game(match.game),
            e=match.end_reason.value if match.end_reason else None,
        )
        if match.ended_at is not None:
            plain["x"] = match.ended_at
        if match.moved:
            plain["mv"] = _stack([color for color in PLAYERS if color in match.moved])
        if match.rating_diff is not None:
            plain["rd"] = list(match.rating_diff)
        if match.review is not None:
            plain["rv"] = [list(match.review[color].figures) for color in PLAYERS]
        if match.rematch is not None:
            plain["m"] = [_stack(match.rematch.offered_by), match.rematch.game_id]
        if match.clock is not None:
            clock = match.clock
            plain["t"] = [
                clock.remaining_ms.red,
                clock.remaining_ms.black,
                _letter_or_none(clock.running),
                clock.since,
            ]
            if clock.berserk:  # the seats gone berserk, and their moves since
                berserk_moves = clock.berserk_moves
                plain["t"] += [
                    _stack(sorted(clock.berserk)),
                    berserk_moves.red,
                    berserk_moves.black,
                ]
    return orjson.dumps(plain)


def decode_base(data: bytes | str) -> Match:
    plain = orjson.loads(data)
    if plain.get("f") != FORMAT:
        raise StoredFormError(f"not a base of format {FORMAT}")
    options = earlier_options(plain["o"])
    unrated = UnratedReason(plain["ur"]) if "ur" in plain else None
    if "k" in plain:
        started = replace(options, first_player=_COLOR[plain["p"]])
        bots = {
            color: BotLevel(level)
            for color, level in zip((Color.RED, Color.BLACK), plain["b"], strict=True)
            if level
        }
        match = Match.new(plain["id"], started, plain["c"], bots, seed=int(plain["k"]))
        return replace(match, options=options, unrated=unrated)
    red, black = plain["s"]
    game = _decode_game(plain["g"], options)
    # A base written before the seats that moved were kept: once the game
    # has moves, taken as both (a rated end then rates, as it did).
    moved = _unstack(plain["mv"]) if "mv" in plain else PLAYERS if game.moves_played else ()
    clock = None
    if options.clock is not None:
        red_ms, black_ms, running, since, *berserk = plain["t"]
        clock = Clock(
            options.clock, Tally(red_ms, black_ms), _COLOR[running] if running else None, since
        )
        if berserk:
            seats, red_moves, black_moves = berserk
            clock = replace(
                clock,
                berserk=frozenset(_unstack(seats)),
                berserk_moves=Tally(red_moves, black_moves),
            )
    return Match(
        id=plain["id"],
        version=plain["v"],
        created_at=plain["c"],
        updated_at=plain["u"],
        options=options,
        red=_decode_seat(red),
        black=_decode_seat(black),
        game=game,
        end_reason=EndReason(plain["e"]) if plain["e"] else None,
        clock=clock,
        ended_at=plain.get("x"),
        rematch=Rematch(_unstack(plain["m"][0]), plain["m"][1]) if "m" in plain else None,
        moved=frozenset(moved),
        unrated=unrated,
        rating_diff=(plain["rd"][0], plain["rd"][1]) if "rd" in plain else None,
        review=GameReview(*(SeatReview(*seat) for seat in plain["rv"])) if "rv" in plain else None,
    )


def _name_or_none(value: StrEnum | None) -> str | None:
    return value.value if value is not None else None


def _encode_seat(seat: Seat) -> list[Any]:
    plain = [seat.type.value, seat.name, seat.joined, seat.token_sha256, seat.level]
    rating = encode_rating(seat.rating) if seat.rating is not None else None
    if seat.bot_account:  # a bot account's: marked last (records before had no mark)
        return [*plain, seat.player_id, rating, 1]
    if rating is not None:
        return [*plain, seat.player_id, rating]
    return plain if seat.player_id is None else [*plain, seat.player_id]


def _decode_seat(plain: list[Any]) -> Seat:
    kind, name, joined, token_sha256, level, *player = plain
    return Seat(
        type=SeatType(kind),
        name=name,
        joined=joined,
        token_sha256=token_sha256,
        level=BotLevel(level) if level else None,
        player_id=player[0] if player else None,
        rating=decode_rating(player[1]) if len(player) > 1 and player[1] is not None else None,
        bot_account=len(player) > 2 and bool(player[2]),
    )


def encode_rating(rating: Rating) -> str:
    """A rating as `rating,deviation,volatility,games`: each float as
    Python writes it, which reads back exactly."""
    return f"{rating.rating!r},{rating.deviation!r},{rating.volatility!r},{rating.games}"


def decode_rating(text: str) -> Rating:
    rating, deviation, volatility, games = text.split(",")
    return Rating(float(rating), float(deviation), float(volatility), int(games))


def _encode_game(game: GameState) -> list[Any]:
    current = game.round
    return [
        game.target_score,
        str(game.seed),  # wider than JSON's integers may be
        game.moves_played,
        [game.score.red, game.score.black],
        _letter_or_none(game.winner),
        _letter_or_none(game.resigned),
        [
            current.number,
            _LETTER[current.starting_player],
            _circle(current.initial_circle),
            _circle(current.circle),
            _letter_or_none(current.to_move),
            current.moves_played,
        ],
        [
            [
                result.number,
                _LETTER[result.starting_player],
                _circle(result.initial_circle),
                _stack(result.final_stack),
            ]
            for result in game.rounds
        ],
    ]


def _decode_game(plain: list[Any], options: Options) -> GameState:
    """The game as stored; its rules and deals are the match's options'
    (`Options.rules`, `Options.deals`): the target score stored first is only
    what format 2 always wrote there."""
    _, seed, moves_played, score, winner, resigned, current, rounds = plain
    number, starter, initial, circle, to_move, round_moves = current
    return GameState(
        rules=options.rules,
        seed=int(seed) if seed != "None" else None,
        round=RoundState(
            number=number,
            starting_player=_COLOR[starter],
            initial_circle=_uncircle(initial),
            circle=_uncircle(circle),
            to_move=_COLOR[to_move] if to_move else None,
            moves_played=round_moves,
        ),
        score=Tally(*score),
        rounds=tuple(_round_result(*result) for result in rounds),
        winner=_COLOR[winner] if winner else None,
        resigned=_COLOR[resigned] if resigned else None,
        moves_played=moves_played,
        deals=deals_of(options.deals),
    )


def _round_result(number: int, starter: str, initial: str, final: str) -> RoundResult:
    # Strength and points follow from the final stack, as the game scored them.
    final_stack = _unstack(final)
    return RoundResult.scored(number, _COLOR[starter], _uncircle(initial), final_stack)


def _letter_or_none(color: Color | None) -> str | None:
    return _LETTER[color] if color else None


def _stack(stack: Sequence[Color]) -> str:
    return "".join(_LETTER[button] for button in stack)


def _unstack(text: str) -> tuple[Color, ...]:
    return make_stack(_COLOR[letter] for letter in text)


def _circle(circle: Sequence[Sequence[Color]]) -> str:
    return ",".join(_stack(stack) for stack in circle)


def _uncircle(text: str) -> tuple[tuple[Color, ...], ...]:
    return tuple(_unstack(stack) for stack in text.split(","))


# The log: one entry per version after the base.


def encode_entry(progress: Progress, previous_at: int) -> str:
    """The log entry of one version: the action that made it; `previous_at`
    the time of the version before."""
    return encode_action(progress.action, previous_at)


def encode_action(action: Action, previous_at: int) -> str:
    delay = _base36(action.at - previous_at)
    # The action that ends a rated game carries both ratings as it ended, last.
    rated_from = getattr(action, "rated_from", None)
    review = getattr(action, "review", None)
    if isinstance(action, Play):
        entry = str(action.position)
        if delay != "0" or rated_from is not None or review is not None:
            entry += FIELD + delay
    elif isinstance(action, Join):
        # A player's join ("J") carries its player id before the name; a
        # player's join of a rated game ("R"), their rating after it; one
        # that makes a rated game unrated ("U"), the reason after that.
        kind = "j" if action.player_id is None else "J" if action.rating is None else "R"
        if action.unrated is not None and action.rating is not None:
            kind = "U"
        # A bot account's join is marked after its colour (BOT_MARK), which
        # readers of entries without it never look at.
        mark = BOT_MARK if action.bot_account else ""
        parts = [kind + _LETTER[action.color] + mark, delay, action.token_sha256]
        if action.player_id is not None:
            parts.append(action.player_id)
        if action.rating is not None:
            parts.append(encode_rating(action.rating))
        if kind == "U":
            parts.append(action.unrated.value)  # type: ignore[union-attr]  # "U": set
        if action.name is not None:  # no name field at all: None, not ""
            parts.append(action.name)
        entry = FIELD.join(parts)
    elif isinstance(action, TimeOut):
        entry = "t" + FIELD + delay
    elif isinstance(action, AcceptRematch):
        entry = FIELD.join(["m" + _LETTER[action.color], delay, action.game_id])
    else:
        kind = {Resign: "r", Abort: "a", Claim: "c", OfferRematch: "o", Berserk: "b"}[type(action)]
        entry = kind + _LETTER[action.color] + FIELD + delay
    if rated_from is not None:
        entry += FIELD + _encode_rated_end(rated_from, getattr(action, "rating_diff", None))
    if review is not None:  # its own field, marked: a rated end may come without ratings
        entry += FIELD + REVIEW_MARK + encode_review(review)
    return entry + ENTRY_END


def _encode_rated_end(rated_from: tuple[Rating, Rating], diff: RatingDiff) -> str:
    """`red;black`, then `;red's diff;black's diff` when the change is kept."""
    ratings = [encode_rating(rating) for rating in rated_from]
    return ";".join([*ratings, *(str(change) for change in diff)] if diff else ratings)


def _rated_end(parts: list[str], at: int) -> dict[str, Any]:
    """The ratings an entry's action ended a rated game with, the change as
    shown, and the game's review, from its `at`-th field on: as the
    action's keyword arguments."""
    ended: dict[str, Any] = {}
    for part in parts[at:]:
        if part.startswith(REVIEW_MARK):
            ended["review"] = decode_review(part[len(REVIEW_MARK) :])
            continue
        red, black, *diff = part.split(";")
        ended["rated_from"] = (decode_rating(red), decode_rating(black))
        if diff:  # kept since the change was kept with it
            ended["rating_diff"] = (int(diff[0]), int(diff[1]))
    return ended


def decode_entries(text: str, previous_at: int) -> Iterator[Action]:
    """The actions of log entries, in order; `previous_at`: the time of the
    version before the first of them."""
    at = previous_at
    for entry in text.split(ENTRY_END)[:-1]:
        kind = entry[0]
        parts = entry.split(FIELD)
        if kind.isdigit():
            at += int(parts[1], 36) if len(parts) > 1 else 0
            yield Play(int(parts[0]), at, **_rated_end(parts, 2))
        elif kind in _JOINS:
            at += int(parts[1], 36)
            yield _join(kind, parts, at)
        elif kind in _ENDING:
            at += int(parts[1], 36)
            yield _ENDING[kind](_COLOR[entry[1]], at, **_rated_end(parts, 2))
        elif kind in _COLORED:
            at += int(parts[1], 36)
            yield _COLORED[kind](_COLOR[entry[1]], at)
        elif kind == "t":
            at += int(parts[1], 36)
            yield TimeOut(at, **_rated_end(parts, 2))
        elif kind == "m":
            at += int(parts[1], 36)
            yield AcceptRematch(_COLOR[entry[1]], parts[2], at)
        else:
            raise StoredFormError(f"unknown log entry {entry!r}")


_JOINS = frozenset("jJRU")
BOT_MARK = "!"


def _join(kind: str, parts: list[str], at: int) -> Join:
    """A join's entry (its kind "j", "J", "R" or "U", then its colour)."""
    color, bot = _COLOR[parts[0][1]], parts[0].endswith(BOT_MARK)
    if kind == "j":
        name = parts[3] if len(parts) > 3 else None
        return Join(color, name, parts[2], at, bot_account=bot)
    if kind == "J":
        name = parts[4] if len(parts) > 4 else None
        return Join(color, name, parts[2], at, parts[3], bot_account=bot)
    rating = decode_rating(parts[4])
    if kind == "R":
        name = parts[5] if len(parts) > 5 else None
        return Join(color, name, parts[2], at, parts[3], rating, bot_account=bot)
    name = parts[6] if len(parts) > 6 else None
    return Join(color, name, parts[2], at, parts[3], rating, UnratedReason(parts[5]), bot)


_ENDING: dict[str, type[Resign | Claim]] = {"r": Resign, "c": Claim}
_COLORED: dict[str, type[Abort | OfferRematch | Berserk]] = {
    "a": Abort,
    "o": OfferRematch,
    "b": Berserk,
}


def _base36(number: int) -> str:
    if number < 0:
        return "-" + _base36(-number)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if not number:
            return text
