"""Every operation of the published spec that can reveal perfect play (a
value, a margin, a best move, a review) or take a position or a record to
play from asks the fair-play gate: it is listed in the gate's table
(games.fair_play.SURFACES) or, a wing's, in its manifest's `surfaces`, and
every surface of the table is driven through HTTP with a protected position
in all 18 forms (tests/e2e/test_fair_play_gate.py; a wing's, in its own
tests: tests/e2e/test_challenges.py)."""

import json
from pathlib import Path
from typing import Any

import pytest

from buttonup.app import WINGS
from buttonup.engine.notation import POSITION_PATTERN
from buttonup.games.fair_play import SURFACES
from tests.e2e.test_fair_play_gate import SURFACE_DRIVERS

pytestmark = pytest.mark.contract

SPEC = json.loads((Path(__file__).parents[2] / "openapi" / "openapi.json").read_text())
# Names a response carries only when it tells perfect play about a position.
# A Game's `review` tells a finished game's totals, not a position's play: the
# gate is asked for it once, as the game ends (SURFACES' game_review).
PERFECT_PLAY_WORDS = frozenset(
    {
        "value",
        "margins",
        "best",
        "best_margin",
        "opening_value",
        "loss",
        "solution",
        "moves_to_find",
    }
)


def properties(schema: Any, seen: set[str]) -> dict[str, Any]:
    """Every property named anywhere in `schema` (references followed once)."""
    found: dict[str, Any] = {}
    if isinstance(schema, dict):
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            if name not in seen:
                seen.add(name)
                found |= properties(SPEC["components"]["schemas"][name], seen)
            return found
        for key, value in schema.items():
            if key == "properties":
                found |= value
            found |= properties(value, seen)
    elif isinstance(schema, list):
        for value in schema:
            found |= properties(value, seen)
    return found


def can_reveal(operation: dict[str, Any]) -> bool:
    told = properties(operation.get("responses", {}), set())
    if PERFECT_PLAY_WORDS & set(told):
        return True
    body = operation.get("requestBody", {})
    if "text/plain" in body.get("content", {}):  # a record
        return True
    taken = properties(body, set())
    return taken.get("position", {}).get("pattern") == POSITION_PATTERN


def operations() -> dict[str, dict[str, Any]]:
    return {
        operation["operationId"]: operation
        for item in SPEC["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    }


def test_every_operation_that_can_reveal_perfect_play_is_a_surface_of_the_gate():
    listed = {operation for entry in SURFACES.values() for operation in entry.operations}
    listed |= {operation for wing in WINGS for _, operation in wing.MANIFEST.surfaces}
    revealing = {name for name, operation in operations().items() if can_reveal(operation)}
    assert revealing, "the walk finds the analysis at least"
    assert revealing <= listed, f"not asking the gate: {sorted(revealing - listed)}"
    assert listed <= set(operations()), "every surface's operation is in the spec"


def test_every_surface_is_driven_with_a_protected_position_in_all_its_forms():
    assert set(SURFACE_DRIVERS) == set(SURFACES)


def test_every_surface_answers_403_position_in_play():
    for entry in SURFACES.values():
        for name in entry.operations:
            forbidden = operations()[name]["responses"]["403"]
            codes = json.dumps(forbidden)
            assert "position_in_play" in codes, name
