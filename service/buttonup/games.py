"""The use cases on a game: create, join, play, resign, abort, claim victory,
rematch, read, watch, analyse, and the sweep of clocks that ran out; and on
a player: create, read, list and follow their games.

Every change goes through one pipeline (`Games._run`): load the match
(optimistically the one this process saw last), end it first if its running
clock ran out (so that no command and no read ever sees a game in play past
its deadline), decide (a command of the match), let bots reply, commit
every version made with one compare-and-set, retry on a lost race unless
If-Match pinned a version, replay or refuse an idempotent retry, and tell
the observer. Answers are typed (`Outcome`):
the API's codec makes their JSON.
"""

import base64
import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import orjson

from buttonup import errors
from buttonup.engine import (
    PLAYERS,
    BotLevel,
    Color,
    Match,
    NotSeated,
    Options,
    RulesError,
    SeatTaken,
    Status,
    Visibility,
)
from buttonup.engine.actions import Progress
from buttonup.engine.analysis import (
    PlayedMove,
    PositionAnalysis,
    RoundReview,
    analyse_position,
    review_round,
)
from buttonup.engine.board import opponent
from buttonup.engine.events import Event, EventName, GameOver, Moved
from buttonup.engine.player import Notice, Player
from buttonup.store import GameNotFound as StoredGameNotFound
from buttonup.store import GameStore, History, VersionConflict, hash_token, new_game_id, new_token
from buttonup.store import OutcomeUnknown as StoreOutcomeUnknown
from buttonup.store import StorageUnavailable as StoreUnavailable
from buttonup.store.codec import decode_entries
from buttonup.store.deadlines import Due
from buttonup.store.errors import ErrorsAs
from buttonup.store.feed import Subscription, stream_order
from buttonup.store.players import is_player_key, player_key_of
from buttonup.store.presence import SeatPresence

MAX_ATTEMPTS = 8
JOIN = "join"  # the scope of a join's Idempotency-Key (a move's is its seat)
CREATE = "create"  # of a create's (a player's own, when a player key is sent)
PLAYER = "player"  # of a player's creation
# An Idempotency-Key that no secret scopes (creating a player, or a game or a
# seat without a player key) is at least this long: it is all that stands
# between another client and the first answer, the secret it carries included.
UNSCOPED_KEY_MIN_LENGTH = 16
log = logging.getLogger(__name__)
# Told what each committed change did: EventName.CREATED for a new game, then
# its events' names.
Observe = Callable[[Iterable[str]], None]
# A command on the match: the match, the seat that acts (when the request
# authenticated one), now. None: nothing to change.
Decide = Callable[[Match, Color | None, int], Progress | None]
SWEEP_BATCH = 200  # games a sweeper takes from the deadline index at once
SWEEP_LEASE_MS = 2000  # how long other sweepers leave them alone
# How often an open player's stream relays again what the player's games did
# and no process relayed (one that died between commit and relay).
PLAYER_CATCH_UP_SECONDS = 30.0
MY_GAMES_SHOWN = 100  # games a player's stream starts with, at most


def _ignore(names: Iterable[str]) -> None:
    """No observer."""


def now_ms() -> int:
    return time.time_ns() // 1_000_000


@dataclass(frozen=True, slots=True)
class NewGame:
    options: Options = field(default_factory=Options)
    bots: dict[Color, BotLevel] = field(default_factory=dict)  # seats a bot takes


@dataclass(frozen=True, slots=True)
class Idempotency:
    key: str
    # The whole request, canonical: method, route, its parameters and body. A
    # retry must repeat it all; the seat or player is the key's scope.
    request: str
    body: str  # the body alone, canonical: what replies of format 1 compared

    @property
    def digest(self) -> str:
        raw = hashlib.sha256(self.request.encode()).digest()[:12]
        return base64.urlsafe_b64encode(raw).decode()


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a command did: each version it made, in order, and the match
    after the last. `replayed`: the first answer to an idempotent retry,
    rebuilt from storage; nothing was applied this time."""

    match: Match
    changes: list[Progress]
    replayed: bool = False
    # The first answer's body itself, when format 1 kept it (before an upgrade).
    stored_body: str | None = None
    # A replay's: the secret the first answer handed out, sealed (store.idempotency).
    sealed: str = ""

    @property
    def events(self) -> list[Event]:
        return [event for progress in self.changes for event in progress.events]


@dataclass(frozen=True, slots=True)
class Seated:
    outcome: Outcome
    color: Color
    token: str  # the seat's bearer token: in this answer and nowhere else


@dataclass(frozen=True, slots=True)
class RematchOffered:
    """A rematch asked for, waiting for the other seat: `outcome` is the old game's."""

    outcome: Outcome
    offered_by: tuple[Color, ...]


@dataclass(frozen=True, slots=True)
class NewPlayer:
    player: Player
    key: str  # the player's key: in this answer and nowhere else
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class MyGame:
    """A game of a player's, as the player's list shows it."""

    match: Match
    color: Color  # the player's seat

    @property
    def my_turn(self) -> bool:
        return self.match.status is Status.PLAYING and self.match.game.to_move is self.color


@dataclass(frozen=True, slots=True)
class MyGamesPage:
    games: list[MyGame]
    next_offset: int | None  # where the next page starts; None on the last


