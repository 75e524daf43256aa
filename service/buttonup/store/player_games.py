"""A player's games: the ids of the games where the player holds a seat, in a
sorted set under the player's hash tag, scored by when the seat was taken.

On a Redis Cluster the player's keys live on another slot than the game's,
so the game's commit cannot change the index in the same call. The index is
written *before* the commit that seats the player, so no seat is ever
missing from it; what a failed commit leaves behind is an entry whose game
does not seat the player, and every read checks each entry against its game
and drops those (and those of games that expired). Adding is idempotent, so
a retried commit adds nothing twice.
"""

from buttonup.store.connection import Client
from buttonup.store.player_events import relayed_key

GAMES_KEPT = 1000  # per player, the newest seats; older ones fall out


def games_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:games"


class PlayerGames:
    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms

    def add(self, player_id: str, game_id: str, at: int, relay_after: int) -> None:
        """The game in the player's index; what the player hears of it starts
        after version `relay_after` (store.player_events)."""
        key = games_key(player_id)
        pipe = self._redis.pipeline(transaction=False)
        pipe.zadd(key, {game_id: at}, nx=True)  # a retry keeps the first instant
        pipe.zremrangebyrank(key, 0, -(GAMES_KEPT + 1))
        pipe.pexpire(key, self._ttl_ms)  # as long as the player's newest game may live
        pipe.hsetnx(relayed_key(player_id), game_id, relay_after)
        pipe.pexpire(relayed_key(player_id), self._ttl_ms)
        pipe.execute()

    def ids(self, player_id: str) -> list[str]:
        """Every entry, newest seat first."""
        return [member.decode() for member in self._redis.zrevrange(games_key(player_id), 0, -1)]

    def drop(self, player_id: str, game_ids: list[str]) -> None:
        if game_ids:
            pipe = self._redis.pipeline(transaction=False)
            pipe.zrem(games_key(player_id), *game_ids)
            pipe.hdel(relayed_key(player_id), *game_ids)
            pipe.execute()
