"""What can be checked of the containers without a Docker engine."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import httpx
import jsonschema
import pytest
import yaml

from buttonup.app import WINGS
from buttonup.config import ENVIRONMENT_VARIABLES
from buttonup.redis_server import RedisServer, free_port
from tests.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def dockerfile_instructions() -> list[tuple[str, str]]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines()]
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1])
        for line in lines
        if line and not line.startswith("#")
    ]


def test_the_compose_file_follows_the_compose_specification(compose):
    schema = json.loads((ROOT / "deploy" / "compose-spec.json").read_text())
    jsonschema.validate(compose, schema)


def test_compose_runs_redis_with_an_append_only_file_and_the_api_after_it(compose):
    services = compose["services"]
    redis = services["redis"]
    assert redis["image"].startswith("redis:7")
    assert redis["command"][redis["command"].index("--appendonly") + 1] == "yes"
    assert redis["command"][redis["command"].index("--appendfsync") + 1] == "everysec"
    assert redis["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    assert any(volume.startswith("redis-data:") for volume in redis["volumes"])
    assert "redis-data" in compose["volumes"]
    api = services["api"]
    assert api["build"] == "."
    assert api["environment"]["REDIS_URL"] == "redis://redis:6379/0"
    assert api["depends_on"]["redis"]["condition"] == "service_healthy"
    assert "8000:8000" in api["ports"]
    assert "/readyz" in " ".join(api["healthcheck"]["test"])
    assert services["api-scaled"]["profiles"] == ["scale"]
    assert services["nginx"]["profiles"] == ["scale"]


# The core's variables, and those the wings declare (their manifests' settings).
READ = ENVIRONMENT_VARIABLES | {s.variable for wing in WINGS for s in wing.MANIFEST.settings}


def test_every_variable_compose_sets_is_one_the_service_reads(compose):
    for name, service in compose["services"].items():
        if service.get("build") == ".":
            unknown = set(service["environment"]) - READ
            assert not unknown, f"{name} sets {unknown}, which the service never reads"


def test_every_variable_the_service_reads_is_in_the_configuration_table():
    table = (ROOT / "docs" / "operations.md").read_text()
    for name in READ:
        assert f"| `{name}` |" in table, name


def test_the_image_is_multi_stage_slim_non_root_and_checks_readiness():
    instructions = dockerfile_instructions()
    stages = [args for op, args in instructions if op == "FROM"]
    assert len(stages) == 2 and all("slim" in stage for stage in stages)
    users = [args for op, args in instructions if op == "USER"]
    assert users and users[-1] not in ("root", "0")
    healthcheck = next(args for op, args in instructions if op == "HEALTHCHECK")
    assert "/readyz" in healthcheck


def test_the_container_command_starts_the_service_here(redis_server):
    """The image's CMD, run locally against the suite's Redis, bound where the
    image's BUTTONUP_BIND says but on a free loopback port; its health check,
    run the same way, finds it there."""
    instructions = dockerfile_instructions()
    command = json.loads(next(args for op, args in instructions if op == "CMD"))
    assert command == ["buttonup", "serve"]
    command[0] = str(Path(sys.executable).with_name("buttonup"))  # the console script
    image_env = " ".join(args for op, args in instructions if op == "ENV")
    assert "BUTTONUP_BIND=0.0.0.0:8000" in image_env
    port = free_port()
    env = {**os.environ, "REDIS_URL": redis_server.url, "BUTTONUP_BIND": f"127.0.0.1:{port}"}
    healthcheck = next(args for op, args in instructions if op == "HEALTHCHECK")
    probe = json.loads(healthcheck[healthcheck.index("CMD") + 3 :].strip())
    probe[0] = sys.executable
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
    )
    try:
        server = LiveServer.__new__(LiveServer)
        server.port, server.base_url, server.process = port, f"http://127.0.0.1:{port}", process
        server.log = tempfile.TemporaryFile()  # noqa: SIM115
        server._wait_ready()
        created = httpx.post(f"{server.base_url}/v1/games", json={})
        assert created.status_code == 201
        assert subprocess.run(probe, env=env, timeout=10).returncode == 0
    finally:
        process.terminate()
        process.wait(20)


def test_the_nginx_config_passes_nginx_t(tmp_path):
    nginx = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
    if nginx is None:
        pytest.skip("nginx is not installed (Debian package nginx-light): `nginx -t` not run")
    result = subprocess.run(
        [
            nginx,
            "-t",
            "-c",
            str(ROOT / "deploy" / "nginx.conf"),
            "-p",
            str(tmp_path),
            "-e",
            str(tmp_path / "error.log"),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert re.search(r"test is successful", result.stderr)


def test_the_wheel_the_image_installs_carries_the_board_and_gunicorn_settings(tmp_path):
    """The image installs the wheel, not the source tree: what the package
    serves from its own files must be in it."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("buttonup-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "service/buttonup/web/static").iterdir():
        assert f"buttonup/web/static/{path.name}" in names
    assert "buttonup/gunicorn.conf.py" in names
    # Every Lua script and every language's words, the core's and each
    # wing's, and each wing's board pages.
    shipped = [*(ROOT / "service/buttonup").glob("*/lua/*.lua")]
    shipped += (ROOT / "service/buttonup").glob("*/words/*.json")
    pages = [*(ROOT / "service/buttonup").glob("*/board/*")]
    assert len(shipped) > 20 and len(pages) >= 5
    shipped += pages
    for path in shipped:
        assert path.relative_to(ROOT / "service").as_posix() in names


