"""What each player hears of their games, in a stream per player under the
player's hash tag (`buttonup:{player:<id>}:events`), with the version of
each game last relayed to it (`...:relayed`) and the games whose end it
relayed (`...:finished`, store.player_games).

On one Redis the game's commit script relays the commit itself (RELAY_LUA),
in the same atomic call: nothing is ever left to relay. On a Redis Cluster
the player's keys live on another slot than the game's, so relaying cannot
be part of the commit: the process that made it relays it after it is
stored. It is made exactly-once and in order by the relayed versions: one
Lua call per player appends a game's notices only when they follow the
version last relayed for that game, and moves that version on. A relay that
finds a gap (a version another process has not relayed yet, or never will:
it died between commit and relay) appends nothing; the caller then relays
the missing versions too, rebuilt from the game's log. The version a
player's relaying starts from is set when the game enters the player's index
(store.player_games), before the commit that seats the player.

On one Redis every relay also rings a doorbell (`DOORBELL_KEY`, a stream
naming the players' streams it appended to), in the same call: a process's
feed then blocks on the doorbell alone and reads just the streams it names,
however many players' streams it serves (store.feed). On a cluster the
doorbell would live on a slot of its own, so there the feed names every
stream it serves in each read.
"""

import functools
from collections.abc import Sequence
from typing import NamedTuple

import orjson
import redis

from buttonup.engine import PLAYERS, Color, EndReason, Status
from buttonup.engine.options import Origin
from buttonup.engine.player import AgendaPlace, Notice, PlayerEventName
from buttonup.store.connection import Client
from buttonup.store.earlier import earlier_origin
from buttonup.store.scripts import LuaScript, lua_source

EVENTS_KEPT = 1000  # per player, about; a stream resumed from before them starts afresh
DOORBELL_KEY = "buttonup:players:doorbell"
# Rings kept, about: ten seconds of a thousand commits a second, far more than
# a feed ever falls behind (and a feed that does reads every stream it serves).
DOORBELL_KEPT = 10000
GAP = -1  # what a relay answers when versions before its own were not relayed yet


def events_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:events"


def relayed_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:relayed"


def agenda_key(player_id: str, status: Status) -> str:
    """The player's games waiting, or in play, each scored by its rank on the
    player's agenda (engine.player.agenda_place): a page costs what it holds."""
    return f"buttonup:{{player:{player_id}}}:agenda:{status.value}"


def agenda_keys(player_id: str) -> tuple[str, str]:
    """The agenda of the player's games in play, and of those waiting."""
    return agenda_key(player_id, Status.PLAYING), agenda_key(player_id, Status.WAITING)


def finished_key(player_id: str) -> str:
    """The player's games whose end the player has heard (a set): a list of
    the games not finished need not read these (store.player_games)."""
    return f"buttonup:{{player:{player_id}}}:finished"


@functools.lru_cache(maxsize=4096)
def relay_keys(player_id: str) -> tuple[str, ...]:
    """The keys a relay to the player writes, in RELAY_LUA's order. Kept:
    every commit of a player's game names them."""
    return (
        events_key(player_id),
        relayed_key(player_id),
        finished_key(player_id),
        *agenda_keys(player_id),
    )


_RELAY = lua_source("relay", "relay_lib", DOORBELL_KEPT=DOORBELL_KEPT)


class Relay(NamedTuple):
    """A game's versions `first`..`last` as one player hears them (the relays
    of one call share the game and the versions). A tuple: one is made for
    each seated player of every commit."""

    player_id: str
    game_id: str
    first: int
    last: int
    notices: Sequence[Notice]
    place: AgendaPlace | None = None  # on the player's agenda at `last`; None: finished


def encode_notice(notice: Notice) -> bytes:
    plain: dict[str, object] = {"g": notice.game_id, "c": notice.color.value}
    optional = {
        "t": notice.deadline,
        "w": notice.winner.value if notice.winner else None,
        "r": notice.end_reason.value if notice.end_reason else None,
        "b": notice.by.value if notice.by else None,
        "x": notice.next_game_id,
        "d": [notice.rating_diff[color] for color in PLAYERS] if notice.rating_diff else None,
        "o": [notice.origin.wing, notice.origin.id] if notice.origin else None,
    }
    plain.update({key: value for key, value in optional.items() if value is not None})
    return orjson.dumps(plain)


