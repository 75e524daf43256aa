"""GameStore: each game under hash-tagged keys, changed only by an atomic
compare-and-set on its version (one Lua call per change).

Keys of a game (all share the id as hash tag, so one Redis Cluster slot):
- `game`: a hash of `version`, `base` and `log` (store.codec, format 2), and
  the `reply` an idempotent create answered; a game written by format 1 has
  `record` instead of `base` and `log` until its next change upgrades it;
- `events`: a stream, one small entry per version (its log entry), that
  watchers block on; it expires soon after the game is over;
- `replies`: a hash of what idempotent moves answered, as references;
- `moves`: only in games written by format 1: their moves until the upgrade.

Beside the games, two indexes of their own keys, each a hint that reads
check against the games: the lobby, and the deadlines of running clocks
(store.deadlines). Beside each player (store.players), the player's games
(store.player_games) and what the player hears of them (store.player_events),
relayed by each commit itself on one Redis, right after it on a cluster.
"""

import base64
import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from buttonup.engine import PLAYERS, Color, Match, RulesError
from buttonup.engine.actions import Action, Progress
from buttonup.engine.player import Notice, Player, notices
from buttonup.store import codec
from buttonup.store.connection import REDIS_ERRORS, STORAGE_ERRORS, Client
from buttonup.store.deadlines import DeadlineIndex, Due
from buttonup.store.errors import (
    GameNotFound,
    OutcomeUnknown,
    StorageUnavailable,
    VersionConflict,
)
from buttonup.store.feed import EventFeed, StoredEvent, Subscription, stored_event
from buttonup.store.idempotency import NONCE_BYTES, Reservations, Sealer
from buttonup.store.ids import GAME_ID_PATTERN, id_from_digest, new_commit_id, token_from_digest
from buttonup.store.player_events import (
    DOORBELL_KEPT,
    PlayerEvents,
    Relay,
    decode_notice,
    events_key,
)
from buttonup.store.player_games import PlayerGames
from buttonup.store.players import PlayerStore
from buttonup.store.presence import PresenceBoard, SeatPresence
from buttonup.store.scripts import LuaScript, Unconfirmed, lua_source

log = logging.getLogger(__name__)
PLAYER_FEED_COALESCE_SECONDS = 0.1
RELAY_ATTEMPTS = 3  # a relay that keeps finding gaps is left to the next stream open

# The deployment's secret: rematches derive their game's id and seats' tokens
# from it, and idempotent replies seal the secrets they keep with it (made by
# the first process that needs it; no expiry).
ID_SECRET_KEY = "buttonup:id-secret"  # noqa: S105 (a key name, not a secret)
EVENTS_KEPT = 2000  # per game; resuming reads the log, so this only bounds the stream
# How long after it is sent (by Redis's clock) a write may still run: well
# inside the socket timeout (connection.py), so a Redis that answers on time
# never refuses one, and a write whose answer is lost is settled soon after.
WRITE_WINDOW_MS = 500
# How long a request waits, past a lost answer, to learn whether its write ran.
SETTLE_SECONDS = 1.0


_COMMIT = lua_source(
    "commit", "game_parse", "relay_lib", EVENTS_KEPT=EVENTS_KEPT, DOORBELL_KEPT=DOORBELL_KEPT
)

_READ = lua_source("read", "game_parse")

_CREATE = lua_source("create", "game_parse")

_SETTLE = lua_source("settle", "game_parse")

_HISTORY = lua_source("history", "game_parse")


@dataclass(frozen=True, slots=True)
class Revision:
    """Where a loaded match stands in storage: the log's length at its version
    (-1 when it came from a format-1 record, which its next commit upgrades)."""

    log_length: int

    @property
    def upgraded(self) -> bool:
        return self.log_length >= 0


@dataclass(frozen=True, slots=True)
class Loaded:
    match: Match
    revision: Revision
    replies: dict[str, str]  # reply field -> what was stored under it


@dataclass(frozen=True, slots=True)
class History:
    """What rebuilds every version of a game: the base, the actions after it,
    and for a game begun in format 1, its moves and events from before the base
    (as the documents format 1 stored)."""

    base: Match
    actions: list[Action]
    earlier_moves: list[bytes]


