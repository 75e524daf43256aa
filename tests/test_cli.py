"""`buttonup serve`: where it listens (BUTTONUP_BIND, with --host and --port
replacing its parts)."""

import os
import subprocess
import sys
import time

import httpx
import pytest
import redis

from buttonup.cli import parse_args
from buttonup.redis_server import free_port


def ready_on(port: int, process: subprocess.Popen, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            return httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 200
        except httpx.HTTPError:
            time.sleep(0.1)
    return False


def serve(redis_server, bind: str, *args: str) -> subprocess.Popen:
    env = {**os.environ, "BUTTONUP_BIND": bind, "BUTTONUP_WORKERS": "1"}
    command = [sys.executable, "-m", "buttonup.cli", "serve", "--redis-url", redis_server.url]
    return subprocess.Popen(
        [*command, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
    )


@pytest.mark.parametrize("flags", [(), ("--host", "127.0.0.1")])
def test_serve_listens_where_buttonup_bind_says(redis_server, flags):
    port = free_port()
    process = serve(redis_server, f"127.0.0.1:{port}", *flags)
    try:
        assert ready_on(port, process)
    finally:
        process.terminate()
        process.wait(20)


def test_port_replaces_the_port_of_buttonup_bind(redis_server):
    unused, port = free_port(), free_port()
    process = serve(redis_server, f"127.0.0.1:{unused}", "--port", str(port))
    try:
        assert ready_on(port, process)
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"http://127.0.0.1:{unused}/readyz", timeout=1)
    finally:
        process.terminate()
        process.wait(20)


def test_host_and_port_are_optional():
    args = parse_args(["serve"])
    assert args.host is None and args.port is None


def test_the_embedded_redis_is_bounded_and_refuses_rather_than_evicts(tmp_path):
    port = free_port()
    env = {**os.environ, "BUTTONUP_BIND": f"127.0.0.1:{port}", "BUTTONUP_WORKERS": "1"}
    env.pop("REDIS_URL", None)
    command = [sys.executable, "-m", "buttonup.cli", "serve", "--data-dir", str(tmp_path)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert ready_on(port, process)
        said = process.stdout.readline()
        url = said.split("embedded Redis on ")[1].split(",")[0]
        client = redis.Redis.from_url(url)
        assert client.config_get("maxmemory") == {"maxmemory": str(512 * 1024 * 1024)}
        assert client.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
        client.close()
    finally:
        process.terminate()
        process.wait(20)
