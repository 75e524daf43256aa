"""Tokens and keys appear only in their holder's answer: a whole game played
through `buttonup serve` with players and anonymous seats, and its rematch,
every answer, stream (the game's and the player's) and log line kept, and
Redis searched key by key for each secret."""

import httpx
import pytest
import redis

from tests.e2e.test_player_streams import PlayerStream
from tests.e2e.test_time import Stream, wait_for
from tests.helpers.games import bearer

pytestmark = pytest.mark.e2e


def everything_in(client: redis.Redis) -> bytes:
    """Every key and value Redis holds, whatever its type, as one text."""
    parts = []
    for key in client.scan_iter(count=1000):
        parts.append(key)
        kind = client.type(key)
        if kind == b"string":
            parts.append(client.get(key) or b"")
        elif kind == b"hash":
            for field, value in client.hgetall(key).items():
                parts += [field, value]
        elif kind == b"zset":
            parts += [member for member, _ in client.zrange(key, 0, -1, withscores=True)]
        elif kind == b"set":
            parts += list(client.smembers(key))
        elif kind == b"list":
            parts += client.lrange(key, 0, -1)
        elif kind == b"stream":
            for _, fields in client.xrange(key):
                for field, value in fields.items():
                    parts += [field, value]
    return b"\n".join(parts)


def test_no_token_or_key_shows_anywhere_but_in_its_holders_answer(live_server, redis_server):
    answers: list[tuple[str, str]] = []  # (whose, text)

    def keep(whose: str, response: httpx.Response) -> dict:
        answers.append((whose, response.text))
        return response.json()

    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        made = http.post(
            "/v1/players", json={"name": "Ana"}, headers={"Idempotency-Key": "ana-0123456789abcdef"}
        )
        ana = keep("ana", made)
        game = keep("public", http.post("/v1/games", json={"first_player": "red"}))
        game_id = game["id"]
        red = keep(
            "ana",
            http.post(
                f"/v1/games/{game_id}/players", json={"color": "red"}, headers=bearer(ana["key"])
            ),
        )
        black = keep(
            "bo",
            http.post(
                f"/v1/games/{game_id}/players",
                json={"color": "black", "name": "Bo"},
                headers={"Idempotency-Key": "bo-joins-0123456789"},
            ),
        )
        watcher = Stream(live_server.base_url, game_id, black["token"])
        watcher.start()
        heard = PlayerStream(live_server.base_url, ana["key"])
        heard.start()
        wait_for(lambda: "presence" in watcher.names(), 5)
        credentials = {"ana": ana["key"], "bo": black["token"]}
        state = black["game"]
        for _ in range(6):
            if state["status"] != "playing":
                break
            mover = "ana" if state["round"]["to_move"] == "red" else "bo"
            moved = http.post(
                f"/v1/games/{game_id}/moves",
                json={"position": state["round"]["legal_moves"][0]},
                headers={**bearer(credentials[mover]), "Idempotency-Key": f"m{state['version']}"},
            )
            state = keep(mover, moved)["game"]
        keep("ana", http.get("/v1/players/me/games", headers=bearer(ana["key"])))
        keep("ana", http.get("/v1/players/me", headers=bearer(ana["key"])))
        keep("public", http.get(f"/v1/games/{game_id}"))
        keep("public", http.get(f"/v1/games/{game_id}/moves"))
        keep("public", http.get(f"/v1/games/{game_id}/presence"))
        keep("bo", http.post(f"/v1/games/{game_id}/resign", headers=bearer(black["token"])))
        assert watcher.ended.wait(10)
        # The rematch: each seat's token in the new game only in its own answer.
        rematch = f"/v1/games/{game_id}/rematch"
        after_end = Stream(live_server.base_url, game_id, until="rematch")  # open after the end
        after_end.start()
        wait_for(lambda: "presence" in after_end.names(), 5)
        keep("bo", http.post(rematch, headers=bearer(black["token"])))
        ana_again = keep("ana", http.post(rematch, headers=bearer(ana["key"])))
        bo_again = keep("bo", http.post(rematch, headers=bearer(black["token"])))
        wait_for(lambda: "rematch" in after_end.names(), 5)
        wait_for(lambda: "rematch" in heard.names(), 5)
        heard.stop()
        streamed = "\n".join(
            str(data) for stream in (watcher, after_end) for _, _, _, data in stream.events
        )
        streamed += "\n".join(str(data) for _, _, data in heard.events)
    secrets = {
        "ana": [ana["key"], red["token"], ana_again["token"]],
        "bo": [black["token"], bo_again["token"]],
    }
    assert all(len(secret) >= 40 for held in secrets.values() for secret in held)
    # The search reaches what is stored: the game's own id, the seat's name.
    stored = everything_in(redis.Redis(port=redis_server.port))
    assert game_id.encode() in stored and b"Bo" in stored and ana["id"].encode() in stored
    for holder, held in secrets.items():
        for secret in held:
            # Only the answer that made it shows it: the create, or the join.
            showing = [whose for whose, text in answers if secret in text]
            assert showing == [holder], (holder, showing)
            assert secret not in streamed
            assert secret not in live_server.log_text()
            assert secret.encode() not in stored


