"""Seeks in Redis: every key on one slot (`{seeks}`), so that one script
pairs two seeks atomically, on one Redis or a cluster, whichever process
or replica runs it: no seek is paired twice and none waits while a seek it
suits is open (seeks.model says which suit each other).

- the seeks, by id, as JSON; a pool per category, by when each was made,
  and the same seeks by rating, apart by the colour each asks for: a new
  seek reads only the pools its colour allows, and in each only the
  NEAREST_READ seeks on either side of its rating within its range, so that
  placing one costs what it reads, however many wait (of those it reads, the
  oldest that suits is its opponent); each player's seek per category (a
  second replaces the first);
- who has a stream open (seeks.listening): each process beats, and is
  named beside each player whose stream it holds as the stream opens, and
  no longer as the last one closes (a hang-up is seen as it happens:
  buttonup.hang_ups); a seek whose player's processes have not beaten
  within MARK_MS (dead) is neither shown nor paired, and the next script
  that meets it after UNHEARD_SEEK_MS drops it;
- the pairings made and not yet completed: the script keeps the two seeks
  with the new game's id, until the game is made (`pairing_done`); a
  sweeper completes what a process that died left (`claim_pairings`).
"""

from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from enum import IntEnum

import orjson

from buttonup.kit import (
    STORAGE_ERRORS,
    Category,
    Client,
    Color,
    Held,
    LuaScript,
    Options,
    StorageUnavailable,
    decode_rating,
    encode_rating,
    local_ms,
    lua_source,
)
from buttonup.seeks.listening import LISTENING_KEY, MARK_MS, PROCESSES_KEY, Listeners
from buttonup.seeks.model import Seek

# A seek of a player not listening is never paired nor shown, and dropped
# once they have not listened for this long.
UNHEARD_SEEK_MS = 60_000
SEEKS_KEY = "buttonup:{seeks}:seeks"
BY_PLAYER_KEY = "buttonup:{seeks}:by-player"
PAIRINGS_KEY = "buttonup:{seeks}:pairings"
PAIRINGS_DUE_KEY = "buttonup:{seeks}:pairings-due"
CATEGORIES = list(Category)

_ADD = lua_source("seek_add", "listening_lib", "seek_lib", package="buttonup.seeks")
_CANCEL = lua_source("seek_cancel", "listening_lib", "seek_lib", package="buttonup.seeks")
_CLAIM = lua_source("seek_claim", "lease_lib", package="buttonup.seeks")


# Seeks of one pool made in the same millisecond a page may have to read past.
SAME_MS = 16
# Seeks a new one reads on each side of its rating, in each pool it may pair from.
NEAREST_READ = 32
COLOURS_ASKED = ("red", "black", "")  # the rated pools' order, as seek_lib.lua's


class SeekAdded(IntEnum):
    """seek_add.lua's first answer."""

    NOT_LISTENING = 0  # the player's stream is not open: nothing changed
    WAITING = 1
    PAIRED = 2  # {2, the seek it was paired with}
    NOT_ANSWERABLE = 3  # the seek it answers is gone or does not suit: nothing changed


def pool_key(category: Category) -> str:
    return f"buttonup:{{seeks}}:pool:{category.value}"


def rated_pool_key(category: Category, colour: str) -> str:
    return f"buttonup:{{seeks}}:by-rating:{category.value}:{colour or 'any'}"


_KEYS = [
    SEEKS_KEY,
    BY_PLAYER_KEY,
    LISTENING_KEY,
    PAIRINGS_KEY,
    PAIRINGS_DUE_KEY,
    PROCESSES_KEY,
    *(pool_key(category) for category in CATEGORIES),
    *(rated_pool_key(category, colour) for category in CATEGORIES for colour in COLOURS_ASKED),
]


class NotListening(Exception):
    """A seek by a player with no stream open: it would be gone at once."""


class NotAnswerable(Exception):
    """A seek answering one that is gone, or that does not suit it."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two seeks paired: the one that waited, the one that found it, and the
    coin that draws colours when neither asks for one."""

    game_id: str
    waiting: Seek
    found: Seek
    coin: bool