@dataclass(frozen=True, slots=True)
class LobbyPage:
    games: list[Match]
    next_after: tuple[float, str] | None  # where the next page starts; None on the last


# What a game's stream carries, for the API's codec to render.


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole game, first on every stream."""

    match: Match


@dataclass(frozen=True, slots=True)
class Happened:
    """A version's events, with the match they made."""

    match: Match
    events: Sequence[Event]


@dataclass(frozen=True, slots=True)
class Recorded:
    """An event as format 1 stored it, rendered already."""

    version: int
    name: str
    data: str


@dataclass(frozen=True, slots=True)
class PresenceNow:
    """Which seats are connected, as of now: no change of the game, no version."""

    seats: dict[Color, SeatPresence]


StreamItem = Snapshot | Happened | Recorded | PresenceNow


# What a player's stream carries.


@dataclass(frozen=True, slots=True)
class MyGamesNow:
    """The player's games not finished, as of `position` in the player's
    stream: first on every new connection."""

    games: list[MyGame]
    position: str


@dataclass(frozen=True, slots=True)
class Heard:
    """What the player heard of a game, at `position` in the player's stream."""

    position: str
    notice: Notice


PlayerStreamItem = MyGamesNow | Heard


@dataclass(frozen=True, slots=True)
class Timeline:
    """Every version of a game that storage can rebuild, by replaying its log."""

    base: Match
    changes: list[Progress]  # one per version after the base
    earlier_moves: list[bytes]  # format 1's move documents, before the base

    @property
    def current(self) -> Match:
        return self.changes[-1].match if self.changes else self.base

    def at(self, version: int) -> Match:
        if version == self.base.version:
            return self.base
        return self.changes[version - self.base.version - 1].match

    def between(self, first: int, last: int) -> list[Progress]:
        offset = self.base.version + 1
        return self.changes[first - offset : last - offset + 1]

    def moves(self) -> list[bytes | Moved]:
        """Every move, oldest first: format 1's documents, then the replayed."""
        moved = [
            event
            for progress in self.changes
            for event in progress.events
            if isinstance(event, Moved)
        ]
        return [*self.earlier_moves, *moved]


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    match: Match
    position: PositionAnalysis
    reviews: list[RoundReview]


