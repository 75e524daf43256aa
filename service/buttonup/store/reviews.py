"""What review of finished rated games keeps per player (games.reviews):
each reviewed game's figures for the player's seat, the newest REVIEWS_KEPT,
in one sorted set under the player's hash tag scored by when the game
ended (a member is `<game id> <figures>`: adding it again adds nothing);
and the fair-play flags (games.flags), one hash of evidence by player, with
the players off the leaderboards in a set beside it.

Tested in tests/games/test_reviews.py, tests/e2e/test_fair_play_review.py.
"""

from buttonup.engine.review import SeatReview
from buttonup.store.connection import STORAGE_ERRORS, Client
from buttonup.store.review_codec import decode_seat_review, encode_seat_review

REVIEWS_KEPT = 100  # per player, the newest reviewed games
FLAGS_KEY = "buttonup:fair-play:flags"  # player id -> the flag's evidence (JSON)
FLAGGED_KEY = "buttonup:fair-play:flagged"  # the players off the leaderboards


def reviews_key(player_id: str) -> str:
    return f"buttonup:{{player:{player_id}}}:reviews"


class PlayerReviews:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client, ttl_ms: int) -> None:
        self._redis = client
        self._ttl_ms = ttl_ms

    @STORAGE_ERRORS
    def record(self, player_id: str, game_id: str, ended_at: int, seat: SeatReview) -> None:
        figures = encode_seat_review(seat)
        key = reviews_key(player_id)
        pipe = self._redis.pipeline(transaction=False)
        pipe.zadd(key, {f"{game_id} {figures}": ended_at})
        pipe.zremrangebyrank(key, 0, -(REVIEWS_KEPT + 1))
        pipe.pexpire(key, self._ttl_ms)
        pipe.execute()

    @STORAGE_ERRORS
    def recent(self, player_id: str, count: int, since: int = 0) -> list[tuple[str, SeatReview]]:
        """The newest `count` reviewed games ended after `since` (ms), newest first."""
        found = self._redis.zrevrangebyscore(
            reviews_key(player_id), "+inf", f"({since}", start=0, num=count
        )
        games = []
        for member in found:
            game_id, figures = member.decode().split(" ")
            games.append((game_id, decode_seat_review(figures)))
        return games

    @STORAGE_ERRORS
    def flag(self, player_id: str) -> str | None:
        found = self._redis.hget(FLAGS_KEY, player_id)
        return found.decode() if found is not None else None

    @STORAGE_ERRORS
    def set_flag(self, player_id: str, evidence: str, *, off_the_boards: bool) -> None:
        pipe = self._redis.pipeline(transaction=False)
        pipe.hset(FLAGS_KEY, player_id, evidence)
        if off_the_boards:
            pipe.sadd(FLAGGED_KEY, player_id)
        else:
            pipe.srem(FLAGGED_KEY, player_id)
        pipe.execute()

    @STORAGE_ERRORS
    def flags(self, cursor: int, count: int) -> tuple[int, list[tuple[str, str]]]:
        """Some flags from `cursor` (0 first; 0 answered after the last)."""
        cursor, found = self._redis.hscan(FLAGS_KEY, cursor, count=count)
        return int(cursor), [(key.decode(), value.decode()) for key, value in found.items()]

    @STORAGE_ERRORS
    def off_the_boards(self, player_ids: list[str]) -> set[str]:
        """Those of `player_ids` kept off the leaderboards."""
        if not player_ids:
            return set()
        kept_off = self._redis.smismember(FLAGGED_KEY, player_ids)
        return {player_id for player_id, off in zip(player_ids, kept_off, strict=True) if off}
