"""The app's own assumptions about Flask."""

import inspect
from dataclasses import replace

from buttonup.app import create_app


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
