"""The lobby: public games with an open seat, by creation time. The index is
a hint kept up on create and join; every read checks it against the games
themselves, so concurrent joins and expiry never show through.

Tested in tests/api/test_lobby.py.
"""

from collections.abc import Sequence

from buttonup.store.connection import Client
from buttonup.store.keys import LOBBY_KEY


class Lobby:
    def __init__(self, client: Client, game_ttl_ms: int) -> None:
        self._redis = client
        self._game_ttl_ms = game_ttl_ms

    def list_publicly(self, game_id: str, created_us: int) -> None:
        pipe = self._redis.pipeline(transaction=False)
        # nx: listing again (a replayed create) keeps the game's place.
        pipe.zadd(LOBBY_KEY, {game_id: created_us}, nx=True)
        # Entries older than any game can live are stale whatever they say.
        oldest = created_us - self._game_ttl_ms * 1000
        pipe.zremrangebyscore(LOBBY_KEY, "-inf", oldest)
        pipe.execute()

    def unlist(self, game_ids: Sequence[str]) -> None:
        if game_ids:
            self._redis.zrem(LOBBY_KEY, *game_ids)

    def candidates(self, below: tuple[float, str] | None, count: int) -> list[tuple[str, float]]:
        """Up to `count` entries after `below` (score, id), newest first."""
        top = "+inf" if below is None else below[0]
        # Ties on the score come back in descending id order, as the cursor expects.
        entries = self._redis.zrevrangebyscore(
            LOBBY_KEY, top, "-inf", start=0, num=count + 64, withscores=True
        )
        found = []
        for member, score in entries:
            game_id = member.decode()
            if below is not None and score == below[0] and game_id >= below[1]:
                continue
            found.append((game_id, score))
            if len(found) == count:
                break
        return found
