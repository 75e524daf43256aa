"""Settings from the environment, each with a default, validated at start.

docs/operations.md's configuration table lists the same names.
"""

import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

DAY = 24 * 3600
SECRET_KEY_MIN_LENGTH = 32

# The costly operations' meters (api.rate_limits.METERS says what each
# counts): each a setting `<name>_rate_limit` and a variable
# BUTTONUP_<NAME>_RATE_LIMIT. A deployment that meters them elsewhere, or a
# benchmark that makes thousands of games from one address, turns them off.
METERED = ("analysis", "records", "creates", "joins", "players")
# Meters whose limit per client address is a setting of its own,
# `<name>_address_rate_limit` (BUTTONUP_<NAME>_ADDRESS_RATE_LIMIT): many
# people share one address (a school), each with a credential of their own.
ADDRESS_METERED = ("creates",)
_METER_SETTINGS = (
    *(f"{name}_rate_limit" for name in METERED),
    *(f"{name}_address_rate_limit" for name in ADDRESS_METERED),
)
UNMETERED = dict.fromkeys(_METER_SETTINGS, "")
UNMETERED_ENVIRONMENT = {f"BUTTONUP_{name.upper()}": "off" for name in _METER_SETTINGS}

# Every variable the service reads: Settings below, and gunicorn.conf.py.
ENVIRONMENT_VARIABLES = frozenset(
    {
        "REDIS_URL",
        "BUTTONUP_GAME_TTL",
        "BUTTONUP_IMPORTED_GAME_TTL",
        "BUTTONUP_IDEMPOTENCY_TTL",
        "BUTTONUP_MAX_BODY_BYTES",
        "BUTTONUP_REDIS_CONNECT_TIMEOUT",
        "BUTTONUP_REDIS_SOCKET_TIMEOUT",
        "BUTTONUP_EVENTS_KEEPALIVE",
        "BUTTONUP_FINISHED_STREAM_TTL",
        "BUTTONUP_BIND",
        "BUTTONUP_WORKERS",
        "BUTTONUP_CONNECTIONS",
        "BUTTONUP_ROLE",
        "BUTTONUP_MAX_STREAMS",
        "BUTTONUP_MAX_STREAMS_PER_CLIENT",
        "BUTTONUP_MAX_CONNECTIONS_PER_CLIENT",
        "BUTTONUP_REQUESTS_AT_ONCE",
        "BUTTONUP_BODY_TIMEOUT",
        "BUTTONUP_SWEEP_INTERVAL",
        "BUTTONUP_ABANDON_SECONDS",
        "BUTTONUP_REMATCH_SECONDS",
        "BUTTONUP_RATED_GAMES_PER_PAIR_PER_DAY",
        "BUTTONUP_SECRET_KEY",
        "BUTTONUP_SECRET_KEY_FILE",
        "BUTTONUP_OPERATOR_KEY",
        "BUTTONUP_LOG_LEVEL",
        "BUTTONUP_LOG_FORMAT",
        "BUTTONUP_ACCESS_LOG",
        "BUTTONUP_CORS_ORIGINS",
        "BUTTONUP_RATE_LIMIT",
        "BUTTONUP_SEAT_RATE_LIMIT",
        "BUTTONUP_ANALYSIS_RATE_LIMIT",
        "BUTTONUP_RECORDS_RATE_LIMIT",
        "BUTTONUP_CREATES_RATE_LIMIT",
        "BUTTONUP_JOINS_RATE_LIMIT",
        "BUTTONUP_PLAYERS_RATE_LIMIT",
        "BUTTONUP_CREATES_ADDRESS_RATE_LIMIT",
        "BUTTONUP_TRUSTED_PROXIES",
        "PROMETHEUS_MULTIPROC_DIR",
    }
)


class ConfigError(ValueError):
    """A setting has a value the service cannot use; the message names it."""


