"""A player's inbox on the suite's real Redis: a wing's notice lands in the
player's own stream among their games' notices and rings the doorbell; one
that stands is kept under its key until withdrawn, at most STANDING_KEPT
at once, oldest first."""

from collections.abc import Iterator

import pytest

from buttonup.store import connect
from buttonup.store.feed import stored_event
from buttonup.store.inbox import STANDING_KEPT, PlayerInbox, standing_key
from buttonup.store.player_events import DOORBELL_KEY, events_key


@pytest.fixture
def inbox(redis_server, redis_client) -> Iterator[PlayerInbox]:
    client = connect(redis_server.url)
    yield PlayerInbox(client, ttl_ms=60_000, doorbell=DOORBELL_KEY)
    client.close()


def test_a_notice_lands_in_the_players_stream_and_rings_the_doorbell(inbox, redis_client):
    redis_client.delete(DOORBELL_KEY)
    position, stands = inbox.tell("p1", "challenge", b'{"id":"c1"}', None)
    assert stands is False
    ((entry_id, fields),) = redis_client.xrange(events_key("p1"))
    assert entry_id.decode() == position
    stored = stored_event((entry_id, fields))
    assert (stored.told, stored.name, stored.data) == (True, "challenge", '{"id":"c1"}')
    ((_, rung),) = redis_client.xrange(DOORBELL_KEY)
    assert rung[b"k"].decode() == events_key("p1")
    assert 0 < redis_client.pttl(events_key("p1")) <= 60_000


def test_a_standing_notice_is_kept_until_withdrawn_and_replaced_under_its_key(inbox):
    first, _ = inbox.tell("p2", "challenge", b'{"n":1}', "c1")
    second, _ = inbox.tell("p2", "challenge", b'{"n":2}', "c2")
    assert [notice.position for notice in inbox.standing("p2")] == [first, second]
    _, stands = inbox.tell("p2", "challenge", b'{"n":3}', "c1")  # c1 told anew
    assert stands
    assert [notice.data for notice in inbox.standing("p2")] == ['{"n":2}', '{"n":3}']
    assert inbox.withdraw("p2", "c1") and not inbox.withdraw("p2", "c1")
    assert [notice.data for notice in inbox.standing("p2")] == ['{"n":2}']


def test_no_more_than_standing_kept_notices_stand_at_once(inbox, redis_client):
    for number in range(STANDING_KEPT):
        assert inbox.tell("p3", "challenge", b"{}", f"c{number}")[1]
    position, stands = inbox.tell("p3", "challenge", b"{}", "one-too-many")
    assert not stands and position  # told all the same, in the stream
    assert redis_client.hlen(standing_key("p3")) == STANDING_KEPT
    assert inbox.tell("p3", "challenge", b"{}", "c0")[1], "one standing may be told anew"
