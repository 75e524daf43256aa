"""GameStore: the store's one interface, all the use cases see of Redis:
the game records (store.records, whose create, load, commit and history it
is) and every other part, each in a module of its own: keys (store.keys),
ids derived from the deployment's secret (store.derived), idempotency
reservations and seals (store.idempotency), players (store.players,
store.player_games, store.player_events), presence (store.presence), the
deadline index (store.deadlines), the lobby (store.lobby) and the event
feeds (store.feed). Every method raises the store's own errors
(store.errors), never Redis's.

Tested in tests/store/test_games_store.py.
"""

import secrets
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager

from buttonup.engine import Color, Match, Status
from buttonup.engine.actions import Action
from buttonup.engine.player import AgendaPlace, Notice, Player
from buttonup.store import codec, format1, keys
from buttonup.store.connection import STORAGE_ERRORS, Client
from buttonup.store.deadlines import DeadlineIndex, Due
from buttonup.store.derived import SeatSeals, Secret
from buttonup.store.feed import EventFeed, StoredEvent, Subscription
from buttonup.store.format1 import EarlierVersion
from buttonup.store.idempotency import NONCE_BYTES, Reservations, Sealer
from buttonup.store.inbox import PlayerInbox
from buttonup.store.indexes import CommitIndexes
from buttonup.store.lobby import Lobby
from buttonup.store.marks import Mark, Marks
from buttonup.store.player_events import PlayerEvents, Relay, decode_notice
from buttonup.store.player_events import events_key as player_events_key
from buttonup.store.player_games import PlayerGames
from buttonup.store.players import PlayerStore
from buttonup.store.positions import PositionsInPlay
from buttonup.store.presence import PresenceBoard, SeatPresence
from buttonup.store.recent import RecentMatches
from buttonup.store.records import GameRecords
from buttonup.store.replies import EarlierReply
from buttonup.store.reviews import PlayerReviews
from buttonup.store.settling import WriteWindow, local_ms

PLAYER_FEED_COALESCE_SECONDS = 0.1
# Games' streams a process watches from which its feed waits on the games'
# doorbell (store.keys; the wings' own streams, few and rung by nobody, are
# on a feed of their own, which names each in every read): below, a read
# that names each one costs less than a feed woken by every commit of every
# game (bench/streams_bench.py: 100 streams a worker, 4% more server CPU a
# move with the doorbell); above, far more (with 10,000 a worker, a quarter
# of its CPU went to reads naming them all).
GAMES_RING_FROM = 500


