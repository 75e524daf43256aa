"""What bounds rated play, in Redis: the rated games each player holds in
play (a place per game, by kind: ratings.rated_play says how many of each one
may hold), and the rated games each pair of players started lately.

A place is taken as a rated game starts and dropped once its game is seen
over (or gone, or never started): a script takes it only while the player
holds fewer of its kind than the limit, and answers the places that stand in
the way when not, for the caller to check. Each key lives under the player's
(or the pair's) hash tag; both stay small: a player's places are at most the
limits and the stale ones the next check drops, a pair's starts at most the
day's limit.

Tested in tests/e2e/test_fair_play.py.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from buttonup.kit import STORAGE_ERRORS, Client, LuaScript, lua_source

_TAKE_PLACE = lua_source("rated_place_take", package="buttonup.ratings")
_COUNT_START = lua_source("rated_pair_start", package="buttonup.ratings")


def places_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:rated-in-play"


def pair_key(first_id: str, second_id: str) -> str:
    low, high = sorted((first_id, second_id))
    return f"buttonup:{{pair:{low}:{high}}}:rated-started"


@dataclass(frozen=True, slots=True)
class RatedPlace:
    game_id: str
    taken_at: int  # ms


class RatedPlayStore:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms
        self._take_place = LuaScript(client, _TAKE_PLACE)
        self._count_start = LuaScript(client, _COUNT_START)

    @STORAGE_ERRORS
    def take_place(
        self, player_id: str, game_id: str, kind: str, limit: int, now: int, *, only_check: bool
    ) -> list[RatedPlace]:
        """The player's place for `game_id` (of `kind`) taken, unless they
        hold `limit` of that kind already: those are answered ([] when
        taken, or when `only_check` finds room without taking it)."""
        answer = self._take_place(
            keys=[places_key(player_id)],
            args=[game_id, kind, limit, now, self._ttl_ms, "1" if only_check else ""],
        )
        return _places(answer)

    @STORAGE_ERRORS
    def places_in_the_way(
        self, player_ids: Sequence[str], kind: str, limit: int, now: int
    ) -> dict[str, list[RatedPlace]]:
        """take_place's check for each of these players, in one round trip:
        the places of those who hold `limit` of `kind` already."""
        answers = self._take_place.many(
            [([places_key(p)], ["", kind, limit, now, self._ttl_ms, "1"]) for p in player_ids]
        )
        held = {p: _places(answer) for p, answer in zip(player_ids, answers, strict=True)}
        return {player_id: places for player_id, places in held.items() if places}

    @STORAGE_ERRORS
    def drop_places(self, player_id: str, game_ids: list[str]) -> None:
        if game_ids:
            self._redis.hdel(places_key(player_id), *game_ids)

    @STORAGE_ERRORS
    def count_start(
        self, first_id: str, second_id: str, game_id: str, limit: int, now: int, window_ms: int
    ) -> list[RatedPlace]:
        """The rated game `game_id` counted among the pair's starts within
        `window_ms`, unless `limit` are counted: those are answered then."""
        answer = self._count_start(
            keys=[pair_key(first_id, second_id)], args=[game_id, limit, now, window_ms]
        )
        return _places(answer)

    @STORAGE_ERRORS
    def uncount_starts(self, first_id: str, second_id: str, game_ids: list[str]) -> None:
        if game_ids:
            self._redis.zrem(pair_key(first_id, second_id), *game_ids)


def _places(answer: list[bytes]) -> list[RatedPlace]:
    """A script's answer of game id, ms pairs."""
    return [
        RatedPlace(answer[index].decode(), int(float(answer[index + 1])))
        for index in range(0, len(answer), 2)
    ]
