"""`buttonup serve`: where it listens (BUTTONUP_BIND, with --host and --port
replacing its parts)."""

import os
import resource
import signal
import socket
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


def buttonup(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "buttonup.cli", *args],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_version_names_the_release():
    from importlib.metadata import version

    result = buttonup("--version")
    assert (result.returncode, result.stdout) == (0, f"buttonup {version('buttonup')}\n")


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        (
            ("serve", "--port", "99999"),
            None,
            "buttonup serve: argument --port: '99999' is not a port: a number from 1 to "
            "65535 (see buttonup serve --help)",
        ),
        (
            ("serve",),
            {"REDIS_URL": "foo://bar"},
            "buttonup: REDIS_URL: 'foo://bar' is not a Redis URL (one of redis://, rediss://, "
            "unix://, redis+cluster://, rediss+cluster://)",
        ),
        (
            ("migrate", "--redis-url", "127.0.0.1:6379"),
            None,
            "buttonup: --redis-url: '127.0.0.1:6379' is not a Redis URL (one of redis://, "
            "rediss://, unix://, redis+cluster://, rediss+cluster://)",
        ),
        (
            ("bogus",),
            None,
            "buttonup: argument command: invalid choice: 'bogus' (choose from 'serve', "
            "'migrate', 'make-secret') (see buttonup --help)",
        ),
    ],
)
def test_a_wrong_argument_or_setting_is_one_line_and_exit_2(args, env, said):
    result = buttonup(*args, env=env)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", said + "\n")


def test_a_taken_port_is_said_before_anything_starts(redis_server, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = buttonup("serve", "--port", str(port), "--data-dir", str(tmp_path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"buttonup: cannot serve on 127.0.0.1:{port}: the port is taken (another "
        "`buttonup serve`?); choose another: `make run PORT=9000`, or "
        "`buttonup serve --port 9000`\n"
    )
    assert list(tmp_path.iterdir()) == [], "no embedded Redis was started"


def files_at_most(soft: int, hard: int):
    """A child's open-file limit (before it runs)."""
    return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_an_open_file_limit_below_what_the_settings_need_is_said_at_start(tmp_path):
    with socket.socket() as taken:  # the serve then stops at its port, after the warning
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        environment = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
        low = subprocess.run(
            [
                sys.executable,
                "-m",
                "buttonup.cli",
                "serve",
                "--port",
                port,
                "--connections",
                "1000",
            ],
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=files_at_most(512, 512),
        )
        raised = subprocess.run(
            [sys.executable, "-m", "buttonup.cli", "serve", "--port", port, "--connections", "100"],
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=files_at_most(128, 512),  # 264 needed: raised within the hard limit
        )
    assert low.stderr.startswith(
        "buttonup: warning: a worker may need 2064 open files (1000 connections, each with a "
        "Redis connection, and its own), but this process may open 512: raise `ulimit -n` "
        "to 2064, or lower BUTTONUP_CONNECTIONS"
    ), low.stderr
    assert "warning" not in raised.stderr and "cannot serve" in raised.stderr


def test_a_redis_that_does_not_answer_is_said_once_and_the_service_waits_for_it():
    port = free_port()
    env = {
        **os.environ,
        "BUTTONUP_BIND": f"127.0.0.1:{port}",
        "BUTTONUP_WORKERS": "1",
        "BUTTONUP_ACCESS_LOG": "off",
    }
    absent = f"redis://127.0.0.1:{free_port()}/0"
    command = [sys.executable, "-m", "buttonup.cli", "serve", "--redis-url", absent]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1).status_code == 503:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        time.sleep(2)  # eight sweeps and beats at least, each failing
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    assert err.splitlines()[0].startswith("buttonup: Redis does not answer yet (")
    assert err.splitlines()[0].endswith("the service answers 503 until it does")
    warnings = [line for line in err.splitlines() if '"level":"warning"' in line]
    threads = {line.split('"msg":"')[1].split(":")[0] for line in warnings}
    assert len(warnings) == len(threads), "each failing loop said it once"
    assert "Traceback" not in err


def test_ctrl_c_stops_serve_and_its_embedded_redis_cleanly_and_silently(tmp_path):
    """Ctrl-C in a terminal signals the whole foreground group: serve asks
    gunicorn to stop, and stops Redis after it."""
    port = free_port()
    env = {**os.environ, "BUTTONUP_BIND": f"127.0.0.1:{port}", "BUTTONUP_WORKERS": "2"}
    env.pop("REDIS_URL", None)
    command = [sys.executable, "-m", "buttonup.cli", "serve", "--data-dir", str(tmp_path)]
    process = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, as a terminal's job
    )
    try:
        assert ready_on(port, process)
        httpx.post(f"http://127.0.0.1:{port}/v1/games", json={})
    finally:
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0
    assert out.splitlines()[-1] == "buttonup: stopped"
    assert "Traceback" not in err and "Error" not in err, err
    assert redis_is_down(out)


def redis_is_down(out: str) -> bool:
    url = out.split("embedded Redis on ")[1].split(",")[0]
    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
    except redis.ConnectionError:
        return True
    return False


def test_migrate_against_a_redis_that_does_not_answer_is_one_line_and_exit_1():
    port = free_port()
    result = buttonup("migrate", "--redis-url", f"redis://127.0.0.1:{port}/0")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("buttonup: migrate stopped: ")
    assert len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr
