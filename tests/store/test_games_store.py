"""GameStore against the suite's real Redis: compare-and-set, replies, expiry,
reading back what was written, and the log replayed from any version."""

import time

import pytest
import redis

from buttonup.engine import Color, Match, Options, Visibility
from buttonup.store import (
    AlreadyMade,
    GameNotFound,
    GameStore,
    Reply,
    SealBroken,
    StorageUnavailable,
    VersionConflict,
    connect,
    interface,
    keys,
    new_game_id,
    new_token,
    records,
    settling,
)
from buttonup.store.ids import GAME_ID_PATTERN
from buttonup.store.outcomes import Committed

T0 = 1_767_225_600_000  # 2026-01-01T00:00:00Z


@pytest.fixture
def store(redis_server, redis_client) -> GameStore:
    return GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)


def fresh_store(redis_server) -> GameStore:
    """Another process on the same Redis: nothing cached."""
    return GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)


def new_match(**options) -> Match:
    return Match.new(new_game_id(), Options(seed=1, first_player=Color.RED, **options), T0)


def started(store: GameStore) -> Match:
    match = new_match()
    store.create(match)
    red = match.join(Color.RED, "Ana", "a" * 64, T0 + 1000)
    black = red.match.join(Color.BLACK, None, "b" * 64, T0 + 2000)
    store.commit(match, store.load(match.id).revision, [red, black])
    return black.match


def test_a_created_game_loads_back_equal(store, redis_server):
    match = new_match(visibility=Visibility.PUBLIC, hints=False)
    assert store.create(match) is None
    assert store.load(match.id).match == match
    assert fresh_store(redis_server).load(match.id).match == match


def test_commits_replay_to_the_same_match_in_another_process(store, redis_server):
    match = started(store)
    for step in range(12):
        loaded = store.load(match.id)
        after = loaded.match.play(
            loaded.match.game.to_move, loaded.match.game.legal_moves()[0], T0 + 3000 + step * 997
        )
        store.commit(loaded.match, loaded.revision, [after])
        match = after.match
    assert fresh_store(redis_server).load(match.id).match == match
    assert store.load(match.id).match == match


def test_a_process_behind_reads_only_the_log_it_has_not_replayed(store, redis_server, redis_client):
    match = started(store)
    behind = fresh_store(redis_server)
    assert behind.load(match.id).match == match
    loaded = store.load(match.id)
    moved = match.play(match.game.to_move, match.game.legal_moves()[0], T0 + 5000)
    store.commit(loaded.match, loaded.revision, [moved])
    assert behind.load(match.id).match == moved.match


def test_commit_applies_only_on_the_expected_version(store):
    match = new_match()
    store.create(match)
    revision = store.load(match.id).revision
    first = match.join(Color.RED, None, "a" * 64, T0 + 1)
    store.commit(match, revision, [first])
    rival = match.join(Color.BLACK, None, "b" * 64, T0 + 2)  # also built from version 0
    with pytest.raises(VersionConflict) as conflict:
        store.commit(match, revision, [rival])
    assert conflict.value.current_version == 1
    assert store.load(match.id).match == first.match


def test_scripts_are_loaded_again_when_redis_has_lost_them(store, redis_client):
    match = new_match()
    redis_client.script_flush()  # as after a restart
    store.create(match)
    redis_client.script_flush()
    loaded = store.load(match.id)
    redis_client.script_flush()
    store.commit(match, loaded.revision, [match.join(None, None, "a" * 64, T0)])
    assert store.load(match.id).match.version == 1


def test_a_connection_closed_by_redis_is_replaced_within_the_call(store, redis_client):
    """A Redis restart closes the pooled connections: the next commit, load
    and create each retry once on a fresh connection instead of failing."""
    match = new_match()
    store.create(match)
    revision = store.load(match.id).revision
    for step in range(3):
        redis_client.client_kill_filter(_type="normal", skipme=True)
        if step == 0:
            store.commit(match, revision, [match.join(None, None, "a" * 64, T0)])
        elif step == 1:
            assert store.load(match.id).match.version == 1
        else:
            assert store.create(new_match()) is None


def test_a_call_that_times_out_is_sent_once_more(redis_server, redis_client):
    """One retry on a fresh connection: a read outlasting one socket timeout
    but not two still answers."""
    store = GameStore(
        connect(redis_server.url, socket_timeout=0.4), game_ttl_seconds=600, reply_ttl_seconds=60
    )
    match = new_match()
    store.create(match)
    # The pooled connection is up: the pause delays the call itself, 0.6 s,
    # past one timeout and within two.
    redis_client.client_pause(600)
    assert store.load(match.id).match == match


def test_commit_on_an_expired_game_is_not_found(store, redis_client):
    match = new_match()
    store.create(match)
    revision = store.load(match.id).revision
    redis_client.delete(keys.game_key(match.id))
    with pytest.raises(GameNotFound):
        store.commit(match, revision, [match.join(None, None, "a" * 64, T0)])
    assert redis_client.exists(keys.events_key(match.id)) == 0


