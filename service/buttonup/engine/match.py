"""The match around a game: options, seats, status and how it ended.

Pure and immutable: every change is an action (engine.actions: a join, a
move, a resignation, an abort, a timeout, a claim of an abandoned game, a
rematch asked for) that `Match.apply` (engine.transitions) turns into the
next version and the domain events it produced, kept together as a `Progress`.
Commands (`join`, `play`, `resign`, `abort`, `overdue`, `claim_victory`,
`request_rematch`, `bot_reply`) check who may do what, then apply their action; time is always
an argument (`now`, ms since the epoch), never read; replaying a match's actions from
its first version rebuilds every later one exactly (deals come from the
match's seed), which is what storage and the event streams rely on.
"""

import hmac
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from buttonup.engine.actions import (
    Abort,
    AcceptRematch,
    Action,
    Berserk,
    Claim,
    Join,
    OfferRematch,
    Play,
    Progress,
    Resign,
    TimeOut,
)
from buttonup.engine.board import PLAYERS, Color, opponent
from buttonup.engine.bots import BotLevel, choose_move
from buttonup.engine.clock import Clock
from buttonup.engine.errors import (
    ClaimNotAllowed,
    GameFull,
    HintsDisabled,
    NotInProgress,
    NotSeated,
    NotYourTurn,
    RatedNeedsPlayers,
    RematchClosed,
    SeatTaken,
)
from buttonup.engine.game import GameState
from buttonup.engine.notation import deals_of, read_position
from buttonup.engine.options import EndReason, Options, SeatType, Status, UnratedReason
from buttonup.engine.ratings import Rating
from buttonup.engine.review import GameReview
from buttonup.engine.seats import Rematch, Seat
from buttonup.engine.transitions import advance, require_playing

SEED_BITS = 128  # a match created without a seed draws one this long
Ratings = Mapping[str, Rating] | None  # players' ratings, by player id


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
    moved: frozenset[Color] = frozenset()  # the seats that have made a move
    # A game created rated and played unrated, and why (engine.ratings)
    unrated: UnratedReason | None = None
    # A rated game's end: each seat's rating change as shown (red, black),
    # kept with the action that ended it (engine.ratings.rating_diff).
    rating_diff: tuple[int, int] | None = None
    # A rated game's end: its exact review (engine.review), kept with its action.
    review: GameReview | None = None

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
        if options.rated and bots:
            raise RatedNeedsPlayers("a rated game is between two players: no bot seat")
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
            game=_first_state(options, seed),
            clock=Clock.new(options.clock) if options.clock is not None else None,
        )

    # What the match is.

    @property
    def rated(self) -> bool:
        """Whether its result changes both players' ratings: created rated,
        and not played unrated (`unrated` says why)."""
        return self.options.rated and self.unrated is None

    @property
    def hints(self) -> bool:
        """Whether analysis answers while it is in play: created with hints,
        and not rated (a rated game never has them, whatever it was made with)."""
        return self.options.hints and not self.options.rated

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

    def ran_out(self, now: int) -> Color | None:
        """The player whose clock has run out at `now`, while the game is playing."""
        if self.clock is None or self.status is not Status.PLAYING:
            return None
        return self.clock.ran_out(now)

    @property
    def berserk_open(self) -> list[Color]:
        """The seats that may go berserk now: the game allows it, it is in
        play, and they have neither moved nor gone berserk."""
        clock = self.clock
        if clock is None or not (self.options.berserk and clock.berserk_allowed):
            return []
        if self.status is not Status.PLAYING:
            return []
        done = self.moved | clock.berserk  # moved, or gone berserk already
        return [color for color in PLAYERS if color not in done]

    def bot_to_move(self) -> BotLevel | None:
        if self.status is not Status.PLAYING:
            return None
        seat = self.seat(self.game.to_move)  # type: ignore[arg-type]  # playing: someone moves
        return seat.level if seat.type is SeatType.BOT else None

    def require_analysis_open(self) -> None:
        if self.status is Status.WAITING:
            raise NotInProgress("the game is waiting for players", self.version)
        if not self.hints and self.status is not Status.FINISHED:
            raise HintsDisabled(
                "this game has no hints (it is rated, or was created without them); "
                "analysis opens when it is over",
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
        rating: Rating | None = None,
        unrated: UnratedReason | None = None,
        bot: bool = False,
    ) -> Progress:
        """Take `color`, or the first open seat (red before black), for the
        player `player_id` when one joins (a bot account when `bot`; with their
        `rating`, a rated game's; `unrated`: played unrated from here, why)."""
        if player_id is not None and player_id in (self.red.player_id, self.black.player_id):
            raise SeatTaken("this player holds a seat of this game already", self.version)
        if color is None:
            if not self.open_seats:
                raise GameFull("both seats are taken", self.version)
            color = self.open_seats[0]
        return self.apply(Join(color, name, token_sha256, now, player_id, rating, unrated, bot))

    def take_reserved(
        self, color: Color, token_sha256: str, now: int, unrated: UnratedReason | None = None
    ) -> Progress | None:
        """The holder of the token a seat was reserved for takes it (a rematch's
        seat, once its holder has its token); None when taken; `unrated` as join's."""
        seat = self.seat(color)
        if seat.token_sha256 != token_sha256:
            raise NotSeated("this seat is reserved for another token")
        if seat.joined:
            return None
        held = (seat.player_id, seat.rating, unrated, seat.bot_account)
        return self.apply(Join(color, seat.name, token_sha256, now, *held))

    def play(self, color: Color, position: int, now: int) -> Progress:
        _require_in_time(self, now)
        if color is not self.game.to_move:
            raise NotYourTurn(f"it is {self.game.to_move}'s turn", self.version)
        return self.apply(Play(position, now))

    def resign(self, color: Color, now: int) -> Progress:
        _require_in_time(self, now)
        return self.apply(Resign(color, now))

    def berserk(self, color: Color, now: int) -> Progress:
        """`color` goes berserk, before their first move, where the game
        allows it (engine.clock)."""
        _require_in_time(self, now)
        return self.apply(Berserk(color, now))

    def abort(self, color: Color, now: int) -> Progress:
        """Either seat calls the game off before its first move (a rated
        game's: before each player's first)."""
        _require_in_time(self, now)
        return self.apply(Abort(color, now))

    def overdue(self, now: int) -> Progress | None:
        """The game's end when the running clock has run out by `now`: a
        timeout, or an abort when the game's first move never came. None
        when no clock has run out."""
        if self.ran_out(now) is None:
            return None
        return self.apply(TimeOut(self.deadline))  # type: ignore[arg-type]  # one runs

    def claim_victory(
        self, color: Color, now: int, gone_since: int | None, abandon_ms: int
    ) -> Progress:
        """`color` claims the game: allowed on the opponent's turn once the
        opponent (a human) has been disconnected (`gone_since`: since when;
        None while connected) and their turn has lasted `abandon_ms` both."""
        _require_in_time(self, now)
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
    ) -> Progress | None:
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

    def bot_reply(self, now: int, *, perfect: bool = True) -> Progress:
        """The bot to move plays (ValueError if none); `perfect`: engine.bots."""
        level = self.bot_to_move()
        if level is None:
            raise ValueError("no bot is to move")
        return self.apply(Play(choose_move(level, self.game, perfect=perfect), now))

    # The one way a match changes.

    def apply(self, action: Action) -> Progress:
        """The next version after `action`, and what it did (engine.transitions)."""
        return advance(self, action)

    def replay(self, actions: Iterable[Action]) -> Iterable[Progress]:
        """Each later version, one per action, with its events."""
        match = self
        for action in actions:
            progress = advance(match, action)
            match = progress.match
            yield progress


