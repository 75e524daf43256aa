"""Games played over real HTTP, for the tests that run `buttonup serve`."""

import time

import httpx


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def take_seats(http: httpx.Client, game_id: str) -> tuple[dict, dict[str, str]]:
    """Red, then black: the game once both are seated, and their tokens."""
    red = http.post(f"/v1/games/{game_id}/players", json={"color": "red"}).json()
    black = http.post(f"/v1/games/{game_id}/players", json={"color": "black"}).json()
    return black["game"], {"red": red["token"], "black": black["token"]}


def start_game(http: httpx.Client, **options) -> tuple[dict, dict[str, str]]:
    game = http.post("/v1/games", json=options).json()
    return take_seats(http, game["id"])


def play_out(
    http: httpx.Client,
    game: dict,
    tokens: dict,
    moves: int | None = None,
    pause: float = 0.0,
) -> dict:
    """The first legal move, by whoever is to move, until the game is over
    (or `moves` were played), `pause` seconds before each."""
    played = 0
    while game["status"] == "playing" and (moves is None or played < moves):
        time.sleep(pause)
        response = http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers=bearer(tokens[game["round"]["to_move"]]),
        )
        assert response.status_code == 201
        game = response.json()["game"]
        played += 1
    return game


def open_rated(http: httpx.Client, game_id: str, keys: dict[str, str], send=None) -> None:
    """Moves, by the players' keys (by colour), until each player of a rated
    game has moved (one a player never moved in rates nobody). `send` makes
    each call (retried through a restart, say); a move another call made
    already is seen on the next read."""
    send = send or (lambda call: call())
    while True:
        moves = send(lambda: http.get(f"/v1/games/{game_id}/moves")).json()
        if {move["player"] for move in moves} >= {"red", "black"}:
            return
        game = send(lambda: http.get(f"/v1/games/{game_id}")).json()
        mover, legal = game["round"]["to_move"], game["round"]["legal_moves"]
        send(
            lambda mover=mover, legal=legal: http.post(
                f"/v1/games/{game_id}/moves",
                json={"position": legal[0]},
                headers=bearer(keys[mover]),
            )
        )


def new_player(http: httpx.Client, name: str) -> dict:
    """A new player (with its key), named."""
    made = http.post("/v1/players", json={"name": name})
    assert made.status_code == 201, made.text
    return made.json()