def test_a_stored_reply_wins_over_a_second_commit(store):
    match = started(store)
    asked = keys.reply_key("red", "k")
    field = asked.field
    loaded = store.load(match.id)
    moved = match.play(Color.RED, match.game.legal_moves()[0], T0 + 9000)
    first = Reply("fp", 3, 3, "sealed")
    assert store.commit(loaded.match, loaded.revision, [moved], field, first) is None
    again = store.commit(loaded.match, loaded.revision, [moved], field, Reply("fp", 3, 4))
    assert again == first
    assert store.load(match.id).match.version == 3
    assert store.load(match.id, [asked]).replies == {field: first}


def test_a_second_create_of_one_game_id_stores_nothing_and_returns_the_first_reply(store):
    first = new_match()
    assert store.create(first, reply=Reply("fp", 1, 0)) is None
    other = Match.new(first.id, Options(seed=2, first_player=Color.RED), T0)
    assert store.create(other, reply=Reply("fp", 1, 1)) == AlreadyMade(Reply("fp", 1, 0))
    assert store.load(first.id).match == first


def test_a_create_over_a_game_made_without_a_key_finds_it_made_without_a_reply(store):
    first = new_match()
    store.create(first)
    assert store.create(Match.new(first.id, Options(seed=2), T0)) == AlreadyMade(None)


def test_reserved_seat_tokens_are_kept_sealed_and_the_first_kept_win(store, redis_client):
    first = {Color.RED: new_token(), Color.BLACK: new_token()}
    assert store.keep_seat_tokens("game-1", first) == first
    again = {Color.RED: new_token(), Color.BLACK: new_token()}
    assert store.keep_seat_tokens("game-1", again) == first, "a retry's tokens lose"
    assert store.reserved_seat_token("game-1", Color.BLACK) == first[Color.BLACK]
    assert store.reserved_seat_token("game-2", Color.BLACK) is None
    dumped = b"".join(
        redis_client.dump(key) or b"" for key in redis_client.scan_iter("buttonup:{game-1}:*")
    )
    assert not any(token.encode() in dumped for token in first.values())


def test_a_seal_is_opened_only_with_the_secret_that_made_it(redis_server, store):
    store.keep_seat_tokens("game-3", {Color.RED: new_token()})
    other = GameStore(
        connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60, secret=b"x" * 32
    )
    with pytest.raises(SealBroken):
        other.reserved_seat_token("game-3", Color.RED)


def test_game_keys_share_the_id_as_hash_tag():
    assert keys.game_key("abc") == "buttonup:{abc}:game"
    assert keys.events_key("abc") == "buttonup:{abc}:events"
    assert keys.replies_key("abc") == "buttonup:{abc}:replies"


def test_changes_refresh_the_expiry(store, redis_client):
    match = new_match()
    store.create(match)
    assert 590_000 < redis_client.pttl(keys.game_key(match.id)) <= 600_000
    redis_client.pexpire(keys.game_key(match.id), 1000)
    store.commit(match, store.load(match.id).revision, [match.join(None, None, "a" * 64, T0)])
    assert redis_client.pttl(keys.game_key(match.id)) > 590_000
    assert redis_client.pttl(keys.events_key(match.id)) > 590_000


def test_a_finished_games_stream_expires_soon_and_its_log_stays(store, redis_client):
    match = started(store)
    loaded = store.load(match.id)
    over = match.resign(Color.RED, T0 + 4000)
    store.commit(loaded.match, loaded.revision, [over])
    assert redis_client.pttl(keys.events_key(match.id)) <= 60_000
    assert redis_client.pttl(keys.game_key(match.id)) > 590_000
    history = store.history(match.id)
    assert [action.at for action in history.actions] == [T0 + 1000, T0 + 2000, T0 + 4000]


def test_several_games_load_in_one_call_and_gone_ones_are_none(store, redis_server, redis_client):
    matches = [new_match() for _ in range(5)]
    for match in matches:
        store.create(match)
    redis_client.delete(keys.game_key(matches[2].id))
    redis_client.script_flush()  # loaded again within the call
    found = fresh_store(redis_server).load_many([match.id for match in matches])
    assert found[matches[2].id] is None
    assert [found[m.id] for m in matches if m is not matches[2]] == [
        m for m in matches if m is not matches[2]
    ]


def test_no_game_id_starts_with_a_dash():
    """Command-line tools (scripts/watch.py --game ID) would take it for an option."""
    ids = [new_game_id() for _ in range(6000)]
    assert not any(game_id.startswith("-") for game_id in ids)
    assert all(GAME_ID_PATTERN.match(game_id) for game_id in ids)


def test_a_write_that_reaches_redis_past_its_deadline_changes_nothing(store, monkeypatch):
    match = started(store)
    loaded = store.load(match.id)
    turn = match.game.round
    moved = match.play(turn.to_move, turn.legal_moves()[0], T0 + 3000)
    # Every write as if it had waited 10 s on its way, the one sent again too.
    monkeypatch.setattr(settling, "WRITE_WINDOW_MS", -10_000)
    with pytest.raises(StorageUnavailable):
        store.commit(loaded.match, loaded.revision, [moved])
    refused = new_match()
    with pytest.raises(StorageUnavailable):
        store.create(refused)
    assert store.load(match.id).match == match
    with pytest.raises(GameNotFound):
        store.load(refused.id)
    monkeypatch.undo()
    store.commit(loaded.match, loaded.revision, [moved])
    assert store.load(match.id).match == moved.match