def encode_seek(seek: Seek) -> bytes:
    clock = Options(clock=seek.clock).to_plain().get("clock")
    plain: dict[str, object] = {
        "i": seek.id,
        "p": seek.player_id,
        "n": seek.name,
        "r": seek.rating.rating,
        "R": encode_rating(seek.rating),
        "c": clock,
        "d": seek.rated,
        # What two seeks must share to be paired: the clock and `rated`.
        "g": orjson.dumps([clock, seek.rated]).decode(),
        "o": seek.color.value if seek.color else "",
        "t": seek.created_at,
        "k": CATEGORIES.index(seek.category),
    }
    if seek.rating_range is not None:
        plain["lo"], plain["hi"] = seek.rating_range
    return orjson.dumps(plain)


def decode_seek(data: bytes | str) -> Seek:
    plain = orjson.loads(data)
    return Seek(
        id=plain["i"],
        player_id=plain["p"],
        name=plain["n"],
        rating=decode_rating(plain["R"]),
        clock=Options.from_plain({"clock": plain["c"]}).clock,
        rated=plain["d"],
        created_at=plain["t"],
        rating_range=(plain["lo"], plain["hi"]) if "lo" in plain else None,
        color=Color(plain["o"]) if plain["o"] else None,
    )


def _pairing(game_id: str, record: bytes) -> Pairing:
    coin, waiting, found = record.split(b"\n")
    return Pairing(game_id, decode_seek(waiting), decode_seek(found), coin == b"1")


