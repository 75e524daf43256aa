"""GameStore against the suite's real Redis: compare-and-set, replies, expiry."""

from dataclasses import replace

import pytest

from buttonup.engine import Color, GameState
from buttonup.store import (
    GameNotFound,
    GameRecord,
    GameStore,
    Seat,
    StoredReply,
    VersionConflict,
    connect,
    new_game_id,
)
from buttonup.store.games import ID_SECRET_KEY
from buttonup.store.records import GAME_ID_PATTERN


def store_client(redis_client):
    port = redis_client.connection_pool.connection_kwargs["port"]
    return connect(f"redis://127.0.0.1:{port}/0")


@pytest.fixture
def store(redis_server, redis_client) -> GameStore:
    return GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)


def new_record() -> GameRecord:
    return GameRecord(
        id=new_game_id(),
        version=0,
        created_at="2026-01-01T00:00:00.000Z",
        updated_at="2026-01-01T00:00:00.000Z",
        visibility="private",
        red=Seat(),
        black=Seat(),
        state=GameState.new(seed=1),
    )


def test_a_created_game_loads_back_equal(store):
    record = new_record()
    assert store.create(record) is None
    assert store.load(record.id).record == record


def test_commit_applies_only_on_the_expected_version(store):
    record = new_record()
    store.create(record)
    first = record.with_seat(Color.RED, Seat(joined=True)).next_version("t1")
    store.commit(first)
    # also built from version 0
    rival = record.with_seat(Color.BLACK, Seat(joined=True)).next_version("t2")
    with pytest.raises(VersionConflict) as conflict:
        store.commit(rival)
    assert conflict.value.current_version == 1
    assert store.load(record.id).record == first


def test_scripts_are_loaded_again_when_redis_has_lost_them(store, redis_client):
    record = new_record()
    redis_client.script_flush()  # as after a restart
    store.create(record)
    redis_client.script_flush()
    assert store.load(record.id).record == record
    redis_client.script_flush()
    store.commit(record.next_version("t"), moves=['{"n":1}'])
    assert store.load(record.id).record.version == 1


def test_a_connection_closed_by_redis_is_replaced_within_the_call(store, redis_client):
    """A Redis restart closes the pooled connections: the next commit, load
    and create each retry once on a fresh connection instead of failing."""
    record = new_record()
    store.create(record)
    for step in range(3):
        redis_client.client_kill_filter(_type="normal", skipme=True)
        if step == 0:
            store.commit(record.next_version("t"), moves=['{"n":1}'])
        elif step == 1:
            assert store.load(record.id).record.version == 1
        else:
            assert store.create(new_record()) is None


def test_a_call_that_times_out_is_sent_once_more(redis_server, redis_client):
    """One retry on a fresh connection, as the client's own Retry(1) did: a
    read outlasting one socket timeout but not two still answers."""
    store = GameStore(
        connect(redis_server.url, socket_timeout=0.4), game_ttl_seconds=600, reply_ttl_seconds=60
    )
    record = new_record()
    store.create(record)
    # The pooled connection is up: the pause delays the call itself, 0.6 s,
    # past one timeout and within two.
    redis_client.client_pause(600)
    assert store.load(record.id).record == record


def test_commit_on_an_expired_game_is_not_found(store, redis_client):
    record = new_record()
    store.create(record)
    redis_client.delete(store.game_key(record.id))
    with pytest.raises(GameNotFound):
        store.commit(record.next_version("t"), moves=['{"n":1}'])
    assert redis_client.exists(store.moves_key(record.id)) == 0


def test_moves_are_appended_with_the_commit(store):
    record = new_record()
    store.create(record)
    store.commit(record.next_version("t"), moves=['{"n":1}', '{"n":2}'])
    assert store.moves_json(record.id) == '[{"n":1},{"n":2}]'


def test_a_stored_reply_wins_over_a_second_commit(store):
    record = new_record()
    store.create(record)
    key = store.move_reply_key(record.id, "red", "k")
    reply = StoredReply("fp", "first", record.id)
    assert store.commit(record.next_version("t"), reply_key=key, reply=reply) is None
    again = store.commit(
        record.next_version("t").next_version("u"),
        reply_key=key,
        reply=StoredReply("fp", "second", record.id),
    )
    assert again == reply
    assert store.load(record.id).record.version == 1
    assert store.load(record.id, [key]).replies == {key: reply}


def test_a_second_create_of_one_game_id_stores_nothing_and_returns_the_first_reply(store):
    first = new_record()
    reply = StoredReply("fp", "body", first.id)
    assert store.create(first, reply) is None
    again = replace(new_record(), id=first.id, visibility="public")
    assert store.create(again, StoredReply("fp", "other", first.id)) == reply
    assert store.load(first.id).record == first


def test_a_create_over_a_game_made_without_a_key_returns_an_empty_reply(store):
    first = new_record()
    store.create(first)
    assert store.create(replace(new_record(), id=first.id)) == StoredReply("", "", first.id)


def test_idempotent_game_ids_are_stable_per_key_and_look_like_any_id(redis_server, store):
    game_id = store.idempotent_game_id("create-1")
    assert GAME_ID_PATTERN.match(game_id) and len(game_id) == len(new_game_id())
    assert store.idempotent_game_id("create-2") != game_id
    # Another process on the same Redis derives the same id.
    other = GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)
    assert other.idempotent_game_id("create-1") == game_id


def test_idempotent_game_ids_change_with_the_deployments_secret(store, redis_client):
    game_id = store.idempotent_game_id("create-1")
    redis_client.delete(ID_SECRET_KEY)
    fresh = GameStore(store_client(redis_client), game_ttl_seconds=600, reply_ttl_seconds=60)
    assert fresh.idempotent_game_id("create-1") != game_id


def test_game_keys_share_the_id_as_hash_tag():
    assert GameStore.game_key("abc") == "buttonup:{abc}:game"
    assert GameStore.moves_key("abc") == "buttonup:{abc}:moves"
    assert GameStore.move_reply_key("abc", "red", "k").startswith("buttonup:{abc}:reply:red:")


def test_changes_refresh_the_expiry(store, redis_client):
    record = new_record()
    store.create(record)
    assert 590_000 < redis_client.pttl(store.game_key(record.id)) <= 600_000
    redis_client.pexpire(store.game_key(record.id), 1000)
    store.commit(record.next_version("t"), moves=["{}"])
    assert redis_client.pttl(store.game_key(record.id)) > 590_000
    assert redis_client.pttl(store.moves_key(record.id)) > 590_000


def test_next_version_carries_every_other_field_over():
    from dataclasses import fields

    record = new_record()
    after = record.next_version("2026-01-02T00:00:00.000Z")
    assert (after.version, after.updated_at) == (1, "2026-01-02T00:00:00.000Z")
    for item in fields(GameRecord):
        if item.name not in {"version", "updated_at"}:
            assert getattr(after, item.name) == getattr(record, item.name), item.name
