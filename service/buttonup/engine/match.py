"""The match around a game: options, seats, status and how it ended.

Pure and immutable: every change is an action (a join, a move, a
resignation, an abort, a timeout, a claim of an abandoned game) that
`Match.apply` turns into the next version and the domain events it produced.
Commands (`join`, `play`, `resign`, `abort`, `overdue`, `claim_victory`,
`request_rematch`, `bot_reply`) check who may do what, then apply their action; time is always
an argument (`now`, ms since the epoch), never read; replaying a match's actions from
its first version rebuilds every later one exactly (deals come from the
match's seed), which is what storage and the event streams rely on.
"""

import functools
import hmac
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields, is_dataclass, replace
from enum import Enum, StrEnum
from typing import Any, get_args, get_type_hints

from buttonup.engine.board import PLAYERS, Color, opponent
from buttonup.engine.bots import BOT_NAMES, BotLevel, choose_move
from buttonup.engine.clock import Clock, ClockSettings
from buttonup.engine.errors import (
    AbortNotAllowed,
    ClaimNotAllowed,
    GameFull,
    HintsDisabled,
    NotInProgress,
    NotSeated,
    NotYourTurn,
    RematchClosed,
    RulesError,
    SeatTaken,
)
from buttonup.engine.events import (
    Abandoned,
    Aborted,
    Event,
    GameOver,
    Joined,
    Moved,
    Rematched,
    RematchOffered,
    Resigned,
    RoundOver,
    TimedOut,
)
from buttonup.engine.game import DEFAULT_TARGET_SCORE, GameState

SEED_BITS = 128  # a match created without a seed draws one this long


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


@dataclass(frozen=True, slots=True)
class Options:
    """What the match was created with. A new option is a field here (with
    its default), a field of the API's schema and a member of the API's game:
    storage and requests take every field as it is."""

    target_score: int = DEFAULT_TARGET_SCORE
    first_player: Color | None = None  # None: drawn from the seed
    seed: int | None = None  # the client's; None: the match draws one it never shows
    visibility: Visibility = Visibility.PRIVATE
    hints: bool = True  # analysis while the match is in play
    clock: ClockSettings | None = None  # None: untimed

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


@functools.cache
def _field_types(kind: type) -> dict[str, Any]:
    """A dataclass's field types, resolved once: get_type_hints evaluates
    every annotation again on each call, 33 us for Options, and options are
    read on every game created and every game loaded from storage."""
    return get_type_hints(kind)


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
    for kind in (hint, *get_args(hint)):
        if isinstance(kind, type) and issubclass(kind, Enum):
            return kind(value)
        if isinstance(kind, type) and is_dataclass(kind):
            inner = _field_types(kind)
            return kind(**{name: _from_plain(inner[name], item) for name, item in value.items()})
    return value


@dataclass(frozen=True, slots=True)
class Seat:
    type: SeatType = SeatType.HUMAN
    name: str | None = None
    joined: bool = False
    token_sha256: str | None = None  # a human's token, hashed: the token itself is never kept
    level: BotLevel | None = None
    player_id: str | None = None  # the player whose key took the seat (engine.player)

    @classmethod
    def bot(cls, level: BotLevel) -> "Seat":
        return cls(type=SeatType.BOT, name=BOT_NAMES[level], joined=True, level=level)

    @property
    def reserved(self) -> bool:
        """Kept for the holder of one token (a rematch's seat): not open to
        anyone else, taken once its holder has the token."""
        return not self.joined and self.token_sha256 is not None


# Actions: each makes one version.


@dataclass(frozen=True, slots=True)
class Join:
    color: Color
    name: str | None
    token_sha256: str
    at: int  # milliseconds since the epoch
    player_id: str | None = None  # a player's seat; None: an anonymous one


@dataclass(frozen=True, slots=True)
class Play:
    position: int  # for the player to move
    at: int


@dataclass(frozen=True, slots=True)
class Resign:
    color: Color
    at: int


