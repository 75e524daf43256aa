"""create_app(settings): the only place that wires engine, store and api.

Tested in tests/api/test_app.py.
"""

import atexit
from collections.abc import Callable, Sequence
from importlib import import_module
from types import ModuleType
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from buttonup import challenges, puzzles, ratings, seeks, tournaments
from buttonup.api import ButtonUpApi, init_api
from buttonup.api.codec import Codec
from buttonup.api.docs import add_origin_field
from buttonup.api.http import StreamBudget
from buttonup.api.metrics import count_changes, init_metrics
from buttonup.api.observability import configure_logging, init_observability
from buttonup.api.player_events import wing_notice_components
from buttonup.api.problems import add_wing_problem
from buttonup.api.rate_limits import METERS, init_rate_limits
from buttonup.api.roles import init_roles
from buttonup.config import Settings
from buttonup.games import Games
from buttonup.http_codes import PROBLEM_CODES
from buttonup.kit import Manifest
from buttonup.store import GameStore, connect
from buttonup.sweeper import Background
from buttonup.web import WingBoard, WingBoards
from buttonup.web import blp as board

# The wings (features beside the core's games: each a package with its own
# model, store, use cases and routes, declared in its MANIFEST), installed
# in this order.
WINGS = (challenges, puzzles, ratings, seeks, tournaments)


class ServiceApp(Flask):
    """Flask, without a check that none of this service's code needs."""

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        # Every view, hook and error handler here is a plain function (a test
        # holds to that). Flask would ask `inspect` whether each is a
        # coroutine function, about nine times a request.
        return func


def game_store(settings: Settings) -> GameStore:
    """The store on the settings' Redis: a pool for requests, and one for
    the stream readers, which block for seconds on a connection each."""
    assert settings.redis_url is not None  # create_app checked
    # Every connection the worker holds may be a request using Redis at once.
    client = connect(
        settings.redis_url,
        connect_timeout=settings.redis_connect_timeout,
        socket_timeout=settings.redis_socket_timeout,
        max_connections=settings.connections,
    )
    blocking = connect(
        settings.redis_url,
        connect_timeout=settings.redis_connect_timeout,
        socket_timeout=settings.events_keepalive_seconds + 10,  # above the blocking wait
        max_connections=settings.connections,
    )
    return GameStore(
        client,
        blocking_client=blocking,
        game_ttl_seconds=settings.game_ttl_seconds,
        imported_game_ttl_seconds=settings.imported_game_ttl_seconds,
        reply_ttl_seconds=settings.idempotency_ttl_seconds,
        finished_stream_ttl_seconds=settings.finished_stream_ttl_seconds,
        secret=settings.secret_key,
    )


def install(app: Flask, api: ButtonUpApi, games: Games, settings: Settings, wing: Manifest) -> None:
    """A wing, from its manifest: its use cases attached to the core's, its
    routes and spec components on the API, its names on the board. Its
    settings are read first: a bad value stops the service as it starts."""
    for setting in wing.settings:
        setting.read(settings)
    attached = wing.attach(games, settings)
    games.hook(attached.hooks)
    app.extensions[wing.extension] = attached.use_cases
    routes = wing.routes()
    api.register_blueprint(routes.blueprint)
    api.spec.components.schemas.update(routes.components)
    if wing.origin_field is not None:
        field = wing.origin_field
        add_origin_field(api.spec.components.schemas, field.name, field.description)
    add_to_board(app.extensions.setdefault("buttonup.boards", WingBoards()), wing)


def add_to_board(boards: WingBoards, wing: Manifest) -> None:
    """What a wing adds to the board: the names its pages read, its words,
    and its pages and parts of the page."""
    for name, vocabulary in wing.vocabulary.items():
        boards.add_vocabulary(name, vocabulary)
    boards.add_words(wing.words)
    if wing.board is not None:
        pages = tuple((p.param, p.module, p.show, p.nav) for p in wing.board.pages)
        boards.add(wing.name, WingBoard(wing.board.folder, pages, wing.board.hooks))


