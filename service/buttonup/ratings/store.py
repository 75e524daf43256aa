"""Ratings in Redis: each player's, the rated games applied to them, their
history, the leaderboards, and each player's rated games whose end may not
be applied to them yet.

A player's ratings live in the player's record (store.players), so that they
last as long as the player does; beside it, under the player's hash tag, the
games applied (each once: the one guard against applying a game twice) and
the history. A rated game's end changes both players' records, which on a
Redis Cluster live on other slots than the game: so the game is marked
(store.marks) and listed among each player's unsettled games (`expect`)
before the commit that ends it, and each player's change is applied after
it (`apply`, idempotent by game, which takes it off the list).

A leaderboard is a sorted set per category, written after each change
(`place`): each entry carries the games count it is as of, and an older one
never replaces a newer, so that entries written out of order settle right.

Tested in tests/ratings/test_ends.py.
"""

from collections.abc import Sequence
from enum import IntEnum

import orjson

from buttonup.kit import (
    STORAGE_ERRORS,
    Category,
    Client,
    LuaScript,
    Rating,
    decode_rating,
    encode_rating,
    lua_source,
    record_key,
)
from buttonup.ratings.model import RatedGame

HISTORY_KEPT = 1000  # per player, the newest rated games

_APPLY = lua_source("rating_apply", HISTORY_KEPT=HISTORY_KEPT, package="buttonup.ratings")
_PLACE = lua_source("leaderboard_set", package="buttonup.ratings")
_END_TURN = lua_source("rating_turn_end", package="buttonup.ratings")


# Where rated ends were marked before the marks were one (store.marks): an
# entry an earlier release left there is carried over by the sweep.
LEGACY_PENDING_KEY = "buttonup:{ratings}:pending"


def applied_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:rated"


def history_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:rating-history"


def unsettled_key(player_id: str) -> str:
    """The player's rated games whose end may not be applied to them yet."""
    return f"buttonup:{{player:{player_id}}}:unsettled"


def turn_key(player_id: str) -> str:
    """Held while one of the player's rated games ends and is rated."""
    return f"buttonup:{{player:{player_id}}}:rating-turn"


def board_key(category: Category) -> str:
    return f"buttonup:{{leaderboard:{category.value}}}:top"


def board_games_key(category: Category) -> str:
    return f"buttonup:{{leaderboard:{category.value}}}:games"


class Applied(IntEnum):
    """rating_apply.lua's first answer."""

    GONE = 0  # no such player
    CHANGED = 1  # the stored rating is not the one read: {1, the one stored}
    APPLIED = 2  # applied before (once per game): {2, the one stored}
    DONE = 3  # applied now: {3, the one stored}


class RatingStore:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms
        self._apply = LuaScript(client, _APPLY)
        self._place = LuaScript(client, _PLACE)
        self._end_turn = LuaScript(client, _END_TURN)

    @STORAGE_ERRORS
    def take_turn(self, player_id: str, holder: str, lease_ms: int) -> bool:
        """The player's turn to have a rated game end, for `holder`, until
        it lets go or `lease_ms` pass; False while another holds it."""
        return bool(self._redis.set(turn_key(player_id), holder, nx=True, px=lease_ms))

    @STORAGE_ERRORS
    def end_turn(self, player_id: str, holder: str) -> None:
        self._end_turn(keys=[turn_key(player_id)], args=[holder])

    @STORAGE_ERRORS
    def expect(self, game_id: str, player_ids: Sequence[str]) -> None:
        """A commit is about to end the rated game `game_id` between these
        players: among each one's unsettled games, so that their next rated
        game applies it first (ratings.service)."""
        pipe = self._redis.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.sadd(unsettled_key(player_id), game_id)
            pipe.pexpire(unsettled_key(player_id), self._ttl_ms)
        pipe.execute()

    @STORAGE_ERRORS
    def legacy_pending(self, count: int) -> list[tuple[str, int]]:
        """Up to `count` rated ends an earlier release marked, with when."""
        found = self._redis.zrange(LEGACY_PENDING_KEY, 0, count - 1, withscores=True)
        return [(game_id.decode(), int(at)) for game_id, at in found]

    @STORAGE_ERRORS
    def forget_legacy(self, game_ids: Sequence[str]) -> None:
        if game_ids:
            self._redis.zrem(LEGACY_PENDING_KEY, *game_ids)

    @STORAGE_ERRORS
    def unsettled(self, player_id: str) -> list[str]:
        return sorted(member.decode() for member in self._redis.smembers(unsettled_key(player_id)))

    @STORAGE_ERRORS
    def forget_unsettled(self, game_id: str, player_ids: Sequence[str]) -> None:
        """A game marked whose end never landed: out of its players' sets."""
        pipe = self._redis.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.srem(unsettled_key(player_id), game_id)
        pipe.execute()

    @STORAGE_ERRORS
    def apply(
        self,
        player_id: str,
        game_id: str,
        category: Category,
        read: Rating | None,
        after: Rating,
        won: bool,
        at: int,
    ) -> tuple[Applied, Rating | None]:
        """Write `after` as the player's rating in `category` for `game_id`,
        if the stored one is still `read` (None: none yet) and the game was
        not applied before. Answers what happened (Applied) and the rating
        stored."""
        entry = orjson.dumps(
            {"g": game_id, "c": category.value, "a": at, "r": encode_rating(after), "w": won}
        )
        answer = self._apply(  # idempotent by game: safe to send again
            keys=[
                record_key(player_id),
                applied_key(player_id),
                history_key(player_id),
                unsettled_key(player_id),
            ],
            args=[
                game_id,
                category.value,
                encode_rating(read) if read is not None else "",
                encode_rating(after),
                "w" if won else "l",
                entry,
                self._ttl_ms,
            ],
        )
        kind = Applied(answer[0])
        stored = answer[1].decode() if len(answer) > 1 and answer[1] else ""
        return kind, decode_rating(stored) if stored else None

    @STORAGE_ERRORS
    def place(self, player_id: str, category: Category, rating: Rating) -> None:
        """The player on the category's leaderboard (off it while provisional)."""
        self._place(
            keys=[board_key(category), board_games_key(category)],
            args=[
                player_id,
                repr(rating.rating),
                rating.games,
                "1" if rating.provisional else "0",
            ],
        )

    @STORAGE_ERRORS
    def top(self, category: Category, count: int) -> list[tuple[str, float]]:
        """The category's best `count`, best first: player id and rating."""
        entries = self._redis.zrevrange(board_key(category), 0, count - 1, withscores=True)
        return [(member.decode(), score) for member, score in entries]

    @STORAGE_ERRORS
    def drop(self, category: Category, player_ids: Sequence[str]) -> None:
        """Players gone (their records expired) off the category's board."""
        if player_ids:
            pipe = self._redis.pipeline(transaction=False)
            pipe.zrem(board_key(category), *player_ids)
            pipe.hdel(board_games_key(category), *player_ids)
            pipe.execute()

    @STORAGE_ERRORS
    def history(self, player_id: str, count: int) -> list[RatedGame]:
        """The player's newest `count` rated games, oldest first."""
        entries = self._redis.lrange(history_key(player_id), -count, -1)
        found = []
        for entry in entries:
            plain = orjson.loads(entry)
            found.append(
                RatedGame(
                    plain["g"],
                    Category(plain["c"]),
                    plain["a"],
                    decode_rating(plain["r"]),
                    plain["w"],
                )
            )
        return found