@dataclass(frozen=True, slots=True)
class Settings:
    redis_url: str | None = None  # None: `buttonup serve` starts an embedded Redis
    game_ttl_seconds: int = 30 * DAY
    # An imported record is kept for review this long (it never changes, so
    # nothing renews it): imports cost storage nobody plays in.
    imported_game_ttl_seconds: int = 7 * DAY
    idempotency_ttl_seconds: int = DAY
    max_body_bytes: int = 16 * 1024
    redis_connect_timeout: float = 0.5
    redis_socket_timeout: float = 0.8
    events_keepalive_seconds: float = 10.0
    # A finished game's event stream outlives its last event this long; later
    # watchers are served from the game's log.
    finished_stream_ttl_seconds: float = 60.0
    log_level: str = "info"
    log_format: str = "json"
    access_log: bool = True  # a line per request, at log level info or below
    cors_origins: tuple[str, ...] = ()
    # The wings to install, by module (a built-in wing by its name alone):
    # None installs every one app.py lists (BUTTONUP_WINGS unset or empty).
    wings: tuple[str, ...] | None = None
    # Off when empty. "300/minute;5000/hour" style, per client address / per seat token.
    rate_limit: str = ""
    seat_rate_limit: str = ""
    # Costly operations (api.rate_limits.METERS), on by default, each counted
    # per client address and per credential (a player's key or a seat's
    # token); "" here, "off" in the environment: not metered.
    analysis_rate_limit: str = "10/second;300/minute"
    records_rate_limit: str = "10/minute;100/hour"
    creates_rate_limit: str = "30/minute;600/hour"
    # Per address: 40 people behind one address each start a game a minute.
    creates_address_rate_limit: str = "120/minute;2400/hour"
    # Making a player (no credential yet: per address alone).
    players_rate_limit: str = "60/minute;300/hour"
    # Joining and withdrawing from tournaments: each wakes its pairing.
    joins_rate_limit: str = "30/minute;300/hour"
    # Proxies in front whose X-Forwarded-For is believed (the client address
    # that rate limits and logs see); 0 when clients connect directly.
    trusted_proxies: int = 0
    # gunicorn's, read by gunicorn.conf.py
    bind: str = "127.0.0.1:8000"
    workers: int = 2
    # What this process serves (ROLES): everything, the API without the
    # event streams, or the event streams alone (and the probes and metrics).
    role: str = "all"
    # Connections a worker holds at once, open event streams included.
    connections: int = 1000
    # Event streams a worker keeps open at once (0: three quarters of
    # `connections`, so that streams never take the connections moves need;
    # a streams process's: all but STREAMS_ROLE_SPARE), and per client
    # address; past either, 503 too_many_streams.
    max_streams: int = 0
    max_streams_per_client: int = 32
    # Connections a worker takes from one client address (0: no limit; off
    # behind trusted proxies, whose address every client shares).
    max_connections_per_client: int = 100
    # Requests a worker works on at once (0: no bound); the rest wait their
    # turn (buttonup.slices), so that timers and streams stay prompt.
    requests_at_once: int = 4
    # A request's body must arrive whole within this, else 408.
    body_timeout_seconds: float = 10.0
    # How often each worker ends the games whose clock ran out (0: never by
    # itself; reads and moves still do), and how long a seat must be gone,
    # on its own turn, before the other may claim the game.
    sweep_interval_seconds: float = 0.25
    abandon_seconds: int = 60
    # How long after a game's end its seats may ask for a rematch.
    rematch_seconds: int = 600
    # Rated games the same two players start in any 24 hours; later ones
    # are played unrated (ratings.rated_play).
    rated_games_per_pair_per_day: int = 10
    # The deployment's secret (store.derived): what seals seat tokens and
    # idempotent replies' secrets, never kept in Redis. None: the process's own.
    secret_key: bytes | None = field(default=None, repr=False)
    # The operator's key for the fair-play flags (`GET /v1/fair-play/flags`),
    # never kept in Redis. None: no operator requests are answered.
    operator_key: str | None = field(default=None, repr=False)
    # The BUTTONUP_ variables the core does not read itself: a wing's own,
    # each read by the setting its manifest declares (WingSetting).
    environment: Mapping[str, str] = field(default_factory=dict)

    def meter_limit(self, meter: str) -> str:
        """The limit of a costly operation's meter (api.rate_limits.METERS),
        per credential, and per address unless it has one of its own."""
        return getattr(self, f"{meter}_rate_limit")

    def meter_address_limit(self, meter: str) -> str:
        """A meter's limit per client address."""
        return getattr(self, f"{meter}_address_rate_limit", self.meter_limit(meter))

    @property
    def streams_per_worker(self) -> int:
        if self.max_streams:
            return self.max_streams
        if self.role == "streams":
            return max(1, self.connections - STREAMS_ROLE_SPARE)
        return max(1, self.connections * 3 // 4)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        defaults = cls()
        numbers = {
            field: _read(
                env, variable, type(getattr(defaults, field)), getattr(defaults, field), low
            )
            for field, (variable, low) in NUMBERS.items()
        }
        return cls(
            redis_url=checked_redis_url(env.get("REDIS_URL") or None),
            access_log=_choice(env, "BUTTONUP_ACCESS_LOG", ("on", "off"), "on") == "on",
            log_level=_choice(env, "BUTTONUP_LOG_LEVEL", LOG_LEVELS, defaults.log_level),
            log_format=_choice(env, "BUTTONUP_LOG_FORMAT", ("json", "text"), defaults.log_format),
            role=_choice(env, "BUTTONUP_ROLE", ROLES, defaults.role),
            bind=_bind(env.get("BUTTONUP_BIND") or defaults.bind),
            secret_key=_secret_key(env),
            operator_key=_operator_key(env),
            rate_limit=_rate_limit(env, "BUTTONUP_RATE_LIMIT"),
            seat_rate_limit=_rate_limit(env, "BUTTONUP_SEAT_RATE_LIMIT"),
            analysis_rate_limit=_rate_limit(
                env, "BUTTONUP_ANALYSIS_RATE_LIMIT", defaults.analysis_rate_limit
            ),
            records_rate_limit=_rate_limit(
                env, "BUTTONUP_RECORDS_RATE_LIMIT", defaults.records_rate_limit
            ),
            creates_rate_limit=_rate_limit(
                env, "BUTTONUP_CREATES_RATE_LIMIT", defaults.creates_rate_limit
            ),
            joins_rate_limit=_rate_limit(
                env, "BUTTONUP_JOINS_RATE_LIMIT", defaults.joins_rate_limit
            ),
            players_rate_limit=_rate_limit(
                env, "BUTTONUP_PLAYERS_RATE_LIMIT", defaults.players_rate_limit
            ),
            creates_address_rate_limit=_rate_limit(
                env, "BUTTONUP_CREATES_ADDRESS_RATE_LIMIT", defaults.creates_address_rate_limit
            ),
            cors_origins=tuple(
                origin.strip()
                for origin in env.get("BUTTONUP_CORS_ORIGINS", "").split(",")
                if origin.strip()
            ),
            wings=tuple(
                name.strip() for name in env.get("BUTTONUP_WINGS", "").split(",") if name.strip()
            )
            or None,
            environment={
                name: value
                for name, value in env.items()
                if name.startswith("BUTTONUP_") and name not in ENVIRONMENT_VARIABLES
            },
            **numbers,
        )


@dataclass(frozen=True, slots=True)
class WingSetting:
    """A number a wing reads from the environment: declared in its manifest
    (so that the operator's table lists it, and a bad value stops the
    service at start), read from the settings' `environment`."""

    variable: str  # BUTTONUP_<NAME>
    default: int | float
    least: int | float
    meaning: str

    def read(self, settings: "Settings") -> int | float:
        kind = type(self.default)
        return _read(settings.environment, self.variable, kind, self.default, kind(self.least))


# Every number a setting holds: its variable and its least value (its type
# and default are the field's).
NUMBERS: dict[str, tuple[str, float]] = {
    "game_ttl_seconds": ("BUTTONUP_GAME_TTL", 1),
    "imported_game_ttl_seconds": ("BUTTONUP_IMPORTED_GAME_TTL", 1),
    "idempotency_ttl_seconds": ("BUTTONUP_IDEMPOTENCY_TTL", 1),
    "max_body_bytes": ("BUTTONUP_MAX_BODY_BYTES", 1),
    "redis_connect_timeout": ("BUTTONUP_REDIS_CONNECT_TIMEOUT", 0.01),
    "redis_socket_timeout": ("BUTTONUP_REDIS_SOCKET_TIMEOUT", 0.01),
    "events_keepalive_seconds": ("BUTTONUP_EVENTS_KEEPALIVE", 0.05),
    "finished_stream_ttl_seconds": ("BUTTONUP_FINISHED_STREAM_TTL", 0.001),
    "workers": ("BUTTONUP_WORKERS", 1),
    "connections": ("BUTTONUP_CONNECTIONS", 1),
    "max_streams": ("BUTTONUP_MAX_STREAMS", 0),
    "max_streams_per_client": ("BUTTONUP_MAX_STREAMS_PER_CLIENT", 1),
    "max_connections_per_client": ("BUTTONUP_MAX_CONNECTIONS_PER_CLIENT", 0),
    "requests_at_once": ("BUTTONUP_REQUESTS_AT_ONCE", 0),
    "body_timeout_seconds": ("BUTTONUP_BODY_TIMEOUT", 0.1),
    "sweep_interval_seconds": ("BUTTONUP_SWEEP_INTERVAL", 0.0),
    "abandon_seconds": ("BUTTONUP_ABANDON_SECONDS", 1),
    "rematch_seconds": ("BUTTONUP_REMATCH_SECONDS", 1),
    "rated_games_per_pair_per_day": ("BUTTONUP_RATED_GAMES_PER_PAIR_PER_DAY", 1),
    "trusted_proxies": ("BUTTONUP_TRUSTED_PROXIES", 0),
}


def checked_redis_url(url: str | None, source: str = "REDIS_URL") -> str | None:
    """`url` (None: none given), or ConfigError naming `source` (the variable
    or the option it came from) and saying what is wrong with it."""
    from buttonup.store.connection import redis_url_problem  # the store says what it can use

    problem = redis_url_problem(url) if url is not None else None
    if problem is not None:
        raise ConfigError(f"{source}: {problem}")
    return url


def _bind(raw: str) -> str:
    host, _, port = raw.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"BUTTONUP_BIND={raw!r} must be HOST:PORT")
    return raw


