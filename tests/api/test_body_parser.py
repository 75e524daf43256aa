"""The API's adapter over webargs' internals, pinned to the version it was
written for: a new major must be checked (and the pin raised) before it is
installed."""

from importlib.metadata import version

from webargs import core
from webargs.flaskparser import FlaskParser

from buttonup.api.body_parser import WRITTEN_FOR


def test_the_installed_webargs_is_the_one_the_adapter_was_written_for():
    for package, prefix in WRITTEN_FOR.items():
        assert version(package).startswith(prefix), package
    assert hasattr(core, "_UNKNOWN_DEFAULT_PARAM")
    assert callable(FlaskParser._on_validation_error)
    assert callable(FlaskParser._raw_load_json)


def test_a_body_that_fails_its_schema_is_refused_as_webargs_would(client):
    response = client.post("/v1/games", json={"target_score": "many", "extra": 1})
    assert response.status_code == 422
    assert set(response.get_json()["errors"]) == {"target_score", "extra"}
