"""The scripts that use the generated client, against a live `buttonup serve`."""

import ast
import io
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"


def run_selfplay(live_server, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, SCRIPTS / "selfplay.py", "--base-url", live_server.base_url, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


def test_selfplay_fills_an_arena_with_bots_that_play_every_game_they_are_paired_into(
    live_server,
):
    result = run_selfplay(
        live_server, "--arena", "10", "--players", "4", "--seconds", "5", "--seed", "3"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    header = re.fullmatch(r"tournament (\S+): 4 bots, (\d+) games", lines[0])
    assert header is not None, lines
    tournament_id, games = header.group(1), int(header.group(2))
    assert games >= 2, "each bot played a game at least, and the pool paired them again"
    ranks = [line for line in lines[1:] if re.match(r"^ +\d+\. bot \d+: \d+ points", line)]
    assert len(ranks) == 4
    # The time to the next pairing is printed once a bot finished a game and
    # was paired again (a loaded machine may not get there in 5 s).
    assert re.fullmatch(
        r"\d+ moves in [\d.]+ s = \d+ moves/s(; from a game's end to the next game_start: "
        r"median \d+ ms, p99 \d+ ms)?",
        lines[-1],
    ), lines[-1]
    standings = httpx.get(f"{live_server.base_url}/v1/tournaments/{tournament_id}/standings")
    assert sum(item["games"] for item in standings.json()["items"]) >= 2 * games - 4


def test_selfplay_plays_a_match_of_complete_games_through_rematch(live_server):
    result = run_selfplay(live_server, "--games", "3", "--target-score", "5")
    games = re.findall(
        r"^game \d+: (red|black) wins .* \((\S+); red (player \d), black (player \d)\)$",
        result.stdout,
        re.M,
    )
    assert len(games) == 3, result.stdout
    summary = result.stdout.strip().splitlines()[-1]
    assert summary.startswith("summary: 3 games; wins red ")
    assert "player 1 " in summary and "moves/s" in summary
    for (winner, game_id, red, _), following in zip(games, [*games[1:], None], strict=True):
        game = httpx.get(f"{live_server.base_url}/v1/games/{game_id}").json()
        assert game["status"] == "finished" and game["winner"] == winner
        moves = httpx.get(f"{live_server.base_url}/v1/games/{game_id}/moves").json()
        assert len(moves) == 8 * len(game["rounds"])
        if following is not None:  # the next game is this one's rematch, colours swapped
            assert game["rematch"]["game_id"] == following[1]
            assert following[3] == red


def wait_for_version(url: str, version: int) -> None:
    deadline = time.monotonic() + 10
    while httpx.get(url).json()["version"] < version:
        assert time.monotonic() < deadline, "the move typed was not played"
        time.sleep(0.05)


def decline_rematch(child: pexpect.spawn) -> None:
    child.expect(r"Play again\? \[y/N\]")
    child.sendline("n")


# Where play.py keeps its seats in these tests (not the user's own).
PLAY_STATE = tempfile.mkdtemp(prefix="buttonup-play-state-")


def spawn_play(live_server, *args: str) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        [str(SCRIPTS / "play.py"), "--base-url", live_server.base_url, "--no-color", *args],
        encoding="utf-8",
        timeout=20,
        env={**os.environ, "XDG_STATE_HOME": PLAY_STATE},
    )
    child.logfile_read = io.StringIO()  # the whole transcript, for checks after the end
    return child


def test_play_joins_a_tournament_and_plays_the_game_it_pairs(live_server):
    base = live_server.base_url
    bo = httpx.post(f"{base}/v1/players", json={"name": "Bo"}).json()
    bo_key = {"Authorization": f"Bearer {bo['key']}"}
    arena = {"name": "Terminal arena", "system": "arena", "minutes": 10}
    arena["clock"] = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
    tournament = httpx.post(f"{base}/v1/tournaments", json=arena, headers=bo_key).json()
    path = f"{base}/v1/tournaments/{tournament['id']}"
    child = spawn_play(live_server, "--tournament", tournament["id"], "--name", "Ana")
    child.expect("Joined Terminal arena")
    child.expect("Waiting to be paired")
    assert httpx.post(f"{path}/join", headers=bo_key).status_code == 200
    assert httpx.post(f"{path}/start", headers=bo_key).status_code == 200
    child.expect(r"Paired: game (\S+), you are (red|black)")
    game_id, color = child.match.group(1), child.match.group(2)

    def game() -> dict:
        return httpx.get(f"{base}/v1/games/{game_id}").json()

    # A move each (a tournament game counts once played): Ana's typed at her
    # prompt, Bo's sent with his key (it holds his seat).
    moved: set[str] = set()
    while moved != {"red", "black"}:
        now = game()
        mover = now["round"]["to_move"]
        moved.add(mover)
        if mover == color:
            child.expect(r"Your move \[(\d+)")
            child.sendline(child.match.group(1))
        else:
            move = {"position": now["round"]["legal_moves"][0]}
            sent = httpx.post(f"{base}/v1/games/{game_id}/moves", json=move, headers=bo_key)
            assert sent.status_code == 201, sent.text
        deadline = time.monotonic() + 10
        while game()["version"] == now["version"]:
            assert time.monotonic() < deadline
            time.sleep(0.02)
    prompted = game()["round"]["to_move"] == color
    if prompted:  # Ana's turn: her prompt waits for her
        child.expect(r"Your move \[(\d+)")
        move = child.match.group(1)
    # Bo resigns (his key holds his seat): Ana wins, and waits again.
    assert httpx.post(f"{base}/v1/games/{game_id}/resign", headers=bo_key).status_code == 200
    if prompted:  # her move, typed after it: the game is over, and she hears so
        child.sendline(move)
    child.expect("Game over: You win!")
    child.expect("Waiting to be paired")
    child.sendintr()  # leaves at once, wherever it waits
    child.expect("Left.")
    child.expect(pexpect.EOF)
    standings = httpx.get(f"{path}/standings").json()["items"]
    assert [(item["player"]["name"], item["score"]) for item in standings] == [
        ("Ana", 2),
        ("Bo", 0),
    ]


def test_a_player_who_leaves_takes_their_seat_back_with_the_command_printed(live_server):
    child = spawn_play(live_server, "--color", "red", "--name", "Ana")
    child.expect(r"Game id: (\S+)")
    game_id = child.match.group(1)
    command = f"make play JOIN={game_id} BASE_URL={live_server.base_url}"
    child.expect(re.escape(f"Your opponent joins with (in this project's folder): {command}"))
    child.expect("Waiting for an opponent")
    child.sendintr()
    child.expect(re.escape(f"Left. Back to your game with: {command}"))
    child.expect(pexpect.EOF)
    base = f"{live_server.base_url}/v1/games/{game_id}"
    bo = httpx.post(f"{base}/players", json={"name": "Bo"}).json()
    assert bo["color"] == "black"
    game = httpx.get(base).json()
    while game["round"]["to_move"] == "black":  # Bo starts (extra turns too), then Ana's turn
        move = {"position": game["round"]["legal_moves"][0]}
        auth = {"Authorization": f"Bearer {bo['token']}"}
        moved = httpx.post(f"{base}/moves", json=move, headers=auth)
        assert moved.status_code == 201
        game = moved.json()["game"]
    # The printed command runs play.py with --join: Ana's seat, not a 409 game_full.
    again = spawn_play(live_server, "--join", game_id)
    again.expect(re.escape("Back in your seat (red)."))
    again.expect(rf"Game id: {game_id}  \(you are red\)")
    again.expect(r"Your move \[([\d, ]+)\]")
    before = httpx.get(base).json()["version"]
    again.sendline(again.match.group(1).split(",")[0])
    wait_for_version(base, before + 1)
    moves = httpx.get(f"{base}/moves").json()
    assert "red" in [move["player"] for move in moves], "Ana moved from her seat taken back"
    again.sendintr()  # black to move: Ana leaves again
    again.expect(re.escape(f"Left. Back to your game with: {command}"))
    again.expect(pexpect.EOF)
    kept = json.loads((Path(PLAY_STATE) / "buttonup" / "seats.json").read_text())
    assert oct((Path(PLAY_STATE) / "buttonup" / "seats.json").stat().st_mode & 0o777) == "0o600"
    assert kept[f"{live_server.base_url} {game_id}"]["color"] == "red"


def test_a_person_plays_a_game_in_the_terminal(live_server):
    child = spawn_play(live_server, "--color", "red", "--name", "Ana", "--target-score", "1")
    child.expect(r"Game id: (\S+)")
    game_id = child.match.group(1)
    child.expect("Waiting for an opponent")
    base = f"{live_server.base_url}/v1/games/{game_id}"
    black = httpx.post(f"{base}/players", json={"name": "Bo"}).json()
    assert black["color"] == "black"
    auth = {"Authorization": f"Bearer {black['token']}"}
    moves_typed = 0
    for _ in range(200):
        game = httpx.get(base).json()
        if game["status"] == "finished":
            break
        if game["round"]["to_move"] == "black":
            position = game["round"]["legal_moves"][0]
            played = httpx.post(f"{base}/moves", json={"position": position}, headers=auth)
            assert played.status_code == 201
            continue
        child.expect(r"Your move \[([\d, ]+)\]")
        legal = [int(p) for p in child.match.group(1).split(",")]
        assert legal == game["round"]["legal_moves"]
        child.sendline(str(legal[-1]))
        moves_typed += 1
        wait_for_version(base, game["version"] + 1)
    child.expect("Game over: (You win!|black wins.)")
    decline_rematch(child)
    child.expect(pexpect.EOF)
    game = httpx.get(base).json()
    assert game["status"] == "finished"
    assert moves_typed > 0
    moves = httpx.get(f"{base}/moves").json()
    assert sum(1 for m in moves if m["player"] == "red") == moves_typed


def test_play_prints_the_boards_link_and_every_move_the_bots_included(live_server):
    child = spawn_play(live_server, "--color", "red", "--against", "random", "--target-score", "1")
    child.expect(r"Game id: (\S+)")
    game_id = child.match.group(1)
    child.expect(re.escape(f"{live_server.base_url}/?game={game_id}"))
    base = f"{live_server.base_url}/v1/games/{game_id}"
    for _ in range(100):
        index = child.expect([r"Your move \[([\d, ]+)\]", "Game over"])
        if index == 1:
            break
        child.sendline(child.match.group(1).split(",")[0])
    decline_rematch(child)
    child.expect(pexpect.EOF)
    moves = httpx.get(f"{base}/moves").json()
    transcript = child.logfile_read.getvalue()
    for move in moves:
        said = "you sow" if move["player"] == "red" else "black sows"
        assert f"{said} {move['position']}" in transcript, (move, transcript[-2000:])


def test_the_board_marks_legal_positions_and_resigning_ends_the_game(live_server):
    child = spawn_play(live_server, "--color", "black")
    child.expect(r"Game id: (\S+)")
    base = f"{live_server.base_url}/v1/games/{child.match.group(1)}"
    red = httpx.post(f"{base}/players", json={}).json()
    game = red["game"]
    if game["round"]["to_move"] == "red":
        position = game["round"]["legal_moves"][0]
        headers = {"Authorization": f"Bearer {red['token']}"}
        game = httpx.post(f"{base}/moves", json={"position": position}, headers=headers).json()[
            "game"
        ]
        while game["round"]["to_move"] == "red":
            position = game["round"]["legal_moves"][0]
            game = httpx.post(f"{base}/moves", json={"position": position}, headers=headers).json()[
                "game"
            ]
    child.expect(r"Your move \[([\d, ]+)\]")
    board = child.before
    for position in game["round"]["legal_moves"]:
        assert f"*{position}:" in board
    assert "Round 1" in board and "You: black" in board
    child.sendline("9")
    child.expect("Choose one of")
    child.sendline("r")
    child.expect(r"Resign this game\? \[y/N\]")
    child.sendline("n")  # not yet: the prompt comes back
    child.expect(r"Your move \[([\d, ]+)\]")
    child.sendline("r")
    child.expect(r"Resign this game\? \[y/N\]")
    child.sendline("y")
    child.expect(r"Game over: red wins. \(black resigned\)")
    decline_rematch(child)
    child.expect(pexpect.EOF)
    assert httpx.get(base).json()["winner"] == "red"


def test_the_client_installs_alone_and_plays_a_game(live_server, tmp_path):
    """`pip install ./client` in an empty virtual environment is all selfplay needs."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True, timeout=120)
    python = venv / "bin" / "python"
    # None of this process's packages: a PYTHONPATH naming the source tree
    # would lend the venv the service.
    alone = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    install = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", ROOT / "client"],
        capture_output=True,
        text=True,
        timeout=600,
        env=alone,
    )
    assert install.returncode == 0, install.stderr[-2000:]
    listed = subprocess.run(
        [python, "-m", "pip", "list", "--format=freeze"],
        capture_output=True,
        text=True,
        check=True,
        env=alone,
    ).stdout
    assert "buttonup-client==" in listed and "buttonup" not in listed.replace("buttonup-client", "")
    played = subprocess.run(
        [python, SCRIPTS / "selfplay.py", "--base-url", live_server.base_url, "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=alone,
    )
    assert played.returncode == 0, played.stderr[-2000:]
    assert re.search(r"^game 1: (red|black) wins", played.stdout, re.M)


def test_a_person_plays_the_perfect_bot_in_the_terminal_to_the_end(live_server):
    child = spawn_play(live_server, "--against", "perfect", "--target-score", "3")
    child.expect(r"Game id: (\S+)")
    base = f"{live_server.base_url}/v1/games/{child.match.group(1)}"
    for _ in range(300):
        index = child.expect([r"Your move \[([\d, ]+)\]", r"Game over: (black wins\.|You win!)"])
        if index == 1:
            break
        child.sendline(child.match.group(1).split(",")[0])
    else:
        raise AssertionError("the game did not end")
    # Play again: the bot agrees at once, and the colours swap.
    child.expect(r"Play again\? \[y/N\]")
    child.sendline("y")
    child.expect(r"Rematch: game (\S+), you are black\.")
    following = child.match.group(1)
    child.expect(r"Your move \[([\d, ]+)\]")
    child.sendline("q")
    child.expect(pexpect.EOF)
    game = httpx.get(base).json()
    assert game["status"] == "finished"
    assert game["players"]["black"]["type"] == "bot"
    assert game["rematch"]["game_id"] == following
    rematch = httpx.get(f"{live_server.base_url}/v1/games/{following}").json()
    assert rematch["players"]["red"]["type"] == "bot" and rematch["status"] == "playing"


def test_watch_prints_a_game_live_to_its_end(live_server):
    base = live_server.base_url
    game = httpx.post(f"{base}/v1/games", json={"seed": 2, "target_score": 3}).json()
    watcher = subprocess.Popen(
        [sys.executable, SCRIPTS / "watch.py", "--base-url", base, "--game", game["id"]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(1.0)  # let it connect before the first change
    red = httpx.post(f"{base}/v1/games/{game['id']}/players", json={"color": "red"}).json()
    black = httpx.post(f"{base}/v1/games/{game['id']}/players", json={"color": "black"}).json()
    tokens = {"red": red["token"], "black": black["token"]}
    state = black["game"]
    while state["status"] == "playing":
        state = httpx.post(
            f"{base}/v1/games/{game['id']}/moves",
            json={"position": state["round"]["legal_moves"][0]},
            headers={"Authorization": f"Bearer {tokens[state['round']['to_move']]}"},
        ).json()["game"]
    out, err = watcher.communicate(timeout=30)
    assert watcher.returncode == 0, err
    lines = out.strip().splitlines()
    assert lines[0].startswith("[0] game ")
    assert lines[1] == "[-] connected: nobody"  # presence: no id
    assert lines[2:4] == ["[1] red joined", "[2] black joined"]
    moves = [line for line in lines if "sows" in line]
    assert len(moves) == 8 * len(state["rounds"])
    assert lines[-1].startswith(f"[{state['version']}] game over: {state['winner']} wins")


def test_play_with_a_clock_creates_a_timed_game_and_shows_the_time(live_server):
    child = spawn_play(live_server, "--color", "red", "--against", "random", "--clock", "3+2")
    child.expect(r"Game id: (\S+)")
    game = httpx.get(f"{live_server.base_url}/v1/games/{child.match.group(1)}").json()
    clock = game["clock"]
    assert (clock["type"], clock["initial_seconds"], clock["increment_seconds"]) == (
        "fischer",
        180,
        2,
    )
    child.expect(r"Time: red (\d+:\d\d)( \(running\))?, black 3:00")
    child.expect(r"Your move \[([\d, ]+)\]")
    child.sendline("a")  # before the first move, a game can be called off
    moved = httpx.get(f"{live_server.base_url}/v1/games/{game['id']}/moves").json()
    if moved:  # the bot started: too late to abort, so resign
        child.expect("a game can be aborted only before its first move")
        child.sendline("r")
        child.expect(r"Resign this game\? \[y/N\]")
        child.sendline("y")
        child.expect(r"Game over: black wins. \(red resigned\)")
    else:
        child.expect("Aborted before the first move: nobody wins.")
    decline_rematch(child)
    child.expect(pexpect.EOF)


def test_selfplay_plays_timed_games_that_end_on_time(live_server):
    """Five seconds a move and players who think five and a half: the first
    move's time runs out before it is made, and the service aborts the game."""
    result = run_selfplay(live_server, "--games", "1", "--clock", "5s", "--think", "5.5")
    (game_id,) = re.findall(r"by aborted \((\S+);", result.stdout, re.M)
    game = httpx.get(f"{live_server.base_url}/v1/games/{game_id}").json()
    assert game["end_reason"] == "aborted" and game["clock"]["seconds"] == 5
    assert "ended by aborted 1" in result.stdout


# A move's line; piped, it may follow the prompt it answered ("Your move [...] (...): ").
MOVE_LINE = re.compile(r"(?:^|\): )(you sow|red sows|black sows) (\d)")


def test_play_piped_through_a_bot_game_prints_everything_in_the_order_it_happened(live_server):
    """Output to a pipe, input from one: plain text, the header first, each
    move once in the game's order, each note right after its own move and
    each round's end right after the move that ended it."""
    guesses = "".join(f"{position}\n" for position in range(9)) * 200  # the legal one takes
    played = subprocess.run(
        [sys.executable, SCRIPTS / "play.py", "--base-url", live_server.base_url]
        + ["--color", "black", "--against", "greedy", "--target-score", "3"],
        input=guesses,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr[-2000:]
    out = played.stdout
    assert "\033[" not in out, "no ANSI colours into a pipe"
    lines = out.splitlines()
    assert lines[0].startswith("Game id: "), lines[:3]
    game_id = lines[0].split()[2]
    assert "Your opponent joins with" not in out, "the opponent is a bot"
    base = f"{live_server.base_url}/v1/games/{game_id}"
    game = httpx.get(base).json()
    moves = httpx.get(f"{base}/moves").json()
    assert game["status"] == "finished" and game["players"]["red"]["type"] == "bot"
    printed = [(m.group(1), int(m.group(2))) for line in lines if (m := MOVE_LINE.search(line))]
    expected = [
        ("you sow" if move["player"] == "black" else "red sows", move["position"]) for move in moves
    ]
    assert printed == expected, out[-3000:]
    # What each move did comes before the next move's line.
    move_indexes = [index for index, line in enumerate(lines) if MOVE_LINE.search(line)]
    ends = [*move_indexes[1:], len(lines)]
    for move, index, following in zip(moves, move_indexes, ends, strict=True):
        between = lines[index + 1 : following]
        if move["player"] == "black" and move["overflow"]:
            assert any(line.startswith("Overflow:") for line in between), (move, between)
        if move["round_over"]:
            assert any(line.startswith(f"Round {move['round']} over:") for line in between), (
                move,
                between,
            )
    assert sum(line.startswith("Round ") and " over:" in line for line in lines) == len(
        game["rounds"]
    )


@pytest.mark.parametrize(
    "script", ["play.py", "selfplay.py", "watch.py", "clocks.py", "export_games.py"]
)
def test_every_scripts_help_says_what_it_does_whole(script):
    helped = subprocess.run(
        [sys.executable, SCRIPTS / script, "--help"], capture_output=True, text=True, timeout=30
    )
    assert helped.returncode == 0, helped.stderr
    docstring = ast.get_docstring(ast.parse((SCRIPTS / script).read_text()))
    last_sentence = docstring.strip().splitlines()[-1].strip()
    assert last_sentence in helped.stdout, helped.stdout


def test_clocks_tells_what_a_time_control_means():
    told = subprocess.run(
        [sys.executable, SCRIPTS / "clocks.py", "3+2"], capture_output=True, text=True, timeout=30
    )
    assert json.loads(told.stdout) == {
        "type": "fischer",
        "initial_seconds": 180,
        "increment_seconds": 2,
    }


def test_export_games_writes_every_game_of_a_player_as_its_records(live_server, tmp_path):
    base = live_server.base_url
    key = httpx.post(f"{base}/v1/players", json={"name": "Ana"}).json()["key"]
    ids = []
    for seed in (1, 2):
        game = httpx.post(f"{base}/v1/games", json={"seed": seed}).json()
        httpx.post(
            f"{base}/v1/games/{game['id']}/players",
            json={},
            headers={"Authorization": f"Bearer {key}"},
        )
        ids.append(game["id"])
    output = tmp_path / "games.txt"
    result = subprocess.run(
        [sys.executable, SCRIPTS / "export_games.py", "--base-url", base, "--output", output],
        env={"BUTTONUP_PLAYER_KEY": key, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    records = [httpx.get(f"{base}/v1/games/{game_id}/record").text for game_id in ids]
    assert output.read_text() == "".join(record + "\n" for record in records)
    assert "2 games written" in result.stderr and key not in output.read_text()


def test_two_terminals_playing_anyone_meet_in_one_rated_game(live_server):
    ana = spawn_play(live_server, "--anyone", "--clock", "3+2", "--rated", "--name", "Ana")
    ana.expect("Looking for an opponent")
    bo = spawn_play(live_server, "--anyone", "--clock", "3+2", "--rated", "--name", "Bo")
    ids = []
    for child in (ana, bo):
        child.expect(r"Game id: (\S+)  \(you are (red|black)\)")
        ids.append((child.match.group(1), child.match.group(2)))
    assert ids[0][0] == ids[1][0] and {ids[0][1], ids[1][1]} == {"red", "black"}
    game = httpx.get(f"{live_server.base_url}/v1/games/{ids[0][0]}").json()
    assert game["rated"] and game["status"] == "playing"
    assert {game["players"][color]["name"] for color in ("red", "black")} == {"Ana", "Bo"}
    # Whoever is to move resigns through the terminal: the game ends for both.
    mover = ana if ids[0][1] == game["round"]["to_move"] else bo
    mover.expect(r"Your move")
    mover.sendline("r")
    mover.expect(r"Resign this game\? \[y/N\]")
    mover.sendline("y")
    for child in (ana, bo):
        child.expect("Game over")
        decline_rematch(child)
        child.expect(pexpect.EOF)


def test_the_command_printed_for_the_opponent_works_from_a_fresh_clone(live_server, tmp_path):
    """What play.py prints for the other player, run in a fresh clone of the
    project: make knows the verb and passes the game and the service through
    (its install steps are tests/test_makefile.py's), and the script it ends
    with, run as the venv make makes would run it, takes the other seat."""
    child = spawn_play(live_server, "--color", "red", "--name", "Ana")
    child.expect(r"Game id: (\S+)")
    game_id = child.match.group(1)
    child.expect(r"Your opponent joins with \(in this project's folder\): (make play [^\r\n]+)")
    printed = shlex.split(child.match.group(1))
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=60)
    # Run as a person would, not as a sub-make of `make test` (whose
    # environment would have make print the directories it enters).
    alone = {k: v for k, v in os.environ.items() if k not in {"MAKELEVEL", "MAKEFLAGS", "MFLAGS"}}
    planned = subprocess.run(
        [*printed, "--dry-run", "--always-make"],
        cwd=clone,
        env=alone,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.splitlines()
    assert any("-m venv .venv" in line for line in planned), "a fresh clone makes its venv"
    script = shlex.split(planned[-1])
    assert script[:2] == [".venv/bin/python", "scripts/play.py"], planned[-1]
    opponent = pexpect.spawn(
        sys.executable,
        [*script[1:], "--no-color"],
        cwd=str(clone),
        encoding="utf-8",
        timeout=20,
        env={**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")},  # another person's
    )
    opponent.expect(rf"Game id: {game_id}  \(you are black\)")
    opponent.sendintr()
    opponent.expect(pexpect.EOF)
    child.sendintr()
    child.expect(pexpect.EOF)
