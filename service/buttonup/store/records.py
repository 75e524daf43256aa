"""The stored form of a game: engine state plus seats, timestamps and version."""

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

import orjson

from buttonup.engine import PLAYERS, Color, GameState

GAME_ID_BYTES = 15  # 120 bits, unguessable
TOKEN_BYTES = 32  # 256 bits
GAME_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def new_game_id() -> str:
    return secrets.token_urlsafe(GAME_ID_BYTES)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Seat:
    type: str = "human"
    name: str | None = None
    joined: bool = False
    token_sha256: str | None = None
    level: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "name": self.name,
            "joined": self.joined,
            "token_sha256": self.token_sha256,
            "level": self.level,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Seat":
        return cls(**data)


@dataclass(frozen=True)
class GameRecord:
    id: str
    version: int
    created_at: str
    updated_at: str
    visibility: str
    red: Seat
    black: Seat
    state: GameState
    hints: bool = True  # analysis while the game is in play

    @cached_property
    def state_dict(self) -> dict[str, Any]:
        """The engine state in plain form, built once: storage and views share it."""
        return self.state.to_dict()

    def seat(self, color: Color) -> Seat:
        return self.red if color is Color.RED else self.black

    def with_seat(self, color: Color, seat: Seat) -> "GameRecord":
        return replace(self, red=seat) if color is Color.RED else replace(self, black=seat)

    @cached_property
    def open_seats(self) -> tuple[Color, ...]:
        return tuple(color for color in PLAYERS if not self.seat(color).joined)

    @cached_property
    def status(self) -> str:
        if self.state.is_over:
            return "finished"
        return "waiting" if self.open_seats else "playing"

    def color_for_token(self, token: str) -> Color | None:
        """The seat this token belongs to, compared in constant time."""
        presented = hash_token(token)
        found = None
        for color in PLAYERS:
            stored = self.seat(color).token_sha256
            if stored is not None and hmac.compare_digest(stored, presented):
                found = color
        return found

    def next_version(self, updated_at: str, *, state: GameState | None = None) -> "GameRecord":
        # Built field by field: dataclasses.replace costs several times more.
        return GameRecord(
            id=self.id,
            version=self.version + 1,
            created_at=self.created_at,
            updated_at=updated_at,
            visibility=self.visibility,
            red=self.red,
            black=self.black,
            state=self.state if state is None else state,
            hints=self.hints,
        )

    def to_json(self) -> str:
        return orjson.dumps(
            {
                "id": self.id,
                "created_at": self.created_at,
                "updated_at": self.updated_at,
                "visibility": self.visibility,
                "hints": self.hints,
                "seats": {"red": self.red.to_dict(), "black": self.black.to_dict()},
                "game": self.state_dict,
            },
        ).decode()

    @classmethod
    def from_json(cls, version: int, text: bytes | str) -> "GameRecord":
        data = orjson.loads(text)
        return cls(
            id=data["id"],
            version=version,
            created_at=data["created_at"],
            updated_at=data["updated_at"],
            visibility=data["visibility"],
            hints=data.get("hints", True),  # records from before the option
            red=Seat.from_dict(data["seats"]["red"]),
            black=Seat.from_dict(data["seats"]["black"]),
            state=GameState.from_dict(data["game"]),
        )