@dataclass(frozen=True, slots=True)
class Abort:
    color: Color
    at: int


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The running clock reached zero; `at` is that instant (the deadline)."""

    at: int


@dataclass(frozen=True, slots=True)
class Claim:
    """`color` claims the game its absent opponent abandoned."""

    color: Color
    at: int


@dataclass(frozen=True, slots=True)
class OfferRematch:
    """After the end, `color` asks for another game."""

    color: Color
    at: int


@dataclass(frozen=True, slots=True)
class AcceptRematch:
    """`color` asks for another game that the other seat asked for already
    (or that a bot seat agrees to at once): `game_id` is that game."""

    color: Color
    game_id: str
    at: int


@dataclass(frozen=True, slots=True)
class Rematch:
    """Who asked for another game (in the order they asked) and, once both
    did, the game that was made."""

    offered_by: tuple[Color, ...] = ()
    game_id: str | None = None


Action = Join | Play | Resign | Abort | TimeOut | Claim | OfferRematch | AcceptRematch
Change = tuple["Match", list[Event]]


@dataclass(frozen=True, slots=True)
class Match:
    id: str
    version: int
    created_at: int  # milliseconds since the epoch
    updated_at: int
    options: Options
    red: Seat
    black: Seat
    game: GameState
    end_reason: EndReason | None = None
    clock: Clock | None = None  # both players' time, when the match is timed
    ended_at: int | None = None  # when it finished (ms); the rematch window opens then
    rematch: Rematch | None = None  # asked for after the end

    @classmethod
    def new(
        cls,
        match_id: str,
        options: Options,
        now: int,
        bots: Mapping[Color, BotLevel] | None = None,
        seed: int | None = None,
    ) -> "Match":
        """Version 0: the first round dealt, bots seated. Without a seed in
        `options`, deals come from `seed` (drawn when None), which no answer shows."""
        if seed is None:
            seed = options.seed if options.seed is not None else secrets.randbits(SEED_BITS)
        seats = {color: Seat.bot(level) for color, level in (bots or {}).items()}
        return cls(
            id=match_id,
            version=0,
            created_at=now,
            updated_at=now,
            options=options,
            red=seats.get(Color.RED, Seat()),
            black=seats.get(Color.BLACK, Seat()),
            game=GameState.new(options.target_score, options.first_player, seed),
            clock=Clock.new(options.clock) if options.clock is not None else None,
        )

    # What the match is.

    @property
    def status(self) -> Status:
        if self.end_reason is not None:
            return Status.FINISHED
        if not (self.red.joined and self.black.joined):
            return Status.WAITING
        return Status.PLAYING

    def seat(self, color: Color) -> Seat:
        return self.red if color is Color.RED else self.black

    @property
    def open_seats(self) -> tuple[Color, ...]:
        return tuple(
            color
            for color in PLAYERS
            if not (seat := self.seat(color)).joined and seat.token_sha256 is None
        )

    def seat_of(self, token_sha256: str | None) -> Color:
        """The seat a hashed token belongs to; NotSeated for any other."""
        if token_sha256 is not None:
            for color in PLAYERS:
                stored = self.seat(color).token_sha256
                if stored is not None and hmac.compare_digest(stored, token_sha256):
                    return color
        # No version: the game's state is not told to whoever holds no seat.
        raise NotSeated("a seat token of this game is required")

    def seat_of_player(self, player_id: str) -> Color:
        """The seat the player holds; NotSeated when they hold none here."""
        for color in PLAYERS:
            if self.seat(color).player_id == player_id:
                return color
        raise NotSeated("this player holds no seat of this game")

    @property
    def deadline(self) -> int | None:
        """When the running clock runs out (ms); None when none runs."""
        return self.clock.deadline if self.clock is not None else None

    def _human_to_move(self) -> Color | None:
        """Whose clock runs: the player to move, unless a bot or nobody."""
        if self.status is not Status.PLAYING or self.bot_to_move() is not None:
            return None
        return self.game.to_move

    def _clock_after(self, before: "Match", at: int, moved: bool) -> Clock | None:
        """The clock once `self` follows `before` at `at`: after a move, the
        mover's clock is charged (plus any increment) and the next player's
        starts; after anything else, only whose clock runs changes."""
        if self.clock is None:
            return None
        if moved:
            return self.clock.moved(before._human_to_move(), self._human_to_move(), at)
        return self.clock.start(self._human_to_move(), at)

    def ran_out(self, now: int) -> Color | None:
        """The player whose clock has run out at `now`, while the game is playing."""
        if self.clock is None or self.status is not Status.PLAYING:
            return None
        return self.clock.ran_out(now)

    def bot_to_move(self) -> BotLevel | None:
        if self.status is not Status.PLAYING:
            return None
        seat = self.seat(self.game.to_move)  # type: ignore[arg-type]  # playing: someone moves
        return seat.level if seat.type is SeatType.BOT else None

    def require_analysis_open(self) -> None:
        if self.status is Status.WAITING:
            raise NotInProgress("the game is waiting for players", self.version)
        if not self.options.hints and self.status is not Status.FINISHED:
            raise HintsDisabled(
                "this game was created without hints; analysis opens when it is over",
                self.version,
            )

    # Commands: who may do what, then the action.

    def join(
        self,
        color: Color | None,
        name: str | None,
        token_sha256: str,
        now: int,
        player_id: str | None = None,
    ) -> Change:
        """Take `color`, or the first open seat (red before black), for the
        player `player_id` when one joins."""
        if player_id is not None and player_id in (self.red.player_id, self.black.player_id):
            raise SeatTaken("this player holds a seat of this game already", self.version)
        if color is None:
            if not self.open_seats:
                raise GameFull("both seats are taken", self.version)
            color = self.open_seats[0]
        return self.apply(Join(color, name, token_sha256, now, player_id))

    def take_reserved(self, color: Color, token_sha256: str, now: int) -> Change | None:
        """The holder of the token a seat was reserved for takes it (a
        rematch's seat, once its holder has its token); None when taken already."""
        seat = self.seat(color)
        if seat.token_sha256 != token_sha256:
            raise NotSeated("this seat is reserved for another token")
        if seat.joined:
            return None
        return self.apply(Join(color, seat.name, token_sha256, now, seat.player_id))

    def play(self, color: Color, position: int, now: int) -> Change:
        self._require_in_time(now)
        if color is not self.game.to_move:
            raise NotYourTurn(f"it is {self.game.to_move}'s turn", self.version)
        return self.apply(Play(position, now))

    def resign(self, color: Color, now: int) -> Change:
        self._require_in_time(now)
        return self.apply(Resign(color, now))

    def abort(self, color: Color, now: int) -> Change:
        """Either seat calls the game off before its first move."""
        self._require_in_time(now)
        return self.apply(Abort(color, now))

    def overdue(self, now: int) -> Change | None:
        """The game's end when the running clock has run out by `now`: a
        timeout, or an abort when the game's first move never came. None
        when no clock has run out."""
        if self.ran_out(now) is None:
            return None
        return self.apply(TimeOut(self.deadline))  # type: ignore[arg-type]  # one runs

    def claim_victory(
        self, color: Color, now: int, gone_since: int | None, abandon_ms: int
    ) -> Change:
        """`color` claims the game: allowed on the opponent's turn once the
        opponent (a human) has been disconnected (`gone_since`: since when;
        None while connected) and their turn has lasted `abandon_ms` both."""
        self._require_in_time(now)
        absent = opponent(color)
        if self.game.to_move is not absent:
            raise ClaimNotAllowed("it is your turn", self.version)
        if self.seat(absent).type is SeatType.BOT:
            raise ClaimNotAllowed("the opponent is a bot", self.version)
        if gone_since is None:
            raise ClaimNotAllowed("the opponent is connected", self.version)
        # Their turn began when the game last changed, so they have not moved
        # since then either.
        allowed_at = max(gone_since, self.updated_at) + abandon_ms
        if now < allowed_at:
            raise ClaimNotAllowed(
                f"the opponent has not been gone long enough: {abandon_ms // 1000} s are needed",
                self.version,
                retry_after_ms=allowed_at - now,
            )
        return self.apply(Claim(color, now))

    def request_rematch(
        self, color: Color, now: int, window_ms: int, next_game_id: str
    ) -> Change | None:
        """`color` asks for another game within `window_ms` of the end. The
        first to ask offers; the other asking (or a bot seat, at once) makes
        the rematch, whose game is `next_game_id`. None when asking changes
        nothing: asked already, or the rematch is made already."""
        if self.status is not Status.FINISHED:
            raise NotInProgress(
                f"the game is {self.status}: a rematch follows its end", self.version
            )
        if self.end_reason is EndReason.ABORTED:
            raise RematchClosed("an aborted game has no rematch: start a new game", self.version)
        asked = self.rematch or Rematch()
        if asked.game_id is not None or color in asked.offered_by:
            return None
        if now > self.rematch_closes_at(window_ms):
            raise RematchClosed(
                f"a rematch can be asked for only within {window_ms // 1000} s of the end",
                self.version,
            )
        other = opponent(color)
        if other in asked.offered_by or self.seat(other).type is SeatType.BOT:
            return self.apply(AcceptRematch(color, next_game_id, now))
        return self.apply(OfferRematch(color, now))

    @property
    def rematch_made(self) -> bool:
        return self.rematch is not None and self.rematch.game_id is not None

    def rematch_closes_at(self, window_ms: int) -> float:
        """The last instant (ms) a rematch may be asked for: `window_ms` after
        the end; -inf for a match that has not ended, or ended before its end
        was kept."""
        return self.ended_at + window_ms if self.ended_at is not None else float("-inf")

    def rematch_window_open(self, now: int, window_ms: int) -> bool:
        """Whether a rematch can still be arranged: the game was played to
        its end (not aborted), none is made yet, a human holds a seat and the
        window has not closed."""
        return (
            self.status is Status.FINISHED
            and self.end_reason is not EndReason.ABORTED
            and not self.rematch_made
            and now <= self.rematch_closes_at(window_ms)
            and any(self.seat(color).type is SeatType.HUMAN for color in PLAYERS)
        )

    def next_match(self, game_id: str, now: int, token_sha256: Mapping[Color, str]) -> "Match":
        """The rematch's game at version 0, its humans' seats reserved for
        this match's humans (each for the hashed token `token_sha256` gives
        for its new colour) and taken as each gets its token (`take_reserved`),
        so that its clock starts once both hold theirs: same target, clock
        and hints, private, colours swapped, started by whoever did not start
        this match's first round."""
        first_round = self.game.rounds[0] if self.game.rounds else self.game.round
        options = replace(
            self.options,
            # The one who did not start holds the other colour, and colours
            # swap: so the colour that started before starts again.
            first_player=first_round.starting_player,
            seed=None,
            visibility=Visibility.PRIVATE,
        )
        bots = {
            opponent(color): seat.level
            for color in PLAYERS
            if (seat := self.seat(color)).level is not None
        }
        match = Match.new(game_id, options, now, bots)
        seats = {
            opponent(color): Seat(
                name=seat.name, token_sha256=token_sha256[opponent(color)], player_id=seat.player_id
            )
            for color in PLAYERS
            if (seat := self.seat(color)).type is SeatType.HUMAN
        }
        return replace(
            match, red=seats.get(Color.RED, match.red), black=seats.get(Color.BLACK, match.black)
        )

    def bot_reply(self, now: int) -> Change:
        """The bot to move plays (ValueError when no bot is to move)."""
        level = self.bot_to_move()
        if level is None:
            raise ValueError("no bot is to move")
        return self.apply(Play(choose_move(level, self.game), now))

    # The one way a match changes.

    def apply(self, action: Action) -> Change:
        """The next version after `action`, and what it did. Refuses what the
        rules refuse, so a replayed action is checked as the first one was."""
        if isinstance(action, Play):
            return self._played(action)
        if isinstance(action, Join):
            return self._joined(action)
        if isinstance(action, Resign):
            return self._resigned(action)
        if isinstance(action, Abort):
            return self._aborted(action.color, action.at)
        if isinstance(action, TimeOut):
            return self._timed_out(action)
        if isinstance(action, Claim):
            return self._claimed(action)
        return self._rematch_asked(action)

    def replay(self, actions: Iterable[Action]) -> Iterable[Change]:
        """Each later version, one per action, with its events."""
        match = self
        for action in actions:
            match, events = match.apply(action)
            yield match, events

    def _next(
        self,
        at: int,
        *,
        moved: bool = False,
        game: GameState | None = None,
        end_reason: EndReason | None = None,
        red: Seat | None = None,
        black: Seat | None = None,
        rematch: Rematch | None = None,
    ) -> "Match":
        """The next version at `at`, with the fields given (None: as they
        were). Built field by field: through dataclasses.replace it cost 43 k
        instructions, 26 k so. tests/engine/test_match.py names every field,
        so a field added and not carried here fails there."""
        end_reason = end_reason if end_reason is not None else self.end_reason
        after = Match(
            id=self.id,
            version=self.version + 1,
            created_at=self.created_at,
            updated_at=at,
            options=self.options,
            red=red if red is not None else self.red,
            black=black if black is not None else self.black,
            game=game if game is not None else self.game,
            end_reason=end_reason,
            clock=self.clock,
            ended_at=at if self.ended_at is None and end_reason is not None else self.ended_at,
            rematch=rematch if rematch is not None else self.rematch,
        )
        if after.clock is None:
            return after
        # A move stops its mover's clock and starts the next player's; a
        # join that starts the game starts the first; the end stops it.
        return replace(after, clock=after._clock_after(self, at, moved))

    def _joined(self, action: Join) -> Change:
        held = self.seat(action.color)
        if held.reserved and held.token_sha256 != action.token_sha256:
            raise GameFull("this game's seats are reserved for its players", self.version)
        if not held.reserved and action.color not in self.open_seats:
            raise SeatTaken(f"the {action.color} seat is not open", self.version)
        seat = Seat(
            name=action.name,
            joined=True,
            token_sha256=action.token_sha256,
            player_id=action.player_id,
        )
        if action.color is Color.RED:
            after = self._next(action.at, red=seat)
        else:
            after = self._next(action.at, black=seat)
        return after, [Joined(after.version, action.color)]

    def _played(self, action: Play) -> Change:
        self._require_playing()
        try:
            game, outcome = self.game.apply(self.game.to_move, action.position)  # type: ignore[arg-type]
        except RulesError as refused:  # the game's own refusal, with this match's version
            raise type(refused)(refused.detail, self.version) from None
        end = EndReason.TARGET_SCORE if game.is_over else None
        after = self._next(action.at, moved=True, game=game, end_reason=end)
        version = after.version
        events: list[Event] = [Moved(version, outcome, action.at)]
        if outcome.round_over:
            events.append(RoundOver(version, game.rounds[-1]))
        if end is not None:
            events.append(GameOver(version))
        return after, events

    def _resigned(self, action: Resign) -> Change:
        self._require_playing()
        after = self._next(
            action.at, game=self.game.resign(action.color), end_reason=EndReason.RESIGNATION
        )
        return after, [Resigned(after.version, action.color), GameOver(after.version)]

    def _aborted(self, color: Color | None, at: int) -> Change:
        self._require_playing()
        if self.game.moves_played:
            raise AbortNotAllowed("a game can be aborted only before its first move", self.version)
        after = self._next(at, game=self.game.halted(), end_reason=EndReason.ABORTED)
        return after, [Aborted(after.version, color), GameOver(after.version)]

    def _timed_out(self, action: TimeOut) -> Change:
        self._require_playing()
        loser = self.clock.running if self.clock is not None else None
        if loser is None or action.at < self.deadline:  # type: ignore[operator]  # one runs
            raise NotInProgress("no clock has run out", self.version)
        if not self.game.moves_played:  # the first move never came: no loser
            return self._aborted(None, action.at)
        after = self._next(action.at, game=self.game.forfeit(loser), end_reason=EndReason.TIMEOUT)
        return after, [TimedOut(after.version, loser), GameOver(after.version)]

    def _claimed(self, action: Claim) -> Change:
        self._require_playing()
        absent = opponent(action.color)
        if self.game.to_move is not absent:
            raise ClaimNotAllowed("it is your turn", self.version)
        after = self._next(
            action.at, game=self.game.forfeit(absent), end_reason=EndReason.ABANDONED
        )
        return after, [Abandoned(after.version, absent), GameOver(after.version)]

    def _rematch_asked(self, action: OfferRematch | AcceptRematch) -> Change:
        if self.status is not Status.FINISHED:
            raise NotInProgress(f"the game is {self.status}", self.version)
        asked = self.rematch or Rematch()
        if asked.game_id is not None or action.color in asked.offered_by:
            raise NotInProgress("this seat asked for a rematch already", self.version)
        offered_by = (*asked.offered_by, action.color)
        if isinstance(action, OfferRematch):
            after = self._next(action.at, rematch=Rematch(offered_by))
            return after, [RematchOffered(after.version, action.color)]
        other = opponent(action.color)
        if other not in offered_by:
            if self.seat(other).type is not SeatType.BOT:
                raise NotInProgress("the other seat has not asked for a rematch", self.version)
            offered_by = (*offered_by, other)  # a bot seat agrees as it is asked
        after = self._next(action.at, rematch=Rematch(offered_by, action.game_id))
        return after, [Rematched(after.version, action.color, action.game_id)]

    def _require_in_time(self, now: int) -> None:
        """A command after the running clock ran out comes too late: the game
        ended at its deadline (`overdue` makes that version)."""
        late = self.ran_out(now)
        if late is not None:
            raise NotInProgress(f"the game is over: {late}'s time ran out", self.version)
        self._require_playing()

    def _require_playing(self) -> None:
        status = self.status
        if status is not Status.PLAYING:
            raise NotInProgress(f"the game is {status}", self.version)
