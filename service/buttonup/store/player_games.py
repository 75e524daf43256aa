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

The games not finished are also on the player's agenda (two sorted sets,
the games in play and those waiting: store.player_events.agenda_key),
scored by each game's rank there (engine.player.agenda_place), which every
relay to the player moves in the same call as its notices: a page of the
player's games costs what the page holds, however many games the player
has. A player whose index predates the agenda has it built once, from the
index (`agenda_built`, `place`).

Every key of a player is bounded, and pruned as it is written: a game that
falls out of the index (the oldest, past GAMES_KEPT) takes its relayed
version, its place among the games heard over and on the agenda with it, in
the same call.
"""

from buttonup.engine import Status
from buttonup.engine.player import AgendaPlace
from buttonup.store.connection import Client
from buttonup.store.player_events import agenda_key, agenda_keys, finished_key, relayed_key
from buttonup.store.scripts import LuaScript, lua_source

GAMES_KEPT = 1000  # per player, the newest seats; older ones fall out

_ADD = lua_source("player_games_add")


def games_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:games"


def agenda_built_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:agenda-built"


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
        keys = [
            games_key(player_id),
            relayed_key(player_id),
            finished_key(player_id),
            *agenda_keys(player_id),
        ]
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
            for key in agenda_keys(player_id):
                pipe.zrem(key, *game_ids)
            pipe.execute()

    def agenda(
        self, player_id: str, statuses: tuple[Status, ...], count: int, newest: int = 0
    ) -> list[str]:
        """The first `count` games of the agenda, of these statuses, by rank;
        then the `newest` seats of the index not among them (a game's first
        relay puts it on the agenda: one whose maker died before relaying
        it is found there alone)."""
        pipe = self._redis.pipeline(transaction=False)
        for status in statuses:
            pipe.zrange(agenda_key(player_id, status), 0, count - 1, withscores=True)
        if newest:
            pipe.zrevrange(games_key(player_id), 0, newest - 1)
        found = pipe.execute()
        ranked = [entry for entries in found[: len(statuses)] for entry in entries]
        ranked.sort(key=lambda entry: (entry[1], entry[0]))
        ids = [member.decode() for member, _ in ranked[:count]]
        seats = [member.decode() for member in found[len(statuses)]] if newest else []
        return ids + [game_id for game_id in seats if game_id not in ids]

    def off_agenda(self, player_id: str, game_ids: list[str]) -> list[str]:
        """Those of `game_ids` on neither agenda (finished, as far as the
        player has heard), in the same order."""
        if not game_ids:
            return []
        pipe = self._redis.pipeline(transaction=False)
        for key in agenda_keys(player_id):
            pipe.zmscore(key, game_ids)
        playing, waiting = pipe.execute()
        return [
            game_id
            for game_id, in_play, open_seat in zip(game_ids, playing, waiting, strict=True)
            if in_play is None and open_seat is None
        ]

    def agenda_built(self, player_id: str) -> bool:
        return bool(self._redis.exists(agenda_built_key(player_id)))

    def place(self, player_id: str, places: dict[str, AgendaPlace]) -> None:
        """The agenda built from the index: these games, so placed."""
        pipe = self._redis.pipeline(transaction=False)
        for game_id, place in places.items():
            pipe.zadd(agenda_key(player_id, place.status), {game_id: place.rank})
        for key in agenda_keys(player_id):
            pipe.pexpire(key, self._ttl_ms)
        pipe.set(agenda_built_key(player_id), 1, px=self._ttl_ms)
        pipe.execute()

    def forget_finished(self, player_id: str, game_ids: set[str]) -> None:
        """Games heard over that left the index (the oldest, past GAMES_KEPT)."""
        if game_ids:
            self._redis.srem(finished_key(player_id), *game_ids)
