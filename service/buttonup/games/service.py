"""`Games`: the use cases together, as the API, the worker and the scripts
call them. Each job lives in a module of its own (games.commands,
games.reads, games.players, games.game_streams, games.player_streams,
games.sweep); this only wires them and names their entry points.

A wing (app.py installs them) adds to the core here, and nowhere else,
with `hook(hooks)`: its consequences of commits, the ports it fills, work
the sweep does after the core's and work a worker does on a timer
(games.hooks). It reaches the games through `pipeline` and `store`, as
the core does.

Tested in tests/games/test_hooks.py, tests/games/test_consequences.py,
tests/games/test_ports.py.
"""

from collections.abc import Callable, Iterator

from buttonup.engine import Status
from buttonup.games.commands import Commands
from buttonup.games.game_streams import GameStreams
from buttonup.games.hooks import Hooks
from buttonup.games.inbox import Inbox
from buttonup.games.pipeline import Observe, Pipeline, ignore, now_ms
from buttonup.games.player_streams import PlayerStreams
from buttonup.games.players import Players
from buttonup.games.ports import Ports
from buttonup.games.reads import Reads
from buttonup.games.results import MyGamesPage
from buttonup.games.sweep import Sweep
from buttonup.games.timelines import Timelines
from buttonup.games.upkeep import BEAT_SECONDS, Nudge, Periodic, Upkeep
from buttonup.store import GameStore


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
        self.store = store
        self.clock = clock
        self._timelines = Timelines(timeline_versions)
        # Where wings plug in (see the module's docstring).
        self.ports = Ports()
        self.pipeline = pipeline = Pipeline(store, clock, observe, self._timelines, self.ports)
        self.consequences = pipeline.consequences
        # The exact review of rated games, and the fair-play flags it feeds.
        self.reviews = pipeline.reviews
        self.flags = pipeline.flags
        self.periodic: list[Periodic] = []
        rematch_ms = rematch_seconds * 1000
        commands = Commands(store, pipeline, clock, abandon_seconds * 1000, rematch_ms, self.ports)
        reads = Reads(store, pipeline, clock, commands.expire)
        players = Players(store, clock, reads.in_time, reads.record)
        game_streams = GameStreams(store, clock, rematch_ms, commands.expire, pipeline.timeline)
        self.inbox = Inbox(store)  # what the wings tell players, on their streams
        player_streams = PlayerStreams(
            store, players.my_games, pipeline.relayer.catch_up_player, self.ports
        )
        self._players = players
        # Commands (games.commands) and the sweep of clocks that ran out.
        self.create = commands.create
        self.join = commands.join
        self.play = commands.play
        self.resign = commands.resign
        self.berserk = commands.berserk
        self.abort = commands.abort
        self.claim_victory = commands.claim_victory
        self.rematch = commands.rematch
        self.expire = commands.expire
        self.import_record = commands.import_record
        self._sweep = Sweep(store, clock, commands.expire, [pipeline.consequences.catch_up])
        self.sweep = self._sweep.sweep
        upkeep = Upkeep(store)
        self.every(BEAT_SECONDS, "presence", upkeep.beat)
        self.leave = upkeep.leave
        # Reads (games.reads) and a game's stream.
        self.ping = reads.ping
        self.get = reads.get
        self.presence = reads.presence
        self.moves = reads.moves
        self.lobby = reads.lobby
        self.analysis = reads.analysis
        self.record = reads.record
        self.analyse_position = reads.analyse_position
        self.watch = game_streams.watch
        # Players (games.players) and a player's stream.
        self.create_player, self.player = players.create_player, players.player
        self.become_bot = players.become_bot
        self.watch_player = player_streams.watch_player

    def hook(self, hooks: Hooks) -> None:
        """A wing's hooks installed: its consequences registered, its ports
        filled (PortTaken for a second filler of a port one fills), its
        timers and its work after the sweep added."""
        for consequence in hooks.consequences:
            self.consequences.register(consequence)
        if hooks.seating is not None:
            self.ports.fill_seating(hooks.seating)
        if hooks.listening is not None:
            self.ports.add_listening(hooks.listening)
        if hooks.sealing is not None:
            self.ports.add_sealing(hooks.sealing)
        if hooks.results is not None:
            self.ports.fill_results(hooks.results)
        for timer in hooks.timers:
            self.every(timer.seconds, timer.name, timer.work, timer.nudge)
        for work in hooks.after_sweep:
            self.after_sweep(work)

    def every(
        self, seconds: float, name: str, work: Callable[[], object], nudge: Nudge | None = None
    ) -> None:
        """`work` done by each worker every `seconds` (buttonup.sweeper), and
        at once when `nudge` is nudged."""
        self.periodic.append(Periodic(name, seconds, work, nudge))

    def after_sweep(self, work: Callable[[], object]) -> None:
        """`work` done after each sweep: what a process that died left."""
        self._sweep.follow_ups.append(work)

    def my_records(self, key: str) -> Iterator[str]:
        """The records of the games of the player whose key this is."""
        return self._players.records(self.player(key))

    def my_games(self, key: str, status: Status | None, limit: int, offset: int = 0) -> MyGamesPage:
        """The games of the player whose key this is (Players.my_games)."""
        return self._players.my_games(self.player(key), status, limit, offset)