def init_routes(app: Flask, games: Games, settings: Settings, wings: list[Manifest]) -> None:
    """The core's routes and each wing's, the spec naming every code they send."""
    notices = []
    for wing in wings:  # before any route is documented: its codes and notices named
        for kind in wing.problems:
            add_wing_problem(kind.error, kind.status, kind.code, kind.title, kind.meaning)
        games.inbox.declare(notice.name for notice in wing.inbox)
        notices += [
            (n.name, n.component, n.description, dict(n.properties), dict(n.example))
            for n in wing.inbox
        ]
    notice_components = wing_notice_components(notices)
    api = init_api(app)
    api.spec.components.schemas.update(notice_components)
    for wing in wings:
        install(app, api, games, settings, wing)
    wing_codes = [kind.code for wing in wings for kind in wing.problems]
    api.name_problem_codes(list(dict.fromkeys([*PROBLEM_CODES, *wing_codes])))


def named_wings(names: Sequence[str]) -> list[ModuleType]:
    """The wings a deployment names (BUTTONUP_WINGS): a built-in one by its
    name, any other by its module's; each must declare a MANIFEST."""
    found = []
    for name in names:
        module = import_module(name if "." in name else f"buttonup.{name}")
        if not isinstance(getattr(module, "MANIFEST", None), Manifest):
            raise RuntimeError(f"BUTTONUP_WINGS: {name} is no wing (it has no MANIFEST)")
        found.append(module)
    return found


def codec_for(wings: Sequence[Manifest]) -> Codec:
    """The API's codec, naming each game's origin by the fields the wings add."""
    return Codec(origin_fields={w.name: w.origin_field.name for w in wings if w.origin_field})


def metered_operations(wings: Sequence[Manifest]) -> dict[str, list[tuple[str, str]]]:
    """The wings' operations, by the meter that counts each."""
    found: dict[str, list[tuple[str, str]]] = {}
    for wing in wings:
        for meter, operations in wing.metered.items():
            found.setdefault(meter, []).extend(operations)
    return found


def start_background(app: Flask, games: Games, settings: Settings) -> None:
    """The worker's sweep and timers, unless the settings turn them off."""
    if settings.sweep_interval_seconds > 0:
        background = Background(games, settings.sweep_interval_seconds)
        app.extensions["buttonup.background"] = background
        background.start()
        atexit.register(background.stop)


def create_app(
    settings: Settings | None = None, wings: Sequence[ModuleType] | None = None
) -> Flask:
    """The service, with `wings` installed (by default the settings' or, if
    they name none, every one of WINGS)."""
    settings = settings or Settings.from_env()
    if wings is None:
        wings = WINGS if settings.wings is None else named_wings(settings.wings)
    manifests = [wing.MANIFEST for wing in wings]
    if settings.redis_url is None:
        raise RuntimeError("REDIS_URL is not set (`buttonup serve` sets it for you)")
    access_log = configure_logging(
        settings.log_level, settings.log_format, access_log=settings.access_log
    )
    app = ServiceApp("buttonup")
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    # OPTIONS is a CORS preflight (answered by api.observability) or a 405.
    app.config["PROVIDE_AUTOMATIC_OPTIONS"] = False
    app.json.sort_keys = False  # type: ignore[attr-defined]  # the default provider's
    store = game_store(settings)
    app.extensions["buttonup.settings"] = settings
    app.extensions["buttonup.store"] = store
    games = Games(
        store,
        observe=count_changes,
        abandon_seconds=settings.abandon_seconds,
        rematch_seconds=settings.rematch_seconds,
    )
    app.extensions["buttonup.games"] = games
    app.extensions["buttonup.codec"] = codec_for(manifests)
    app.extensions["buttonup.streams"] = StreamBudget(
        settings.streams_per_worker, settings.max_streams_per_client
    )
    init_roles(app, settings.role)  # the first hook of every request
    init_routes(app, games, settings, manifests)
    app.register_blueprint(board)
    init_observability(app, settings.cors_origins, access_log)
    init_metrics(app)
    init_rate_limits(
        app,
        settings.redis_url,
        settings.rate_limit,
        settings.seat_rate_limit,
        meters={
            meter.name: (settings.meter_limit(meter.name), settings.meter_address_limit(meter.name))
            for meter in METERS
        },
        socket_timeout=settings.redis_socket_timeout,
        connect_timeout=settings.redis_connect_timeout,
        wing_operations=metered_operations(manifests),
    )
    start_background(app, games, settings)
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=settings.trusted_proxies, x_proto=settings.trusted_proxies
        )
    return app