class GameStore:
    def __init__(
        self,
        client: Client,
        *,
        blocking_client: Client | None = None,
        game_ttl_seconds: int,
        reply_ttl_seconds: int,
        finished_stream_ttl_seconds: float = 60.0,
        recent_matches: int = 4096,
    ) -> None:
        self._redis = client
        # Reads that wait for events hold a connection for seconds: a pool of their own.
        self._feed = EventFeed(blocking_client or client, client)
        self._game_ttl_ms = game_ttl_seconds * 1000
        self._reply_ttl_ms = reply_ttl_seconds * 1000
        # A finished game's stream outlives its last event this long, for
        # watchers whose read is on its way; later ones are served from the log.
        self._finished_stream_ttl_ms = max(1, round(finished_stream_ttl_seconds * 1000))
        self._commit = LuaScript(client, _COMMIT)
        self._create = LuaScript(client, _CREATE)
        self._read = LuaScript(client, _READ)
        self._history = LuaScript(client, _HISTORY)
        self._settle = LuaScript(client, _SETTLE)
        self._deadlines = DeadlineIndex(client)
        self._players = PlayerStore(client, self._game_ttl_ms)
        self._reservations = Reservations(client, self._reply_ttl_ms)
        self._sealer = Sealer(self._keyed_digest, lambda: secrets.token_bytes(NONCE_BYTES))
        self._player_games = PlayerGames(client, self._game_ttl_ms)
        self._player_events = PlayerEvents(client, self._game_ttl_ms)
        # Players' streams on a feed of their own: on one Redis it reads only
        # the streams the doorbell names, and on a cluster each read names
        # every one of a slot's. Either way it gathers for longer (a notice
        # may wait a tenth of a second), for fewer, fuller reads.
        self._player_feed = EventFeed(
            blocking_client or client,
            client,
            coalesce_seconds=PLAYER_FEED_COALESCE_SECONDS,
            doorbell=self._player_events.doorbell,
        )
        self._presence = PresenceBoard(
            client,
            lambda game_id: [
                self.presence_key(game_id),
                self.events_key(game_id),
                self.game_key(game_id),
            ],
            _local_ms,
        )
        # Redis's clock minus this process's, in ms, as last seen (None: not yet).
        self._redis_clock_offset_ms: int | None = None
        self._recent = RecentMatches(recent_matches)

    # Keys: every key of one game carries the hash tag {<id>} so that they all
    # share one Redis Cluster slot and one Lua call can change them together.
    @staticmethod
    def game_key(game_id: str) -> str:
        return _key_of(game_id, "game")

    @staticmethod
    def events_key(game_id: str) -> str:
        return _key_of(game_id, "events")

    @staticmethod
    def replies_key(game_id: str) -> str:
        return _key_of(game_id, "replies")

    @staticmethod
    def presence_key(game_id: str) -> str:
        return _key_of(game_id, "presence")

    @staticmethod
    def moves_key(game_id: str) -> str:
        """Format 1's move list."""
        return _key_of(game_id, "moves")

    @staticmethod
    def format1_reply_key(game_id: str, scope: str, idempotency_key: str) -> str:
        """Where format 1 kept a reply (for a day): still honoured after the upgrade."""
        digest = hashlib.sha256(idempotency_key.encode()).hexdigest()
        return _key_of(game_id, f"reply:{scope}:{digest}")

    @staticmethod
    def reply_field(scope: str, idempotency_key: str) -> str:
        digest = hashlib.sha256(idempotency_key.encode()).digest()[:12]
        return f"{scope}:{base64.urlsafe_b64encode(digest).decode()}"

    def ping(self) -> None:
        with STORAGE_ERRORS:
            self._redis.ping()

    def reserve(self, scope: str, idempotency_key: str, value: str) -> str | None:
        """Reserve `value` for an Idempotency-Key in `scope` for the idempotency
        TTL, unless a request reserved one first: then that one's value."""
        with STORAGE_ERRORS:
            return self._reservations.reserve(scope, idempotency_key, value)

    def seal(self, secret: str, context: str) -> str:
        """`secret`, sealed with what only `context` (which holds an
        Idempotency-Key) opens again (store.idempotency)."""
        return self._sealer.seal(secret, context)

    def unseal(self, sealed: str, context: str) -> str:
        return self._sealer.open(sealed, context)

    def rematch_game_id(self, game_id: str) -> str:
        """The id of the game a rematch of `game_id` makes."""
        return id_from_digest(self._keyed_digest(f"rematch\n{game_id}".encode()))

    def rematch_token(self, game_id: str, color: Color) -> str:
        """The token of a seat a rematch reserved in its game `game_id`."""
        return token_from_digest(self._keyed_digest(f"rematch-seat\n{game_id}\n{color}".encode()))

    def _keyed_digest(self, message: bytes) -> bytes:
        # Read each time, not kept: were the secret lost (a flushed Redis),
        # processes holding the old one would derive other ids than the rest.
        with STORAGE_ERRORS:
            pipe = self._redis.pipeline(transaction=False)
            pipe.set(ID_SECRET_KEY, secrets.token_bytes(32), nx=True)
            pipe.get(ID_SECRET_KEY)
            secret = pipe.execute()[1]
        return hmac.new(secret, message, hashlib.sha256).digest()

    def format1_create_reply(self, idempotency_key: str) -> str | None:
        """What format 1 kept (for a day) for a create with this key, while its
        game exists: a JSON document of the first answer."""
        digest = hashlib.sha256(idempotency_key.encode()).hexdigest()
        with STORAGE_ERRORS:
            return _text(self._redis.get(f"buttonup:create-reply:{{{digest}}}"))

    def create(self, match: Match, changes: Sequence[Progress] = (), reply: str = "") -> str | None:
        """Store a new game: `match` at version 0 and the changes already made
        to it (bots that played at creation), keeping `reply` with it. When a
        game with this id exists already, nothing is stored and that game's
        reply is returned ("" when it was created without one)."""
        log = "".join(_entries(match, changes))
        base = codec.encode_base(match)
        keys = [self.game_key(match.id)]
        with STORAGE_ERRORS:
            self._expect_deadline(match, changes[-1].match if changes else match)
            self._index_players(None, changes[-1].match if changes else match)
            deadline = self._write_deadline()
            args = [match.version + len(changes), base, log, self._game_ttl_ms, reply or "-"]
            try:
                outcome = self._create.write(keys=keys, args=[*args, deadline])
            except Unconfirmed as error:
                outcome = [1] if self._settled(keys, -1, base, deadline, error) else [4]
        self._saw_redis_clock(outcome)
        if outcome[0] == 4:
            raise StorageUnavailable("Redis took too long; the game was not created")
        if outcome[0] == 0:
            prior = outcome[1].decode()
            return "" if prior == "-" else prior
        self._recent.put(changes[-1].match if changes else match, Revision(len(log.encode())))
        self._relay(self._relays(match, changes))
        return None

    def cached(self, game_id: str) -> tuple[Match, Revision] | None:
        """The match this process read or wrote last for the game, without
        asking Redis: possibly stale, so only for a compare-and-set commit."""
        return self._recent.get(game_id)

    def load(
        self,
        game_id: str,
        reply_fields: Sequence[str] = (),
        format1_reply_keys: Sequence[str] = (),
    ) -> Loaded:
        """The game (GameNotFound if absent) and any stored replies, in one
        round trip: under each field, its reply, else what format 1 kept under
        the matching key (a JSON document, not a reference). Redis sends only
        the part of the log this process has not replayed yet."""
        return self._load(game_id, reply_fields, with_last_id=False, extra=format1_reply_keys)[0]

    def snapshot(self, game_id: str) -> tuple[Match, str]:
        """The game and the id of the last entry on its stream, read at once,
        so that entries after that id are exactly the changes after the match."""
        loaded, last_id = self._load(game_id, (), with_last_id=True)
        return loaded.match, last_id or "0-0"

    def versions(self, game_ids: Sequence[str]) -> dict[str, int | None]:
        """Each game's current version (None once it is gone), read from the
        head of its stored form alone: nothing is decoded or replayed."""
        if not game_ids:
            return {}
        with STORAGE_ERRORS:
            pipe = self._redis.pipeline(transaction=False)
            for game_id in game_ids:
                pipe.getrange(self.game_key(game_id), 0, 40)
            heads = pipe.execute(raise_on_error=False)
        found: dict[str, int | None] = {}
        for game_id, head in zip(game_ids, heads, strict=True):
            if isinstance(head, bytes) and head.startswith(b"2 "):
                found[game_id] = int(head.split(b" ", 2)[1])
            elif not head:
                found[game_id] = None
            else:  # a format-1 record (a hash): read it as it is
                try:
                    found[game_id] = self.load(game_id).match.version
                except GameNotFound:
                    found[game_id] = None
        return found

    def version(self, game_id: str) -> int | None:
        """The game's current version; None once it is gone."""
        return self.versions([game_id])[game_id]

    def _load(
        self,
        game_id: str,
        reply_fields: Sequence[str],
        with_last_id: bool,
        extra: Sequence[str] = (),
    ) -> tuple[Loaded, str | None]:
        if not GAME_ID_PATTERN.match(game_id):
            raise GameNotFound(game_id)
        known = self._recent.get(game_id)
        try:
            found = self._fetch(game_id, reply_fields, with_last_id, known, extra)
        except codec.StoredFormError:
            if known is None:
                raise
            # The log is not the one this process replayed (the game expired and
            # was made again): read it whole.
            found = self._fetch(game_id, reply_fields, with_last_id, None, extra)
        self._recent.put(found[0].match, found[0].revision)
        return found

    def _fetch(
        self,
        game_id: str,
        reply_fields: Sequence[str],
        with_last_id: bool,
        known: tuple[Match, Revision] | None,
        extra: Sequence[str] = (),
    ) -> tuple[Loaded, str | None]:
        known_version, known_length = (
            (known[0].version, known[1].log_length) if known is not None else (-1, -1)
        )
        keys = [self.game_key(game_id), self.events_key(game_id)]
        keys += [self.replies_key(game_id)] * len(reply_fields)
        keys += extra
        args = [
            known_version,
            known_length,
            "1" if with_last_id else "",
            self._reply_ttl_ms,
            *reply_fields,
        ]
        with STORAGE_ERRORS:
            found = self._read(keys=keys, args=args)
        if found[0] is None:
            raise GameNotFound(game_id)
        match, revision, rest = _decoded(game_id, found, known)
        last_id = None
        if with_last_id:
            last_id = rest[0].decode() if rest[0] else None
            rest = rest[1:]
        replies = {
            field: text.decode()
            for field, text in zip(reply_fields, rest, strict=True)
            if text is not None
        }
        return Loaded(match, revision, replies), last_id

    def commit(
        self,
        before: Match,
        revision: Revision,
        changes: Sequence[Progress],
        reply_field: str = "",
        reply: str = "",
    ) -> str | None:
        """Append `changes` (each a version after `before`) if the stored game
        is still at `before`'s version, keeping `reply` under `reply_field`,
        all at once; a game still in format 1 is upgraded in the same call.

        Raises VersionConflict when the game moved on, GameNotFound when it
        expired. When the reply field already holds a reply, nothing is
        written and that reply is returned.
        """
        game_id = before.id
        after = changes[-1].match
        entries = _entries(before, changes)
        log = "".join(entries)
        stream: list[str | int] = []
        for progress, entry in zip(changes, entries, strict=True):
            stream += [progress.match.version, entry]
        events_ttl = self._game_ttl_ms if after.end_reason is None else self._finished_stream_ttl_ms
        keys = [
            self.game_key(game_id),
            self.events_key(game_id),
            self.replies_key(game_id),
            self.moves_key(game_id),
        ]
        args = [
            before.version,
            after.version,
            self._game_ttl_ms,
            events_ttl,
            self._reply_ttl_ms,
            reply_field,
            reply,
            b"" if revision.upgraded else codec.encode_base(before, whole=True),
            log,
        ]
        write_id = new_commit_id()  # tells this commit from any other
        relays = self._relays(before, changes)
        relayed = b""
        if relays and self._player_events.in_commit:
            player_keys, relayed = self._player_events.payload(relays)
            keys += player_keys
        with STORAGE_ERRORS:
            self._expect_deadline(before, after)
            self._index_players(before, after)
            deadline = self._write_deadline()
            try:
                outcome = self._commit.write(
                    keys=keys, args=[*args, deadline, write_id, relayed, *stream]
                )
            except Unconfirmed as error:
                settled = self._settled(keys[:1], after.version, write_id, deadline, error)
                outcome = [3] if settled else [4]
        if outcome[0] == 0:
            raise GameNotFound(game_id)
        if outcome[0] == 1:
            raise VersionConflict(int(outcome[1]))
        if outcome[0] == 2:
            return outcome[2].decode()
        self._saw_redis_clock(outcome)
        if outcome[0] == 4:
            raise StorageUnavailable("Redis took too long; nothing was changed")
        length = len(log.encode()) + (revision.log_length if revision.upgraded else 0)
        self._recent.put(after, Revision(length))
        if not relayed:
            self._relay(relays)
        if after.end_reason is not None and before.deadline is not None:
            self._forget_deadline(game_id)
        return None

    def _forget_deadline(self, game_id: str) -> None:
        """A stored end takes the game out of the deadline index; the commit
        stands whatever happens here (the sweeper takes it out at its deadline)."""
        try:
            with STORAGE_ERRORS:
                self._deadlines.forget(game_id)
        except StorageUnavailable:
            log.warning("game %s ended and stays in the deadline index until its deadline", game_id)

    def _expect_deadline(self, before: Match, after: Match) -> None:
        """Before a commit that sets a new deadline: the index's entry no later."""
        if after.deadline is not None and (before is after or after.deadline != before.deadline):
            self._deadlines.expect(after.id, after.deadline)

    def _index_players(self, before: Match | None, after: Match) -> None:
        """Before a commit that seats a player (or a create, `before` None,
        whose seats may be reserved for players already): the game in the
        player's index (store.player_games), so that no seat is ever missing
        from it."""
        for color in PLAYERS:
            player_id = after.seat(color).player_id
            if player_id is not None and (
                before is None or before.seat(color).player_id != player_id
            ):
                version = before.version if before is not None else 0  # a create's base
                self._player_games.add(player_id, after.id, after.updated_at, version)

    # What players hear of their games (store.player_events).

    @staticmethod
    def _relays(before: Match, changes: Sequence[Progress]) -> list[Relay]:
        """What each seated player hears of a commit (engine.player.notices)."""
        if not changes:
            return []
        after = changes[-1].match
        seated = [after.seat(color).player_id for color in PLAYERS]
        if not any(seated):
            return []
        heard = notices(before, changes)
        return [
            Relay(player_id, after.id, before.version + 1, after.version, heard.get(player_id, []))
            for player_id in seated
            if player_id is not None
        ]

    def _relay(self, relays: list[Relay]) -> None:
        """Tell each seated player what a stored commit did, where the commit
        could not (a create; any commit on a cluster). The commit stands
        whatever happens here: what is not relayed now is relayed by the next
        commit of the game, or when the player's stream opens."""
        if not relays:
            return
        game_id, version = relays[0].game_id, relays[0].last
        try:
            with STORAGE_ERRORS:
                gaps = self._player_events.relay(relays)
            for gap in gaps:
                self.catch_up_player(gap.player_id, {game_id: version})
        except StorageUnavailable:
            log.warning("game %s v%d was not relayed to its players", game_id, version)

    def catch_up_player(self, player_id: str, versions: dict[str, int]) -> None:
        """Relay what the player has not heard of these games (by their
        current version), rebuilt from each game's log: versions another
        process committed and had not relayed yet, or never will."""
        with STORAGE_ERRORS:
            relayed = self._player_events.relayed(player_id)
        for game_id, version in versions.items():
            for _ in range(RELAY_ATTEMPTS):
                since = relayed.get(game_id)
                if since is None or version <= since:
                    break
                try:
                    history = self.history(game_id)
                except GameNotFound:
                    break
                changes = list(history.base.replay(history.actions))
                matches = [history.base, *(progress.match for progress in changes)]
                current = matches[-1].version
                if since < history.base.version:  # before format 2 kept the log: nothing to tell
                    heard = []
                else:
                    offset = since - history.base.version
                    heard = notices(matches[offset], changes[offset:]).get(player_id, [])
                with STORAGE_ERRORS:
                    gaps = self._player_events.relay(
                        [Relay(player_id, game_id, since + 1, current, heard)]
                    )
                    if not gaps:
                        break
                    relayed = self._player_events.relayed(player_id)

    def player_events_bounds(self, player_id: str) -> tuple[str, str] | None:
        with STORAGE_ERRORS:
            return self._player_events.bounds(player_id)

    @contextmanager
    def subscribe_player(self, player_id: str, after_id: str) -> Iterator[Subscription]:
        """The player's stream entries after the id `after_id`, as they come,
        on this process's players' feed (read as its doorbell rings, on one
        Redis; with the slot's other player streams, on a cluster)."""
        with STORAGE_ERRORS:
            subscription = self._player_feed.subscribe(events_key(player_id), after_id)
        try:
            yield subscription
        finally:
            subscription.close()

    @staticmethod
    def player_notice(stored: StoredEvent) -> Notice:
        return decode_notice(stored.version, stored.name or "", stored.data or "{}")

    def player_game_ids(self, player_id: str) -> list[str]:
        with STORAGE_ERRORS:
            return self._player_games.ids(player_id)

    def player_games(self, player_id: str) -> tuple[list[str], set[str]]:
        """The player's index, newest seat first, and the games in it or once
        in it whose end the player has heard (store.player_games)."""
        with STORAGE_ERRORS:
            return self._player_games.listed(player_id)

    def drop_player_games(self, player_id: str, game_ids: list[str]) -> None:
        with STORAGE_ERRORS:
            self._player_games.drop(player_id, game_ids)

    def forget_finished_player_games(self, player_id: str, game_ids: set[str]) -> None:
        with STORAGE_ERRORS:
            self._player_games.forget_finished(player_id, game_ids)

    def claim_due(self, now: int, count: int, lease_ms: int) -> list[Due]:
        """Games whose clock may have run out by `now`, leased to this caller."""
        with STORAGE_ERRORS:
            return self._deadlines.claim_due(now, count, lease_ms)

    def settle_deadline(self, due: Due, deadline: int | None) -> bool:
        """The index's entry for a claimed game where the game now says."""
        with STORAGE_ERRORS:
            return self._deadlines.settle(due, deadline)

    def deadline_entries(self) -> Sequence[tuple[str, int]]:
        with STORAGE_ERRORS:
            return self._deadlines.entries()

    # Writes that Redis may have run without answering: each carries a
    # deadline in Redis's own clock that its script checks, so that once Redis
    # is past it, a write either is in the game or never will be.

    def _write_deadline(self) -> int:
        if self._redis_clock_offset_ms is None:
            seconds, microseconds = _one_time(self._redis.time())
            self._redis_clock_offset_ms = seconds * 1000 + microseconds // 1000 - _local_ms()
        return _local_ms() + self._redis_clock_offset_ms + WRITE_WINDOW_MS

    def _saw_redis_clock(self, outcome: Sequence) -> None:
        if len(outcome) == 2 and outcome[0] in (1, 3, 4, 5) and isinstance(outcome[1], int):
            self._redis_clock_offset_ms = outcome[1] - _local_ms()

    def _settled(
        self,
        keys: Sequence[str],
        version: int,
        written: str | bytes,
        deadline: int,
        error: Exception,
    ) -> bool:
        """Whether an unconfirmed write is in the game, asked of Redis until it
        is past the write's deadline: False then means it never will be.
        OutcomeUnknown when Redis does not answer in time."""
        give_up = time.monotonic() + SETTLE_SECONDS
        while True:
            try:
                now, found = self._settle.write(keys=keys, args=[version, written])
            except (Unconfirmed, *REDIS_ERRORS) as again:
                raise OutcomeUnknown(f"{error}; then {again}") from again
            if found == 2:
                raise OutcomeUnknown(f"{error}; the game changed since") from error
            if found:
                return True
            if now > deadline:
                return False
            wait = (deadline - now + 1) / 1000
            if time.monotonic() + wait > give_up:
                raise OutcomeUnknown(str(error)) from error
            time.sleep(wait)

    def history(self, game_id: str) -> History:
        """Everything that rebuilds the game's versions, in one round trip."""
        if not GAME_ID_PATTERN.match(game_id):
            raise GameNotFound(game_id)
        with STORAGE_ERRORS:
            found = self._history(keys=[self.game_key(game_id), self.moves_key(game_id)])
        if found[0] is None:
            raise GameNotFound(game_id)
        if found[0] == b"1":
            start = codec.decode_record_v1(int(found[1]), found[2])
            return History(start, [], found[3:])
        _, base, log = found[1].decode().split("\n", 2)
        start = codec.decode_base(base)
        actions = list(codec.decode_entries(log, start.updated_at))
        return History(start, actions, found[2:])

    def earlier_events(self, game_id: str) -> list[StoredEvent]:
        """The format-1 events its stream still holds (a game begun before format 2)."""
        with STORAGE_ERRORS:
            entries = self._redis.xrange(self.events_key(game_id), "-", "+")
        return [
            event
            for event in map(stored_event, entries)
            if event.entry is None and not event.presence
        ]

    # Players (store.players).

    def create_player(self, player: Player) -> Player:
        """Store a new player; when one with its id exists already (made by
        the same idempotent request), that one is kept and returned."""
        with STORAGE_ERRORS:
            return self._players.create(player)

    def authenticate_player(self, key: str) -> Player | None:
        with STORAGE_ERRORS:
            return self._players.authenticate(key)

    # Presence: which seats have a stream open (store.presence).

    def connect_seat(self, game_id: str, color: Color) -> str:
        with STORAGE_ERRORS:
            return self._presence.connect(game_id, color)

    def disconnect_seat(self, game_id: str, color: Color, connection: str) -> None:
        with STORAGE_ERRORS:
            self._presence.disconnect(game_id, color, connection)

    def presence(self, game_id: str) -> dict[Color, SeatPresence]:
        with STORAGE_ERRORS:
            return self._presence.read(game_id)

    def beat(self) -> None:
        """This process is alive; dead ones' connections are let go."""
        with STORAGE_ERRORS:
            self._presence.beat()

    def leave(self) -> None:
        """This process stops: its connections are let go now."""
        with STORAGE_ERRORS:
            self._presence.leave()

    @contextmanager
    def subscribe(self, game_id: str, after_id: str) -> Iterator[Subscription]:
        """The game's stream entries after the id `after_id`, as they come,
        read together with every other stream this process watches."""
        with STORAGE_ERRORS:
            subscription = self._feed.subscribe(self.events_key(game_id), after_id)
        try:
            yield subscription
        finally:
            subscription.close()

    # The lobby: public games with an open seat, by creation time. The index is
    # a hint kept up on create and join; every read checks it against the
    # games themselves, so concurrent joins and expiry never show through.
    LOBBY_KEY = "buttonup:lobby"

    def list_publicly(self, game_id: str, created_us: int) -> None:
        with STORAGE_ERRORS:
            pipe = self._redis.pipeline(transaction=False)
            # nx: listing again (a replayed create) keeps the game's place.
            pipe.zadd(self.LOBBY_KEY, {game_id: created_us}, nx=True)
            # Entries older than any game can live are stale whatever they say.
            oldest = created_us - self._game_ttl_ms * 1000
            pipe.zremrangebyscore(self.LOBBY_KEY, "-inf", oldest)
            pipe.execute()

    def unlist(self, game_ids: Sequence[str]) -> None:
        if game_ids:
            with STORAGE_ERRORS:
                self._redis.zrem(self.LOBBY_KEY, *game_ids)

    def lobby_candidates(
        self, below: tuple[float, str] | None, count: int
    ) -> list[tuple[str, float]]:
        """Up to `count` entries after `below` (score, id), newest first."""
        top = "+inf" if below is None else below[0]
        with STORAGE_ERRORS:
            # Ties on the score come back in descending id order, as the cursor expects.
            entries = self._redis.zrevrangebyscore(
                self.LOBBY_KEY, top, "-inf", start=0, num=count + 64, withscores=True
            )
        found = []
        for member, score in entries:
            game_id = member.decode()
            if below is not None and score == below[0] and game_id >= below[1]:
                continue
            found.append((game_id, score))
            if len(found) == count:
                break
        return found

    def load_many(self, game_ids: Sequence[str]) -> dict[str, Match | None]:
        """Several games in one round trip; None for each that is gone."""
        calls = []
        for game_id in game_ids:
            known = self._recent.get(game_id)
            version, length = (known[0].version, known[1].log_length) if known else (-1, -1)
            keys = [self.game_key(game_id), self.events_key(game_id)]
            calls.append((keys, [version, length, "", self._reply_ttl_ms]))
        with STORAGE_ERRORS:
            answers = self._read.many(calls)
        found: dict[str, Match | None] = {}
        for game_id, answer in zip(game_ids, answers, strict=True):
            if answer[0] is None:
                found[game_id] = None
                continue
            try:
                match, revision, _ = _decoded(game_id, answer, self._recent.get(game_id))
            except codec.StoredFormError:  # not the log this process replayed: read it whole
                try:
                    found[game_id] = self.load(game_id).match
                except GameNotFound:
                    found[game_id] = None
                continue
            self._recent.put(match, revision)
            found[game_id] = match
        return found