def _rate_limit(env: Mapping[str, str], name: str, default: str = "") -> str:
    """A limit such as 300/minute; unset: `default`; empty or `off`: none."""
    from limits import parse_many  # only the settings that use it pay for the import

    if name not in env:
        return default
    raw = env[name].strip()
    if not raw or raw.lower() == "off":
        return ""
    try:
        if all(limit.amount >= 1 for limit in parse_many(raw)):
            return raw
    except ValueError:
        pass
    raise ConfigError(f"{name}={raw!r} must look like 300/minute or 10/second;1000/hour")


LOG_LEVELS = ("debug", "info", "warning", "error", "critical")
# What a process serves (BUTTONUP_ROLE, `buttonup serve --role`): a
# deployment may run the event streams apart (docs/operations.md).
ROLES = ("all", "api", "streams")
# A streams process's connections kept from its streams: its probes and metrics.
STREAMS_ROLE_SPARE = 16


def _choice(env: Mapping[str, str], name: str, choices: tuple[str, ...], default: str) -> str:
    raw = env.get(name) or default
    if raw.lower() not in choices:
        raise ConfigError(f"{name}={raw!r} must be one of {', '.join(choices)}")
    return raw.lower()


def _secret_key(env: Mapping[str, str]) -> bytes | None:
    """BUTTONUP_SECRET_KEY, or the file BUTTONUP_SECRET_KEY_FILE names (made,
    with a random secret, when it does not exist yet); None when neither."""
    given, path = env.get("BUTTONUP_SECRET_KEY") or None, env.get("BUTTONUP_SECRET_KEY_FILE")
    if given is not None and path:
        raise ConfigError("set BUTTONUP_SECRET_KEY or BUTTONUP_SECRET_KEY_FILE, not both")
    if path:
        given = read_or_make_secret(Path(path)).decode()
    if given is None:
        return None
    if len(given) < SECRET_KEY_MIN_LENGTH:
        raise ConfigError(
            f"BUTTONUP_SECRET_KEY must be at least {SECRET_KEY_MIN_LENGTH} characters "
            "(a random one: python -c 'import secrets; print(secrets.token_urlsafe(32))')"
        )
    return given.encode()