def test_paired_seats_tokens_reach_only_their_players_stream(live_server, redis_server):
    """Seeks, a rated game they pair into, and what ratings show: each
    game_start token only in its own player's stream, each key only in the
    answer that made it; none in another answer, a log line or Redis."""
    answers: list[tuple[str, str]] = []

    def keep(whose: str, response: httpx.Response) -> dict:
        answers.append((whose, response.text))
        return response.json()

    blitz = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
    with httpx.Client(base_url=live_server.base_url, timeout=10) as http:
        players = {
            name: keep(name, http.post("/v1/players", json={"name": name.title()}))
            for name in ("ana", "bo", "cy")
        }
        streams = {
            name: PlayerStream(live_server.base_url, p["key"]) for name, p in players.items()
        }
        for stream in streams.values():
            stream.start()
        for stream in streams.values():
            wait_for(lambda stream=stream: "games" in stream.names(), 5)
        body = {"clock": blitz, "rated": True}
        keep("ana", http.post("/v1/seeks", json=body, headers=bearer(players["ana"]["key"])))
        keep("public", http.get("/v1/seeks"))
        paired = keep("bo", http.post("/v1/seeks", json=body, headers=bearer(players["bo"]["key"])))
        for name in ("ana", "bo"):
            wait_for(lambda name=name: "game_start" in streams[name].names(), 5)
        tokens = {
            name: next(d for _, event, d in streams[name].events if event == "game_start")["token"]
            for name in ("ana", "bo")
        }
        game_id = paired["game_id"]
        keep("ana", http.post(f"/v1/games/{game_id}/resign", headers=bearer(tokens["ana"])))
        keep("public", http.get(f"/v1/games/{game_id}"))
        for name, player in players.items():
            keep("public", http.get(f"/v1/players/{player['id']}"))
            keep("public", http.get(f"/v1/players/{player['id']}/ratings"))
            keep(name, http.get("/v1/players/me", headers=bearer(player["key"])))
        keep("public", http.get("/v1/leaderboards/blitz"))
        wait_for(lambda: "game_over" in streams["bo"].names(), 5)
        for stream in streams.values():
            stream.stop()
    heard = {name: str(stream.events) for name, stream in streams.items()}
    stored = everything_in(redis.Redis(port=redis_server.port))
    assert game_id.encode() in stored and players["ana"]["id"].encode() in stored
    for name, token in tokens.items():
        assert len(token) >= 40
        assert token in heard[name], "the player's own stream tells it"
        assert [whose for whose, seen in heard.items() if token in seen] == [name]
        assert not [whose for whose, text in answers if token in text]
        assert token not in live_server.log_text()
        assert token.encode() not in stored
    for name, player in players.items():
        key = player["key"]
        assert [whose for whose, text in answers if key in text] == [name]
        assert not any(key in seen for seen in heard.values())
        assert key not in live_server.log_text()
        assert key.encode() not in stored