def _decoded(
    game_id: str, found: list, known: tuple[Match, Revision] | None
) -> tuple[Match, Revision, list]:
    """The match a read answered (see _READ), its revision, and what follows it."""
    version, kind = int(found[0]), found[1]
    if kind == b"=" and known is not None:
        match, revision, rest = known[0], known[1], found[2:]
    elif kind == b"T" and known is not None:
        match = _replayed(known[0], found[2].decode())
        revision, rest = Revision(known[1].log_length + len(found[2])), found[3:]
    elif kind == b"F":
        match = _replayed(codec.decode_base(found[2]), found[3].decode())
        revision, rest = Revision(len(found[3])), found[4:]
    elif kind == b"1":
        match, revision = codec.decode_record_v1(version, found[2]), Revision(-1)
        rest = found[3:]
    else:
        raise codec.StoredFormError(f"game {game_id}: read as {kind!r}")
    if match.version != version:
        raise codec.StoredFormError(f"game {game_id}: the log does not reach {version}")
    return match, revision, rest


def _local_ms() -> int:
    return time.time_ns() // 1_000_000


def _one_time(answer: tuple | dict) -> tuple[int, int]:
    """TIME's answer; a cluster client's is one per node, any will do."""
    if isinstance(answer, dict):
        answer = next(iter(answer.values()))
    return int(answer[0]), int(answer[1])


