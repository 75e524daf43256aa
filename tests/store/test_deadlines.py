"""The deadline index on the suite's real Redis: never later than a game's
deadline, leased to one sweeper at a time, settled only where no commit
came in between."""

from collections.abc import Iterator

import pytest

from buttonup.store import connect
from buttonup.store.deadlines import DeadlineIndex


@pytest.fixture
def index(redis_server) -> Iterator[DeadlineIndex]:
    # Database 1: the suite's live server sweeps database 0 for real, and its
    # sweeper would lease these entries, all due long ago, as they are made.
    client = connect(f"redis://127.0.0.1:{redis_server.port}/1")
    client.flushdb()
    yield DeadlineIndex(client)
    client.close()


def test_an_expected_deadline_only_ever_lowers_the_entry(index):
    index.expect("g1", 2_000)
    index.expect("g1", 5_000)
    assert index.entries() == [("g1", 2_000)]
    index.expect("g1", 1_000)
    assert index.entries() == [("g1", 1_000)]


def test_a_due_game_is_leased_to_one_sweeper_until_the_lease_ends(index):
    index.expect("g1", 1_000)
    index.expect("g2", 9_000)
    (due,) = index.claim_due(1_000, 10, lease_ms=500)
    assert due.game_id == "g1"
    assert index.claim_due(1_400, 10, lease_ms=500) == []  # another sweeper: nothing
    assert [d.game_id for d in index.claim_due(1_500, 10, lease_ms=500)] == ["g1"]


def test_settling_puts_the_entry_at_the_deadline_or_takes_it_out(index):
    index.expect("g1", 1_000)
    (due,) = index.claim_due(1_000, 10, lease_ms=500)
    assert index.settle(due, 4_000)
    assert index.entries() == [("g1", 4_000)]
    (due,) = index.claim_due(4_000, 10, lease_ms=500)
    assert index.settle(due, None)
    assert index.entries() == []


def test_a_commit_between_claim_and_settle_keeps_its_lower_deadline(index):
    index.expect("g1", 1_000)
    (due,) = index.claim_due(1_000, 10, lease_ms=60_000)
    index.expect("g1", 1_200)  # a move's commit set a new, earlier-than-the-lease deadline
    assert not index.settle(due, 30_000)  # what the sweeper read is stale
    assert index.entries() == [("g1", 1_200)]


def test_a_game_that_ended_leaves_the_index_and_a_claim_of_it_settles_nothing(index):
    index.expect("g1", 1_000)
    index.expect("g2", 1_000)
    (claimed, *_) = [due for due in index.claim_due(2_000, 10, 500) if due.game_id == "g1"]
    index.forget("g1")
    assert [game_id for game_id, _ in index.entries()] == ["g2"]
    assert not index.settle(claimed, 3_000), "its mark is gone with it"
    assert [game_id for game_id, _ in index.entries()] == ["g2"]
