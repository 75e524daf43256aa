"""Game ids and seat tokens: random, unguessable; tokens are kept only hashed."""

import hashlib
import re
import secrets

GAME_ID_BYTES = 15  # 120 bits, unguessable
TOKEN_BYTES = 32  # 256 bits
GAME_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def new_game_id() -> str:
    return secrets.token_urlsafe(GAME_ID_BYTES)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
