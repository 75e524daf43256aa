"""The game records: each game under its hash-tagged keys (store.keys),
changed only by an atomic compare-and-set on its version (one Lua call per
change), read back as matches, with the indexes a commit keeps beside it
(deadlines, the players' games) and, on one Redis, the players' relays
written in the same call.

Tested in tests/store/test_games_store.py, tests/store/test_recent.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from buttonup.engine import Match, RulesError
from buttonup.engine.actions import Action, Progress
from buttonup.engine.events import Moved
from buttonup.slices import in_slices
from buttonup.store import codec, format1, migration
from buttonup.store.connection import STORAGE_ERRORS, Client
from buttonup.store.errors import (
    GameNotFound,
    StorageUnavailable,
    VersionConflict,
    game_not_found,
)
from buttonup.store.ids import GAME_ID_PATTERN, new_commit_id
from buttonup.store.indexes import CommitIndexes
from buttonup.store.keys import (
    GAMES_DOORBELL_KEY,
    ReplyKey,
    events_key,
    format1_reply_key,
    game_key,
    moves_key,
    replies_key,
)
from buttonup.store.outcomes import Committed, Created, Read
from buttonup.store.player_events import DOORBELL_KEPT, PlayerEvents, Relay
from buttonup.store.recent import RecentMatches, Revision
from buttonup.store.replies import Reply, StoredReply, decode_reply
from buttonup.store.scripts import LuaScript, lua_source
from buttonup.store.settling import WriteWindow, commit_numbers

EVENTS_KEPT = 2000  # per game; resuming reads the log, so this only bounds the stream

_COMMIT = lua_source(
    "commit", "game_parse", "relay_lib", EVENTS_KEPT=EVENTS_KEPT, DOORBELL_KEPT=DOORBELL_KEPT
)
_READ = lua_source("read", "game_parse")
_CREATE = lua_source("create", "game_parse", "relay_lib", DOORBELL_KEPT=DOORBELL_KEPT)
_HISTORY = lua_source("history", "game_parse")


@dataclass(frozen=True, slots=True)
class Loaded:
    match: Match
    revision: Revision
    replies: dict[str, StoredReply]  # reply field -> what was stored under it


@dataclass(frozen=True, slots=True)
class History:
    """What rebuilds every version of a game: the base, the actions after it,
    and for a game begun in format 1, its moves from before the base."""

    base: Match
    actions: list[Action]
    earlier_moves: list[Moved]


@dataclass(frozen=True, slots=True)
class AlreadyMade:
    """A create found its game there already (the same create sent again, or
    a rematch another request made), and the reply kept with it, if any."""

    reply: Reply | None


class GameRecords:
    def __init__(
        self,
        client: Client,
        *,
        game_ttl_ms: int,
        imported_ttl_ms: int,
        reply_ttl_ms: int,
        finished_stream_ttl_ms: int,
        recent: RecentMatches,
        window: WriteWindow,
        indexes: CommitIndexes,
        player_events: PlayerEvents,
    ) -> None:
        self._redis = client
        self._game_ttl_ms = game_ttl_ms
        self._imported_ttl_ms = imported_ttl_ms
        self._reply_ttl_ms = reply_ttl_ms
        # What commit.lua is given (a game's, a finished game's stream's, a reply's).
        self._commit_ttls_ms = (game_ttl_ms, finished_stream_ttl_ms, reply_ttl_ms)
        self._recent = recent
        self._window = window
        self._indexes = indexes
        self._player_events = player_events
        self._commit = LuaScript(client, _COMMIT)
        self._create = LuaScript(client, _CREATE)
        self._read = LuaScript(client, _READ)
        self._history = LuaScript(client, _HISTORY)

    def create(
        self,
        match: Match,
        changes: Sequence[Progress] = (),
        reply: Reply | None = None,
        *,
        imported: bool = False,
        relays: Sequence[Relay] = (),
    ) -> AlreadyMade | None:
        """Store a new game: `match` at version 0 and the changes already made
        to it (bots that played at creation, or an `imported` record's, which
        is kept for less time), keeping `reply` with it. When a game with this
        id exists already, nothing is stored: AlreadyMade. Where the players'
        keys may be written with the game's (`relays_in_commit`), the
        `relays` are written in the same call, as a commit's are."""
        log = "".join(_entries(match, changes))
        base = codec.encode_base(match)
        keys = [game_key(match.id)]
        player_keys, relayed = self._player_events.written_with_the_game(relays)
        with STORAGE_ERRORS:
            self._indexes.expect_deadline(match, changes[-1].match if changes else match)
            self._indexes.index_players(None, changes[-1].match if changes else match)
            args: list[str | bytes | int] = [
                match.version + len(changes),
                base,
                log,
                self._imported_ttl_ms if imported else self._game_ttl_ms,
                reply.encode_create() if reply else "-",
            ]
            found_by = (keys, -1, base)
            outcome = self._window.write(
                self._create, keys + player_keys, args, [relayed], found_by, Created.WRITTEN
            )
        self._window.saw_redis_clock(outcome)
        if outcome[0] == Created.LATE:
            raise StorageUnavailable("Redis took too long; the game was not created")
        if outcome[0] == Created.EXISTS:
            prior = outcome[1].decode()
            return AlreadyMade(None if prior == "-" else decode_reply(prior))
        self._recent.put(changes[-1].match if changes else match, Revision(len(log.encode())))
        return None

    @property
    def games_doorbell(self) -> str | None:
        """The doorbell every write to a game's stream rings, where there is
        one: on one Redis (store.keys)."""
        return GAMES_DOORBELL_KEY if self._player_events.in_commit else None

    @property
    def relays_in_commit(self) -> bool:
        """Whether a commit writes the players' relays itself (store.player_events)."""
        return self._player_events.in_commit

    def cached(self, game_id: str) -> tuple[Match, Revision] | None:
        """The match this process read or wrote last for the game, without
        asking Redis: possibly stale, so only for a compare-and-set commit."""
        return self._recent.get(game_id)

    def load(self, game_id: str, replies: Sequence[ReplyKey] = ()) -> Loaded:
        """The game (GameNotFound if absent) and any stored replies, in one
        round trip, by field: for each request's key (keys.reply_key), its
        reply, else what format 1 kept for it (a JSON document, not a
        reference). Redis sends only the part of the log this process has not
        replayed yet."""
        fields = [reply.field for reply in replies]
        earlier = [format1_reply_key(game_id, r.scope, r.idempotency_key) for r in replies]
        return self._load(game_id, fields, with_last_id=False, extra=earlier)[0]

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
                pipe.getrange(game_key(game_id), 0, 40)
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
            raise game_not_found(game_id)
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
        keys = [game_key(game_id), events_key(game_id)]
        keys += [replies_key(game_id)] * len(reply_fields)
        keys += extra
        args: list[str | bytes | int] = [
            known_version,
            known_length,
            "1" if with_last_id else "",
            self._reply_ttl_ms,
            *reply_fields,
        ]
        with STORAGE_ERRORS:
            found = self._read(keys=keys, args=args)
        if found[0] is None:
            raise game_not_found(game_id)
        match, revision, rest = _decoded(game_id, found, known)
        last_id = None
        if with_last_id:
            last_id = rest[0].decode() if rest[0] else None
            rest = rest[1:]
        replies = {
            field: _reply(text.decode())
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
        reply: Reply | None = None,
        relays: Sequence[Relay] = (),
    ) -> Reply | None:
        """Append `changes` (each a version after `before`) if the stored game
        is still at `before`'s version, keeping `reply` under `reply_field`,
        all at once; a game still in format 1 is upgraded in the same call.
        Where the players' keys may be written with the game's
        (`relays_in_commit`), the `relays` are written in the same call.

        Raises VersionConflict when the game moved on, GameNotFound when it
        expired. When the reply field already holds a reply, nothing is
        written and that reply is returned.
        """
        game_id = before.id
        after = changes[-1].match
        keys, args, log, stream = _commit_arguments(
            before, revision, changes, reply_field, reply, self._commit_ttls_ms, self.games_doorbell
        )
        player_keys, relayed = self._player_events.written_with_the_game(relays)
        keys += player_keys
        write_id = new_commit_id()  # tells this commit from any other
        with STORAGE_ERRORS:
            self._indexes.expect_deadline(before, after)
            self._indexes.index_players(before, after)
            outcome = self._window.commit(
                self._commit, keys, args, after.version, write_id, [relayed, *stream]
            )
        if outcome[0] == Committed.GONE:
            raise game_not_found(game_id)
        if outcome[0] == Committed.CONFLICT:
            raise VersionConflict(int(outcome[1]))
        if outcome[0] == Committed.REPLIED:
            return decode_reply(outcome[2].decode())
        self._window.saw_redis_clock(outcome)
        if outcome[0] == Committed.LATE:
            raise StorageUnavailable("Redis took too long; nothing was changed")
        length = len(log.encode()) + (revision.log_length if revision.upgraded else 0)
        self._recent.put(after, Revision(length))
        if after.end_reason is not None and before.deadline is not None:
            self._indexes.forget_deadline(game_id)
        return None

    def upgrade(self, game_id: str) -> bool:
        """A game stored in format 1 rewritten in format 2 (store.migration)."""
        loaded = self.load(game_id)
        if loaded.revision.upgraded:
            return False
        upgraded = migration.upgrade(
            self._redis, self._commit, self._window, loaded.match, self._commit_ttls_ms
        )
        if upgraded:
            self._recent.put(loaded.match, Revision(0))
        return upgraded

    def history(self, game_id: str) -> History:
        """Everything that rebuilds the game's versions, in one round trip."""
        if not GAME_ID_PATTERN.match(game_id):
            raise game_not_found(game_id)
        with STORAGE_ERRORS:
            found = self._history(keys=[game_key(game_id), moves_key(game_id)])
        if found[0] is None:
            raise game_not_found(game_id)
        if found[0] == b"1":
            start = format1.decode_record_v1(int(found[1]), found[2])
            return History(start, [], format1.decode_moves(start, found[3:]))
        _, base, log = found[1].decode().split("\n", 2)
        start = codec.decode_base(base)
        actions = list(codec.decode_entries(log, start.updated_at))
        return History(start, actions, format1.decode_moves(start, found[2:]))

    def load_many(self, game_ids: Sequence[str]) -> dict[str, Match | None]:
        """Several games in one round trip; None for each that is gone."""
        calls = []
        for game_id in game_ids:
            known = self._recent.get(game_id)
            version, length = (known[0].version, known[1].log_length) if known else (-1, -1)
            keys = [game_key(game_id), events_key(game_id)]
            arguments: list[str | bytes | int] = [version, length, "", self._reply_ttl_ms]
            calls.append((keys, arguments))
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
    if kind == Read.CURRENT and known is not None:
        match, revision, rest = known[0], known[1], found[2:]
    elif kind == Read.TAIL and known is not None:
        match = _replayed(known[0], found[2].decode())
        revision, rest = Revision(known[1].log_length + len(found[2])), found[3:]
    elif kind == Read.FULL:
        match = _replayed(codec.decode_base(found[2]), found[3].decode())
        revision, rest = Revision(len(found[3])), found[4:]
    elif kind == Read.FORMAT1:
        match, revision = format1.decode_record_v1(version, found[2]), Revision(-1)
        rest = found[3:]
    else:
        raise codec.StoredFormError(f"game {game_id}: read as {kind!r}")
    if match.version != version:
        raise codec.StoredFormError(f"game {game_id}: the log does not reach {version}")
    return match, revision, rest