def _operator_key(env: Mapping[str, str]) -> str | None:
    """BUTTONUP_OPERATOR_KEY: as long as the deployment's secret at least."""
    given = env.get("BUTTONUP_OPERATOR_KEY") or None
    if given is not None and len(given) < SECRET_KEY_MIN_LENGTH:
        raise ConfigError(
            f"BUTTONUP_OPERATOR_KEY must be at least {SECRET_KEY_MIN_LENGTH} characters "
            '(any random text: python -c "import secrets; print(secrets.token_urlsafe(32))")'
        )
    return given


def new_secret_key() -> str:
    return secrets.token_urlsafe(32)


def read_or_make_secret(path: Path) -> bytes:
    """The secret the file holds; a new random one written there (readable
    by its owner alone) when there is none yet."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    except OSError as error:
        raise ConfigError(f"BUTTONUP_SECRET_KEY_FILE: {error}") from error
    else:
        with os.fdopen(descriptor, "w") as made:
            made.write(new_secret_key() + "\n")
    try:
        return path.read_bytes().strip()
    except OSError as error:
        raise ConfigError(f"BUTTONUP_SECRET_KEY_FILE: {error}") from error


def _read(env: Mapping[str, str], name: str, kind: Callable[[str], T], default: T, minimum: T) -> T:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = kind(raw)
    except ValueError:
        raise ConfigError(f"{name}={raw!r} is not a valid {kind.__name__}") from None
    if value < minimum:  # type: ignore[operator]
        raise ConfigError(f"{name}={raw!r} must be at least {minimum}")
    return value
