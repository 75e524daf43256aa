"""Cache misses per move of the service, and per request of the two ceilings,
in process under valgrind's cachegrind: why a busy host slows the service more
than the ceiling (docs/performance.md, "Benchmark").

    bench/cache_misses.py [--last-level-kib 512]

Each is run twice, with none and with MOVES requests after the same warm-up,
and the difference is divided by MOVES, as in bench/move_instructions.py. The
apps are called as WSGI apps straight, with no server and no test client
(whose own work would be counted with theirs), on a private Redis. The
service's requests are the HTTP benchmark's: games played whole, each
created and joined twice, so that a move carries its share of those; the
ceilings are bench/ceiling_app.py's apps. The simulated last cache level defaults to
one core's L2 here (512 KiB): a miss there is served by the L3 the host's
tenants share, or by memory when they crowd it.
"""

import argparse
import io
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import orjson

from buttonup.config import UNMETERED

BENCH_DIR = Path(__file__).resolve().parent
MOVES = 300
WARM_UP = 60
# cachegrind's summary lines, and the names they are printed under.
COUNTS = {
    "instructions": r"I\s+refs",
    "code misses": r"LLi\s+misses",
    "data misses": r"LLd\s+misses",
}


def call(app, path: str, body: dict, token: str | None = None) -> tuple[int, dict]:
    """One POST with a JSON body, straight to the WSGI app."""
    data = orjson.dumps(body)
    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "127.0.0.1",
        "REMOTE_ADDR": "127.0.0.1", "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(data)), "wsgi.input": io.BytesIO(data),
        "wsgi.errors": sys.stderr, "wsgi.url_scheme": "http", "wsgi.version": (1, 0),
        "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }  # fmt: skip
    if token is not None:
        environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    answered = []
    answer = b"".join(app(environ, lambda status, headers, exc_info=None: answered.append(status)))
    return int(answered[0][:3]), orjson.loads(answer)


def play_service(app, moves: int) -> None:
    """As bench/http_bench.py's clients do: games played whole, first legal move each time."""
    played = 0
    while played < moves:
        _, game = call(app, "/v1/games", {})
        url = f"/v1/games/{game['id']}"
        _, red = call(app, f"{url}/players", {})
        _, black = call(app, f"{url}/players", {})
        tokens = {"red": red["token"], "black": black["token"]}
        state = black["game"]
        while state["status"] == "playing" and played < moves:
            status, answer = call(
                app,
                f"{url}/moves",
                {"position": state["round"]["legal_moves"][0]},
                tokens[state["round"]["to_move"]],
            )
            assert status == 201, answer
            state = answer["game"]
            played += 1


def serve_ceiling(app, requests: int) -> None:
    for index in range(requests):
        status, _ = call(app, f"/ceiling/{index}", {"position": index % 9})
        assert status == 201


def run(kind: str, requests: int) -> None:
    from buttonup.redis_server import RedisServer

    server = RedisServer(tempfile.mkdtemp(), persistent=False)
    server.start()
    try:
        if kind == "service":
            from buttonup.app import create_app
            from buttonup.config import Settings

            app = create_app(Settings(redis_url=server.url, **UNMETERED))
            logging.getLogger("buttonup").handlers[0].stream = io.StringIO()
            drive = play_service
        else:
            os.environ["REDIS_URL"] = server.url
            sys.path.insert(0, str(BENCH_DIR))
            import ceiling_app

            app = (
                ceiling_app.create_app()
                if kind == "ceiling"
                else ceiling_app.create_framework_app()
            )
            drive = serve_ceiling
        drive(app, WARM_UP)
        drive(app, requests)
    finally:
        server.stop()


def counts(kind: str, requests: int, last_level: int) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as out:
        result = subprocess.run(
            [
                "valgrind", "--tool=cachegrind", "--cache-sim=yes",
                f"--LL={last_level},16,64", f"--cachegrind-out-file={out}/cachegrind.out",
                sys.executable, __file__, "--run", kind, str(requests),
            ],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
    return parse_counts(result.stderr)


def parse_counts(summary: str) -> dict[str, int]:
    """The counts in cachegrind's summary (its standard error)."""
    return {
        name: int(re.search(pattern + r":\s+([\d,]+)", summary).group(1).replace(",", ""))
        for name, pattern in COUNTS.items()
    }


def main() -> int:
    if sys.argv[1:2] == ["--run"]:
        run(sys.argv[2], int(sys.argv[3]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--last-level-kib", type=int, default=512)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian package valgrind)")
        return 1
    last_level = args.last_level_kib * 1024
    print(f"per request, last cache level {args.last_level_kib} KiB ({MOVES} requests)")
    print(f"{'':10} {'instructions':>13} {'code misses':>12} {'data misses':>12}")
    for kind in ("service", "framework", "ceiling"):
        with ThreadPoolExecutor(2) as pool:
            empty, full = pool.map(counts, (kind, kind), (0, MOVES), (last_level,) * 2)
        per = {name: (full[name] - empty[name]) / MOVES for name in COUNTS}
        print(
            f"{kind:10} {per['instructions']:13,.0f} {per['code misses']:12,.0f} "
            f"{per['data misses']:12,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
