"""What the core asks of a wing, declared here and filled when the wing is
installed (its `attach`, through `Ports`' methods), so that the core never
imports a wing. Each port has a plain default, what the core does with no
such wing installed, and says how many wings may fill it.

- `RatedSeating`: what a rated game's seat needs from ratings: the rating a
  player brings, and the bounds on rated play (the ratings wing).
- `StreamListening`: who listens on a player's stream, and whether the
  stream must say it is alive (the seeks wing: a seek lasts while its
  player listens; the challenges wing: a real-time challenge stands while
  its maker listens); any number of wings (Listeners).
- `ResultRating`: what rates an outcome that is not a game's, for a wing
  that rates something else (a puzzle solved or missed, against the
  puzzle's rating): a player's rating in a pool of the wing's own, apart
  from the games' categories (the ratings wing; with none, nothing is rated).
- `Sealing`: what perfect play is kept from everyone for a while, beyond
  protected games in play (the tournaments wing: a par-scored tournament's
  games, its deals and every position its games reach, while it runs); any
  number of wings (Seals: with none, nothing is kept beyond the games in
  play, and a keeper of a wing not installed keeps nothing).
"""

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Protocol

from buttonup.engine import Match
from buttonup.engine.actions import Progress
from buttonup.engine.options import UnratedReason
from buttonup.engine.player import Player
from buttonup.engine.ratings import Category, Rating, category_of

# A join of a match, given why it is played unrated (if it is).
Join = Callable[..., Progress | None]


class RatedSeating(Protocol):
    def brought(self, player: Player | None, match: Match) -> Rating | None:
        """The rating a player brings to a seat of `match`, a rated game's."""
        ...

    def current(self, player: Player, category: Category) -> Rating:
        """The player's rating in `category` now."""
        ...

    def join(self, before: Match, join: Join, *, refuse: bool) -> Progress | None:
        """A join of `before` (`join`), bounded as a rated game's."""
        ...

    def may_sit(self, player_id: str, category: Category) -> None:
        """RatedGameInProgress unless the player may take on another rated
        game of `category`."""
        ...

    def may_not_sit(self, player_ids: Sequence[str], category: Category) -> set[str]:
        """Those of these players who may not take on another rated game of
        `category` (may_sit for many at once)."""
        ...

    def starting(self, match: Match, *, refuse: bool) -> UnratedReason | None:
        """A rated game starts; why it is played unrated, if it is."""
        ...


class StoredRatings:
    """No ratings wing: the rating a player's record holds, and no bounds."""

    def brought(self, player: Player | None, match: Match) -> Rating | None:
        if player is None or not match.options.rated:
            return None
        return self.current(player, category_of(match.options.clock))

    def current(self, player: Player, category: Category) -> Rating:
        return player.rating(category)

    def join(self, before: Match, join: Join, *, refuse: bool) -> Progress | None:
        return join()

    def may_sit(self, player_id: str, category: Category) -> None:
        """Nothing bounds rated play."""

    def may_not_sit(self, player_ids: Sequence[str], category: Category) -> set[str]:
        return set()

    def starting(self, match: Match, *, refuse: bool) -> UnratedReason | None:
        return None


class StreamListening(Protocol):
    def listening(self, player_id: str, wake: Callable[[], None]) -> AbstractContextManager[object]:
        """Held while the player's stream is open; `wake` wakes its reader."""
        ...

    def keeps_alive(self, player_id: str) -> bool:
        """Whether the player's stream must show it is read, now."""
        ...


@dataclass(frozen=True, slots=True)
class RatedResult:
    """An outcome that is not a game's, to be rated once: `id` the wing's own
    (a second report of it changes nothing), the player's `score` (1 won, 0
    lost, 0.5 drawn) against `opponent`'s rating, in the rating `pool` the
    wing names (a word of its own, `[a-z_]{1,20}`, not a game's category)."""

    id: str
    player_id: str
    pool: str
    opponent: Rating
    score: float


class ResultRating(Protocol):
    def rate(self, result: RatedResult, now: int) -> Rating | None:
        """The player's rating in the result's pool after it, changed once
        however often it is reported; None when nothing rates results."""
        ...

    def rating(self, player_id: str, pool: str) -> Rating | None:
        """The player's rating in `pool` now (None: none)."""
        ...


class NobodyRatesResults:
    """No wing rates results: an outcome reported changes nothing."""

    def rate(self, result: RatedResult, now: int) -> Rating | None:
        return None

    def rating(self, player_id: str, pool: str) -> Rating | None:
        return None


class Sealing(Protocol):
    def analysis_sealed(self, match: Match) -> str | None:
        """Why the game's analysis is kept from everyone now (None: it is not)."""
        ...

    def keeps(self, keeper: str) -> bool:
        """Whether a wing's keeper (`<kind>:<id>`, which it wrote in the
        gate's index: store.positions) still keeps its positions."""
        ...

    def reached(self, match: Match, digest: str, now: int) -> None:
        """A protected game reached a position (games.fair_play.digest),
        before anyone can see it: the wing may keep it longer."""
        ...


