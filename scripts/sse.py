"""A small Server-Sent Events reader over httpx, for the scripts: the
generated client cannot consume event streams."""

import json
from collections.abc import Iterator

import httpx


def events(
    base_url: str, game_id: str, last_event_id: int | None = None
) -> Iterator[tuple[int, str, dict]]:
    """(id, event, data) from the game's stream until it ends."""
    headers = {"Last-Event-ID": str(last_event_id)} if last_event_id is not None else {}
    url = f"{base_url.rstrip('/')}/v1/games/{game_id}/events"
    timeout = httpx.Timeout(10, read=60)  # keep-alives arrive well inside a minute
    with httpx.stream("GET", url, headers=headers, timeout=timeout) as response:
        if response.status_code != 200:
            response.read()
            problem = response.json()
            raise SystemExit(f"events: {problem.get('detail')} ({problem.get('code')})")
        fields: dict[str, str] = {}
        for line in response.iter_lines():
            if line.startswith(":"):
                continue
            if line == "":
                if "data" in fields:
                    yield int(fields["id"]), fields["event"], json.loads(fields["data"])
                fields = {}
                continue
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
