"""`buttonup migrate`: the games an earlier release stored (format 1) that
are still in Redis, rewritten in format 2 at their version, as their next
change would (commit.lua's upgrade, with no change), each keeping the time
it had left. What format 1 kept beside a game (its move list, its stream's
entries, its remembered answers) is read as before until it expires.

Tested in tests/store/test_format1.py.
"""

from collections.abc import Iterator

from buttonup.engine import Match
from buttonup.store import codec
from buttonup.store.connection import STORAGE_ERRORS, Client
from buttonup.store.errors import StorageUnavailable
from buttonup.store.ids import GAME_ID_PATTERN, new_commit_id
from buttonup.store.keys import events_key, game_key, moves_key, replies_key
from buttonup.store.outcomes import Committed
from buttonup.store.scripts import LuaScript
from buttonup.store.settling import WriteWindow, commit_numbers

SCAN_COUNT = 1000
GAME_KEYS = "buttonup:{*}:game"


def format1_game_ids(client: Client) -> Iterator[str]:
    """The ids of the games stored in format 1 (a hash; format 2 is a string)."""
    with STORAGE_ERRORS:
        for key in client.scan_iter(match=GAME_KEYS, count=SCAN_COUNT, _type="hash"):
            game_id = key.decode().removeprefix("buttonup:{").removesuffix("}:game")
            if GAME_ID_PATTERN.match(game_id):
                yield game_id


def upgrade(
    client: Client,
    commit: LuaScript,
    window: WriteWindow,
    match: Match,
    ttls_ms: tuple[int, int, int],
) -> bool:
    """`match`, read from its format-1 record, written in format 2 at its
    version; False when the game changed or went meanwhile (a change
    upgrades it too). `ttls_ms`: a game's, a finished game's stream's, a
    reply's: a game keeps what it had left, when less."""
    game_ttl_ms, _, reply_ttl_ms = ttls_ms
    with STORAGE_ERRORS:
        left = client.pttl(game_key(match.id))
    ttl = min(left, game_ttl_ms) if left > 0 else game_ttl_ms
    # The stream keeps what only it tells of a format-1 game (its earlier
    # versions' events) as long as the game: it is not shortened as a
    # finished game's would be by a change.
    events_ttl = ttl
    keys = [game_key(match.id), events_key(match.id), replies_key(match.id), moves_key(match.id)]
    base = codec.encode_base(match, whole=True)
    write_id = new_commit_id()
    numbers = commit_numbers(match.version, match.version, ttl, events_ttl, reply_ttl_ms)
    args: list[str | bytes | int] = [numbers, "", "", base, ""]
    with STORAGE_ERRORS:
        outcome = window.commit(commit, keys, args, match.version, write_id, [""])
    if outcome[0] in (Committed.GONE, Committed.CONFLICT):
        return False
    window.saw_redis_clock(outcome)
    if outcome[0] == Committed.LATE:
        raise StorageUnavailable("Redis took too long; the game was not upgraded")
    return True