class PortTaken(RuntimeError):
    """A second wing filling a port only one may fill: a wiring mistake,
    refused as the app is built rather than one silently winning."""


class Held:
    """What a wing holds while a player's stream is open (its
    `StreamListening.listening`): `begin(player_id, wake)` as the stream
    opens, `end(player_id, wake)` as it closes. A class with slots rather
    than contextlib.contextmanager: a stream holds one of each wing's for
    hours, and a suspended generator with its context manager weighs
    several times as much (docs/performance.md, "Twenty thousand streams")."""

    __slots__ = ("_begin", "_end", "_player_id", "_wake")

    def __init__(
        self,
        begin: Callable[[str, Callable[[], None]], None],
        end: Callable[[str, Callable[[], None]], None],
        player_id: str,
        wake: Callable[[], None],
    ) -> None:
        self._begin, self._end = begin, end
        self._player_id, self._wake = player_id, wake

    def __enter__(self) -> None:
        self._begin(self._player_id, self._wake)

    def __exit__(self, *raised: object) -> None:
        self._end(self._player_id, self._wake)


class _AllHeld:
    """Each wing's context entered in turn and left in the reverse order,
    each left whatever the others raise (as contextlib.ExitStack would, for
    a stream's life, at a fraction of its weight): the first error raised
    on the way out is raised once all are left."""

    __slots__ = ("_held",)

    def __init__(self, held: tuple[AbstractContextManager[object], ...]) -> None:
        self._held = held

    def __enter__(self) -> None:
        for entered, context in enumerate(self._held):
            try:
                context.__enter__()
            except BaseException as error:
                self._leave(self._held[:entered], type(error), error, error.__traceback__)
                raise

    def __exit__(self, *raised: Any) -> None:
        self._leave(self._held, *raised)

    @staticmethod
    def _leave(
        held: tuple[AbstractContextManager[object], ...],
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        raised: BaseException | None = None
        for context in reversed(held):
            try:
                context.__exit__(kind, error, trace)
            except BaseException as leaving:
                raised = raised or leaving
        if raised is not None:
            raise raised


class Listeners:
    """The `StreamListening` port as many wings fill it: each hears every
    stream open and close, and a stream shows it is read while any of them
    asks it to."""

    def __init__(self) -> None:
        self._listening: list[StreamListening] = []

    def add(self, listening: StreamListening) -> None:
        self._listening.append(listening)

    def listening(self, player_id: str, wake: Callable[[], None]) -> AbstractContextManager[None]:
        return _AllHeld(tuple(each.listening(player_id, wake) for each in self._listening))

    def keeps_alive(self, player_id: str) -> bool:
        return any(listening.keeps_alive(player_id) for listening in self._listening)


class Seals:
    """The `Sealing` port as many wings fill it: a game's analysis is kept
    while any of them keeps it, a keeper keeps while the one that wrote it
    says so, and each is told of every position reached."""

    def __init__(self) -> None:
        self._seals: list[Sealing] = []

    def add(self, sealing: Sealing) -> None:
        self._seals.append(sealing)

    def analysis_sealed(self, match: Match) -> str | None:
        for sealing in self._seals:
            why = sealing.analysis_sealed(match)
            if why is not None:
                return why
        return None

    def keeps(self, keeper: str) -> bool:
        return any(sealing.keeps(keeper) for sealing in self._seals)

    def reached(self, match: Match, digest: str, now: int) -> None:
        for sealing in self._seals:
            sealing.reached(match, digest, now)


@dataclass(slots=True)
class Ports:
    """The ports, each filled by the wing that answers it (at install),
    through its method: `seating` and `results` by one wing at most (a
    second is PortTaken), `listening` and `sealing` by any number (Listeners,
    Seals). Unfilled, each
    does what the core does with no such wing (its plain default)."""

    seating: RatedSeating = field(default_factory=StoredRatings)
    listening: Listeners = field(default_factory=Listeners)
    sealing: Seals = field(default_factory=Seals)
    results: ResultRating = field(default_factory=NobodyRatesResults)
    _filled: set[str] = field(default_factory=set)

    def fill_seating(self, seating: RatedSeating) -> None:
        self._take("seating")
        self.seating = seating

    def add_listening(self, listening: StreamListening) -> None:
        self.listening.add(listening)

    def fill_results(self, results: ResultRating) -> None:
        self._take("results")
        self.results = results

    def add_sealing(self, sealing: Sealing) -> None:
        self.sealing.add(sealing)

    def _take(self, port: str) -> None:
        if port in self._filled:
            raise PortTaken(f"the {port} port is filled by one wing at most")
        self._filled.add(port)
