"""The core's HTTP tests run against the core alone: the app built with no
wing installed, so each passes without ratings, seeks or tournaments (what
removing any wing from WINGS leaves). A test of how the core and the wings
meet asks for `whole_app` (tests/conftest.py) instead."""

import pytest
from flask import Flask

from buttonup.app import create_app
from buttonup.config import Settings


@pytest.fixture
def app(settings: Settings) -> Flask:
    app = create_app(settings, wings=[])
    app.testing = True
    return app
