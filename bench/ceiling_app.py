"""The ceiling for this stack: a bare Flask endpoint doing one Redis GET and
one SET of a 1 KB record, served under the same gunicorn settings."""

import json
import os

import redis
from flask import Flask, Response

RECORD = json.dumps({"padding": "x" * 1000})


def create_app() -> Flask:
    app = Flask("ceiling")
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    client.set("ceiling:record", RECORD)

    @app.post("/ceiling/<key>")
    def move(key: str) -> Response:
        record = json.loads(client.get("ceiling:record"))
        record["last"] = key
        client.set("ceiling:record", json.dumps(record))
        return Response('{"ok":true}', mimetype="application/json", status=201)

    return app
