"""A copy of Redis gives away no seat, through `buttonup serve` with the
operator's secret: after joins (one under a one-letter player-scoped
Idempotency-Key), a rematch and a paired game, a copy of everything Redis
holds contains no token or key, opens no seal with anything it holds (nor
derives a token as the old scheme did), and no token-shaped string in it
moves anyone's seat or passes for a player; and a server restarted with the
same secret hands each rematch seat its token again."""

import base64
import hashlib
import hmac
import re

import httpx
import pytest
import redis

from tests.conftest import LiveServer
from tests.e2e.test_player_streams import PlayerStream
from tests.e2e.test_secrets import everything_in
from tests.e2e.test_time import wait_for
from tests.helpers.games import bearer, new_player

pytestmark = pytest.mark.e2e

SECRET = "an-operators-secret-of-more-than-32-characters"
TOKEN_SHAPED = re.compile(rb"(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]{40,90}(?![A-Za-z0-9_.-])")


def serve(own_redis) -> LiveServer:
    return LiveServer(["--redis-url", own_redis.url], env={"BUTTONUP_SECRET_KEY": SECRET})


def finished_game(http: httpx.Client, ana: dict) -> tuple[str, dict[str, str]]:
    """Ana (by key, a one-letter Idempotency-Key) and an anonymous seat:
    a game Ana resigns. Its id and the seats' tokens."""
    game_id = http.post("/v1/games", json={"first_player": "red"}).json()["id"]
    red = http.post(
        f"/v1/games/{game_id}/players",
        json={"color": "red"},
        headers={**bearer(ana["key"]), "Idempotency-Key": "k"},
    ).json()
    black = http.post(
        f"/v1/games/{game_id}/players",
        json={"color": "black"},
        headers={"Idempotency-Key": "anonymous-join-0123456789"},
    ).json()
    http.post(f"/v1/games/{game_id}/resign", headers=bearer(ana["key"]))
    return game_id, {"red": red["token"], "black": black["token"]}


def rematch_tokens(http: httpx.Client, game_id: str, credentials: dict[str, str]) -> dict:
    """Both seats ask for a rematch (the first asks again once it is made):
    each one's seat in the new game, and its token."""
    asked = {}
    for _ in range(2):
        for color, credential in credentials.items():
            answer = http.post(f"/v1/games/{game_id}/rematch", headers=bearer(credential))
            if answer.status_code == 201:
                asked[color] = answer.json()
    return asked


def opens_with(secret: bytes, blob: bytes, contexts: list[bytes]) -> set[str]:
    """What a seal opens to with `secret` and each guessed context, the way
    the service seals (a pad from an HMAC of a salt and the context)."""
    opened = set()
    nonce, body = blob[:12], blob[12:44]
    for context in contexts:
        pad = hmac.new(secret, b"seal\n" + nonce + b"\n" + context, hashlib.sha256).digest()
        raw = bytes(a ^ b for a, b in zip(body, pad, strict=True))
        opened.add(base64.urlsafe_b64encode(raw).decode().rstrip("="))
    return opened


def decoded_blobs(copy: bytes) -> list[bytes]:
    found = []
    for text in TOKEN_SHAPED.findall(copy):
        try:
            found.append(base64.urlsafe_b64decode(text + b"=" * (-len(text) % 4)))
        except ValueError:
            continue
    return found


def test_a_copy_of_redis_gives_no_token_key_or_sealed_reply(own_redis):
    server = serve(own_redis)
    try:
        with httpx.Client(base_url=server.base_url, timeout=30) as http:
            ana, bo = new_player(http, "Ana"), new_player(http, "Bo")
            game_id, seat_tokens = finished_game(http, ana)
            rematch = rematch_tokens(
                http, game_id, {"red": ana["key"], "black": seat_tokens["black"]}
            )
            assert set(rematch) == {"red", "black"}
            streams = {
                name: PlayerStream(server.base_url, p["key"])
                for name, p in (("ana", ana), ("bo", bo))
            }
            for stream in streams.values():
                stream.start()
                wait_for(lambda stream=stream: "games" in stream.names(), 5)
            for player in (ana, bo):
                http.post("/v1/seeks", json={}, headers=bearer(player["key"]))
            for stream in streams.values():
                wait_for(lambda stream=stream: "game_start" in stream.names(), 5)
            paired = [
                next(d for _, event, d in stream.events if event == "game_start")
                for stream in streams.values()
            ]
            for stream in streams.values():
                stream.stop()
            tokens = [*seat_tokens.values(), *(seat["token"] for seat in rematch.values())]
            tokens += [start["token"] for start in paired]
            keys = [ana["key"], bo["key"]]
            assert all(tokens) and len(set(tokens)) == len(tokens) == 6

            copy = everything_in(redis.Redis(port=own_redis.port))
            for secret in [*tokens, *keys, SECRET]:
                assert secret.encode() not in copy
            assert b"buttonup:id-secret" not in copy

            # Whatever the copy holds, used as the secret, opens no seal and
            # derives no token the way rematch tokens once were.
            games = [game_id, rematch["red"]["game"]["id"], paired[0]["game_id"]]
            contexts = [
                f"{game}\n{scope}\nk".encode()
                for game in games
                for scope in ("join", f"join-{ana['id']}")
            ]
            contexts += [
                f"reserved-seat\n{g}\n{c}".encode() for g in games for c in ("red", "black")
            ]
            blobs = decoded_blobs(copy)
            seals = [blob for blob in blobs if len(blob) in (44, 56)]  # this release's, the last's
            candidates = [blob for blob in blobs if len(blob) >= 16]
            candidates += [value for value in copy.split(b"\n") if len(value) == 32]
            assert seals, "the join's and the reserved seats' seals are in the copy"
            for secret in candidates:
                for blob in seals:
                    assert not opens_with(secret, blob, contexts) & set(tokens)
                for game in games:
                    for color in ("red", "black"):
                        message = f"rematch-seat\n{game}\n{color}".encode()
                        digest = hmac.new(secret, message, hashlib.sha256).digest()
                        derived = base64.urlsafe_b64encode(digest).decode().rstrip("=")
                        assert derived not in tokens

            # No token-shaped string in the copy moves a seat or passes for a player.
            shaped = {text.decode() for text in TOKEN_SHAPED.findall(copy)}
            assert shaped, "the copy holds hashes, seals and ids"
            for text in shaped:
                assert http.get("/v1/players/me", headers=bearer(text)).status_code == 401
                for game in games:
                    moved = http.post(
                        f"/v1/games/{game}/moves", json={"position": 0}, headers=bearer(text)
                    )
                    assert moved.status_code == 401, (text, moved.text)
    finally:
        server.stop(quickly=True)

    # The same secret, a new server: each rematch seat's token is told again.
    again = serve(own_redis)
    try:
        with httpx.Client(base_url=again.base_url, timeout=30) as http:
            for color, credential in (("red", ana["key"]), ("black", seat_tokens["black"])):
                answer = http.post(f"/v1/games/{game_id}/rematch", headers=bearer(credential))
                assert answer.status_code == 201, answer.text
                assert answer.json()["token"] == rematch[color]["token"]
    finally:
        again.stop(quickly=True)
