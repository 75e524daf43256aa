"""A player: one identity across games, without accounts or passwords.

A player holds a key, shown once when the player is made and kept only
hashed; a seat joined with the key belongs to the player (`Seat.player_id`),
and the key then works wherever that seat's token does.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str | None
    key_sha256: str  # the key, hashed: the key itself is never kept
    created_at: int  # milliseconds since the epoch