def _key_of(game_id: str, part: str) -> str:
    return f"buttonup:{{{game_id}}}:{part}"


def _text(value: bytes | None) -> str | None:
    return value.decode() if value is not None else None


def _entries(start: Match, changes: Sequence[Progress]) -> list[str]:
    entries = []
    previous = start
    for progress in changes:
        entries.append(codec.encode_entry(progress, previous.updated_at))
        previous = progress.match
    return entries


def _replayed(start: Match, log: str) -> Match:
    """`start` after the log's entries."""
    match = start
    try:
        for progress in start.replay(codec.decode_entries(log, start.updated_at)):
            match = progress.match
    except (RulesError, ValueError, IndexError, KeyError) as error:
        raise codec.StoredFormError(f"game {start.id}: {error}") from error
    return match


class RecentMatches:
    """The last matches this process read or wrote, by game id, bounded.

    Only a shortcut for replaying: every read still asks Redis for the
    current version, so a stale entry is never used.
    """

    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._matches: OrderedDict[str, tuple[Match, Revision]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> tuple[Match, Revision] | None:
        return self._matches.get(game_id)

    def put(self, match: Match, revision: Revision) -> None:
        with self._lock:
            self._matches[match.id] = (match, revision)
            self._matches.move_to_end(match.id)
            if len(self._matches) > self._capacity:
                self._matches.popitem(last=False)