def decode_notice(version: int, name: str, data: str) -> Notice:
    plain = orjson.loads(data)
    return Notice(
        name=PlayerEventName(name),
        game_id=plain["g"],
        version=version,
        color=Color(plain["c"]),
        deadline=plain.get("t"),
        winner=Color(plain["w"]) if "w" in plain else None,
        end_reason=EndReason(plain["r"]) if "r" in plain else None,
        by=Color(plain["b"]) if "b" in plain else None,
        next_game_id=plain.get("x"),
        # Rounded: an earlier release kept the exact change.
        rating_diff={color: round(diff) for color, diff in zip(PLAYERS, plain["d"], strict=True)}
        if plain.get("d")
        else None,
        origin=Origin(*plain["o"]) if "o" in plain else earlier_origin(plain.get("T")),
    )


class PlayerEvents:
    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms
        self._relay = LuaScript(client, _RELAY)
        self._cluster = isinstance(client, redis.RedisCluster)

    @property
    def in_commit(self) -> bool:
        """Whether the game's commit relays (on one Redis, where one script may
        touch the players' keys too): then in the same atomic call, so that
        nothing is ever left to relay."""
        return not self._cluster

    @property
    def doorbell(self) -> str | None:
        """The key every relay rings, where there is one (store.feed)."""
        return None if self._cluster else DOORBELL_KEY

    def written_with_the_game(self, relays: Sequence[Relay]) -> tuple[list[str], bytes]:
        """What a game's create or commit writes of `relays` itself (`in_commit`):
        the payload's keys and the payload; none where relays follow it."""
        return self.payload(relays) if relays and self.in_commit else ([], b"")

    def payload(self, relays: Sequence[Relay]) -> tuple[list[str], bytes]:
        """The keys and the payload of RELAY_LUA for relays of one commit,
        the doorbell last where there is one."""
        keys: list[str] = []
        for relay in relays:
            keys += relay_keys(relay.player_id)
        if self.doorbell is not None:
            keys.append(self.doorbell)
        first = relays[0]
        plain = {
            "g": first.game_id,
            "f": first.first,
            "l": first.last,
            "t": self._ttl_ms,
            "k": EVENTS_KEPT,
            "o": PlayerEventName.GAME_OVER.value,
            "p": [
                [
                    [notice.version, notice.name.value, encode_notice(notice).decode()]
                    for notice in relay.notices
                ]
                for relay in relays
            ],
            "r": [-1 if relay.place is None else relay.place.rank for relay in relays],
            "w": [
                relay.place is not None and relay.place.status is Status.WAITING for relay in relays
            ],
        }
        return keys, orjson.dumps(plain)

    def relay(self, relays: Sequence[Relay]) -> list[Relay]:
        """Append each relay's notices (all of one game's commit: in one call
        on one Redis, one per player on a cluster); the relays that found a
        gap and wrote nothing."""
        if not relays:
            return []
        groups = [[relay] for relay in relays] if self._cluster else [list(relays)]
        gaps = []
        for group in groups:
            keys, payload = self.payload(group)
            answers = self._relay(keys, [payload, "0" if self.doorbell is None else "1"])
            gaps += [relay for relay, added in zip(group, answers, strict=True) if added == GAP]
        return gaps

    def relayed(self, player_id: str) -> dict[str, int]:
        """The version last relayed, by game."""
        found = self._redis.hgetall(relayed_key(player_id))
        return {game_id.decode(): int(version) for game_id, version in found.items()}

    def bounds(self, player_id: str) -> tuple[str, str] | None:
        """The ids of the stream's first and last entries; None when it is empty."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.xrange(events_key(player_id), "-", "+", count=1)
        pipe.xrevrange(events_key(player_id), "+", "-", count=1)
        first, last = pipe.execute()
        if not first or not last:
            return None
        return first[0][0].decode(), last[0][0].decode()
