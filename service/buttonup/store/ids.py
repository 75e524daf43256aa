"""Game ids and seat tokens: random, unguessable; tokens are kept only hashed
(or sealed: store.derived). Commit ids: unique, not secret."""

import hashlib
import itertools
import os
import re
import secrets

GAME_ID_BYTES = 15  # 120 bits, unguessable
TOKEN_BYTES = 32  # 256 bits
GAME_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def new_game_id() -> str:
    return command_line_safe(secrets.token_urlsafe(GAME_ID_BYTES))


def command_line_safe(game_id: str) -> str:
    """An id never starts with "-", which command-line tools take for an option."""
    return "_" + game_id[1:] if game_id.startswith("-") else game_id


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class _CommitIds:
    """Ids that tell one commit from any other: a random prefix drawn once per
    process, and again in a forked child, then a count. As unique as a random
    id per commit, without a call for the system's randomness per commit."""

    def __init__(self) -> None:
        self.renew()
        os.register_at_fork(after_in_child=self.renew)

    def renew(self) -> None:
        self._prefix = secrets.token_urlsafe(6)  # 48 bits
        self._count = itertools.count()  # next() is atomic: threads share it

    def new(self) -> str:
        return f"{self._prefix}{next(self._count):x}"


new_commit_id = _CommitIds().new
