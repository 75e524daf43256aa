"""The ceiling for this stack: a bare Flask endpoint doing one Redis GET and
one SET of a 1 KB record, served under the same gunicorn settings."""

import json
import os

import redis
from flask import Flask, Response

RECORD = json.dumps({"padding": "x" * 1000})


def record_client() -> redis.Redis:
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    client.set("ceiling:record", RECORD)
    return client


def move(client: redis.Redis, key: str) -> Response:
    """The ceiling's work for one request, the same in both apps."""
    record = json.loads(client.get("ceiling:record"))
    record["last"] = key
    client.set("ceiling:record", json.dumps(record))
    return Response('{"ok":true}', mimetype="application/json", status=201)


def create_app() -> Flask:
    app = Flask("ceiling")
    client = record_client()
    app.add_url_rule("/ceiling/<key>", methods=["POST"], view_func=lambda key: move(client, key))
    return app


def create_framework_app() -> Flask:
    """The same Redis work behind the framework layers the service's views
    sit behind: a flask-smorest Blueprint and MethodView, the body loaded
    into a one-field marshmallow schema, the answer a JSON Response passed
    through as the service's are. Next to `create_app`, it shows what those
    layers cost; next to the service, what the service's own code costs."""
    from flask.views import MethodView
    from flask_smorest import Api, Blueprint
    from marshmallow import Schema, fields, validate

    app = Flask("framework_ceiling")
    app.config.update(API_TITLE="ceiling", API_VERSION="1", OPENAPI_VERSION="3.1.0")
    api = Api(app)
    blp = Blueprint("ceiling", __name__, url_prefix="/ceiling")
    client = record_client()

    class MoveSchema(Schema):
        position = fields.Integer(required=True, strict=True, validate=validate.Range(0, 8))

    class AnswerSchema(Schema):
        ok = fields.Boolean()

    @blp.route("/<key>")
    class Move(MethodView):
        @blp.arguments(MoveSchema)
        @blp.response(201, AnswerSchema)
        def post(self, args: dict, key: str) -> Response:
            return move(client, key)

    api.register_blueprint(blp)
    return app
