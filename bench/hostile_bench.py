"""Honest players' moves while hostile clients do their worst, attack by attack.

The HTTP benchmark's eight clients (bench/http_bench.py) play complete games
against `buttonup serve` (2 gevent workers) the whole time; each attack runs
in a round of its own, rounds of nothing else between them, in one run:

- analysis: 4 clients ask `POST /v1/analysis` positions never asked before;
- import_analyse: 2 clients import a 16 KiB record of ~290 rounds
  (tests/long_records.py) and page through its analysis, again and again;
- bot_game: a game between two perfect bots to 100 points every 2 s;
- seekers: 1,000 players with their streams open and a seek each waiting
  re-seek 90 times a second (seeks that pair with nobody: the pool stays full);
- player_stream: 4 clients reopen the stream of a player sitting in 1,000
  games nobody joins;
- import_flood: 4 clients import small records as fast as they are answered.

Attackers each use addresses of their own (127.0.0.x), as an attacker with
addresses to spare would; honest clients use others. The service runs with
its defaults (the costly operations metered), but for the creates meter,
raised so that the honest clients (a few hundred players compressed into
eight) and the setup are not held back by it. For each attack it prints the
honest clients' median and p99 move latency as ratios to the quiet rounds
beside it, their non-2xx answers, the largest growth of a worker's RSS since
the start, and Redis's busy share (its CPU time over the round's).

    .venv/bin/python bench/hostile_bench.py [--seconds 8] [--service-dir DIR]

`--service-dir` serves another checkout's `service/` (the same benchmark,
before and after a change).
"""

import argparse
import multiprocessing
import os
import random
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from http_bench import LOG, TICKS, Connection, wait_ready

from buttonup.cli import gunicorn_command
from buttonup.engine import Options
from buttonup.engine.board import legal_moves
from buttonup.engine.match import Match
from buttonup.engine.notation import write_position
from buttonup.redis_server import RedisServer, free_port
from tests.long_records import tied_record

HONEST = 8
SEEKERS = 1000
WAITING_GAMES = 1000
PERFECT = {"type": "bot", "level": "perfect"}
BLITZ = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
NOBODY = {"clock": BLITZ, "rated": False, "rating_range": [0, 1]}  # pairs with nobody


def address(block: int, index: int) -> str:
    return f"127.0.{block}.{index + 1}"


class FromAddress(Connection):
    """http_bench's connection, from an address of its own."""

    def __init__(self, port: int, source: str) -> None:
        super().__init__(port)
        self.source = source

    def post(self, path: str, body: dict, headers: dict | None = None) -> tuple[int, dict]:
        if self.sock is None:
            self.sock = socket.create_connection(
                ("127.0.0.1", self.port), timeout=30, source_address=(self.source, 0)
            )
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.buffer = b""
        return super().post(path, body, headers)


def honest_play(args: tuple[int, str, float]) -> tuple[list[float], int]:
    """http_bench's player from its own address: move latencies, non-2xx answers."""
    port, source, until = args
    connection = FromAddress(port, source)
    latencies: list[float] = []
    failed = 0
    while time.monotonic() < until:
        statuses = []
        status, game = connection.post("/v1/games", {})
        statuses.append(status)
        if status != 201:
            failed += 1
            continue
        status, red = connection.post(f"/v1/games/{game['id']}/players", {})
        statuses.append(status)
        status, black = connection.post(f"/v1/games/{game['id']}/players", {})
        statuses.append(status)
        if red.get("token") is None or black.get("token") is None:
            failed += sum(s >= 300 for s in statuses)
            continue
        tokens = {"red": red["token"], "black": black["token"]}
        state = black["game"]
        while state["status"] == "playing" and time.monotonic() < until:
            started = time.perf_counter()
            status, body = connection.post(
                f"/v1/games/{game['id']}/moves",
                {"position": state["round"]["legal_moves"][0]},
                {"Authorization": f"Bearer {tokens[state['round']['to_move']]}"},
            )
            latencies.append(time.perf_counter() - started)
            if status != 201:
                failed += 1
                break
            state = body["game"]
        failed += sum(s >= 300 for s in statuses)
    return latencies, failed


