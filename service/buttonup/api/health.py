"""Probes: /healthz (the process answers) and /readyz (the store answers)."""

from flask import Response, current_app
from flask.views import MethodView
from flask_smorest import Blueprint

from buttonup.api import schemas
from buttonup.api.http import json_response

blp = Blueprint("health", __name__, description="Liveness and readiness probes")


@blp.route("/healthz")
class Health(MethodView):
    @blp.response(200, schemas.HealthSchema)
    @blp.doc(operationId="healthz", summary="The process answers")
    def get(self) -> Response:
        return json_response('{"status":"ok"}')


@blp.route("/readyz")
class Ready(MethodView):
    @blp.response(200, schemas.HealthSchema)
    @blp.alt_response(503, schema=schemas.ProblemSchema, content_type="application/problem+json")
    @blp.doc(operationId="readyz", summary="The game store answers")
    def get(self) -> Response:
        current_app.extensions["buttonup.store"].ping()
        return json_response('{"status":"ok"}')
