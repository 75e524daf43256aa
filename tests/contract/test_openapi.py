"""The published spec: current, valid, and complete."""

import json
from pathlib import Path

import pytest
from openapi_spec_validator import validate

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
    assert secured == {"play_move", "resign_game"}


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
