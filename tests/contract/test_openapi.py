"""The published spec: current, valid, and complete."""

import json
import re
from pathlib import Path

import pytest
from openapi_spec_validator import validate

from tests.helpers.wings import every_problem_code

EVERY_CODE = every_problem_code()


ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "openapi" / "openapi.json"
OPERATION_IDS = {
    "create_game",
    "get_game",
    "join_game",
    "play_move",
    "list_moves",
    "resign_game",
    "healthz",
    "readyz",
}
METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def committed() -> dict:
    return json.loads(SPEC_PATH.read_text())


def operations(spec: dict):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def test_the_committed_spec_is_what_the_app_publishes(client, committed):
    served = client.get("/openapi.json").get_json()
    assert served == committed, "openapi/openapi.json is stale: run `make openapi`"


def test_the_spec_is_valid_openapi(committed):
    validate(committed)


def test_every_operation_is_named_tagged_and_described(committed):
    seen = set()
    for path, method, operation in operations(committed):
        where = f"{method.upper()} {path}"
        assert operation.get("operationId"), where
        assert operation.get("tags"), where
        assert operation.get("summary"), where
        assert operation.get("description"), where
        seen.add(operation["operationId"])
    assert seen >= OPERATION_IDS


def test_every_error_is_documented_as_problem_json(committed):
    for path, method, operation in operations(committed):
        responses = operation["responses"]
        assert "500" in responses, f"{method} {path}"
        for status, response in responses.items():
            if int(status) >= 400:
                content = response["content"]
                assert list(content) == ["application/problem+json"], f"{method} {path} {status}"
                assert content["application/problem+json"]["schema"] == {
                    "$ref": "#/components/schemas/Problem"
                }


def test_problem_code_is_an_enum_of_every_code(committed):
    code = committed["components"]["schemas"]["Problem"]["properties"]["code"]
    assert code["enum"] == list(EVERY_CODE)


def test_each_error_response_names_its_codes_and_shows_one_of_its_own(committed):
    for path, method, operation in operations(committed):
        for status, response in operation["responses"].items():
            if int(status) < 400:
                continue
            examples = response["content"]["application/problem+json"]["examples"]
            (example,) = examples.values()
            code = example["value"]["code"]
            where = f"{method} {path} {status}"
            assert EVERY_CODE[code][0] == int(status), where
            assert example["value"]["status"] == int(status), where
            named = re.findall(r"`([a-z_]+)`:", response["description"])
            assert named and code in named, where
            assert all(EVERY_CODE[name][0] == int(status) for name in named), where


def test_headers_are_documented(committed):
    paths = committed["paths"]
    create = paths["/v1/games"]["post"]
    assert "Location" in create["responses"]["201"]["headers"]
    read = paths["/v1/games/{game_id}"]["get"]
    assert "ETag" in read["responses"]["200"]["headers"]
    assert "ETag" in read["responses"]["304"]["headers"]
    assert "If-None-Match" in {p["name"] for p in read["parameters"]}
    play = paths["/v1/games/{game_id}/moves"]["post"]
    assert {"If-Match", "Idempotency-Key"} <= {p["name"] for p in play["parameters"]}
    assert "Idempotency-Key" in {p["name"] for p in create["parameters"]}
    assert "Retry-After" in play["responses"]["503"]["headers"]


def test_bearer_security_is_declared_and_applied(committed):
    scheme = committed["components"]["securitySchemes"]["bearerAuth"]
    assert scheme == {"type": "http", "scheme": "bearer", "description": "A seat token"}
    secured = {
        operation["operationId"]
        for _, _, operation in operations(committed)
        if operation.get("security") == [{"bearerAuth": []}]
    }
    assert secured == {
        "play_move",
        "resign_game",
        "abort_game",
        "berserk_game",
        "claim_victory",
        "request_rematch",
        "get_me",
        "become_bot",
        "list_my_games",
        "get_my_records",
        "stream_my_events",
        "create_seek",
        "cancel_seek",
        "create_tournament",
        "join_tournament",
        "withdraw_from_tournament",
        "start_tournament",
        "list_fair_play_flags",
        "clear_fair_play_flag",
        "confirm_fair_play_flag",
        "create_challenge",
        "list_my_challenges",
        "accept_challenge",
        "decline_challenge",
        "cancel_challenge",
        "list_my_blocks",
        "block_player",
        "unblock_player",
        "get_my_accepts",
        "set_my_accepts",
        "my_puzzles",
        "get_puzzle_streak",
        "start_puzzle_streak",
    }
    # A stream may be opened with a seat's token (it marks the seat connected);
    # perfect play is refused to a player seated in a protected game (fair play).
    optional = {
        operation["operationId"]
        for _, _, operation in operations(committed)
        if operation.get("security") == [{}, {"bearerAuth": []}]
    }
    assert optional == {
        "stream_events",
        "create_game",
        "join_game",
        "get_analysis",
        "analyse_position",
        "import_game",
        "get_challenge",
        "next_puzzle",
        "daily_puzzle",
        "get_puzzle",
        "attempt_puzzle",
    }