def test_compose_bounds_redis_memory_and_refuses_rather_than_evicts(compose, tmp_path):
    command = compose["services"]["redis"]["command"]
    assert command[command.index("--maxmemory-policy") + 1] == "noeviction"
    # The same arguments start this machine's redis-server with that bound.
    server = RedisServer(tmp_path, persistent=False, extra_args=command[1:])
    server.start()
    try:
        client = server._client()
        assert int(client.config_get("maxmemory")["maxmemory"]) == 1024**3
        assert client.config_get("maxmemory-policy")["maxmemory-policy"] == "noeviction"
        client.close()
    finally:
        server.stop()


def nginx_locations() -> dict[str, dict[str, list[str]]]:
    """deploy/nginx.conf as nginx reads it (crossplane, nginx's parser,
    with its syntax checks): each location's directives by name."""
    import crossplane

    parsed = crossplane.parse(str(ROOT / "deploy" / "nginx.conf"), check_ctx=True, check_args=True)
    assert parsed["status"] == "ok", parsed["errors"]
    found: dict[str, dict[str, list[str]]] = {}

    def walk(block: list[dict]) -> None:
        for directive in block:
            if directive["directive"] == "location":
                inner = {d["directive"]: d["args"] for d in directive.get("block", [])}
                found[" ".join(directive["args"])] = inner
            walk(directive.get("block", []))

    walk(parsed["config"][0]["parsed"])
    return found


def routed_to(location: dict[str, list[str]]) -> str:
    variable, address = location["set"]
    assert location["proxy_pass"] == [variable]
    return address


def test_the_scale_proxy_sends_every_event_stream_to_the_streams_service(whole_app):
    """Every stream path of the spec (its parameters filled in) matches the
    streams' location and no other path does; the streams' location is
    unbuffered and goes to the streams service, the rest to the api replicas."""
    locations = nginx_locations()
    (pattern,) = [name[2:] for name in locations if name.startswith("~ ")]
    streams = locations[f"~ {pattern}"]
    assert routed_to(streams) == "http://streams:8000"
    assert streams["proxy_buffering"] == ["off"]
    assert routed_to(locations["/"]) == "http://api-scaled:8000"
    spec = whole_app.test_client().get("/openapi.json").get_json()
    for path, operations in spec["paths"].items():
        concrete = re.sub(r"\{[^}]+\}", "Xy12", path)
        stream = any(
            "text/event-stream" in op["responses"].get("200", {}).get("content", {})
            for op in operations.values()
            if isinstance(op, dict) and "responses" in op
        )
        assert bool(re.search(pattern, concrete)) == stream, path


def test_the_scale_profile_runs_the_api_and_the_streams_apart(compose):
    services = compose["services"]
    api, streams = services["api-scaled"], services["streams"]
    assert api["environment"]["BUTTONUP_ROLE"] == "api"
    assert streams["environment"]["BUTTONUP_ROLE"] == "streams"
    assert "scale" in streams["profiles"]
    assert streams["environment"]["REDIS_URL"] == api["environment"]["REDIS_URL"]
    # Streams are many: the connections, and the files they need, allowed.
    connections = int(streams["environment"]["BUTTONUP_CONNECTIONS"])
    assert streams["ulimits"]["nofile"]["soft"] >= 2 * connections + 64
    assert set(services["nginx"]["depends_on"]) == {"api-scaled", "streams"}
    assert "BUTTONUP_ROLE" not in services["api"].get("environment", {})  # the plain one: all
