"""Server-Sent Events as the tests read them: one parser for every stream."""

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    id: str | None
    data: Any  # the event's JSON


def sse_frames(lines: Iterable[str]) -> Iterator[dict[str, str]]:
    """Each frame of a stream's lines as its fields ({event, id, data}, the
    data as sent), as it is complete (comments, the keep-alives, skipped)."""
    fields: dict[str, str] = {}
    for line in lines:
        if line.startswith(":"):
            continue
        if not line:
            if fields:
                yield fields
            fields = {}
            continue
        name, _, value = line.partition(": ")
        fields[name] = value


def sse_events(lines: Iterable[str]) -> Iterator[Event]:
    """Each event of a stream's lines, its data parsed, as it is complete."""
    for fields in sse_frames(lines):
        yield Event(fields["event"], fields.get("id"), json.loads(fields["data"]))