def client(source: str, base_url: str) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=source)
    return httpx.Client(base_url=base_url, transport=transport, timeout=30)


def fresh_positions(seed: int) -> list[str]:
    """Positions mid-round from random deals: never asked before."""
    rng = random.Random(seed)
    found = []
    while len(found) < 20_000:
        match = Match.new("p", Options(seed=rng.getrandbits(62)), 0)
        state = match.game
        for _ in range(rng.randrange(0, 5)):
            moves = legal_moves(state.round.circle)
            state, _ = state.apply(state.to_move, rng.choice(moves))
            if state.to_move is None:
                break
        if state.to_move is not None:
            found.append(write_position(state))
    return found


class Attacks:
    """Each attack: a function of (stop event) run in threads for a round."""

    def __init__(self, base_url: str, port: int, setup: dict) -> None:
        self.base_url = base_url
        self.port = port
        self.setup = setup
        self.answers: dict[int, int] = {}

    def _count(self, status: int) -> None:
        self.answers[status] = self.answers.get(status, 0) + 1

    def analysis(self, stop: threading.Event, index: int) -> None:
        positions = self.setup["positions"][index::4]
        with client(address(101, index), self.base_url) as http:
            for position in positions:
                if stop.is_set():
                    return
                self._count(http.post("/v1/analysis", json={"position": position}).status_code)

    def import_analyse(self, stop: threading.Event, index: int) -> None:
        record = self.setup["records"][index]
        text = {"Content-Type": "text/plain"}
        with client(address(102, index), self.base_url) as http:
            while not stop.is_set():
                made = http.post("/v1/games/import", content=record, headers=text)
                self._count(made.status_code)
                game_id = made.json()["id"] if made.status_code == 201 else self.setup["long_game"]
                after = 0
                while after is not None and not stop.is_set():
                    page = http.get(f"/v1/games/{game_id}/analysis", params={"after": after})
                    self._count(page.status_code)
                    after = page.json().get("review_next") if page.status_code == 200 else None

    def bot_game(self, stop: threading.Event, index: int) -> None:
        body = {"target_score": 100, "players": {"red": PERFECT, "black": PERFECT}}
        count = 0
        while not stop.is_set():
            started = time.monotonic()
            with client(address(103, count % 50), self.base_url) as http:
                self._count(http.post("/v1/games", json=body).status_code)
            count += 1
            stop.wait(max(0.0, 2.0 - (time.monotonic() - started)))

    def seekers(self, stop: threading.Event, index: int) -> None:
        clients = ATTACKS["seekers"]
        keys = self.setup["seekers"][index::clients]
        per_second = 90 / clients  # together, 90 a second, however long each takes
        sent = 0
        began = time.monotonic()
        with client(address(104, index), self.base_url) as http:
            while not stop.is_set():
                key = keys[sent % len(keys)]
                answer = http.post(
                    "/v1/seeks", json=NOBODY, headers={"Authorization": f"Bearer {key}"}
                )
                self._count(answer.status_code)
                sent += 1
                stop.wait(max(0.0, began + sent / per_second - time.monotonic()))

    def player_stream(self, stop: threading.Event, index: int) -> None:
        key = self.setup["sitter"]
        with client(address(105, index), self.base_url) as http:
            while not stop.is_set():
                headers = {"Authorization": f"Bearer {key}"}
                with http.stream("GET", "/v1/players/me/events", headers=headers) as stream:
                    self._count(stream.status_code)
                    for line in stream.iter_lines():
                        if line.startswith("event: games"):
                            break

    def import_flood(self, stop: threading.Event, index: int) -> None:
        record = self.setup["small_record"]
        with client(address(106, index), self.base_url) as http:
            while not stop.is_set():
                answer = http.post(
                    "/v1/games/import", content=record, headers={"Content-Type": "text/plain"}
                )
                self._count(answer.status_code)


ATTACKS: dict[str, int] = {  # attack: its clients
    "analysis": 4,
    "import_analyse": 2,
    "bot_game": 1,
    "seekers": 4,
    "player_stream": 4,
    "import_flood": 4,
}


