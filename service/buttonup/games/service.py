"""`Games`: the use cases together, as the API, the worker and the scripts
call them. Each job lives in a module of its own; this only wires them."""

from collections.abc import Callable, Iterator

from buttonup.engine import Color, Match, Status
from buttonup.engine.events import Moved
from buttonup.engine.player import Player
from buttonup.games.commands import Commands
from buttonup.games.game_streams import GameStreams
from buttonup.games.idempotency import Idempotency
from buttonup.games.pipeline import Observe, Pipeline, ignore, now_ms
from buttonup.games.player_streams import PlayerStreams
from buttonup.games.players import Players
from buttonup.games.reads import Reads
from buttonup.games.results import (
    GameAnalysis,
    LobbyPage,
    MyGamesPage,
    NewGame,
    NewPlayer,
    Outcome,
    PlayerStreamItem,
    RematchOffered,
    Seated,
    StreamItem,
)
from buttonup.games.store_errors import STORE_ERRORS
from buttonup.games.sweep import Sweep
from buttonup.games.timelines import Timelines
from buttonup.store import GameStore, SeatPresence


class Games:
    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], int] = now_ms,
        observe: Observe = ignore,
        timeline_versions: int = 20_000,
        abandon_seconds: int = 60,
        rematch_seconds: int = 600,
    ) -> None:
        self._store = store
        self._timelines = Timelines(timeline_versions)
        pipeline = Pipeline(store, clock, observe, self._timelines)
        rematch_ms = rematch_seconds * 1000
        self._commands = Commands(store, pipeline, clock, abandon_seconds * 1000, rematch_ms)
        self._reads = Reads(store, pipeline, clock, self._commands.expire)
        self._players = Players(store, clock, self._reads.in_time)
        self._sweep = Sweep(store, clock, self._commands.expire)
        self._game_streams = GameStreams(
            store, clock, rematch_ms, self._commands.expire, pipeline.timeline
        )
        self._player_streams = PlayerStreams(
            store, self._players.my_games, pipeline.relayer.catch_up_player
        )

    # Commands (games.commands)

    def create(
        self, new: NewGame, idempotency: Idempotency | None, credential: str | None = None
    ) -> Outcome:
        return self._commands.create(new, idempotency, credential)

    def join(
        self,
        game_id: str,
        color: Color | None,
        name: str | None,
        idempotency: Idempotency | None = None,
        credential: str | None = None,
    ) -> Seated:
        return self._commands.join(game_id, color, name, idempotency, credential)

    def play(
        self,
        game_id: str,
        token: str | None,
        position: int,
        *,
        if_match: frozenset[int] | None = None,
        idempotency: Idempotency | None = None,
    ) -> Outcome:
        return self._commands.play(
            game_id, token, position, if_match=if_match, idempotency=idempotency
        )

    def resign(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        return self._commands.resign(game_id, token, idempotency)

    def abort(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        return self._commands.abort(game_id, token, idempotency)

    def claim_victory(
        self, game_id: str, token: str | None, idempotency: Idempotency | None = None
    ) -> Outcome:
        return self._commands.claim_victory(game_id, token, idempotency)

    def rematch(self, game_id: str, credential: str | None) -> Seated | RematchOffered:
        return self._commands.rematch(game_id, credential)

    def expire(self, game_id: str) -> Outcome:
        return self._commands.expire(game_id)

    def sweep(self) -> int:
        """End the games whose clock ran out (games.sweep); how many."""
        return self._sweep.sweep()

    # Reads (games.reads) and a game's stream (games.game_streams)

    def ping(self) -> None:
        self._reads.ping()

    def get(self, game_id: str) -> Match:
        return self._reads.get(game_id)

    def presence(self, game_id: str) -> dict[Color, SeatPresence]:
        return self._reads.presence(game_id)

    def moves(
        self, game_id: str, start: int = 0, count: int | None = None
    ) -> tuple[list[Moved], bool]:
        return self._reads.moves(game_id, start, count)

    def lobby(self, limit: int, after: tuple[float, str] | None) -> LobbyPage:
        return self._reads.lobby(limit, after)

    def analysis(self, game_id: str) -> GameAnalysis:
        return self._reads.analysis(game_id)

    def watch(
        self, game_id: str, after: int | None, keepalive_ms: int, seat_token: str | None = None
    ) -> Iterator[list[StreamItem]]:
        return self._game_streams.watch(game_id, after, keepalive_ms, seat_token)

    def beat(self) -> None:
        """This process is alive; dead ones' stream connections are let go."""
        with STORE_ERRORS:
            self._store.beat()

    def leave(self) -> None:
        """This process stops: its stream connections are let go now."""
        with STORE_ERRORS:
            self._store.leave()

    # Players (games.players) and a player's stream (games.player_streams)

    def create_player(self, name: str | None, idempotency: Idempotency | None) -> NewPlayer:
        return self._players.create_player(name, idempotency)

    def player(self, key: str) -> Player:
        return self._players.player(key)

    def my_games(self, key: str, status: Status | None, limit: int, offset: int = 0) -> MyGamesPage:
        return self._players.my_games(self.player(key), status, limit, offset)

    def watch_player(
        self, player: Player, after: str | None, keepalive_ms: int
    ) -> Iterator[list[PlayerStreamItem]]:
        return self._player_streams.watch_player(player, after, keepalive_ms)
