"""What a process serves (BUTTONUP_ROLE): `all`, `api` (everything but the
event streams) or `streams` (the event streams, with the probes and the
metrics every process answers). A request for what the process does not
serve is answered 421 `served_elsewhere` before anything else is done: a
proxy in front routes by path (STREAM_SUFFIX), and one that routes wrong
is told so at once, never served by the wrong pool.

Tested in tests/api/test_roles.py, tests/e2e/test_roles.py.
"""

from flask import Flask, request

# Every event stream's path ends so, and nothing else's (a test holds the
# spec to it): what deploy/nginx.conf routes to the streams.
STREAM_SUFFIX = "/events"
# Answered by every role: an orchestrator probes, and Prometheus scrapes, each process.
EVERY_ROLE = frozenset({"/healthz", "/readyz", "/metrics"})


class ServedElsewhere(Exception):
    """A request for what this process's role does not serve (421 served_elsewhere)."""


def init_roles(app: Flask, role: str) -> None:
    if role == "all":
        return

    def served_here() -> None:
        rule = request.url_rule
        if rule is None or rule.rule in EVERY_ROLE:
            return  # an unknown path is a 404 whatever the role
        stream = rule.rule.endswith(STREAM_SUFFIX)
        if stream and role == "api":
            raise ServedElsewhere(
                "this process serves the API without its event streams (BUTTONUP_ROLE=api): "
                "ask the deployment's streams address"
            )
        if not stream and role == "streams":
            raise ServedElsewhere(
                "this process serves the event streams alone (BUTTONUP_ROLE=streams): "
                "ask the deployment's API address"
            )

    # Registered before any other hook (create_app): nothing is read, counted
    # or metered for a request sent astray.
    app.before_request(served_here)
