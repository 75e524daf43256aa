"""Shared fixtures: a real redis-server of the suite's own on a free port, and
real `buttonup serve` processes on it."""

import os
import signal
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from buttonup.app import create_app
from buttonup.config import UNMETERED, UNMETERED_ENVIRONMENT, Settings
from buttonup.redis_server import RedisServer, free_port
from buttonup.sweeper import stop_all


def _certificates_read_when_needed() -> None:
    """Every test speaks plain HTTP to this machine, yet each httpx client
    made loads the certificate authorities when made: about 24 ms from a
    bundle file (SSL_CERT_FILE's, or certifi's), the better part of a test
    that makes a client a request. From a directory (SSL_CERT_DIR, which
    httpx documents beside SSL_CERT_FILE) a certificate is read only when a
    TLS connection needs it: 0.2 ms. The system's directory, so that TLS a
    test's child process does (pip) is checked against the same authorities;
    where the system has none, the bundle as before."""
    directory = ssl.get_default_verify_paths().capath  # None: no such directory
    if directory is not None:
        os.environ.pop("SSL_CERT_FILE", None)
        os.environ["SSL_CERT_DIR"] = directory


_certificates_read_when_needed()


@pytest.fixture(autouse=True)
def _stop_background_work() -> Iterator[None]:
    """Each app a test made sweeps and beats until the test ends, not after."""
    yield
    stop_all()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"), persistent=False)
    assert server.port != 6379
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_client(redis_server: RedisServer) -> Iterator[redis.Redis]:
    client = redis.Redis(port=redis_server.port)
    client.flushdb()  # the suite's own server: nobody else's data
    yield client
    client.close()


@pytest.fixture
def settings(redis_server: RedisServer, redis_client: redis.Redis) -> Settings:
    return Settings(redis_url=redis_server.url, **UNMETERED)


@pytest.fixture
def app(settings: Settings) -> Flask:
    app = create_app(settings)
    app.testing = True
    return app


@pytest.fixture
def whole_app(settings: Settings) -> Flask:
    """The app with every wing installed, where a folder's `app` is less."""
    app = create_app(settings)
    app.testing = True
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A Redis of this test alone, to stop, freeze and restart."""
    server = RedisServer(tmp_path / "redis", persistent=True)
    server.start()
    yield server
    server.stop()


class LiveServer:
    """One `buttonup serve` child process."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "buttonup.cli", "serve", "--port", str(self.port), *args]
        child_env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        child_env.update(UNMETERED_ENVIRONMENT)  # a test that meters says so in `env`
        child_env.update(env or {})
        # A file, not a pipe: a pipe nobody reads fills up with log lines and
        # stalls the server.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            command, env=child_env, stdout=self.log, stderr=subprocess.STDOUT
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise RuntimeError(f"buttonup serve exited:\n{self.log.read().decode()[-4000:]}")
            try:
                if httpx.get(self.base_url + "/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("buttonup serve did not become ready")

    def log_text(self) -> str:
        """What the server wrote so far (all of it once stopped)."""
        if self.log.closed:
            return self._final_log
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self, *, quickly: bool = False) -> int:
        """The server stopped as a deploy stops it (SIGTERM: its streams
        ended, its requests finished), its exit code. `quickly`, for a
        test's teardown, where how it stops is not the test: a second Ctrl-C,
        as `buttonup serve` documents, which gunicorn's workers leave on at
        once, rather than once their loop next looks (up to a second)."""
        if self.process.poll() is None and quickly:
            self.process.send_signal(signal.SIGINT)  # forwarded as SIGTERM
            time.sleep(0.05)  # two signals at once may arrive as one
            self.process.send_signal(signal.SIGINT)  # forwarded as SIGINT: at once
        elif self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if not self.log.closed:
            self._final_log = self.log_text()
            self.log.close()
        return self.process.returncode


@pytest.fixture(scope="session")
def live_server(redis_server: RedisServer) -> Iterator[LiveServer]:
    # Claims of an abandoned game wait 1 s here, not 60.
    server = LiveServer(
        ["--redis-url", redis_server.url, "--workers", "2"],
        env={"BUTTONUP_ABANDON_SECONDS": "1"},
    )
    yield server
    server.stop(quickly=True)


@pytest.fixture
def http(live_server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.base_url, timeout=10) as client:
        yield client
