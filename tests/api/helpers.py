"""Small steps every API test repeats, through the Flask test client."""

from typing import Any

from flask.testing import FlaskClient


def create_game(client: FlaskClient, **options: Any) -> dict[str, Any]:
    response = client.post("/v1/games", json=options)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def join(client: FlaskClient, game_id: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/v1/games/{game_id}/players", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def started_game(client: FlaskClient, **options: Any) -> tuple[dict[str, Any], dict[str, str]]:
    """A game with both seats taken: (game, {colour: token})."""
    game = create_game(client, **options)
    red = join(client, game["id"], color="red", name="Ana")
    black = join(client, game["id"], color="black", name="Bo")
    return black["game"], {"red": red["token"], "black": black["token"]}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play(
    client: FlaskClient, game: dict[str, Any], tokens: dict[str, str], position: int, **headers: str
):
    return client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": position},
        headers={**auth(tokens[game["round"]["to_move"]]), **headers},
    )


def open_rated(client: FlaskClient, game: dict[str, Any], keys: dict[str, str]) -> dict[str, Any]:
    """A rated game in play, after moves until each player has moved (a
    rated game one player never moved in rates nobody): the game then."""
    moved: set[str] = set()
    while moved != {"red", "black"}:
        mover = game["round"]["to_move"]
        answer = play(client, game, keys, game["round"]["legal_moves"][0])
        assert answer.status_code == 201, answer.get_json()
        game = answer.get_json()["game"]
        moved.add(mover)
    return game


def new_player(client: FlaskClient, name: str | None = "Ana", **headers: str) -> dict[str, Any]:
    """A new player (with its key), named unless `name` is None."""
    response = client.post("/v1/players", json={"name": name} if name else {}, headers=headers)
    assert response.status_code == 201, response.get_json()
    return response.get_json()
