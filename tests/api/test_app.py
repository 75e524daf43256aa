"""The app's own assumptions about Flask."""

import inspect
import re
from dataclasses import replace

import pytest

from buttonup.app import WINGS, create_app
from buttonup.http_codes import PROBLEM_CODES
from tests.helpers.games import play, started_game


def test_every_view_hook_and_handler_is_a_plain_function(settings):
    """ServiceApp.ensure_sync hands functions to Flask unchecked: an async
    view would be returned as a coroutine, never run."""
    app = create_app(
        replace(settings, rate_limit="100/minute", seat_rate_limit="10/minute", trusted_proxies=1)
    )
    found = list(app.view_functions.values())
    for view in app.view_functions.values():
        view_class = getattr(view, "view_class", None)
        if view_class is not None:
            found += [getattr(view_class, method.lower()) for method in view_class.methods]
    for hooks in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs):
        found += [hook for functions in hooks.values() for hook in functions]
    for by_code in app.error_handler_spec.values():
        for handlers in by_code.values():
            found += list(handlers.values())
    assert len(found) > 20
    coroutines = [f for f in found if inspect.iscoroutinefunction(f)]
    assert coroutines == []


def routed(app, blueprint: str) -> set[str]:
    """The paths the blueprint's routes take in `app`, written as the spec writes them."""
    return {
        re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        for rule in app.url_map.iter_rules()
        if rule.endpoint.startswith(f"{blueprint}.")
    }


@pytest.mark.parametrize("left_out", WINGS, ids=lambda wing: wing.MANIFEST.name)
def test_the_service_without_a_wing_serves_its_core_and_publishes_no_trace_of_it(
    settings, left_out
):
    """Each wing left out in turn (its MANIFEST not installed): the app
    starts, its spec has none of the wing's paths nor the codes it alone
    declares, and the core plays a game."""
    blueprint = left_out.MANIFEST.routes().blueprint.name
    whole_app = create_app(settings)
    whole = whole_app.test_client().get("/openapi.json").get_json()
    without = create_app(settings, wings=[wing for wing in WINGS if wing is not left_out])
    spec = without.test_client().get("/openapi.json").get_json()
    theirs = routed(whole_app, blueprint)
    assert theirs and theirs <= set(whole["paths"]), "the wing adds paths"
    assert set(whole["paths"]) - set(spec["paths"]) == theirs
    assert not routed(without, blueprint)
    others = {
        kind.code for wing in WINGS if wing is not left_out for kind in wing.MANIFEST.problems
    }
    alone = {kind.code for kind in left_out.MANIFEST.problems} - others - set(PROBLEM_CODES)
    codes = set(spec["components"]["schemas"]["Problem"]["properties"]["code"]["enum"])
    assert not alone & codes and set(PROBLEM_CODES) <= codes
    assert left_out.MANIFEST.extension not in without.extensions
    # Its notices are among the player stream's events of the app that has it only.
    for notice in left_out.MANIFEST.inbox:
        assert notice.name in stream_events(whole) and notice.name not in stream_events(spec)
    client = without.test_client()
    game, tokens = started_game(client)
    moved = play(client, game, tokens, game["round"]["legal_moves"][0])
    assert moved.status_code == 201, moved.get_json()


def stream_events(spec: dict) -> set[str]:
    """The events the spec's player stream may send, by name."""
    return set(spec["components"]["schemas"]["PlayerEvent"]["discriminator"]["mapping"])
