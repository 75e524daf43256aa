"""The tournament benchmark's bots: many players on one asyncio loop a
process, each with its stream and one keep-alive connection, on bare
HTTP/1.1 (no client library: a library's per-request cost would make the
driver, not the service, the limit, as 200 threads of the generated client
were).

Each bot joins the arena, then plays every game it is paired into: on
`game_start` (and on each `your_turn`) it reads the game and plays a
random legal move for as long as it is its turn, after a think of about
`think_ms` (0: at once). It notes when each of its
games ends (`game_over` on its stream) and when the next `game_start`
comes: the time from a game's end to the next pairing.

Used by bench/tournament_bench.py; tested through it
(tests/bench/test_tournament_bench.py).
"""

import asyncio
import os
import random
import time
from dataclasses import dataclass, field

import orjson


class Connection:
    """One keep-alive HTTP/1.1 connection; opened again when the server
    closes it (it does every hundred requests)."""

    def __init__(self, port: int) -> None:
        self._port = port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, token: str | None = None, body: object = None
    ) -> tuple[int, bytes]:
        payload = orjson.dumps(body) if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\nContent-Length: {len(payload)}\r\n"
        if payload:
            head += "Content-Type: application/json\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        message = head.encode() + b"\r\n" + payload
        for _ in range(2):  # an idle connection the server closed is opened again, once
            if self._writer is None:
                self._reader, self._writer = await asyncio.open_connection("127.0.0.1", self._port)
            self._writer.write(message)
            reader = self._reader
            assert reader is not None
            try:
                status_line = await reader.readline()
            except OSError:  # reset: the server had closed it
                status_line = b""
            if status_line:
                return await self._answer(reader, int(status_line.split()[1]))
            self._writer.close()
            self._reader = self._writer = None
        raise ConnectionError(f"{method} {path}: no answer")

    async def _answer(self, reader: asyncio.StreamReader, status: int) -> tuple[int, bytes]:
        length, close = 0, False
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "connection" and value.strip().lower() == "close":
                close = True
        data = await reader.readexactly(length) if length else b""
        if close and self._writer is not None:
            self._writer.close()
            self._reader = self._writer = None
        return status, data


async def events(port: int, key: str):
    """A player's stream, as (name, data): the chunked body undone, frames split."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = f"GET /v1/players/me/events HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {key}"
    writer.write(head.encode() + b"\r\n\r\n")
    while await reader.readline() not in (b"\r\n", b""):
        pass
    pending = b""
    try:
        while True:
            size = int((await reader.readline()).strip() or b"0", 16)
            if not size:
                return
            pending += await reader.readexactly(size)
            await reader.readexactly(2)
            *frames, pending = pending.split(b"\n\n")
            for frame in frames:
                name, data = b"", b""
                for line in frame.split(b"\n"):
                    if line.startswith(b"event: "):
                        name = line[7:]
                    elif line.startswith(b"data: "):
                        data = line[6:]
                if name:
                    yield name.decode(), data
    finally:
        writer.close()


@dataclass
class Figures:
    """What one process's bots saw."""

    moves: int = 0
    games_ended: int = 0
    next_pairing_ms: list[float] = field(default_factory=list)
    # Each return to play: (the new game's id, when the last game ended, when
    # the new one started), on the machine's monotonic clock (one for all
    # processes), so that the bench can pair the two players' returns.
    returns: list[tuple[str, float, float]] = field(default_factory=list)


class Bot:
    def __init__(
        self, port: int, key: str, figures: Figures, until: float, think_ms: float = 0
    ) -> None:
        self._think = think_ms / 1000
        self._http = Connection(port)
        self._port, self._key = port, key
        self._figures = figures
        self.until = until  # set again when the arena starts
        self._game: tuple[str, str, str] | None = None  # id, colour, seat token
        self._ended_at: float | None = None
        self._turn = asyncio.Lock()
        self._playing: set[asyncio.Task] = set()

    async def run(self, opened: asyncio.Event, started: asyncio.Event) -> None:
        stream = events(self._port, self._key)
        async for name, data in stream:
            if name == "games":
                opened.set()
            elif name == "game_start":
                now = time.monotonic()
                start = orjson.loads(data)
                if self._ended_at is not None and started.is_set():
                    self._figures.next_pairing_ms.append((now - self._ended_at) * 1000)
                    self._figures.returns.append((start["game_id"], self._ended_at, now))
                self._game = (start["game_id"], start["color"], start["token"])
                self._spawn_play()
            elif name == "your_turn":
                self._spawn_play()
            elif name == "game_over":
                self._ended_at = time.monotonic()
                self._figures.games_ended += 1
            if time.monotonic() >= self.until:
                await stream.aclose()
                return

    def _spawn_play(self) -> None:
        task = asyncio.create_task(self._play())
        self._playing.add(task)  # held until done: the loop keeps only weak references
        task.add_done_callback(self._playing.discard)

    async def _play(self) -> None:
        """Moves while it is this bot's turn in its game."""
        async with self._turn:
            if self._game is None:
                return
            game_id, color, token = self._game
            status, body = await self._http.request("GET", f"/v1/games/{game_id}")
            game = orjson.loads(body)
            while (
                status < 300
                and game["status"] == "playing"
                and game["round"]["to_move"] == color
                and time.monotonic() < self.until
            ):
                if self._think:
                    await asyncio.sleep(random.uniform(0.5, 1.5) * self._think)
                position = {"position": random.choice(game["round"]["legal_moves"])}
                path = f"/v1/games/{game_id}/moves"
                status, body = await self._http.request("POST", path, token, position)
                if status != 201:
                    return  # the game moved on meanwhile (a timeout): the stream says
                self._figures.moves += 1
                game = orjson.loads(body)["game"]


async def _drive(
    port: int, tournament_id: str, count: int, ready, go, seconds: float, think_ms: float
) -> Figures:
    setup = Connection(port)
    keys = []
    for index in range(count):
        _, body = await setup.request("POST", "/v1/players", body={"name": f"bot{index}"})
        key = orjson.loads(body)["key"]
        status, _ = await setup.request("POST", f"/v1/tournaments/{tournament_id}/join", key)
        assert status == 200, status
        keys.append(key)
    figures = Figures()
    started = asyncio.Event()
    until = float("inf")
    bots = [Bot(port, key, figures, until, think_ms) for key in keys]
    opened = [asyncio.Event() for _ in bots]
    tasks = [asyncio.create_task(bot.run(o, started)) for bot, o in zip(bots, opened, strict=True)]
    await asyncio.gather(*(o.wait() for o in opened))
    ready.set()
    while not go.is_set():  # the tournament starts when every process is ready
        await asyncio.sleep(0.01)
    until = time.monotonic() + seconds
    for bot in bots:
        bot.until = until
    started.set()
    await asyncio.wait(tasks, timeout=seconds + 5)
    for task in tasks:
        task.cancel()
    return figures


def drive(
    port: int,
    tournament_id: str,
    count: int,
    ready,
    go,
    seconds: float,
    think_ms: float,
    results,
    niceness: int = 0,
) -> None:
    """One process's bots (run in a process of its own, at `niceness`); its
    Figures put on `results`."""
    os.nice(niceness)
    figures = asyncio.run(_drive(port, tournament_id, count, ready, go, seconds, think_ms))
    results.put((figures.moves, figures.games_ended, figures.next_pairing_ms, figures.returns))