def _commit_arguments(
    before: Match,
    revision: Revision,
    changes: Sequence[Progress],
    reply_field: str,
    reply: Reply | None,
    ttls_ms: tuple[int, int, int],
    doorbell: str | None = None,
) -> tuple[list[str], list[str | bytes | int], str, list[str]]:
    """commit.lua's keys, its first arguments, the log appended, and the
    stream's entries (one a version). `ttls_ms`: a game's, a finished
    game's stream's, a reply's; `doorbell`: the games' doorbell the commit
    rings, where there is one."""
    game_id = before.id
    after = changes[-1].match
    entries = _entries(before, changes)
    log = "".join(entries)
    game_ttl_ms, finished_stream_ttl_ms, reply_ttl_ms = ttls_ms
    events_ttl = game_ttl_ms if after.end_reason is None else finished_stream_ttl_ms
    keys = [game_key(game_id), events_key(game_id), replies_key(game_id), moves_key(game_id)]
    numbers = commit_numbers(before.version, after.version, game_ttl_ms, events_ttl, reply_ttl_ms)
    if doorbell is not None:  # rung in the commit
        keys.append(doorbell)
        numbers += " 1"
    args: list[str | bytes | int] = [
        numbers,
        reply_field,
        reply.encode() if reply else "",
        b"" if revision.upgraded else codec.encode_base(before, whole=True),
        log,
    ]
    return keys, args, log, entries


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
        for progress in in_slices(start.replay(codec.decode_entries(log, start.updated_at))):
            match = progress.match
    except (RulesError, ValueError, IndexError, KeyError) as error:
        raise codec.StoredFormError(f"game {start.id}: {error}") from error
    return match


def _reply(text: str) -> StoredReply:
    """A stored reply: a reference, or the answer format 1 kept (a document)."""
    return format1.decode_reply(text) if text.startswith("{") else decode_reply(text)