class GameStore(GameRecords):
    def __init__(
        self,
        client: Client,
        *,
        blocking_client: Client | None = None,
        game_ttl_seconds: int,
        reply_ttl_seconds: int,
        imported_game_ttl_seconds: int | None = None,
        finished_stream_ttl_seconds: float = 60.0,
        recent_matches: int = 4096,
        secret: bytes | None = None,
    ) -> None:
        """`secret`: the deployment's (store.derived); None: the process's own."""
        self._redis = client
        game_ttl_ms = game_ttl_seconds * 1000
        self._window = WriteWindow(client)
        self._deadlines = DeadlineIndex(client)
        self._player_games = PlayerGames(client, game_ttl_ms)
        self._player_events = PlayerEvents(client, game_ttl_ms)
        # The game records: create, load, commit, history (store.records).
        super().__init__(
            client,
            game_ttl_ms=game_ttl_ms,
            imported_ttl_ms=(imported_game_ttl_seconds or game_ttl_seconds) * 1000,
            reply_ttl_ms=reply_ttl_seconds * 1000,
            # A finished game's stream outlives its last event this long, for
            # watchers whose read is on its way; later ones are served from the log.
            finished_stream_ttl_ms=max(1, round(finished_stream_ttl_seconds * 1000)),
            recent=RecentMatches(recent_matches),
            window=self._window,
            indexes=CommitIndexes(self._deadlines, self._player_games),
            player_events=self._player_events,
        )
        self._secret = Secret(secret)
        self._reservations = Reservations(client, reply_ttl_seconds * 1000)
        self._sealer = Sealer(self._secret.keyed_digest, lambda: secrets.token_bytes(NONCE_BYTES))
        self._seat_seals = SeatSeals(client, self._sealer.seal, self._sealer.open, game_ttl_ms)
        self._players = PlayerStore(client, game_ttl_ms)
        self.player_records = self._players  # bot accounts: made, and their moves counted
        self._marks = Marks(client)
        self.positions = PositionsInPlay(client, game_ttl_ms)
        self.reviews = PlayerReviews(client, game_ttl_ms)
        self.inbox = PlayerInbox(client, game_ttl_ms, self._player_events.doorbell)
        self._lobby = Lobby(client, game_ttl_ms)
        self._open_streams(client, blocking_client or client)

    def _open_streams(self, client: Client, blocking: Client) -> None:
        """The event feeds and presence. Reads that wait for events hold a
        connection for seconds: a pool of their own (`blocking`)."""
        doorbell = self.games_doorbell  # the games' streams: GAMES_RING_FROM
        self._game_feed = EventFeed(blocking, client, doorbell=doorbell, ring_from=GAMES_RING_FROM)
        self._feed = EventFeed(blocking, client)
        # Players' streams on a feed of their own: on one Redis it reads only
        # the streams the doorbell names, and on a cluster each read names
        # every one of a slot's. Either way it gathers for longer (a notice
        # may wait a tenth of a second), for fewer, fuller reads.
        self._player_feed = EventFeed(
            blocking,
            client,
            coalesce_seconds=PLAYER_FEED_COALESCE_SECONDS,
            doorbell=self._player_events.doorbell,
        )
        self._presence = PresenceBoard(
            client,
            lambda game_id: [
                keys.presence_key(game_id),
                keys.events_key(game_id),
                keys.game_key(game_id),
                *([self.games_doorbell] if self.games_doorbell else []),
            ],
            local_ms,
        )

    @property
    def client(self) -> Client:
        """The connections a wing's own part of the store shares."""
        return self._redis

    @property
    def game_ttl_ms(self) -> int:
        """How long a game and what hangs on it is kept after its last change."""
        return self._game_ttl_ms

    @STORAGE_ERRORS
    def ping(self) -> None:
        self._redis.ping()

    @STORAGE_ERRORS
    def full(self) -> str | None:
        """Why Redis takes no new data (at its `maxmemory`, evicting nothing),
        or None while it does."""
        found = self._redis.info("memory")
        # A cluster's client answers each node's, by node.
        nodes = found.values() if all(isinstance(v, dict) for v in found.values()) else [found]
        for memory in nodes:
            limit = int(memory.get("maxmemory", 0))
            used = int(memory.get("used_memory", 0))
            if limit and used >= limit and memory.get("maxmemory_policy") == "noeviction":
                return f"Redis uses {used} bytes of its maxmemory {limit} and evicts nothing"
        return None

    @STORAGE_ERRORS
    def earlier_create_reply(
        self, idempotency_key: str, player_id: str | None
    ) -> tuple[str, EarlierReply] | None:
        """What an earlier release (format 1) kept, for a day, for a create
        with this key (a player's own, with `player_id`): its game's id and
        the reply."""
        scoped = f"player\n{player_id}\n{idempotency_key}" if player_id else idempotency_key
        return format1.create_reply(self._redis, scoped)

    @STORAGE_ERRORS
    def earlier_versions(self, game_id: str) -> list[EarlierVersion]:
        """The versions of a game begun in format 1 that its stream still tells."""
        return format1.earlier_versions(self._redis, game_id)

    # Idempotency (store.idempotency) and what the deployment's secret derives

    @STORAGE_ERRORS
    def reserve(self, scope: str, idempotency_key: str, value: str) -> str | None:
        """Reserve `value` for an Idempotency-Key in `scope` for the idempotency
        TTL, unless a request reserved one first: then that one's value."""
        return self._reservations.reserve(scope, idempotency_key, value)

    @STORAGE_ERRORS
    def seal(self, secret: str, context: str) -> str:
        """`secret`, sealed with what only `context` (which holds an
        Idempotency-Key) opens again."""
        return self._sealer.seal(secret, context)

    @STORAGE_ERRORS
    def unseal(self, sealed: str, context: str) -> str:
        return self._sealer.open(sealed, context)

    @STORAGE_ERRORS
    def keep_seat_tokens(self, game_id: str, tokens: dict[Color, str]) -> dict[Color, str]:
        """The random tokens of the seats the service reserves in `game_id`
        (a rematch's, a pairing's), sealed beside it before it is made: the
        ones kept (a retry's earlier ones, if any), which its seats must hold."""
        return self._seat_seals.keep(game_id, tokens)

    @STORAGE_ERRORS
    def reserved_seat_token(self, game_id: str, color: Color) -> str | None:
        """The token of a seat the service reserved in `game_id`, opened for
        its holder; None when none was sealed."""
        return self._seat_seals.token(game_id, color)

    # What must follow a commit exactly once (store.marks)

    def mark(self, consequences: Sequence[str], game_id: str, now: int) -> list[Mark]:
        return self._marks.mark(consequences, game_id, now)

    def claim_marks(self, up_to: int, count: int, lease_end: int) -> list[Mark]:
        """Marks made by `up_to`, leased to this caller until `lease_end`."""
        return self._marks.claim(up_to, count, lease_end)

    def settle_mark(self, mark: Mark) -> bool:
        return self._marks.settle(mark)

    # Players (store.players, store.player_games, store.player_events)

    @STORAGE_ERRORS
    def create_player(self, player: Player) -> Player:
        """Store a new player; when one with its id exists already (made by
        the same idempotent request), that one is kept and returned."""
        return self._players.create(player)

    @STORAGE_ERRORS
    def authenticate_player(self, key: str) -> Player | None:
        return self._players.authenticate(key)

    @STORAGE_ERRORS
    def load_players(self, player_ids: Sequence[str]) -> dict[str, Player | None]:
        return self._players.load_many(player_ids)

    @STORAGE_ERRORS
    def player_game_ids(self, player_id: str) -> list[str]:
        return self._player_games.ids(player_id)

    @STORAGE_ERRORS
    def player_games(self, player_id: str) -> tuple[list[str], set[str]]:
        """The player's index, newest seat first, and the games in it or once
        in it whose end the player has heard (store.player_games)."""
        return self._player_games.listed(player_id)

    @STORAGE_ERRORS
    def player_agenda(
        self, player_id: str, statuses: tuple[Status, ...], count: int, newest: int = 0
    ) -> list[str]:
        """PlayerGames.agenda: the first `count` of these statuses, then `newest` seats."""
        return self._player_games.agenda(player_id, statuses, count, newest)

    @STORAGE_ERRORS
    def off_player_agenda(self, player_id: str, game_ids: list[str]) -> list[str]:
        return self._player_games.off_agenda(player_id, game_ids)

    @STORAGE_ERRORS
    def player_agenda_built(self, player_id: str) -> bool:
        return self._player_games.agenda_built(player_id)

    @STORAGE_ERRORS
    def place_player_games(self, player_id: str, places: dict[str, AgendaPlace]) -> None:
        self._player_games.place(player_id, places)

    @STORAGE_ERRORS
    def drop_player_games(self, player_id: str, game_ids: list[str]) -> None:
        self._player_games.drop(player_id, game_ids)

    @STORAGE_ERRORS
    def forget_finished_player_games(self, player_id: str, game_ids: set[str]) -> None:
        self._player_games.forget_finished(player_id, game_ids)

    @STORAGE_ERRORS
    def relay(self, relays: Sequence[Relay]) -> list[Relay]:
        """Append each relay's notices to its player's stream; those that found
        a gap (versions not relayed before them) and wrote nothing."""
        return self._player_events.relay(relays)

    @STORAGE_ERRORS
    def relayed(self, player_id: str) -> dict[str, int]:
        """The version of each game last relayed to the player."""
        return self._player_events.relayed(player_id)

    @STORAGE_ERRORS
    def player_events_bounds(self, player_id: str) -> tuple[str, str] | None:
        return self._player_events.bounds(player_id)

    def subscribe_player(
        self, player_id: str, after_id: str
    ) -> AbstractContextManager[Subscription]:
        """The player's stream entries after the id `after_id`, as they come."""
        return _subscribed(self._player_feed, player_events_key(player_id), after_id)

    # Deadlines (store.deadlines)

    @STORAGE_ERRORS
    def claim_due(self, now: int, count: int, lease_ms: int) -> list[Due]:
        """Games whose clock may have run out by `now`, leased to this caller."""
        return self._deadlines.claim_due(now, count, lease_ms)

    @STORAGE_ERRORS
    def settle_deadline(self, due: Due, deadline: int | None) -> bool:
        """The index's entry for a claimed game where the game now says."""
        return self._deadlines.settle(due, deadline)

    @STORAGE_ERRORS
    def deadline_entries(self) -> Sequence[tuple[str, int]]:
        return self._deadlines.entries()

    # Presence (store.presence) and a game's stream

    @STORAGE_ERRORS
    def connect_seat(self, game_id: str, color: Color) -> str:
        return self._presence.connect(game_id, color)

    @STORAGE_ERRORS
    def disconnect_seat(self, game_id: str, color: Color, connection: str) -> None:
        self._presence.disconnect(game_id, color, connection)

    @STORAGE_ERRORS
    def presence(self, game_id: str) -> dict[Color, SeatPresence]:
        return self._presence.read(game_id)

    @STORAGE_ERRORS
    def beat(self) -> None:
        """This process is alive; dead ones' connections are let go."""
        self._presence.beat()

    @STORAGE_ERRORS
    def leave(self) -> None:
        """This process stops: its connections are let go now."""
        self._presence.leave()

    def subscribe(self, game_id: str, after_id: str) -> AbstractContextManager[Subscription]:
        """The game's stream entries after the id `after_id`, as they come."""
        return _subscribed(self._game_feed, keys.events_key(game_id), after_id)

    def follow(self, key: str, after_id: str) -> AbstractContextManager[Subscription]:
        """A stream's entries after `after_id`, as they come, read together
        with every other stream this process watches: a game's, or a wing's
        own (each entry `v`, `e` its name, `d` its JSON)."""
        return _subscribed(self._feed, key, after_id)

    # The lobby (store.lobby)

    @STORAGE_ERRORS
    def list_publicly(self, game_id: str, created_us: int) -> None:
        self._lobby.list_publicly(game_id, created_us)

    @STORAGE_ERRORS
    def unlist(self, game_ids: Sequence[str]) -> None:
        self._lobby.unlist(game_ids)

    @STORAGE_ERRORS
    def lobby_candidates(
        self, below: tuple[float, str] | None, count: int
    ) -> list[tuple[str, float]]:
        """Up to `count` entries after `below` (score, id), newest first."""
        return self._lobby.candidates(below, count)


@contextmanager
def _subscribed(feed: EventFeed, key: str, after_id: str) -> Iterator[Subscription]:
    """A feed's subscription to `key` after `after_id`, let go on exit."""
    with STORAGE_ERRORS:
        subscription = feed.subscribe(key, after_id)
    try:
        yield subscription
    finally:
        subscription.close()


def action_of(stored: StoredEvent, before: Match) -> Action:
    """The action a game's stream entry holds, the version after `before`."""
    (action,) = codec.decode_entries(stored.entry or "", before.updated_at)
    return action


def player_notice(stored: StoredEvent) -> Notice:
    return decode_notice(stored.version, stored.name or "", stored.data or "{}")