class SeekBoard:
    """Every method raises the store's own errors (store.errors)."""

    def __init__(self, client: Client) -> None:
        self._redis = client
        self.listeners = Listeners(client)
        # Players whose stream this process holds (how many streams each),
        # how to wake each stream, and which of those players seek.
        self._listening: Counter[str] = Counter()
        self._wakers: dict[str, list[Callable[[], None]]] = {}
        self._seeking: set[str] = set()
        self._add = LuaScript(client, _ADD)
        self._cancel = LuaScript(client, _CANCEL)
        self._claim = LuaScript(client, _CLAIM)

    @STORAGE_ERRORS
    def add(
        self, seek: Seek, game_id: str, coin: bool, now: int, answers: str | None = None
    ) -> Pairing | None:
        """Place `seek` (None: it waits), or pair it at once with the first
        open seek that suits it (the one it `answers`, when it names one): a
        Pairing for the game `game_id`. NotListening when the player has no
        stream open, NotAnswerable when the seek it answers is gone or does
        not suit: nothing changed."""
        data = encode_seek(seek)
        answer = self._add(
            keys=_KEYS,
            args=[
                now,
                MARK_MS,
                data,
                seek.id,
                game_id,
                "1" if coin else "0",
                UNHEARD_SEEK_MS,
                NEAREST_READ,
                answers or "",
            ],
        )
        if answer[0] == SeekAdded.NOT_LISTENING:
            raise NotListening(seek.player_id)
        if answer[0] == SeekAdded.NOT_ANSWERABLE:
            raise NotAnswerable(answers)
        if answer[0] == SeekAdded.WAITING:
            if seek.player_id in self._listening:  # its stream is here: at once
                self._now_seeking(self._seeking | {seek.player_id})
            return None
        return Pairing(game_id, decode_seek(answer[1]), seek, coin)

    @STORAGE_ERRORS
    def cancel(self, seek_id: str, player_id: str) -> bool:
        """The player's seek out; False when it is not theirs, or not open."""
        return bool(self._cancel(keys=_KEYS, args=[seek_id, player_id]))

    @STORAGE_ERRORS
    def open(
        self,
        now: int,
        categories: Sequence[Category],
        after: tuple[int, str] | None,
        limit: int,
    ) -> tuple[list[Seek], tuple[int, str] | None]:
        """A page of the open seeks of these categories, oldest first, after
        the seek at `after` (when it was made, its id): those of players whose
        stream is open, at most `limit`, and where the next page starts (None
        on the last). It reads `limit` + 1 seeks of each category's pool."""
        low = after[0] if after is not None else "-inf"
        pipe = self._redis.pipeline(transaction=False)
        for category in categories:
            # Seeks made in the same millisecond as `after` come again: skipped below.
            pipe.zrangebyscore(
                pool_key(category), low, "+inf", start=0, num=limit + 1 + SAME_MS, withscores=True
            )
        found = sorted(
            (int(score), member.decode())
            for pool in pipe.execute()
            for member, score in pool
            if after is None or (int(score), member.decode()) > after
        )
        page, more = found[:limit], len(found) > limit
        if not page:
            return [], None
        stored = self._redis.hmget(SEEKS_KEY, [seek_id for _, seek_id in page])
        seeks = [decode_seek(data) for data in stored if data is not None]
        heard = self.listeners.listening([seek.player_id for seek in seeks], now)
        listed = [seek for seek, listening in zip(seeks, heard, strict=True) if listening]
        return listed, page[-1] if more else None

    def listening(self, player_id: str, wake: Callable[[], None] = lambda: None) -> Held:
        """While the player's stream is open here: their seeks live. `wake`
        is called when the player starts seeking (the stream then keeps its
        keep-alives close: `seeking`)."""
        return Held(self._stream_opened, self._stream_closed, player_id, wake)

    def _stream_opened(self, player_id: str, wake: Callable[[], None]) -> None:
        self._listening[player_id] += 1
        self._wakers.setdefault(player_id, []).append(wake)
        if self._listening[player_id] == 1:  # the first here
            try:
                self.listeners.listen([player_id], local_ms())
            except BaseException:
                self._stream_closed(player_id, wake)
                raise

    def _stream_closed(self, player_id: str, wake: Callable[[], None]) -> None:
        self._wakers[player_id].remove(wake)
        self._listening[player_id] -= 1
        if self._listening[player_id] <= 0:
            del self._listening[player_id], self._wakers[player_id]
            with suppress(StorageUnavailable):  # else pruned once this process is gone
                self.listeners.unlisten(player_id)

    def seeking(self, player_id: str) -> bool:
        """Whether the player had a seek open when this process last looked
        (each beat, and as a seek of theirs is placed here)."""
        return player_id in self._seeking

    def mark_streams(self, now: int) -> None:
        """Every MARK_SECONDS: this process beats while it holds a stream
        (seeks.listening)."""
        if self._listening:
            self.listeners.beat(now, list(self._listening))

    def mark_listening(self, now: int) -> None:
        """At each beat: which players whose stream this process holds seek
        is read again, and a page of who listens is pruned."""
        self.listeners.prune(now)
        if not self._listening:  # no stream here to keep alive: nobody to look up
            self._now_seeking(set())
            return
        seeking = {field.decode().rsplit(":", 1)[0] for field in self._seekers()}
        self._now_seeking(seeking & set(self._listening))

    def _now_seeking(self, seeking: set[str]) -> None:
        started = seeking - self._seeking
        self._seeking = seeking
        for player_id in started:
            for wake in self._wakers.get(player_id, ()):
                wake()

    @STORAGE_ERRORS
    def _seekers(self) -> list[bytes]:
        return self._redis.hkeys(BY_PLAYER_KEY)

    @STORAGE_ERRORS
    def claim_pairings(self, up_to: int, count: int, lease_end: int) -> list[Pairing]:
        found = self._claim(keys=[PAIRINGS_KEY, PAIRINGS_DUE_KEY], args=[up_to, count, lease_end])
        return [
            _pairing(found[index].decode(), found[index + 1]) for index in range(0, len(found), 2)
        ]

    @STORAGE_ERRORS
    def pairing_done(self, game_ids: Sequence[str]) -> None:
        pipe = self._redis.pipeline(transaction=False)
        pipe.hdel(PAIRINGS_KEY, *game_ids)
        pipe.zrem(PAIRINGS_DUE_KEY, *game_ids)
        pipe.execute()