def keep_streams_open(port: int, keys: list[str], ready) -> None:
    """Each seeker's stream, read and thrown away (from 40 addresses: a
    client address keeps at most 32 streams on a worker)."""
    selector = selectors.DefaultSelector()
    for index, key in enumerate(keys):
        sock = socket.create_connection(
            ("127.0.0.1", port), source_address=(address(107 + index % 40 // 20, index % 40), 0)
        )
        request = (
            f"GET /v1/players/me/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\n\r\n"
        )
        sock.sendall(request.encode())
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
    ready.send("open")
    while True:
        for event_key, _ in selector.select(timeout=1):
            try:
                if not event_key.fileobj.recv(65536):
                    selector.unregister(event_key.fileobj)
            except BlockingIOError:
                continue


def fill_the_pool(base_url: str, keys: list[str]) -> None:
    """Every seeker's seek waiting (they pair with nobody): the pool a new
    seek meets is SEEKERS strong."""
    with client(address(110, 1), base_url) as http:
        for key in keys:
            answer = http.post("/v1/seeks", json=NOBODY, headers={"Authorization": f"Bearer {key}"})
            assert answer.status_code == 201, answer.text


def workers_of(master: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == master:
                        found.append(int(entry))
            except OSError:
                continue
    return found


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def setup_service(base_url: str, port: int) -> dict:
    """Players, a player sitting in 1,000 games, the seekers' streams open."""
    setup: dict = {"positions": fresh_positions(20261205)}
    print("setting up: records, players, games, seekers' streams", flush=True)
    setup["records"] = [tied_record(seed=seed) for seed in (11, 12)]
    setup["small_record"] = tied_record(max_bytes=1500, seed=13)
    with client(address(110, 0), base_url) as http:
        made = http.post(
            "/v1/games/import", content=setup["records"][0], headers={"Content-Type": "text/plain"}
        )
        setup["long_game"] = made.json()["id"]
        sitter = http.post("/v1/players", json={"name": "Sitter"}).json()["key"]
        for _ in range(WAITING_GAMES):
            game = http.post("/v1/games", json={}).json()
            http.post(
                f"/v1/games/{game['id']}/players",
                json={"color": "red"},
                headers={"Authorization": f"Bearer {sitter}"},
            )
        setup["sitter"] = sitter
        setup["seekers"] = [
            http.post("/v1/players", json={"name": f"S{n}"}).json()["key"] for n in range(SEEKERS)
        ]
    return setup


def run_round(
    pool,
    port: int,
    seconds: float,
    attack: Callable[[threading.Event, int], None] | None,
    clients: int,
    workers: list[int],
    redis_pid: int,
) -> dict:
    """One round: the honest clients play while `attack` runs (or nothing).
    RSS growth is a worker's peak during the round over its RSS as it began."""
    base_rss = {pid: rss_mb(pid) for pid in workers}
    stop = threading.Event()
    threads = [
        threading.Thread(target=attack, args=(stop, n)) for n in range(clients if attack else 0)
    ]
    for thread in threads:
        thread.start()
    rss_peak = dict(base_rss)
    sampling = threading.Event()

    def sample() -> None:
        while not sampling.is_set():
            for pid in workers:
                try:
                    rss_peak[pid] = max(rss_peak.get(pid, 0.0), rss_mb(pid))
                except OSError:
                    continue
            sampling.wait(0.25)

    sampler = threading.Thread(target=sample)
    sampler.start()
    redis_before, began = cpu_seconds(redis_pid), time.monotonic()
    until = time.monotonic() + seconds
    results = pool.map(honest_play, [(port, address(100, n), until) for n in range(HONEST)])
    redis_busy = (cpu_seconds(redis_pid) - redis_before) / (time.monotonic() - began)
    stop.set()
    for thread in threads:
        thread.join()
    sampling.set()
    sampler.join()
    latencies = sorted(lat for lats, _ in results for lat in lats)
    return {
        "p50_ms": 1000 * latencies[len(latencies) // 2],
        "p99_ms": 1000 * latencies[int(len(latencies) * 0.99)],
        "moves": len(latencies),
        "non_2xx": sum(failed for _, failed in results),
        "rss_growth_mb": max(rss_peak[pid] - base_rss[pid] for pid in base_rss),
        "redis_busy": redis_busy,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--service-dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        redis_server = RedisServer(Path(data_dir), persistent=False)
        redis_server.start()
        port = free_port()
        env = dict(
            os.environ,
            REDIS_URL=redis_server.url,
            # The honest clients are a few hundred players in eight; the setup makes 2,000 things.
            BUTTONUP_CREATES_RATE_LIMIT="1000000/minute",
            BUTTONUP_CREATES_ADDRESS_RATE_LIMIT="1000000/minute",
            BUTTONUP_PLAYERS_RATE_LIMIT="1000000/minute",
            BUTTONUP_CONNECTIONS="2000",
        )
        if args.service_dir is not None:
            env["PYTHONPATH"] = f"{args.service_dir.resolve()}:{env.get('PYTHONPATH', '')}"
        server = subprocess.Popen(gunicorn_command("127.0.0.1", port, 2), env=env, stderr=LOG)
        base_url = f"http://127.0.0.1:{port}"
        try:
            wait_ready(port, "/healthz", server)
            setup = setup_service(base_url, port)
            ready, child = multiprocessing.get_context("fork").Pipe()
            streams = multiprocessing.get_context("fork").Process(
                target=keep_streams_open, args=(port, setup["seekers"], child), daemon=True
            )
            streams.start()
            assert ready.recv() == "open"
            time.sleep(1.5)  # every stream marked as listening
            fill_the_pool(base_url, setup["seekers"])
            attacks = Attacks(base_url, port, setup)
            workers = workers_of(server.pid)
            redis_pid = redis_server.process.pid
            print(f"{HONEST} honest clients, {args.seconds:g} s rounds, workers {workers}")
            with multiprocessing.get_context("fork").Pool(HONEST) as pool:
                pool.map(
                    honest_play,
                    [(port, address(100, n), time.monotonic() + 3) for n in range(HONEST)],
                )
                start_rss = {pid: rss_mb(pid) for pid in workers}
                quiet = [run_round(pool, port, args.seconds, None, 0, workers, redis_pid)]
                rows = {}
                for name, clients in ATTACKS.items():
                    attacks.answers = {}
                    attacked = run_round(
                        pool,
                        port,
                        args.seconds,
                        getattr(attacks, name),
                        clients,
                        workers,
                        redis_pid,
                    )
                    quiet.append(run_round(pool, port, args.seconds, None, 0, workers, redis_pid))
                    rows[name] = (attacked, quiet[-2], quiet[-1], dict(attacks.answers))
                    print(
                        f"  {name}: attackers' answers {sorted(attacks.answers.items())}",
                        flush=True,
                    )
                grown = max(rss_mb(pid) - start_rss[pid] for pid in workers)
            report(rows, quiet)
            print(f"a worker's RSS over the whole run: +{grown:.1f} MB")
        finally:
            server.terminate()
            server.wait()
            redis_server.stop()
    return 0


def report(rows: dict, quiet: list[dict]) -> None:
    print()
    print(
        f"{'attack':15} {'median x':>9} {'p99 x':>7} {'honest non-2xx':>15} "
        f"{'worker RSS +MB':>15} {'Redis busy':>11}"
    )
    for name, (attacked, before, after, _) in rows.items():
        p50 = statistics.mean([before["p50_ms"], after["p50_ms"]])
        p99 = statistics.mean([before["p99_ms"], after["p99_ms"]])
        print(
            f"{name:15} {attacked['p50_ms'] / p50:9.2f} {attacked['p99_ms'] / p99:7.2f} "
            f"{attacked['non_2xx']:15d} {attacked['rss_growth_mb']:15.1f} "
            f"{100 * attacked['redis_busy']:10.0f}%"
        )
    print(
        f"{'(quiet)':15} p50 {statistics.median(q['p50_ms'] for q in quiet):.2f} ms, "
        f"p99 {statistics.median(q['p99_ms'] for q in quiet):.2f} ms, "
        f"non-2xx {sum(q['non_2xx'] for q in quiet)}, "
        f"Redis busy {100 * statistics.median(q['redis_busy'] for q in quiet):.0f}%"
    )


if __name__ == "__main__":
    sys.exit(main())
