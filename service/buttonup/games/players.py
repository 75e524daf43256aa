"""The use cases on a player: create, authenticate, and list their games.

Tested in tests/api/test_players.py, tests/api/test_my_games.py.
"""

from collections.abc import Callable, Iterator

from buttonup import errors
from buttonup.engine import Match, NotSeated, Status
from buttonup.engine.player import Player, agenda_place
from buttonup.games.credentials import player_of
from buttonup.games.idempotency import (
    PLAYER,
    UNSCOPED,
    Idempotency,
    long_enough,
    same_request,
)
from buttonup.games.results import MyGame, MyGamesPage, NewPlayer
from buttonup.store import (
    GameStore,
    SealBroken,
    hash_token,
    new_game_id,
    new_token,
    player_key_of,
)

# The agendas a listing reads (None: every game not finished).
_AGENDAS: dict[Status | None, tuple[Status, ...]] = {
    None: (Status.PLAYING, Status.WAITING),
    Status.PLAYING: (Status.PLAYING,),
    Status.WAITING: (Status.WAITING,),
}


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
        if idempotency is not None:
            context = f"{PLAYER}\n{idempotency.key}"  # what the seal is bound to
            sealed = self._store.seal(secret, context)
            reserved = self._store.reserve(
                UNSCOPED, idempotency.key, f"{idempotency.digest} {player_id} {sealed}"
            )
            if reserved is not None:  # the key's first request's answer
                same_request(reserved.split(" ")[0] == idempotency.digest)
                _, player_id, sealed = reserved.split(" ")
                try:
                    secret, replayed = self._store.unseal(sealed, context), True
                except SealBroken as broken:  # another deployment secret sealed it
                    raise errors.IdempotencyKeyReused(
                        "this Idempotency-Key made a player whose key cannot be told "
                        "again (the deployment's secret changed)"
                    ) from broken
        key = player_key_of(player_id, secret)
        player = Player(player_id, name, hash_token(key), self._clock())
        player = self._store.create_player(player)
        return NewPlayer(player, key, replayed)

    def become_bot(self, key: str) -> Player:
        """The player (by key) a bot account, for good (again: nothing
        changes); RatedGamesPlayed once they have played a rated game."""
        player = player_of(self._store, key)
        if player.bot:
            return player
        now = self._store.player_records.make_bot(player.id)
        if now is None:
            raise errors.PlayerNotFound("the player expired")
        if not now.bot:
            raise errors.RatedGamesPlayed(
                "a player who has played a rated game does not become a bot account"
            )
        return now

    def player(self, key: str) -> Player:
        """The player whose key this is; Unauthenticated for any other."""
        return player_of(self._store, key)

    def records(self, player: Player) -> Iterator[str]:
        """The record of each of the player's games (engine.records), oldest
        first, one at a time: however many there are, one is held at once."""
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
        """A page of the player's games: without `status`, those not finished
        as their agenda ranks them (engine.player.agenda_place: the player's
        turn first, then the nearest deadline, then the longest untouched);
        finished ones newest seat first.
        Only the page's games are read: entries no game backs (a join that
        failed, an expired game) are dropped as they are met."""
        if not self._store.player_agenda_built(player.id):
            self._build_agenda(player)
        if status is Status.FINISHED:
            return self._finished(player, limit, offset)
        ids = self._store.player_agenda(player.id, _AGENDAS[status], offset + limit + 1)
        page = ids[offset : offset + limit]
        mine = self._mine(player, page, lambda match: match.status is not Status.FINISHED)
        return MyGamesPage(mine, offset + limit if len(ids) > offset + limit else None)

    def _finished(self, player: Player, limit: int, offset: int) -> MyGamesPage:
        """Finished games, newest seat first: the index's entries off the
        agenda, read a page at a time until this page is full."""
        ids = self._store.off_player_agenda(player.id, self._store.player_game_ids(player.id))
        found: list[MyGame] = []
        for start in range(0, len(ids), limit + 1):
            chunk = ids[start : start + limit + 1]
            found += self._mine(player, chunk, lambda match: match.status is Status.FINISHED)
            if len(found) > offset + limit:
                break
        page = found[offset : offset + limit]
        return MyGamesPage(page, offset + limit if len(found) > offset + limit else None)

    def _mine(
        self, player: Player, ids: list[str], wanted: Callable[[Match], bool]
    ) -> list[MyGame]:
        """The games of `ids` that seat the player and are `wanted`, in order
        (each brought up to date first); those no game backs are dropped."""
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
            if wanted(match):
                mine.append(MyGame(match, color))
        if stale:
            self._store.drop_player_games(player.id, stale)
        return mine

    def _build_agenda(self, player: Player) -> None:
        """The agenda of a player whose index predates it: once, from every
        game of the index whose end the player has not heard (entries no
        game backs are dropped on the way)."""
        indexed, heard_over = self._store.player_games(player.id)
        ids = [game_id for game_id in indexed if game_id not in heard_over]
        unfinished = self._mine(player, ids, lambda match: match.status is not Status.FINISHED)
        places = {}
        for game in unfinished:
            place = agenda_place(game.match, game.color)
            if place is not None:
                places[game.match.id] = place
        left = heard_over.difference(indexed)
        if left:
            self._store.forget_finished_player_games(player.id, left)
        self._store.place_player_games(player.id, places)
