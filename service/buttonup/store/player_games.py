"""A player's games: the ids of the games where the player holds a seat, in a
sorted set under the player's hash tag, scored by when the seat was taken.

On a Redis Cluster the player's keys live on another slot than the game's,
so the game's commit cannot change the index in the same call. The index is
written *before* the commit that seats the player, so no seat is ever
missing from it; what a failed commit leaves behind is an entry whose game
does not seat the player, and every read checks each entry against its game
and drops those (and those of games that expired). Adding is idempotent, so
a retried commit adds nothing twice.

Beside it, the games whose end the player has heard (store.player_events
adds each as its `game_over` is relayed), so that listing the games not
finished reads only those: a player's index keeps up to GAMES_KEPT games,
most of them over. A game over whose end was not relayed yet is simply read,
and found over.

Every key of a player is bounded, and pruned as it is written: a game that
falls out of the index (the oldest, past GAMES_KEPT) takes its relayed
version and its place among the games heard over with it, in the same call.
"""

from buttonup.store.connection import Client
from buttonup.store.player_events import finished_key, relayed_key
from buttonup.store.scripts import LuaScript, lua_source

GAMES_KEPT = 1000  # per player, the newest seats; older ones fall out

_ADD = lua_source("player_games_add")


def games_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:games"


class PlayerGames:
    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms
        self._add = LuaScript(client, _ADD)

    def add(self, player_id: str, game_id: str, at: int, relay_after: int) -> None:
        """The game in the player's index; what the player hears of it starts
        after version `relay_after` (store.player_events)."""
        # NX: a retry keeps the first instant. The keys live as long as the
        # player's newest game may.
        keys = [games_key(player_id), relayed_key(player_id), finished_key(player_id)]
        self._add(keys=keys, args=[game_id, at, relay_after, GAMES_KEPT, self._ttl_ms])

    def ids(self, player_id: str) -> list[str]:
        """Every entry, newest seat first."""
        return [member.decode() for member in self._redis.zrevrange(games_key(player_id), 0, -1)]

    def listed(self, player_id: str) -> tuple[list[str], set[str]]:
        """Every entry, newest seat first, and the games whose end the player
        has heard (some may have left the index since)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zrevrange(games_key(player_id), 0, -1)
        pipe.smembers(finished_key(player_id))
        entries, finished = pipe.execute()
        return [member.decode() for member in entries], {member.decode() for member in finished}

    def drop(self, player_id: str, game_ids: list[str]) -> None:
        if game_ids:
            pipe = self._redis.pipeline(transaction=False)
            pipe.zrem(games_key(player_id), *game_ids)
            pipe.hdel(relayed_key(player_id), *game_ids)
            pipe.srem(finished_key(player_id), *game_ids)
            pipe.execute()

    def forget_finished(self, player_id: str, game_ids: set[str]) -> None:
        """Games heard over that left the index (the oldest, past GAMES_KEPT)."""
        if game_ids:
            self._redis.srem(finished_key(player_id), *game_ids)
