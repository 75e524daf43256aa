"""Who a bearer credential is: a player, by their key, or a seat of a match,
by its token or by the player who holds it.

Tested in tests/api/test_players.py, tests/e2e/test_secrets.py.
"""

from collections.abc import Callable

from buttonup import errors
from buttonup.engine import Color, Match, NotSeated
from buttonup.engine.player import Player
from buttonup.store import GameStore, hash_token, is_player_key

SeatFinder = Callable[[Match], Color]


def player_of(store: GameStore, key: str) -> Player:
    """The player whose key this is; Unauthenticated for any other."""
    player = store.authenticate_player(key) if is_player_key(key) else None
    if player is None:
        raise errors.Unauthenticated("a player key is required: POST /v1/players makes one")
    return player


def named_player(store: GameStore, credential: str | None) -> Player | None:
    """The player a bearer credential names where a seat token means nothing
    (create, join): only a player's key does, and a key of no player is
    Unauthenticated."""
    if not credential or not is_player_key(credential):
        return None
    return player_of(store, credential)


def seat_finder(store: GameStore, credential: str | None) -> SeatFinder:
    """How to find the seat a bearer credential belongs to in a match: a
    seat token's hash, or the player a key authenticates (checked once)."""
    if credential is not None and is_player_key(credential):
        try:
            player_id = player_of(store, credential).id
        except errors.Unauthenticated:
            raise NotSeated("a seat token or player key of this game is required") from None
        return lambda match: match.seat_of_player(player_id)
    token_sha256 = hash_token(credential) if credential else None
    return lambda match: match.seat_of(token_sha256)
