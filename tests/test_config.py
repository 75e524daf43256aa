"""Settings come from the environment, with defaults, and bad values are named."""

import subprocess
import sys

import pytest

from buttonup.config import ConfigError, Settings


def test_defaults():
    settings = Settings.from_env({})
    assert settings.redis_url is None
    assert settings.game_ttl_seconds == 30 * 24 * 3600
    assert settings.idempotency_ttl_seconds == 24 * 3600
    assert settings.max_body_bytes == 16 * 1024


def test_values_are_read_from_the_environment():
    settings = Settings.from_env(
        {
            "REDIS_URL": "redis://example:6380/2",
            "BUTTONUP_GAME_TTL": "60",
            "BUTTONUP_IDEMPOTENCY_TTL": "30",
            "BUTTONUP_MAX_BODY_BYTES": "2048",
            "BUTTONUP_REDIS_CONNECT_TIMEOUT": "0.25",
            "BUTTONUP_REDIS_SOCKET_TIMEOUT": "0.5",
            "BUTTONUP_EVENTS_KEEPALIVE": "5",
        }
    )
    assert settings == Settings(
        redis_url="redis://example:6380/2",
        game_ttl_seconds=60,
        idempotency_ttl_seconds=30,
        max_body_bytes=2048,
        redis_connect_timeout=0.25,
        redis_socket_timeout=0.5,
        events_keepalive_seconds=5.0,
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("BUTTONUP_GAME_TTL", "soon"),
        ("BUTTONUP_GAME_TTL", "0"),
        ("BUTTONUP_MAX_BODY_BYTES", "-5"),
        ("BUTTONUP_REDIS_SOCKET_TIMEOUT", "fast"),
    ],
)
def test_a_bad_value_names_its_variable(name, value):
    with pytest.raises(ConfigError, match=name):
        Settings.from_env({name: value})


def test_serve_refuses_to_start_on_a_bad_value_with_one_clear_line(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "buttonup.cli", "serve", "--data-dir", str(tmp_path)],
        env={"BUTTONUP_GAME_TTL": "soon", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0
    assert "BUTTONUP_GAME_TTL" in result.stderr


def test_log_and_cors_settings():
    settings = Settings.from_env(
        {
            "BUTTONUP_LOG_LEVEL": "WARNING",
            "BUTTONUP_LOG_FORMAT": "text",
            "BUTTONUP_CORS_ORIGINS": "a, b",
        }
    )
    assert (settings.log_level, settings.log_format) == ("warning", "text")
    assert settings.cors_origins == ("a", "b")
    with pytest.raises(ConfigError, match="BUTTONUP_LOG_FORMAT"):
        Settings.from_env({"BUTTONUP_LOG_FORMAT": "xml"})


@pytest.mark.parametrize(
    ("name", "value"),
    [("BUTTONUP_WORKERS", "0"), ("BUTTONUP_CONNECTIONS", "many"), ("BUTTONUP_BIND", "8000")],
)
def test_gunicorn_settings_are_validated_too(name, value):
    with pytest.raises(ConfigError, match=name):
        Settings.from_env({name: value})


def test_gunicorn_refuses_a_bad_setting_with_one_line(tmp_path):
    """The container starts gunicorn through this same file."""
    from buttonup.cli import GUNICORN_CONF

    result = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONF), "--check-config"],
        env={"BUTTONUP_CONNECTIONS": "lots", "PATH": "/usr/bin:/bin", "REDIS_URL": "redis://x"},
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
    )
    assert result.returncode != 0
    assert "BUTTONUP_CONNECTIONS" in result.stderr


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("BUTTONUP_RATE_LIMIT", "lots"),
        ("BUTTONUP_RATE_LIMIT", "0/minute"),
        ("BUTTONUP_SEAT_RATE_LIMIT", "10/fortnight"),
        ("BUTTONUP_TRUSTED_PROXIES", "-1"),
    ],
)
def test_bad_limits_are_named(name, value):
    with pytest.raises(ConfigError, match=name):
        Settings.from_env({name: value})


def test_limits_are_read():
    settings = Settings.from_env(
        {
            "BUTTONUP_RATE_LIMIT": "600/minute;20000/hour",
            "BUTTONUP_SEAT_RATE_LIMIT": " 120/minute ",
            "BUTTONUP_TRUSTED_PROXIES": "1",
        }
    )
    assert settings.rate_limit == "600/minute;20000/hour"
    assert settings.seat_rate_limit == "120/minute"
    assert settings.trusted_proxies == 1
    assert Settings.from_env({}).rate_limit == ""


