"""What is derived from the deployment's secret: a rematch's game id and the
tokens of the seats the service reserves, a rematch's or a pairing's (so
that every retry and every replica makes the same game and seats, and no
token is kept), and the pads that seal idempotent replies'
secrets (store.idempotency). The secret itself is random, made once per
deployment by the first process that needs it."""

import hashlib
import hmac
import secrets

from buttonup.engine import Color
from buttonup.store.connection import Client
from buttonup.store.ids import id_from_digest, token_from_digest
from buttonup.store.keys import ID_SECRET_KEY


class DerivedIds:
    def __init__(self, client: Client) -> None:
        self._redis = client

    def rematch_game_id(self, game_id: str) -> str:
        """The id of the game a rematch of `game_id` makes."""
        return id_from_digest(self.keyed_digest(f"rematch\n{game_id}".encode()))

    def reserved_seat_token(self, game_id: str, color: Color) -> str:
        """The token of a seat the service reserved for its holder in the game
        `game_id` (a rematch's, a pairing's): derived, never kept. The message
        names rematches, which had it first: tokens already given stay valid."""
        return token_from_digest(self.keyed_digest(f"rematch-seat\n{game_id}\n{color}".encode()))

    def keyed_digest(self, message: bytes) -> bytes:
        # Read each time, not kept: were the secret lost (a flushed Redis),
        # processes holding the old one would derive other ids than the rest.
        pipe = self._redis.pipeline(transaction=False)
        pipe.set(ID_SECRET_KEY, secrets.token_bytes(32), nx=True)
        pipe.get(ID_SECRET_KEY)
        secret = pipe.execute()[1]
        return hmac.new(secret, message, hashlib.sha256).digest()