def next_match(
    match: Match, game_id: str, now: int, token_sha256: Mapping[Color, str], ratings: Ratings = None
) -> Match:
    """The rematch's game at version 0, its humans' seats reserved for
    this match's humans (for the hashed token `token_sha256` gives their
    new colour; a rated game's with their `ratings` now) and taken as each
    gets its token (`take_reserved`), so that its clock starts once both
    hold theirs: same target, clock, hints and rating, private, colours
    swapped, started by whoever did not start this match's first round."""
    first_round = match.game.rounds[0] if match.game.rounds else match.game.round
    # The one who did not start holds the other colour, and colours swap:
    # so the colour that started before starts again.
    options = match.options.for_rematch(first_round.starting_player)
    bots = {
        opponent(color): seat.level
        for color in PLAYERS
        if (seat := match.seat(color)).level is not None
    }
    new = Match.new(game_id, options, now, bots)
    rated = (ratings or {}) if options.rated else {}
    seats = {
        opponent(color): seat.reserved_for(
            token_sha256[opponent(color)], rated.get(seat.player_id or "")
        )
        for color in PLAYERS
        if (seat := match.seat(color)).type is SeatType.HUMAN
    }
    return replace(new, red=seats.get(Color.RED, new.red), black=seats.get(Color.BLACK, new.black))


def _require_in_time(match: Match, now: int) -> None:
    """A command after the running clock ran out comes too late: the game
    ended at its deadline (`overdue` makes that version)."""
    late = match.ran_out(now)
    if late is not None:
        raise NotInProgress(f"the game is over: {late}'s time ran out", match.version)
    require_playing(match)


def _first_state(options: Options, seed: int) -> GameState:
    """The game as a match begins: from the position its options name, or
    with its first round dealt (from the deals given, or the seed)."""
    if options.position is not None:
        start = read_position(options.position, stored=True)
        return start.state(seed, options.rules, deals_of(options.deals))
    return GameState.new(options.rules, options.first_player, seed, deals_of(options.deals))
