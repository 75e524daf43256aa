"""`buttonup serve`: the service under gunicorn, with an embedded Redis when
no Redis URL is given."""

import argparse
import errno
import fcntl
import importlib.metadata
import os
import resource
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import NoReturn

from redis.exceptions import RedisClusterException, RedisError

from buttonup.config import ROLES, ConfigError, Settings, checked_redis_url
from buttonup.errors import GameError, GameNotFound
from buttonup.redis_server import RedisServer
from buttonup.store import GameStore, migration
from buttonup.store.connection import connect, is_cluster_url

GUNICORN_CONF = Path(__file__).with_name("gunicorn.conf.py")
# The embedded Redis, as the compose file's: bounded, and full rather than
# forgetful (writes then answer 503 storage_full; reads go on).
EMBEDDED_MEMORY = ("--maxmemory", "512mb", "--maxmemory-policy", "noeviction")


def gunicorn_command(
    host: str, port: int, workers: int | None, connections: int | None = None
) -> list[str]:
    """The one gunicorn invocation, shared by `buttonup serve` and the container."""
    command = [sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONF)]
    command += ["--bind", f"{host}:{port}"]
    if workers is not None:
        command += ["--workers", str(workers)]
    if connections is not None:
        command += ["--worker-connections", str(connections)]
    return command


