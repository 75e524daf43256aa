"""What a match is made with and what it can be: its options, statuses,
seat types and endings, and the plain (JSON) form of the options.

Tested in tests/engine/test_match.py.
"""

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, is_dataclass, replace
from enum import Enum, StrEnum
from typing import Any, get_args, get_origin, get_type_hints

from buttonup.engine.board import Color
from buttonup.engine.clock import ClockSettings
from buttonup.engine.rules import DEFAULT_TARGET_SCORE, Rules

# A client's seed, wherever one enters (a request, a record's Seed tag): a
# signed 64-bit number, which storage keeps as it is.
SEED_RANGE = (-(2**63), 2**63 - 1)


class Status(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


class Visibility(StrEnum):
    PRIVATE = "private"
    PUBLIC = "public"


class SeatType(StrEnum):
    HUMAN = "human"
    BOT = "bot"


class EndReason(StrEnum):
    TARGET_SCORE = "target_score"
    RESIGNATION = "resignation"
    TIMEOUT = "timeout"
    ABANDONED = "abandoned"
    ABORTED = "aborted"  # no winner, no score changed


class UnratedReason(StrEnum):
    """Why a game created rated is played unrated (engine.ratings)."""

    # The same two players have played as many rated games today as a day allows.
    PAIR_LIMIT = "pair_limit"
    # Paired from seeks while a player's other real-time rated game was in play.
    RATED_GAME_IN_PROGRESS = "rated_game_in_progress"


@dataclass(frozen=True, slots=True)
class Origin:
    """Who made a game, when a wing made it: the wing's name and its own id
    there (a tournament's, a seek's). The core keeps it, shows it, carries
    it to the wing's consequences, and never reads it."""

    wing: str
    id: str


@dataclass(frozen=True, slots=True)
class Options:
    """What the match was created with. A new option is a field here (with
    its default), a field of the API's schema and a member of the API's game:
    storage and requests take every field as it is. A rule variant is also a
    field of engine.rules.Rules, which the game state carries."""

    target_score: int = DEFAULT_TARGET_SCORE
    first_player: Color | None = None  # None: drawn from the seed
    seed: int | None = None  # the client's; None: the match draws one it never shows
    visibility: Visibility = Visibility.PRIVATE
    hints: bool = True  # analysis while the match is in play
    clock: ClockSettings | None = None  # None: untimed
    # A position string to start from (engine.notation): this round as it
    # stands; later rounds dealt from the seed. None: a first round dealt.
    position: str | None = None
    # The rounds' deals in advance, from the first, each nine buttons as
    # `RBW` letters (an imported game's: engine.records); not a request's.
    deals: tuple[str, ...] = ()
    # Both players' ratings in the game's category change by its result
    # (engine.ratings): two human seats, each held by a player.
    rated: bool = False
    # The wing that made it (a pairing of its: both seats taken at creation,
    # each player told on their own stream), opaque to the core; not a
    # request's.
    origin: Origin | None = None
    # A seat may go berserk before its first move (an arena's games: half
    # its time, no increment; engine.clock); not a request's.
    berserk: bool = False

    @property
    def rules(self) -> Rules:
        """The rules the game is played by: the options of their names."""
        return Rules(**{item.name: getattr(self, item.name) for item in fields(Rules)})

    def for_rematch(self, first_player: Color) -> "Options":
        """A rematch's options: these, private, `first_player` first, and a
        seed of its own."""
        return replace(
            self,
            first_player=first_player,
            seed=None,
            visibility=Visibility.PRIVATE,
            origin=None,
            berserk=False,
        )

    def to_plain(self) -> dict[str, Any]:
        """The options not at their default, as JSON values (enums by value,
        settings such as the clock's as objects)."""
        return {
            item.name: _plain(getattr(self, item.name))
            for item in fields(self)
            if getattr(self, item.name) != item.default
        }

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> "Options":
        """Options from JSON values; TypeError for a name that is no option."""
        hints = _field_types(cls)
        values = {}
        for name, value in plain.items():
            if name not in hints:
                raise TypeError(f"no option {name!r}")
            values[name] = _from_plain(hints[name], value)
        return cls(**values)


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def _field_types(kind: type) -> dict[str, Any]:
    """A dataclass's field types, resolved once: get_type_hints evaluates
    every annotation again on each call, 33 us for Options, and options are
    read on every game created and every game loaded from storage."""
    found = _FIELD_TYPES.get(kind)
    if found is None:
        found = _FIELD_TYPES[kind] = get_type_hints(kind)
    return found


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return {name: _plain(inner) for name, inner in asdict(value).items()}
    return value


def _from_plain(hint: Any, value: Any) -> Any:
    """A JSON value as the field's type: an enum, or a dataclass of them."""
    if value is None:
        return None
    if get_origin(hint) is tuple:
        return tuple(value)
    for kind in (hint, *get_args(hint)):
        if isinstance(kind, type) and issubclass(kind, Enum):
            return kind(value)
        if isinstance(kind, type) and is_dataclass(kind):
            inner = _field_types(kind)
            return kind(**{name: _from_plain(inner[name], item) for name, item in value.items()})
    return value
