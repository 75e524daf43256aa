"""The use cases on a player: create, authenticate, and list their games."""

from collections.abc import Callable, Iterator

from buttonup import errors
from buttonup.engine import Match, NotSeated, Status
from buttonup.engine.player import Player
from buttonup.games.credentials import player_of
from buttonup.games.idempotency import PLAYER, Idempotency, long_enough, same_request
from buttonup.games.results import MyGame, MyGamesPage, NewPlayer
from buttonup.games.store_errors import STORE_ERRORS
from buttonup.store import GameStore, hash_token, new_game_id, new_token, player_key_of


class Players:
    def __init__(
        self,
        store: GameStore,
        clock: Callable[[], int],
        in_time: Callable[[Match], Match],
        record: Callable[[str], str],
    ) -> None:
        self._store = store
        self._clock = clock
        self._in_time = in_time
        self._record = record

    def create_player(self, name: str | None, idempotency: Idempotency | None) -> NewPlayer:
        """A new player with a random id and key. A retry within the
        idempotency TTL gets the same player, and the key opened from the
        seal its reservation keeps; after it, the Idempotency-Key is new."""
        long_enough(idempotency, None)
        player_id, secret = new_game_id(), new_token()
        replayed = False
        with STORE_ERRORS:
            if idempotency is not None:
                context = f"{PLAYER}\n{idempotency.key}"
                sealed = self._store.seal(secret, context)
                reserved = self._store.reserve(
                    PLAYER, idempotency.key, f"{idempotency.digest} {player_id} {sealed}"
                )
                if reserved is not None:  # the key's first request's player
                    digest, player_id, sealed = reserved.split(" ")
                    same_request(digest == idempotency.digest)
                    secret, replayed = self._store.unseal(sealed, context), True
            key = player_key_of(player_id, secret)
            player = Player(player_id, name, hash_token(key), self._clock())
            player = self._store.create_player(player)
        return NewPlayer(player, key, replayed)

    def player(self, key: str) -> Player:
        """The player whose key this is; Unauthenticated for any other."""
        return player_of(self._store, key)

    def records(self, player: Player) -> Iterator[str]:
        """The record of each of the player's games (engine.records), oldest
        first, one at a time: however many there are, one is held at once."""
        with STORE_ERRORS:
            ids = self._store.player_game_ids(player.id)
        return self._each_record(list(reversed(ids)))

    def _each_record(self, game_ids: list[str]) -> Iterator[str]:
        for game_id in game_ids:
            try:
                yield self._record(game_id)
            except errors.GameNotFound:  # expired since it was listed
                continue

    def my_games(
        self, player: Player, status: Status | None, limit: int, offset: int
    ) -> MyGamesPage:
        """The player's games: without `status`, every game not finished,
        those where it is the player's turn first, then the nearest deadline,
        then the longest waiting; finished ones newest first. Entries of the
        index that no game backs (a join that failed, an expired game) are
        dropped as they are met."""
        with STORE_ERRORS:
            indexed, heard_over = self._store.player_games(player.id)
            ids = indexed
            if status is not Status.FINISHED:  # a finished game stays finished
                ids = [game_id for game_id in indexed if game_id not in heard_over]
            matches = self._store.load_many(ids)
        mine, stale = [], []
        for game_id in ids:
            match = matches[game_id]
            try:
                color = match.seat_of_player(player.id) if match is not None else None
            except NotSeated:
                color = None
            if match is None or color is None:
                stale.append(game_id)
                continue
            match = self._in_time(match)
            if (status is None and match.status is not Status.FINISHED) or match.status is status:
                mine.append(MyGame(match, color))
        with STORE_ERRORS:
            if stale:
                self._store.drop_player_games(player.id, stale)
            left = heard_over.difference(indexed)
            if left:
                self._store.forget_finished_player_games(player.id, left)
        if status is Status.FINISHED:
            mine.sort(key=lambda item: (-item.match.updated_at, item.match.id))
        else:
            never = float("inf")
            mine.sort(
                key=lambda item: (
                    not item.my_turn,
                    item.match.deadline if item.match.deadline is not None else never,
                    item.match.updated_at,
                    item.match.id,
                )
            )
        page = mine[offset : offset + limit]
        more = len(mine) > offset + limit
        return MyGamesPage(page, offset + limit if more else None)
