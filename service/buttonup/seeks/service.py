"""Play anyone now: a player's seek waits in the pool while their stream is
open, or is paired at once with one that suits it (seeks.store, atomically),
into a new private game with both seats taken for their players; each hears
it on their own stream (`game_start`, with their seat's token: random, kept
sealed beside the game as a rematch's are, opened for the player's stream). A pairing
whose process died before its game was made is completed by the sweep."""

import logging
import secrets
from collections.abc import Callable
from contextlib import AbstractContextManager

from buttonup.kit import (
    Category,
    GameStore,
    Idempotency,
    Pairings,
    Pipeline,
    Player,
    Ports,
    Rating,
    category_of,
    errors,
    local_ms,
    new_game_id,
    player_of,
    reserve_ids,
)
from buttonup.seeks.errors import BotsNotAllowed, SeekNotFound, StreamRequired
from buttonup.seeks.model import (
    NewSeek,
    Seek,
    SeekPlaced,
    colors_of,
    paired_players,
    seek_options,
)
from buttonup.seeks.store import NotAnswerable, NotListening, Pairing, SeekBoard

log = logging.getLogger(__name__)

# A pairing older than this has no process making its game: a sweeper does.
# The scope of a seek's Idempotency-Key (always a player's own).
SEEK_SCOPE = "seek"
PAIRING_SETTLED_MS = 5000
PAIRING_LEASE_MS = 10_000
PAIRING_BATCH = 100


class Seeks:
    def __init__(
        self,
        store: GameStore,
        board: SeekBoard,
        pipeline: Pipeline,
        clock: Callable[[], int],
        ports: Ports,
    ) -> None:
        self._store = store
        self.board = board  # its part of the store (seeks.store)
        self._pipeline = pipeline
        self._clock = clock
        self._ports = ports  # the rated seating (games.ports), filled by whichever wing
        self._pairings = Pairings(store, pipeline, clock, ports)

    def seek(
        self, credential: str | None, new: NewSeek, idempotency: Idempotency | None = None
    ) -> SeekPlaced:
        """The player (by key) seeks a game; their seek of the same category
        is replaced. StreamRequired when their stream is not open. With an
        Idempotency-Key (the player's own), a retry is answered what the
        first request placed (and the game it was paired into, once made),
        and places nothing."""
        player = player_of(self._store, credential or "")
        if player.bot:
            raise BotsNotAllowed("a bot account plays challenges, not seeks")
        (seek_id, game_id), first = reserve_ids(
            self._store, SEEK_SCOPE, player.id, idempotency, (new_game_id(), new_game_id())
        )
        if not first:  # the key's first request's seek
            return self._placed_before(player, new, seek_id, game_id)
        category = category_of(new.clock)
        if new.rated:
            self._ports.seating.may_sit(player.id, category)
        seek = self._seek(seek_id, player, new, self._ports.seating.current(player, category))
        try:
            coin = secrets.randbits(1) == 1
            pairing = self.board.add(seek, game_id, coin, seek.created_at, new.answers)
        except NotAnswerable as refused:
            raise SeekNotFound(
                f"seek {new.answers} is not waiting, or does not suit this one "
                "(its clock, rated, colour or rating range)"
            ) from refused
        except NotListening as refused:
            raise StreamRequired(
                "a seek lives while its player's stream is open: "
                "open GET /v1/players/me/events first"
            ) from refused
        if pairing is None:
            return SeekPlaced(seek)
        try:
            self._complete(pairing)
        except errors.GameError as error:  # paired all the same: the sweep makes the game
            log.warning("pairing %s left to the sweep: %s", pairing.game_id, error)
        return SeekPlaced(seek, pairing.game_id)

    def _seek(self, seek_id: str, player: Player, new: NewSeek, rating: Rating) -> Seek:
        return Seek(
            id=seek_id,
            player_id=player.id,
            name=player.name,
            rating=rating,
            clock=new.clock,
            rated=new.rated,
            created_at=self._clock(),
            rating_range=new.rating_range,
            color=new.color,
        )

    def _placed_before(
        self, player: Player, new: NewSeek, seek_id: str, game_id: str
    ) -> SeekPlaced:
        """What a seek's first request placed: the seek, and the game that
        request paired it into (None: it waited)."""
        seek = self._seek(seek_id, player, new, player.rating(category_of(new.clock)))
        try:
            self._store.load(game_id)
        except errors.GameNotFound:
            return SeekPlaced(seek)
        return SeekPlaced(seek, game_id)

    def cancel(self, credential: str | None, seek_id: str) -> None:
        player = player_of(self._store, credential or "")
        if not self.board.cancel(seek_id, player.id):
            raise SeekNotFound(f"no open seek {seek_id} of this player")

    def open(
        self, category: str | None, limit: int, after: tuple[float, str] | None
    ) -> tuple[list[Seek], tuple[int, str] | None]:
        """A page of the seeks waiting (of one category, or all), oldest
        first, and where the next starts."""
        categories = [Category(category)] if category else list(Category)
        start = (int(after[0]), after[1]) if after is not None else None
        return self.board.open(self._clock(), categories, start, limit)

    def complete_pairings(self) -> int:
        """The pairings a process left without their game: made now."""
        now = self._clock()
        due = self.board.claim_pairings(
            now - PAIRING_SETTLED_MS, PAIRING_BATCH, now + PAIRING_LEASE_MS
        )
        for pairing in due:
            try:
                self._complete(pairing)
            except errors.GameError as error:  # its lease runs out: the next sweep
                log.warning("pairing %s not completed: %s", pairing.game_id, error)
        return len(due)

    def _complete(self, pairing: Pairing) -> None:
        """The paired game made (once: a create of an existing game changes
        nothing), both players told, and the pairing let go."""
        seats = colors_of(pairing.waiting, pairing.found, pairing.coin)
        self._pairings.start(pairing.game_id, seek_options(pairing.waiting), paired_players(seats))
        self.board.pairing_done([pairing.game_id])

    # This process's streams (games.ports.StreamListening): a seek lives
    # while its player listens.

    def listening(self, player_id: str, wake: Callable[[], None]) -> AbstractContextManager[None]:
        return self.board.listening(player_id, wake)

    def keeps_alive(self, player_id: str) -> bool:
        return self.board.seeking(player_id)

    def mark_streams(self) -> None:
        """Every MARK_SECONDS: the players whose stream this process holds."""
        self.board.mark_streams(local_ms())

    def mark_listening(self) -> None:
        """At each beat: those players marked, and which of them seek read again."""
        self.board.mark_listening(local_ms())
