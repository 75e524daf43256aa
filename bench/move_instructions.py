"""Machine instructions per move, in process: a yardstick that does not move
with the load on the machine, for comparing two versions of the code.

    bench/move_instructions.py          # runs itself four times under callgrind

Plays MOVES moves through the Flask test client on a private Redis (60 games,
first legal move each time) and, run under valgrind's callgrind, the
difference between a run with MOVES moves and one with none is the cost of
the moves alone (the service's side and redis-py's, not redis-server's).
It does so twice: with anonymous seats, and with a player (a player key) in
red's seat of every game, so that each commit is also relayed to that
player's stream: what a player costs the service per move, without the
noise that moves/s carries (bench/player_streams_bench.py).
"""

import gc
import io
import logging
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from buttonup.config import UNMETERED

MOVES = 300
GAMES = 60


def play(moves: int, seat_player: bool) -> None:
    from buttonup.app import create_app
    from buttonup.config import Settings
    from buttonup.redis_server import RedisServer

    server = RedisServer(tempfile.mkdtemp(), persistent=False)
    server.start()
    try:
        # No sweeps: under callgrind a run lasts minutes, and work done every
        # quarter second would count as the moves' own.
        app = create_app(Settings(redis_url=server.url, **UNMETERED, sweep_interval_seconds=0))
        logging.getLogger("buttonup").handlers[0].stream = io.StringIO()
        client = app.test_client()
        red_seat = {}
        if seat_player:
            player = client.post("/v1/players", json={"name": "p"}).get_json()
            red_seat = {"Authorization": f"Bearer {player['key']}"}
        games = []
        for seed in range(GAMES):
            game = client.post("/v1/games", json={"seed": seed}).get_json()
            url = f"/v1/games/{game['id']}"
            red = client.post(f"{url}/players", json={"color": "red"}, headers=red_seat).get_json()
            black = client.post(f"{url}/players", json={"color": "black"}).get_json()
            games.append((black["game"], {"red": red["token"], "black": black["token"]}))
        # As a worker starts serving (gunicorn.conf.py's post_worker_init):
        # what set-up made is left out of every collection, so a move counts
        # what it leaves for the collector, not where a full collection fell.
        gc.collect()
        gc.freeze()
        played = 0
        while played < moves:
            for index, (game, tokens) in enumerate(games):
                if played == moves:
                    break
                response = client.post(
                    f"/v1/games/{game['id']}/moves",
                    json={"position": game["round"]["legal_moves"][0]},
                    headers={"Authorization": f"Bearer {tokens[game['round']['to_move']]}"},
                )
                assert response.status_code == 201, response.get_json()
                games[index] = (response.get_json()["game"], tokens)
                played += 1
    finally:
        server.stop()


def instructions(moves: int, seat_player: bool = False) -> int:
    with tempfile.TemporaryDirectory() as out:
        result = subprocess.run(
            [
                "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/callgrind.out",
                sys.executable, __file__, "--play", str(moves), *(["--player"] * seat_player),
            ],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dicts, run after run
        )  # fmt: skip
    return int(re.search(r"Collected : (\d+)", result.stderr).group(1))


def main() -> int:
    if sys.argv[1:2] == ["--play"]:
        play(int(sys.argv[2]), seat_player=sys.argv[3:4] == ["--player"])
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian package valgrind)")
        return 1
    per_move = {}
    for seat_player in (False, True):
        with ThreadPoolExecutor(2) as pool:
            empty, full = pool.map(instructions, (0, MOVES), (seat_player,) * 2)
        per_move[seat_player] = (full - empty) / MOVES
    print(f"{per_move[False] / 1e6:.3f} M instructions per move ({MOVES} moves, anonymous seats)")
    print(
        f"{per_move[True] / 1e6:.3f} M instructions per move with a player in red's seat "
        f"({per_move[True] / per_move[False] - 1:+.1%})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