def test_the_secret_key_is_read_never_shown_and_at_least_32_characters():
    settings = Settings.from_env({"BUTTONUP_SECRET_KEY": "s" * 32})
    assert settings.secret_key == b"s" * 32
    assert "s" * 32 not in repr(settings)
    with pytest.raises(ConfigError, match="BUTTONUP_SECRET_KEY"):
        Settings.from_env({"BUTTONUP_SECRET_KEY": "short"})
    assert Settings.from_env({}).secret_key is None


def test_a_secret_key_file_is_made_once_readable_by_its_owner_alone(tmp_path):
    path = tmp_path / "secret-key"
    first = Settings.from_env({"BUTTONUP_SECRET_KEY_FILE": str(path)}).secret_key
    assert first is not None and len(first) >= 32
    assert path.stat().st_mode & 0o777 == 0o600
    again = Settings.from_env({"BUTTONUP_SECRET_KEY_FILE": str(path)}).secret_key
    assert again == first, "made once, then read"
    with pytest.raises(ConfigError, match="not both"):
        Settings.from_env({"BUTTONUP_SECRET_KEY_FILE": str(path), "BUTTONUP_SECRET_KEY": "s" * 32})


def test_make_secret_makes_the_file_and_never_prints_the_secret(tmp_path):
    path = tmp_path / "secret-key"
    env = {"PATH": "/usr/bin:/bin", "BUTTONUP_SECRET_KEY_FILE": str(path)}
    done = subprocess.run(
        [sys.executable, "-m", "buttonup.cli", "make-secret"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    secret = path.read_text().strip()
    assert len(secret) >= 32 and secret not in done.stdout + done.stderr


def test_every_number_a_setting_holds_is_read_from_its_own_variable():
    from dataclasses import fields

    from buttonup.config import ENVIRONMENT_VARIABLES, NUMBERS

    assert {variable for variable, _ in NUMBERS.values()} <= ENVIRONMENT_VARIABLES
    numeric = {f.name for f in fields(Settings) if f.type in ("int", "float", int, float)}
    assert numeric == set(NUMBERS)
    for field, (variable, low) in NUMBERS.items():
        read = Settings.from_env({variable: str(low)})
        assert getattr(read, field) == low, field


def test_a_role_is_read_and_sets_how_many_of_its_connections_may_be_streams():
    assert Settings.from_env({}).role == "all"
    assert Settings.from_env({"BUTTONUP_ROLE": "Streams"}).role == "streams"
    with pytest.raises(ConfigError, match="BUTTONUP_ROLE"):
        Settings.from_env({"BUTTONUP_ROLE": "proxy"})
    # All: a quarter kept for moves. Streams: all but the probes' few. Set: as set.
    assert Settings(connections=1000).streams_per_worker == 750
    assert Settings(connections=1000, role="streams").streams_per_worker == 1000 - 16
    assert Settings(connections=1000, role="streams", max_streams=10).streams_per_worker == 10


def test_a_wings_setting_is_read_from_its_own_variable_and_a_bad_one_refused():
    from buttonup.config import WingSetting

    delay = WingSetting("BUTTONUP_SOME_DELAY", 60, 0, "seconds")
    env = {"BUTTONUP_SOME_DELAY": "5", "BUTTONUP_GAME_TTL": "100", "HOME": "/"}
    settings = Settings.from_env(env)
    assert settings.environment == {"BUTTONUP_SOME_DELAY": "5"}, "a wing's alone"
    assert delay.read(settings) == 5
    assert delay.read(Settings.from_env({})) == 60
    for bad in ("-1", "soon"):
        with pytest.raises(ConfigError, match="BUTTONUP_SOME_DELAY"):
            delay.read(Settings.from_env({"BUTTONUP_SOME_DELAY": bad}))


def test_a_bad_value_of_a_wings_setting_stops_the_app_as_it_starts(redis_server):
    from buttonup.app import create_app

    env = {"REDIS_URL": redis_server.url, "BUTTONUP_PUZZLE_DELAY": "-5"}
    with pytest.raises(ConfigError, match="BUTTONUP_PUZZLE_DELAY"):
        create_app(Settings.from_env(env))