class _Parser(argparse.ArgumentParser):
    """A wrong argument said in one line (argparse adds the whole usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(prog="buttonup", description="The Button Up! service.")
    parser.add_argument("--version", action="version", version=f"buttonup {_version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the HTTP API under gunicorn")
    serve.add_argument("--host", help="the address to bind (default: BUTTONUP_BIND's, 127.0.0.1)")
    serve.add_argument("--port", type=_port, help="the port (default: BUTTONUP_BIND's, 8000)")
    serve.add_argument("--workers", type=int, help="gunicorn workers (default 2)")
    serve.add_argument(
        "--connections",
        type=int,
        help="connections a worker holds at once, event streams included (default 1000)",
    )
    serve.add_argument(
        "--role",
        choices=ROLES,
        help="what to serve: all (the default, BUTTONUP_ROLE's), the api without the event "
        "streams, or the event streams alone (docs/operations.md)",
    )
    serve.add_argument("--redis-url", help="Redis to keep games in (default: $REDIS_URL)")
    serve.add_argument(
        "--data-dir",
        type=Path,
        default=Path("var"),
        help="where the embedded Redis keeps its append-only file (default ./var)",
    )
    migrate = commands.add_parser(
        "migrate",
        help="rewrite every game an earlier release stored (format 1) in today's format, "
        "each keeping the time it had left (docs/storage.md)",
    )
    migrate.add_argument("--redis-url", help="the Redis the games are in (default: $REDIS_URL)")
    commands.add_parser(
        "make-secret",
        help="make the file BUTTONUP_SECRET_KEY_FILE names, with a random secret, unless it "
        "exists (what a deployment's replicas then share)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = Settings.from_env()
        # serve's and migrate's option; empty, as unset, leaves it to REDIS_URL
        checked_redis_url(getattr(args, "redis_url", None) or None, "--redis-url")
    except ConfigError as error:
        print(f"buttonup: {error}", file=sys.stderr)
        return 2
    if args.command == "migrate":
        return _migrate(args.redis_url or settings.redis_url, settings)
    if args.command == "make-secret":
        path = os.environ.get("BUTTONUP_SECRET_KEY_FILE")
        if not path:
            print("buttonup: make-secret needs BUTTONUP_SECRET_KEY_FILE", file=sys.stderr)
            return 2
        print(f"buttonup: the deployment's secret is in {path}", flush=True)  # never itself
        return 0
    short = _file_limit(args.connections or settings.connections)
    if short:
        print(f"buttonup: warning: {short}", file=sys.stderr, flush=True)
    host, _, port = settings.bind.rpartition(":")
    args.host = args.host or host
    args.port = args.port if args.port is not None else int(port)
    taken = _unbindable(args.host, args.port)
    if taken:
        print(f"buttonup: cannot serve on {args.host}:{args.port}: {taken}", file=sys.stderr)
        return 2
    redis_url = args.redis_url or settings.redis_url
    embedded: RedisServer | None = None
    if redis_url is None:
        data_dir = args.data_dir.resolve()
        data_dir.mkdir(parents=True, exist_ok=True)
        lock = _lock_data_dir(data_dir)
        if lock is None:
            print(f"buttonup: {data_dir} is in use by another `buttonup serve`", file=sys.stderr)
            return 2
        embedded = RedisServer(data_dir, persistent=True, extra_args=EMBEDDED_MEMORY)
        embedded.start()
        redis_url = embedded.url
        if settings.secret_key is None:  # kept with the data: seals outlive a restart
            os.environ["BUTTONUP_SECRET_KEY_FILE"] = str(data_dir / "secret-key")
        print(f"buttonup: embedded Redis on {redis_url}, data in {data_dir}", flush=True)
    elif (silence := _unanswered(redis_url)) is not None:
        # A cluster client learns the slot map as it starts, so a cluster must
        # answer now; a single Redis may come up later, and the service (which
        # answers 503 meanwhile) waits for it.
        if is_cluster_url(redis_url):
            said = f"names a Redis Cluster that cannot be used: {silence}"
            print(f"buttonup: REDIS_URL {said}", file=sys.stderr)
            return 2
        said = f"Redis does not answer yet ({silence}); the service answers 503 until it does"
        print(f"buttonup: {said}", file=sys.stderr, flush=True)
    try:
        return _run_gunicorn(args, redis_url)
    finally:
        if embedded is not None:
            embedded.stop()


def _run_gunicorn(args: argparse.Namespace, redis_url: str) -> int:
    """gunicorn until it stops. It runs in a session of its own, as the
    embedded Redis does (redis_server), so that Ctrl-C reaches this process
    alone: gunicorn is then asked to stop (its workers' exit hooks still find
    Redis), and Redis is stopped after it. A second Ctrl-C stops it at once."""
    env = dict(os.environ, REDIS_URL=redis_url)
    if args.role:
        env["BUTTONUP_ROLE"] = args.role
    role = env.get("BUTTONUP_ROLE") or "all"
    command = gunicorn_command(args.host, args.port, args.workers, args.connections)
    server = subprocess.Popen(command, env=env, start_new_session=True)
    serving = {"all": "", "api": " the API alone", "streams": " the event streams alone"}[role]
    print(
        f"buttonup: serving{serving} on http://{args.host}:{args.port} (Ctrl-C stops)", flush=True
    )
    stops = iter((signal.SIGTERM, signal.SIGINT))

    def forward(signum: int, _frame: FrameType | None) -> None:
        server.send_signal(next(stops, signal.SIGINT) if signum == signal.SIGINT else signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, forward)
    code = server.wait()
    if code in (0, -signal.SIGTERM, -signal.SIGINT):
        print("buttonup: stopped", flush=True)
        return 0
    return code


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: a number from 1 to 65535")
    return int(text)


# Files a worker may hold beside its connections' own: its Redis pools take
# one a connection at most, and the process itself some more.
FILES_PER_CONNECTION = 2
FILES_BESIDE = 64


def _file_limit(connections: int) -> str | None:
    """This process's open-file limit, which gunicorn's workers inherit,
    raised to what `connections` a worker may need when the hard limit
    allows; else what to do about it."""
    need = FILES_PER_CONNECTION * connections + FILES_BESIDE
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= need:
        return None
    if hard == resource.RLIM_INFINITY or hard >= need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
        return None
    return (
        f"a worker may need {need} open files ({connections} connections, each with a "
        f"Redis connection, and its own), but this process may open {hard}: raise "
        f"`ulimit -n` to {need}, or lower BUTTONUP_CONNECTIONS; past the limit, "
        "connections are refused"
    )


def _unbindable(host: str, port: int) -> str | None:
    """Why gunicorn could not listen on host:port (None: it can), asked
    before anything starts, as gunicorn would bind."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as error:
        return f"no such address ({error.strerror or error})"
    family, kind, protocol, _, address = infos[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return (
                    "the port is taken (another `buttonup serve`?); choose another: "
                    "`make run PORT=9000`, or `buttonup serve --port 9000`"
                )
            return error.strerror or str(error)
    return None


def _unanswered(url: str) -> str | None:
    """What Redis at `url` answered a ping with, when not its pong; None: it answered."""
    try:
        client = connect(url)
        client.ping()
        client.close()
    except (RedisError, RedisClusterException) as error:
        return str(error)
    return None


def _version() -> str:
    try:
        return importlib.metadata.version("buttonup")
    except importlib.metadata.PackageNotFoundError:  # run from a checkout, not installed
        return "unknown"


def _lock_data_dir(data_dir: Path) -> int | None:
    """One embedded Redis per data directory: two would share one append-only file."""
    descriptor = os.open(data_dir / ".lock", os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return None
    return descriptor


def _migrate(redis_url: str | None, settings: Settings) -> int:
    """Every format-1 game in Redis upgraded (store.migration), then a count."""
    if redis_url is None:
        print("buttonup: migrate needs --redis-url or REDIS_URL", file=sys.stderr)
        return 2
    store = GameStore(
        connect(redis_url),
        game_ttl_seconds=settings.game_ttl_seconds,
        reply_ttl_seconds=settings.idempotency_ttl_seconds,
        finished_stream_ttl_seconds=settings.finished_stream_ttl_seconds,
    )
    upgraded = unchanged = 0
    try:
        for game_id in list(migration.format1_game_ids(store.client)):
            try:
                if store.upgrade(game_id):
                    upgraded += 1
                else:
                    unchanged += 1
            except GameNotFound:  # it expired meanwhile
                unchanged += 1
    except GameError as error:
        print(f"buttonup: migrate stopped: {error}", file=sys.stderr)
        return 1
    print(
        f"buttonup: {upgraded} games upgraded from format 1, {unchanged} changed or gone meanwhile"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