def test_every_schema_and_field_has_a_description_and_an_example(committed):
    for name, schema in committed["components"]["schemas"].items():
        assert schema.get("description"), name
        for field, prop in schema.get("properties", {}).items():
            assert prop.get("description"), f"{name}.{field}"
            assert "example" in prop, f"{name}.{field}"


def test_parameters_are_described(committed):
    for path, method, operation in operations(committed):
        item = committed["paths"][path]
        for parameter in [*item.get("parameters", []), *operation.get("parameters", [])]:
            assert parameter.get("description"), f"{method} {path} {parameter['name']}"


def resolve(expression: str, request_path: dict, body: dict) -> object:
    """The runtime expressions the spec's links use."""
    if expression.startswith("$request.path."):
        return request_path[expression.removeprefix("$request.path.")]
    value: object = body
    for step in expression.removeprefix("$response.body#/").split("/"):
        value = value[int(step)] if isinstance(value, list) else value[step]  # type: ignore[index]
    return value


def follow(client, spec: dict, link: dict, request_path: dict, body: dict, token=None):
    """Calls the operation a link names, with what the link passes on."""
    target = next(
        (path, method, operation)
        for path, method, operation in operations(spec)
        if operation["operationId"] == link["operationId"]
    )
    path_values, headers = {}, {}
    for name, expression in link["parameters"].items():
        where, _, key = name.partition(".")
        if where == "path":
            path_values[key] = resolve(expression, request_path, body)
        elif where == "header":
            inner = expression[expression.index("{") + 1 : expression.rindex("}")]
            headers[key] = expression.replace(
                "{" + inner + "}", str(resolve(inner, request_path, body))
            )
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    payload = {
        field: resolve(expression, request_path, body)
        for field, expression in link.get("requestBody", {}).items()
    }
    url = target[0].format(**path_values)
    response = client.open(url, method=target[1].upper(), json=payload, headers=headers)
    return response, path_values


def links_of(spec: dict, operation_id: str) -> dict:
    operation = next(op for _, _, op in operations(spec) if op["operationId"] == operation_id)
    success = next(r for code, r in operation["responses"].items() if code.startswith("2"))
    return success["links"]


def test_the_links_lead_from_a_new_game_to_an_applied_move(client, committed):
    created = client.post("/v1/games", json={})
    first, path = follow(
        client, committed, links_of(committed, "create_game")["JoinGame"], {}, created.get_json()
    )
    assert first.status_code == 201
    join_links = links_of(committed, "join_game")
    second, path = follow(client, committed, join_links["JoinOtherSeat"], path, first.get_json())
    assert second.status_code == 201
    seats = {seat["color"]: seat["token"] for seat in (first.get_json(), second.get_json())}
    joiner = second.get_json()
    moved, path = follow(client, committed, join_links["PlayMove"], path, joiner)
    to_move = joiner["game"]["round"]["to_move"]
    if joiner["color"] != to_move:  # the link passes on the joiner's token
        assert moved.status_code == 409
        assert moved.get_json()["code"] == "not_your_turn"
        moved, path = follow(
            client, committed, join_links["PlayMove"], path, joiner, token=seats[to_move]
        )
    assert moved.status_code == 201
    played = moved.get_json()
    again, _ = follow(
        client,
        committed,
        links_of(committed, "play_move")["PlayNext"],
        path,
        played,
        token=seats[played["game"]["round"]["to_move"]],
    )
    assert again.status_code == 201
    assert again.get_json()["move"]["number"] == 2