def test_a_write_refused_as_late_once_is_sent_again_by_redis_clock(store):
    """A deadline set early (Redis's clock as an answer read late showed it)
    costs a write a second send, never the request."""
    match = started(store)
    loaded = store.load(match.id)
    turn = match.game.round
    moved = match.play(turn.to_move, turn.legal_moves()[0], T0 + 3000)
    store._window.redis_clock_offset_ms -= 10_000
    store.commit(loaded.match, loaded.revision, [moved])
    assert store.load(match.id).match == moved.match
    store._window.redis_clock_offset_ms -= 10_000
    made = new_match()
    assert store.create(made) is None
    assert store.load(made.id).match == made


def test_an_answer_read_late_leaves_the_clock_offset_as_it_was(store):
    """Each answer shows Redis's clock as it was when it ran: one read late
    understates the offset, so only a larger one replaces it."""
    window = store._window
    window.deadline()
    best = window.redis_clock_offset_ms
    redis_now = settling.local_ms() + best
    window.saw_redis_clock([Committed.WRITTEN, redis_now - 2_000])  # read 2 s late
    assert window.redis_clock_offset_ms == best
    window.saw_redis_clock([Committed.WRITTEN, redis_now + 5_000])  # Redis's clock set forward
    assert window.redis_clock_offset_ms > best + 4_000


def test_a_commit_sent_again_after_it_ran_is_taken_as_written(store, monkeypatch):
    """A cluster client's retry may send a commit whose first answer was lost:
    the same commit (its id) again is taken as written; another commit of the
    very same change, from another request, is a conflict."""
    match = started(store)
    loaded = store.load(match.id)
    turn = match.game.round
    moved = match.play(turn.to_move, turn.legal_moves()[0], T0 + 3000)
    monkeypatch.setattr(records, "new_commit_id", lambda: "same-commit")
    store.commit(loaded.match, loaded.revision, [moved])
    store.commit(loaded.match, loaded.revision, [moved])  # no VersionConflict
    monkeypatch.setattr(records, "new_commit_id", lambda: "another-one")
    with pytest.raises(VersionConflict):
        store.commit(loaded.match, loaded.revision, [moved])
    assert store.load(match.id).match == moved.match


def rung(redis_client) -> list[str]:
    """The streams the games' doorbell has named, oldest first."""
    return [
        name
        for _, fields in redis_client.xrange(keys.GAMES_DOORBELL_KEY)
        for name in fields[b"k"].decode().split()
    ]


def test_every_write_to_a_games_stream_rings_the_games_doorbell(store, redis_client):
    """A commit's entries and a seat's presence alike, each naming the game's
    stream, in the same call as the entry."""
    redis_client.delete(keys.GAMES_DOORBELL_KEY)
    match = started(store)
    events = keys.events_key(match.id)
    assert rung(redis_client) == [events]
    connection = store.connect_seat(match.id, Color.RED)
    assert rung(redis_client) == [events, events]
    store.disconnect_seat(match.id, Color.RED, connection)
    assert rung(redis_client) == [events] * 3
    assert (
        redis_client.xlen(events) == 2 + 2
    )  # the two joins (one commit, one ring), the seat's two


def test_a_games_watcher_is_told_by_reads_that_name_its_game_alone(redis_server, monkeypatch):
    """Many games watched in one process (GAMES_RING_FROM of them, made 30
    here): once the first read is done, a move on one of them is read by
    naming that game's stream only."""
    monkeypatch.setattr(interface, "GAMES_RING_FROM", 30)
    store = fresh_store(redis_server)
    matches = [started(store) for _ in range(30)]
    watched = [store.subscribe(match.id, "0-0") for match in matches]
    feeds = [subscription.__enter__() for subscription in watched]
    busy = matches[0]
    time.sleep(0.3)  # the first read, which names every stream, is done
    for feed in feeds:
        feed.next(0.01)
    with redis.Redis.from_url(redis_server.url).monitor() as monitor:
        moved = busy.play(busy.game.to_move, busy.game.legal_moves()[0], T0 + 3000)
        store.commit(busy, store.load(busy.id).revision, [moved])
        arrived = feeds[0].next(2)
        store.client.ping()  # the last command the monitor needs to see
        reads = []
        for seen in monitor.listen():
            if seen["command"].startswith("XREAD ") and ":events" in seen["command"]:
                reads.append(seen["command"])
            if seen["command"] == "PING":
                break
    assert [stored.version for stored in arrived] == [moved.match.version]
    assert reads and all(keys.events_key(busy.id) in read for read in reads)
    assert not any(keys.events_key(m.id) in read for read in reads for m in matches[1:])
    for subscription in watched:
        subscription.__exit__(None, None, None)
