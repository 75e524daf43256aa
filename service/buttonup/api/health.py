"""Probes: /healthz (the process answers) and /readyz (the store answers).

Tested in tests/api/test_storage_faults.py, tests/test_cli.py.
"""

from flask import Response, current_app
from flask_smorest import Blueprint

from buttonup.api import schemas
from buttonup.api.codec import to_json
from buttonup.api.docs import ALWAYS, READ_503, operation
from buttonup.api.http import ApiView, json_response

blp = Blueprint("health", __name__, description="Liveness and readiness probes")


@blp.route("/healthz")
class Health(ApiView):
    @blp.response(200, schemas.HealthSchema)
    @operation(
        blp,
        "healthz",
        "Liveness",
        "200 whenever the process answers, whatever the state of the store.",
        errors=ALWAYS,
    )
    def get(self) -> Response:
        return json_response('{"status":"ok"}')


@blp.route("/readyz")
class Ready(ApiView):
    @blp.response(200, schemas.HealthSchema)
    @operation(
        blp,
        "readyz",
        "Readiness",
        "200 when the game store answers, else 503 `storage_unavailable`. While the "
        "store is full (Redis at its `maxmemory`), still 200, since reads go on, with "
        '`"status": "storage_full"` and a `detail` that says why; writes then answer 503 '
        "`storage_full`.",
        errors=(*ALWAYS, 503),
        codes={503: READ_503},
    )
    def get(self) -> Response:
        full = current_app.extensions["buttonup.games"].ping()
        if full is None:
            return json_response('{"status":"ok"}')
        return json_response(to_json({"status": "storage_full", "detail": full}))