class Games:
    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], int] = now_ms,
        observe: Observe = _ignore,
        timeline_versions: int = 20_000,
        abandon_seconds: int = 60,
        rematch_seconds: int = 600,
    ) -> None:
        self._store = store
        self._clock = clock
        self._abandon_ms = abandon_seconds * 1000
        self._rematch_ms = rematch_seconds * 1000
        self._observe = observe
        self._timelines = _Timelines(timeline_versions)

    # Progresss

    def create(
        self, new: NewGame, idempotency: Idempotency | None, credential: str | None = None
    ) -> Outcome:
        """With a player's key as `credential`, the Idempotency-Key is the
        player's own: another player's same key makes another game. A retry
        within the idempotency TTL gets the game its key reserved."""
        _long_enough(idempotency, credential)
        player = self._named_player(credential)
        game_id = new_game_id()
        with _STORE_ERRORS:
            if idempotency is not None:
                format1_key = (
                    f"player\n{player.id}\n{idempotency.key}" if player else idempotency.key
                )
                earlier = self._format1_create(format1_key, idempotency)
                if earlier is not None:
                    return earlier
                scope = f"{CREATE}\n{player.id}" if player else CREATE
                reserved = self._store.reserve(
                    scope, idempotency.key, f"{idempotency.digest} {game_id}"
                )
                if reserved is not None:  # the key's first request's game
                    digest, game_id = reserved.split(" ")
                    _same_request(digest == idempotency.digest)
            now = self._clock()
            match = Match.new(game_id, new.options, now, new.bots)
            changes = self._bots_reply(match, now)
            after = changes[-1].match if changes else match
            reply = f"{idempotency.digest}:{after.version}" if idempotency else ""
            prior = self._store.create(match, changes, reply)
            # Without a key, a game already there is this very create, sent
            # again by a cluster client's retry.
            if prior is not None and idempotency is not None:
                return self._replay_create(game_id, prior, idempotency)
            outcome = Outcome(after, changes)
            self._observe([EventName.CREATED, *(event.name for event in outcome.events)])
        self._list_publicly(outcome.match)
        return outcome

    def _list_publicly(self, match: Match) -> None:
        """A public game with an open seat into the lobby. The game exists
        already, so failing here must not fail its answer: the game is
        listed again by a retry with the same Idempotency-Key."""
        if match.options.visibility is Visibility.PUBLIC and match.status is Status.WAITING:
            try:
                # Microseconds: games created in the same millisecond keep their order.
                self._store.list_publicly(match.id, time.time_ns() // 1000)
            except StoreUnavailable:
                log.warning("game %s was created but not listed in the lobby", match.id)

    def _format1_create(self, key: str, idempotency: Idempotency) -> Outcome | None:
        """A create first answered before the upgrade to format 2 replays that
        answer while its game exists."""
        stored = self._store.format1_create_reply(key)
        if stored is None:
            return None
        first = orjson.loads(stored)
        try:
            match = self._store.load(first["game_id"]).match
        except StoredGameNotFound:
            return None
        _same_request(first["fingerprint"] == idempotency.body)
        return Outcome(match, [], replayed=True, stored_body=first["body"])

    def join(
        self,
        game_id: str,
        color: Color | None,
        name: str | None,
        idempotency: Idempotency | None = None,
        credential: str | None = None,
    ) -> Seated:
        """Take a seat; with a player's key as `credential`, for that player
        (named as the player is, unless `name` says otherwise). The seat's
        token is random; a retry within the idempotency TTL gets it again,
        opened from the seal its first answer kept with the key."""
        _long_enough(idempotency, credential)
        # A bad credential is told once the game is found: a 404 comes first.
        refusal: errors.Unauthenticated | None = None
        player = None
        try:
            player = self._named_player(credential)
        except errors.Unauthenticated as error:
            refusal = error
        player_id = player.id if player is not None else None
        if player is not None and name is None:
            name = player.name
        token = new_token()
        scope = f"{JOIN}-{player_id}" if player_id else JOIN
        context = f"{game_id}\n{scope}\n{idempotency.key}" if idempotency else ""
        with _STORE_ERRORS:
            sealed = self._store.seal(token, context) if idempotency else ""
        token_sha256 = hash_token(token)

        def take_seat(match: Match, _: Color | None, now: int) -> Progress:
            if refusal is not None:
                raise refusal
            return match.join(color, name, token_sha256, now, player_id)

        outcome = self._run(
            game_id, take_seat, idempotency=idempotency, reply_scope=scope, sealed=sealed
        )
        if outcome.replayed:
            if not outcome.sealed:  # kept by an earlier release, without its token
                raise SeatTaken("the seat this Idempotency-Key took is taken: by its first answer")
            token = self._store.unseal(outcome.sealed, context)
            token_sha256 = hash_token(token)
        after = outcome.match
        if after.options.visibility is Visibility.PUBLIC and after.status is not Status.WAITING:
            try:
                self._store.unlist([game_id])
            except StoreUnavailable:  # the lobby drops it when next read
                log.warning("game %s was not taken out of the lobby", game_id)
        seated = outcome.changes[0].match
        chosen = next(c for c in PLAYERS if seated.seat(c).token_sha256 == token_sha256)
        return Seated(outcome, chosen, token)

    def play(
        self,
        game_id: str,
        token: str | None,
        position: int,
        *,
        if_match: frozenset[int] | None = None,
        idempotency: Idempotency | None = None,
    ) -> Outcome:
        def sow(match: Match, seat: Color | None, now: int) -> Progress:
            return match.play(seat, position, now)  # type: ignore[arg-type]  # authenticated

        return self._run(
            game_id,
            sow,
            seat_token=token,
            authenticate=True,
            if_match=if_match,
            idempotency=idempotency,
        )

    def resign(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        def give_up(match: Match, seat: Color | None, now: int) -> Progress:
            return match.resign(seat, now)  # type: ignore[arg-type]  # authenticated

        return self._run(
            game_id, give_up, seat_token=token, authenticate=True, idempotency=idempotency
        )

    def abort(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        def call_off(match: Match, seat: Color | None, now: int) -> Progress:
            return match.abort(seat, now)  # type: ignore[arg-type]  # authenticated

        return self._run(
            game_id, call_off, seat_token=token, authenticate=True, idempotency=idempotency
        )

    def claim_victory(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        """The seat whose opponent abandoned the game wins it (Match.claim_victory)."""

        def claim(match: Match, seat: Color | None, now: int) -> Progress:
            absent = self._store.presence(game_id)[opponent(seat)]  # type: ignore[arg-type]
            # Never connected: gone since ever, and the turn's length decides.
            gone_since = None if absent.connected else (absent.since or 0)
            return match.claim_victory(seat, now, gone_since, self._abandon_ms)  # type: ignore[arg-type]

        return self._run(
            game_id, claim, seat_token=token, authenticate=True, idempotency=idempotency
        )

    def rematch(self, game_id: str, credential: str | None) -> Seated | RematchOffered:
        """A seat of a finished game asks for another (Match.request_rematch).
        The first to ask offers; once both have (or at once, against a bot),
        the next game is made, its seats reserved for the old ones, and each
        asker takes its own seat there and gets its token, the same each time
        it asks: the next game starts (and its clock with it) once both have.
        The next game's id and tokens are derived from the old game's id with
        the deployment's secret: every retry and every replica makes the same
        game, and no token is kept."""
        next_id = self._store.rematch_game_id(game_id)
        asker: list[Color] = []

        def ask(match: Match, seat: Color | None, now: int) -> Progress | None:
            asker[:] = [seat]  # type: ignore[list-item]  # authenticated
            return match.request_rematch(seat, now, self._rematch_ms, next_id)  # type: ignore[arg-type]

        def make_next_game(before: Match, changes: list[Progress]) -> None:
            if changes[-1].match.rematch_made:
                self._create_rematch_game(before, next_id)

        outcome = self._run(
            game_id,
            ask,
            seat_token=credential,
            authenticate=True,
            before_commit=make_next_game,
        )
        old = outcome.match
        if old.rematch is None or old.rematch.game_id is None:
            return RematchOffered(outcome, old.rematch.offered_by if old.rematch else ())
        new_color = opponent(asker[0])
        token = self._store.rematch_token(old.rematch.game_id, new_color)
        token_sha256 = hash_token(token)

        def take_seat(match: Match, _: Color | None, now: int) -> Progress | None:
            return match.take_reserved(new_color, token_sha256, now)

        return Seated(self._run(old.rematch.game_id, take_seat), new_color, token)

    def _create_rematch_game(self, old: Match, game_id: str) -> None:
        """The rematch's game, made once: a retry finds it made."""
        hashes = {color: hash_token(self._store.rematch_token(game_id, color)) for color in PLAYERS}
        if self._store.create(old.next_match(game_id, self._clock(), hashes)) is None:
            self._observe([EventName.CREATED])

    # Players

    def create_player(self, name: str | None, idempotency: Idempotency | None) -> NewPlayer:
        """A new player with a random id and key. A retry within the
        idempotency TTL gets the same player, and the key opened from the
        seal its reservation keeps; after it, the Idempotency-Key is new."""
        _long_enough(idempotency, None)
        player_id, secret = new_game_id(), new_token()
        replayed = False
        with _STORE_ERRORS:
            if idempotency is not None:
                context = f"{PLAYER}\n{idempotency.key}"
                sealed = self._store.seal(secret, context)
                reserved = self._store.reserve(
                    PLAYER, idempotency.key, f"{idempotency.digest} {player_id} {sealed}"
                )
                if reserved is not None:  # the key's first request's player
                    digest, player_id, sealed = reserved.split(" ")
                    _same_request(digest == idempotency.digest)
                    secret, replayed = self._store.unseal(sealed, context), True
            key = player_key_of(player_id, secret)
            player = Player(player_id, name, hash_token(key), self._clock())
            player = self._store.create_player(player)
        return NewPlayer(player, key, replayed)

    def player(self, key: str) -> Player:
        """The player whose key this is; Unauthenticated for any other."""
        with _STORE_ERRORS:
            player = self._store.authenticate_player(key) if is_player_key(key) else None
        if player is None:
            raise errors.Unauthenticated("a player key is required: POST /v1/players makes one")
        return player

    def _named_player(self, credential: str | None) -> Player | None:
        """The player a bearer credential names where a seat token means
        nothing (create, join): only a player's key does, and a key of no
        player is Unauthenticated."""
        if not credential or not is_player_key(credential):
            return None
        return self.player(credential)

    def my_games(self, key: str, status: Status | None, limit: int, offset: int = 0) -> MyGamesPage:
        """The player's games: without `status`, every game not finished,
        those where it is the player's turn first, then the nearest deadline,
        then the longest waiting; finished ones newest first. Entries of the
        index that no game backs (a join that failed, an expired game) are
        dropped as they are met."""
        return self._my_games(self.player(key), status, limit, offset)

    def _my_games(
        self, player: Player, status: Status | None, limit: int, offset: int
    ) -> MyGamesPage:
        with _STORE_ERRORS:
            indexed, heard_over = self._store.player_games(player.id)
            ids = indexed
            if status is not Status.FINISHED:  # a finished game stays finished
                ids = [game_id for game_id in indexed if game_id not in heard_over]
            matches = self._store.load_many(ids)
        mine, stale = [], []
        for game_id in ids:
            match = matches[game_id]
            try:
                color = match.seat_of_player(player.id) if match is not None else None
            except NotSeated:
                color = None
            if color is None:
                stale.append(game_id)
                continue
            match = self._in_time(match)  # type: ignore[arg-type]  # found above
            if (status is None and match.status is not Status.FINISHED) or match.status is status:
                mine.append(MyGame(match, color))
        if stale:
            with _STORE_ERRORS:
                self._store.drop_player_games(player.id, stale)
        left = heard_over.difference(indexed)
        if left:
            with _STORE_ERRORS:
                self._store.forget_finished_player_games(player.id, left)
        if status is Status.FINISHED:
            mine.sort(key=lambda item: (-item.match.updated_at, item.match.id))
        else:
            never = float("inf")
            mine.sort(
                key=lambda item: (
                    not item.my_turn,
                    item.match.deadline if item.match.deadline is not None else never,
                    item.match.updated_at,
                    item.match.id,
                )
            )
        page = mine[offset : offset + limit]
        more = len(mine) > offset + limit
        return MyGamesPage(page, offset + limit if more else None)

    def watch_player(
        self, player: Player, after: str | None, keepalive_ms: int
    ) -> Iterator[list[PlayerStreamItem]]:
        """What the player (as `player` authenticated them) hears of their
        games, for a stream, in batches that arrived together: first the
        games not finished (or, resuming after the stream position `after`,
        every notice since, and no list), then each notice as it is relayed;
        an empty batch when `keepalive_ms` passed with nothing to send."""
        self._catch_up_player(player.id)
        with _STORE_ERRORS:
            bounds = self._store.player_events_bounds(player.id)
        first: list[PlayerStreamItem] = []
        if after is not None and _resumable(after, bounds):
            start = after
        else:  # new, or resumed from before what the stream keeps: the list afresh
            start = bounds[1] if bounds else "0-0"
            first = [MyGamesNow(self._my_games(player, None, MY_GAMES_SHOWN, 0).games, start)]
        with _STORE_ERRORS, self._store.subscribe_player(player.id, start) as feed:
            yield first
            caught_up = time.monotonic()
            while True:
                arrived = feed.next(keepalive_ms / 1000)
                if arrived:
                    yield [
                        Heard(stored.stream_id, self._store.player_notice(stored))
                        for stored in arrived
                    ]
                    continue
                if time.monotonic() - caught_up > PLAYER_CATCH_UP_SECONDS:
                    self._catch_up_player(player.id)
                    caught_up = time.monotonic()
                yield []

    def _catch_up_player(self, player_id: str) -> None:
        """Relay what the player's games did that no process relayed."""
        with _STORE_ERRORS:
            ids = self._store.player_game_ids(player_id)
            versions = self._store.versions(ids)
            current = {game_id: v for game_id, v in versions.items() if v is not None}
            self._store.catch_up_player(player_id, current)

    def _seat_finder(self, credential: str | None) -> Callable[[Match], Color]:
        """How to find the seat a bearer credential belongs to in a match: a
        seat token's hash, or the player a key authenticates (checked once)."""
        if credential is not None and is_player_key(credential):
            try:
                player_id = self.player(credential).id
            except errors.Unauthenticated:
                raise NotSeated("a seat token or player key of this game is required") from None
            return lambda match: match.seat_of_player(player_id)
        token_sha256 = hash_token(credential) if credential else None
        return lambda match: match.seat_of(token_sha256)

    def expire(self, game_id: str) -> Outcome:
        """The game, ended first if its running clock ran out (committed once,
        by whichever process gets there first: the others' outcome has no
        changes)."""

        def nothing_more(match: Match, seat: Color | None, now: int) -> None:
            return None

        return self._run(game_id, nothing_more)

    def sweep(self) -> int:
        """End the games whose clock ran out, from the deadline index; how
        many this call ended. Each game's entry is put back at its deadline,
        or taken out when no clock runs any more."""
        ended = 0
        while True:
            with _STORE_ERRORS:
                due = self._store.claim_due(self._clock(), SWEEP_BATCH, SWEEP_LEASE_MS)
            ended += self._sweep(due)
            if len(due) < SWEEP_BATCH:  # behind: go on at once
                return ended

    def _sweep(self, due: list[Due]) -> int:
        ended = 0
        for entry in due:
            try:
                outcome = self.expire(entry.game_id)
            except errors.GameNotFound:
                deadline = None
            except (errors.StorageUnavailable, errors.OutcomeUnknown, errors.ConcurrentUpdate):
                continue  # its lease runs out and a sweep takes it again
            else:
                deadline = outcome.match.deadline
                ended += bool(outcome.changes)
            with _STORE_ERRORS:
                self._store.settle_deadline(entry, deadline)
        return ended

    def _run(
        self,
        game_id: str,
        decide: Decide,
        *,
        seat_token: str | None = None,
        authenticate: bool = False,
        if_match: frozenset[int] | None = None,
        idempotency: Idempotency | None = None,
        reply_scope: str | None = None,
        sealed: str = "",
        before_commit: Callable[[Match, list[Progress]], None] | None = None,
    ) -> Outcome:
        """The one pipeline every change takes (see the module's docstring).
        With `authenticate`, the seat that `seat_token` (the request's bearer
        token, if any) belongs to is checked before anything else, acts in
        `decide`, and scopes the request's idempotency key; without, the key's
        scope is `reply_scope`. `sealed` is kept in the reply, for a replay
        to hand back (store.idempotency). `before_commit` does what must exist before
        the changes are stored (given the match they follow and them). A
        refusal is only ever answered from a fresh read."""
        seat_of = self._seat_finder(seat_token) if authenticate else None
        fields: dict[Color | None, str] = {}
        earlier: list[str] = []
        if idempotency and reply_scope is not None:
            fields[None] = self._store.reply_field(reply_scope, idempotency.key)
        elif idempotency:
            for c in PLAYERS:
                fields[c] = self._store.reply_field(c.value, idempotency.key)
                earlier.append(self._store.format1_reply_key(game_id, c.value, idempotency.key))
        with _STORE_ERRORS:
            # With a key, the stored replies must be read with the match.
            cached = None if idempotency else self._store.cached(game_id)
            for _ in range(MAX_ATTEMPTS):
                replies: dict[str, str] = {}
                if cached is None:
                    loaded = self._store.load(game_id, list(fields.values()), earlier)
                    match, revision, replies, optimistic = (
                        loaded.match,
                        loaded.revision,
                        loaded.replies,
                        False,
                    )
                else:
                    (match, revision), optimistic = cached, True
                overdue: Progress | None = None
                try:
                    seat = seat_of(match) if seat_of is not None else None
                    reply_field = fields.get(seat, "")
                    if reply_field in replies:
                        return self._replay(game_id, replies[reply_field], idempotency)
                    if if_match is not None and match.version not in if_match:
                        raise errors.VersionMismatch(
                            f"the game is at version {match.version}", match.version
                        )
                    now = self._clock()
                    overdue = match.overdue(now)
                    current = overdue.match if overdue is not None else match
                    changes = [overdue] if overdue is not None else []
                    first = decide(current, seat, now)
                    if first is not None:
                        changes += [first, *self._bots_reply(first.match, now)]
                except (RulesError, errors.VersionMismatch):
                    if optimistic:
                        cached = None
                        continue
                    if overdue is not None:  # refused by a game that is over: so it is stored
                        try:
                            self._store.commit(match, revision, [overdue])
                        except VersionConflict:
                            continue
                        self._observe(event.name for event in overdue.events)
                    raise
                if not changes:
                    if optimistic:  # nothing to do, as this process last saw it: read afresh
                        cached = None
                        continue
                    return Outcome(match, [])
                after = changes[-1].match
                reply = (
                    f"{idempotency.digest}:{changes[0].match.version}:{after.version}:{sealed}"
                    if idempotency
                    else ""
                )
                if before_commit is not None:
                    before_commit(match, changes)
                try:
                    prior = self._store.commit(match, revision, changes, reply_field, reply)
                except VersionConflict as conflict:
                    if if_match is not None:
                        raise errors.VersionMismatch(
                            f"the game is at version {conflict.current_version}",
                            conflict.current_version,
                        ) from conflict
                    cached = None
                    continue
                if prior is not None:
                    return self._replay(game_id, prior, idempotency)
                outcome = Outcome(after, changes)
                self._observe(event.name for event in outcome.events)
                return outcome
        raise errors.ConcurrentUpdate("the game kept changing; try again", None)

    @staticmethod
    def _bots_reply(match: Match, now: int) -> list[Progress]:
        """Bots move, one version each, while a bot is to move. A game
        between two bots is played whole here (up to 0.5 s of CPU for two
        perfect bots to 100 points): between moves the worker serves its
        other requests (under gevent, sleep(0) hands over to them)."""
        changes = []
        while match.bot_to_move() is not None:
            progress = match.bot_reply(now)
            changes.append(progress)
            match = progress.match
            time.sleep(0)
        return changes

    def _replay(self, game_id: str, stored: str, idempotency: Idempotency | None) -> Outcome:
        if stored.startswith("{"):  # format 1's own: the answer itself
            return self._replay_format1(game_id, stored, idempotency)
        # An earlier release's reply has no fourth part.
        digest, first, last, *sealed = stored.split(":")
        _same_request(idempotency is not None and digest == idempotency.digest)
        timeline = self._timeline(game_id)
        return Outcome(
            timeline.at(int(last)),
            timeline.between(int(first), int(last)),
            replayed=True,
            sealed=sealed[0] if sealed else "",
        )

    def _replay_format1(
        self, game_id: str, stored: str, idempotency: Idempotency | None
    ) -> Outcome:
        first = orjson.loads(stored)
        _same_request(idempotency is not None and first["fingerprint"] == idempotency.body)
        match = self._store.load(game_id).match
        return Outcome(match, [], replayed=True, stored_body=first["body"])

    def _replay_create(self, game_id: str, stored: str, idempotency: Idempotency | None) -> Outcome:
        digest, _, version = stored.partition(":")
        _same_request(idempotency is not None and digest == idempotency.digest)
        timeline = self._timeline(game_id)
        first = timeline.at(int(version))
        self._list_publicly(timeline.current)
        return Outcome(first, timeline.between(1, int(version)), replayed=True)

    # Reads

    def ping(self) -> None:
        """StorageUnavailable unless the store answers."""
        with _STORE_ERRORS:
            self._store.ping()

    def get(self, game_id: str) -> Match:
        with _STORE_ERRORS:
            match = self._store.load(game_id).match
        return self._in_time(match)

    def _in_time(self, match: Match) -> Match:
        """`match`, or the game ended if its clock ran out by now."""
        if match.ran_out(self._clock()) is None:
            return match
        return self.expire(match.id).match

    def presence(self, game_id: str) -> dict[Color, SeatPresence]:
        """Which seats have a stream open (GameNotFound for no game)."""
        with _STORE_ERRORS:
            self._store.load(game_id)
            return self._store.presence(game_id)

    def beat(self) -> None:
        with _STORE_ERRORS:
            self._store.beat()

    def leave(self) -> None:
        with _STORE_ERRORS:
            self._store.leave()

    def moves(self, game_id: str, start: int = 0, count: int | None = None) -> tuple[list, bool]:
        """Moves start .. start+count-1 (0-based; all of them by default), each
        a Moved event or a format-1 document, and whether more follow."""
        with _STORE_ERRORS:
            every = self._timeline(game_id).moves()
        if count is None:
            return every[start:], False
        return every[start : start + count], len(every) > start + count

    def lobby(self, limit: int, after: tuple[float, str] | None) -> LobbyPage:
        """Public games with an open seat, newest first, `limit` at a time."""
        listed: list[tuple[Match, float]] = []
        stale: list[str] = []
        cursor = after
        with _STORE_ERRORS:
            while len(listed) <= limit:
                candidates = self._store.lobby_candidates(cursor, limit + 1 - len(listed))
                if not candidates:
                    break
                matches = self._store.load_many([game_id for game_id, _ in candidates])
                for game_id, score in candidates:
                    match = matches[game_id]
                    if match is not None and match.status is Status.WAITING:
                        listed.append((match, score))
                    else:
                        stale.append(game_id)  # expired, or its seats filled
                cursor = (candidates[-1][1], candidates[-1][0])
            self._store.unlist(stale)
        page = listed[:limit]
        more = len(listed) > limit
        next_after = (page[-1][1], page[-1][0].id) if more and page else None
        return LobbyPage([match for match, _ in page], next_after)

    def analysis(self, game_id: str) -> GameAnalysis:
        """Perfect play for the round in place, and a review of each finished round."""
        match = self.get(game_id)
        with _STORE_ERRORS:
            match.require_analysis_open()
            moves = self._timeline(game_id).moves()
        by_round: dict[int, list[PlayedMove]] = {}
        for move in moves:
            if isinstance(move, Moved):
                number, player, position = (
                    move.outcome.number,
                    move.outcome.player,
                    move.outcome.position,
                )
                round_number = move.outcome.round
            else:
                plain = orjson.loads(move)
                number, player, position = (
                    plain["number"],
                    Color(plain["player"]),
                    plain["position"],
                )
                round_number = plain["round"]
            by_round.setdefault(round_number, []).append(PlayedMove(number, player, position))
        reviews = [
            review_round(result, by_round.get(result.number, [])) for result in match.game.rounds
        ]
        return GameAnalysis(match, analyse_position(match.game), reviews)

    def watch(
        self,
        game_id: str,
        after: int | None,
        keepalive_ms: int,
        seat_token: str | None = None,
    ) -> Iterator[list[StreamItem]]:
        """The game's events from now on, for a stream, in batches that arrived
        together: first the snapshot (or, resuming after `after`, every event
        of the versions since, and no snapshot), then who is connected, then
        each change as it is committed and each change of who is connected;
        an empty batch when `keepalive_ms` passed with nothing to send. Ends
        after the game is over, or, while a rematch can be arranged, after
        the rematch is made or its window closed. With a seat's token, the seat is connected
        while the stream is open. Raises GameNotFound (and NotSeated for a
        token of no seat) now, not once iterated."""
        with _STORE_ERRORS:
            match, last_id = self._store.snapshot(game_id)
            if match.ran_out(self._clock()) is not None:
                self.expire(game_id)
                match, last_id = self._store.snapshot(game_id)
        seat = self._seat_finder(seat_token)(match) if seat_token else None
        return self._follow(match, last_id, after, keepalive_ms, seat)

    def _follow(
        self,
        match: Match,
        last_id: str,
        after: int | None,
        keepalive_ms: int,
        seat: Color | None,
    ) -> Iterator[list[StreamItem]]:
        game_id = match.id
        # A resumed connection gets the events after `after` and no snapshot,
        # so that ids never go back; a snapshot when `after` is no version of
        # this game or its later events are gone.
        first: list[StreamItem] = []
        resumed = after is not None and after <= match.version
        if resumed and after < match.version:  # type: ignore[operator]
            with _STORE_ERRORS:
                first = self._past(game_id, after, match.version)[0]  # type: ignore[arg-type]
            resumed = _every_version(first, after + 1, match.version)  # type: ignore[operator]
        if not resumed:
            first = [Snapshot(match)]
            if match.status is Status.FINISHED:
                first.append(Happened(match, [GameOver(match.version)]))
        for index, item in enumerate(first):
            if self._ends(item):
                yield first[: index + 1]
                return
        if self._done(match):
            return  # resumed after its last event: nothing more will come
        with _STORE_ERRORS, self._store.subscribe(game_id, last_id) as feed:
            connection = self._store.connect_seat(game_id, seat) if seat is not None else None
            try:
                yield from self._changes(match, first, feed, keepalive_ms)
            finally:
                if connection is not None:
                    try:
                        self._store.disconnect_seat(game_id, seat, connection)  # type: ignore[arg-type]
                    except StoreUnavailable:  # reaped with the worker, or left to expire
                        log.warning("a stream of game %s closed unrecorded", game_id)

    def _changes(
        self, match: Match, first: list[StreamItem], feed: Subscription, keepalive_ms: int
    ) -> Iterator[list[StreamItem]]:
        game_id = match.id
        presence = self._store.presence(game_id)
        # [] when resumed at the current version: then the presence comes first.
        yield [*first, PresenceNow(presence)]
        while True:
            wait_ms = keepalive_ms
            if match.status is Status.FINISHED:  # open for a rematch: until the window closes
                closes_at = match.rematch_closes_at(self._rematch_ms) + 1
                wait_ms = max(1, min(wait_ms, closes_at - self._clock()))
            arrived = feed.next(wait_ms / 1000)
            if not arrived:
                if self._done(match):
                    return  # the rematch window closed
                version = self._store.version(game_id)
                if version is None:
                    return  # expired while watched
                if version <= match.version:
                    yield []
                    continue
                # Progresss whose entries the stream no longer holds: from the log.
                items, match = self._past(game_id, match.version, version)
            else:
                items = []
                if any(stored.presence for stored in arrived):
                    now_present = self._store.presence(game_id)
                    if now_present != presence:
                        presence = now_present
                        items.append(PresenceNow(presence))
                for stored in arrived:
                    if stored.presence or stored.version <= match.version:
                        continue
                    if stored.entry is not None and stored.version == match.version + 1:
                        (action,) = decode_entries(stored.entry, match.updated_at)
                        progress = match.apply(action)
                        match = progress.match
                        items.append(Happened(match, progress.events))
                    else:  # a gap, or an entry of format 1: from the log
                        past, match = self._past(game_id, match.version, stored.version)
                        items += past
            batch: list[StreamItem] = []
            for item in items:
                batch.append(item)
                if self._ends(item):
                    yield batch
                    return
            if batch:
                yield batch

    def _ends(self, item: StreamItem) -> bool:
        """Whether a game's stream ends after `item` (see `_done`)."""
        if isinstance(item, Recorded):  # format 1's: no rematch was kept then
            return item.name == EventName.GAME_OVER
        return isinstance(item, Happened) and self._done(item.match)

    def _done(self, match: Match) -> bool:
        """Whether nothing more will happen to the game: it is over and no
        rematch can be arranged any more (one is made, or the window closed)."""
        return match.status is Status.FINISHED and not match.rematch_window_open(
            self._clock(), self._rematch_ms
        )

    def _past(self, game_id: str, after: int, until: int) -> tuple[list[StreamItem], Match]:
        """The events of versions after `after` up to `until`, rebuilt from the
        log (format 1's own, for versions before the base), and the match at
        `until` (or the latest there is)."""
        timeline = self._timeline(game_id)
        items: list[StreamItem] = []
        if after < timeline.base.version:
            for stored in self._store.earlier_events(game_id):
                if after < stored.version <= timeline.base.version:
                    items.append(Recorded(stored.version, stored.name, stored.data))  # type: ignore[arg-type]
        for progress in timeline.between(max(after, timeline.base.version) + 1, until):
            items.append(Happened(progress.match, progress.events))
        return items, timeline.at(min(until, timeline.current.version))

    def _timeline(self, game_id: str) -> Timeline:
        history = self._store.history(game_id)
        return self._timelines.extend(history)


def _same_request(same: bool) -> None:
    """An idempotent retry must repeat its first request whole."""
    if not same:
        raise errors.IdempotencyKeyReused("this Idempotency-Key was used with another request")


def _long_enough(idempotency: Idempotency | None, credential: str | None) -> None:
    """An Idempotency-Key that no player key scopes must be long enough that
    nobody else guesses it (UNSCOPED_KEY_MIN_LENGTH)."""
    if idempotency is None or len(idempotency.key) >= UNSCOPED_KEY_MIN_LENGTH:
        return
    if credential is None or not is_player_key(credential):
        raise errors.InvalidIdempotencyKey(
            f"must be at least {UNSCOPED_KEY_MIN_LENGTH} characters unless a player key "
            "is sent (use a random UUID)"
        )


def _resumable(after: str, bounds: tuple[str, str] | None) -> bool:
    """Whether a player's stream can resume after `after`: the position of a
    list taken while the stream was empty ("0-0"), or one between the
    stream's first and last entries (older ones were trimmed or expired)."""
    if after == "0-0":
        return True
    if bounds is None:
        return False
    return stream_order(bounds[0]) <= stream_order(after) <= stream_order(bounds[1])


def _every_version(items: list[StreamItem], first: int, last: int) -> bool:
    """Whether `items` hold an event of every version from `first` to `last`."""
    versions = {
        item.version if isinstance(item, Recorded) else item.match.version for item in items
    }
    return versions >= set(range(first, last + 1))


class _Timelines:
    """Timelines replayed lately, by game: a longer log replays only its new
    part. Bounded by the versions held in all (a long bots' game holds a
    thousand), so that no mix of requests makes a worker hold more."""

    def __init__(self, versions: int) -> None:
        self._budget = versions
        self._held = 0
        self._timelines: OrderedDict[str, Timeline] = OrderedDict()
        self._lock = threading.Lock()

    def extend(self, history: History) -> Timeline:
        known = self._timelines.get(history.base.id)
        if (
            known is not None
            and known.base == history.base
            and len(known.changes) <= len(history.actions)
        ):
            changes = list(known.changes)
        else:
            changes = []
        start = changes[-1].match if changes else history.base
        changes += start.replay(history.actions[len(changes) :])
        timeline = Timeline(history.base, changes, history.earlier_moves)
        with self._lock:
            replaced = self._timelines.pop(history.base.id, None)
            if replaced is not None:
                self._held -= len(replaced.changes)
            self._timelines[history.base.id] = timeline
            self._held += len(changes)
            while self._held > self._budget and len(self._timelines) > 1:
                _, dropped = self._timelines.popitem(last=False)
                self._held -= len(dropped.changes)
        return timeline


# Storage's errors as the use cases' own: the API never sees the store.
_STORE_ERRORS = ErrorsAs(
    (StoredGameNotFound, lambda error: errors.GameNotFound(f"no game {error}")),
    (StoreUnavailable, lambda error: errors.StorageUnavailable(str(error))),
    (StoreOutcomeUnknown, lambda error: errors.OutcomeUnknown(str(error))),
)
