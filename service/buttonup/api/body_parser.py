"""How a request's JSON body is loaded: the API's one adapter over webargs'
internals. `JsonBodyParser` loads the body that `check_json_body` parsed
already straight into a plain schema, raising through webargs' own
`_on_validation_error` as webargs would, without its other layers (docs/performance.md,
"Library internals", has what that saves, measured side by side).

tests/api/test_body_parser.py pins the version this was written for.
"""

from typing import Any

from flask import g, request
from marshmallow import RAISE, Schema, ValidationError
from webargs.core import _UNKNOWN_DEFAULT_PARAM
from webargs.flaskparser import FlaskParser

WRITTEN_FOR = {"webargs": "8."}


class JsonBodyParser(FlaskParser):
    """Takes the body that the check before every view already parsed (see
    `buttonup.api.check_json_body`) rather than parsing it a second time."""

    def _raw_load_json(self, req: Any) -> Any:
        if "json_body" in g:
            return g.json_body
        return super()._raw_load_json(req)

    def parse(self, argmap: Any, req: Any = None, **options: Any) -> Any:
        # A parsed body and a plain schema: loaded here, as webargs would
        # (unknown fields refused, errors under "json"), without its layers.
        if (
            options.get("location") == "json"
            and options.get("unknown", _UNKNOWN_DEFAULT_PARAM) == _UNKNOWN_DEFAULT_PARAM
            and options.get("validate") is None
            and isinstance(argmap, Schema)
            and "json_body" in g
        ):
            try:
                return argmap.load(g.json_body, unknown=RAISE)
            except ValidationError as error:
                self._on_validation_error(
                    error,
                    req or request,
                    argmap,
                    "json",
                    error_status_code=options.get("error_status_code"),
                    error_headers=options.get("error_headers"),
                )
        return super().parse(argmap, req, **options)
