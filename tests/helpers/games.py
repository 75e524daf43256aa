"""Games and players over HTTP, through the Flask test client (the API's
tests) or an httpx client (the tests that run `buttonup serve`) alike: each
helper takes either, and `body` reads an answer of either."""

import time
from typing import Any

Client = Any  # flask.testing.FlaskClient or httpx.Client: the same calls


def body(response: Any) -> Any:
    """An answer's JSON, from Flask's test client or from httpx."""
    return response.get_json() if hasattr(response, "get_json") else response.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create_game(client: Client, **options: Any) -> dict[str, Any]:
    response = client.post("/v1/games", json=options)
    assert response.status_code == 201, body(response)
    return body(response)


def join(client: Client, game_id: str, **request: Any) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game_id}/players", json=request)
    assert response.status_code == 201, body(response)
    return body(response)


def take_seats(client: Client, game_id: str, **names: str) -> tuple[dict, dict[str, str]]:
    """Red, then black (named by `names`, by colour, if given): the game once
    both are seated, and their tokens."""
    tokens = {}
    for color in ("red", "black"):
        named = {"name": names[color]} if color in names else {}
        seated = join(client, game_id, color=color, **named)
        tokens[color] = seated["token"]
    return seated["game"], tokens


def start_game(client: Client, **options: Any) -> tuple[dict, dict[str, str]]:
    """A new game with both seats taken, anonymously: (game, {colour: token})."""
    return take_seats(client, create_game(client, **options)["id"])


def started_game(client: Client, **options: Any) -> tuple[dict, dict[str, str]]:
    """A new game with both seats taken by Ana (red) and Bo (black)."""
    return take_seats(client, create_game(client, **options)["id"], red="Ana", black="Bo")


def play(client: Client, game: dict, tokens: dict[str, str], position: int, **headers: str):
    """`position` played by whoever is to move in `game`: the answer."""
    return client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": position},
        headers={**bearer(tokens[game["round"]["to_move"]]), **headers},
    )


def play_out(
    client: Client, game: dict, tokens: dict, moves: int | None = None, pause: float = 0.0
) -> dict:
    """The first legal move, by whoever is to move, until the game is over
    (or `moves` were played), `pause` seconds before each."""
    played = 0
    while game["status"] == "playing" and (moves is None or played < moves):
        time.sleep(pause)
        response = play(client, game, tokens, game["round"]["legal_moves"][0])
        assert response.status_code == 201, body(response)
        game = body(response)["game"]
        played += 1
    return game


def rounds_played(client: Client, rounds: int, **options: Any) -> tuple[dict, list[str]]:
    """A game with hints, its first `rounds` rounds played out (each first
    legal move) and then resigned: the finished game, and the position text
    each move was played from, in order."""
    game, tokens = start_game(client, target_score=100, **options)
    played_from = []
    while len(game["rounds"]) < rounds:
        played_from.append(game["round"]["position"])
        response = play(client, game, tokens, game["round"]["legal_moves"][0])
        assert response.status_code == 201, body(response)
        game = body(response)["game"]
    resigned = client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["red"]))
    assert resigned.status_code == 200, body(resigned)
    return body(resigned), played_from


def open_rated(client: Client, game_id: str, keys: dict[str, str], send=None) -> dict:
    """Moves, by the players' keys (by colour), until each player of a rated
    game has moved (one a player never moved in rates nobody): the game
    then. `send` makes each call (retried through a restart, say); a move
    another call made already is seen on the next read."""
    send = send or (lambda call: call())
    while True:
        game = body(send(lambda: client.get(f"/v1/games/{game_id}")))
        moves = body(send(lambda: client.get(f"/v1/games/{game_id}/moves")))
        if {move["player"] for move in moves} >= {"red", "black"}:
            return game
        mover, legal = game["round"]["to_move"], game["round"]["legal_moves"]
        send(
            lambda mover=mover, legal=legal: client.post(
                f"/v1/games/{game_id}/moves",
                json={"position": legal[0]},
                headers=bearer(keys[mover]),
            )
        )


def new_player(client: Client, name: str | None = "Ana", **headers: str) -> dict[str, Any]:
    """A new player (with its key), named unless `name` is None."""
    response = client.post("/v1/players", json={"name": name} if name else {}, headers=headers)
    assert response.status_code == 201, body(response)
    return body(response)


def a_move_each(http: Client, game_id: str, keys: dict[str, str]) -> dict:
    """A move by each player (by their keys, by id): a tournament game counts
    once played. The game after them."""
    game = body(http.get(f"/v1/games/{game_id}"))
    moved: set[str] = set()
    while game["status"] == "playing" and moved != {"red", "black"}:
        mover = game["round"]["to_move"]
        moved.add(mover)
        key = keys[game["players"][mover]["player_id"]]
        move = {"position": game["round"]["legal_moves"][0]}
        answer = http.post(f"/v1/games/{game_id}/moves", json=move, headers=bearer(key))
        assert answer.status_code == 201, answer
        game = body(answer)["game"]
    return game
