"""Challenges in Redis (challenges.store): made whole or refused (a full
maker, a real-time one unheard, a blocked maker's stored declined), read
back as written, changed only as they were read, and their lapses found:
past their time, or their maker's stream unheard; blocks bounded, at once
or not."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from buttonup.challenges.model import STREAM_GRACE_MS, ChallengeStatus, DeclineReason
from buttonup.challenges.store import (
    CLOSED_GRACE_MS,
    MAX_BLOCKS,
    ChallengeBoard,
    Made,
    decode_challenge,
    encode_challenge,
)
from buttonup.store import connect
from tests.challenges.test_model import a_challenge

NOW = 1_800_000_000_000


@pytest.fixture
def board(redis_server, redis_client):
    client = connect(redis_server.url)
    client.flushdb()
    return ChallengeBoard(client)


def made(board, challenge, most=20, now=NOW):
    return board.make(challenge, challenge.expired(), most, now)


def test_a_challenge_reads_back_as_written():
    challenge = a_challenge(named=("a", "b"), takers=("a",), maker_name="Ana", message="hé")
    assert decode_challenge(encode_challenge(challenge)) == challenge


def test_a_real_time_challenge_is_made_only_while_its_maker_is_heard(board):
    live = a_challenge(created_at=NOW, expires_at=NOW + 600_000)
    assert made(board, live) is Made.NOT_LISTENING
    assert board.load(live.id) is None, "nothing stored"
    board.mark(["ana"], NOW - STREAM_GRACE_MS + 1)
    assert made(board, live) is Made.MADE
    assert board.pending_of("bo", 10) == (["c1"], [])
    assert board.pending_of("ana", 10) == ([], ["c1"])


def test_a_maker_with_as_many_pending_as_allowed_makes_no_more(board):
    for number in range(3):
        untimed = a_challenge(id=f"c{number}", clock=None, created_at=NOW + number)
        assert made(board, untimed, most=3) is Made.MADE
    assert made(board, a_challenge(id="c9", clock=None), most=3) is Made.FULL
    assert board.load("c9") is None


def test_a_blocked_makers_challenge_is_stored_declined_and_listed_nowhere(board):
    board.block("bo", "ana")
    untimed = a_challenge(clock=None)
    assert (
        board.make(untimed, untimed.declined_by("bo", DeclineReason.GENERIC), 20, NOW)
        is Made.BLOCKED
    )
    stored, _ = board.load(untimed.id)
    assert stored.status is ChallengeStatus.DECLINED
    assert board.pending_of("bo", 10) == ([], [])
    board.unblock("bo", "ana")
    assert board.blocked_by("bo") == []


def test_a_change_applies_only_to_the_challenge_as_it_was_read(board):
    untimed = a_challenge(clock=None, expires_at=NOW + 1000)
    made(board, untimed)
    _, read = board.load(untimed.id)
    assert board.change(read, untimed.accepted_by("bo"), NOW)
    assert not board.change(read, untimed.canceled_by("ana"), NOW), "the first answer stands"
    stored, _ = board.load(untimed.id)
    assert stored.status is ChallengeStatus.ACCEPTED
    assert board.pending_of("bo", 10) == ([], []) and board.due(NOW + 10_000, 10) == []
    assert board.unmade(NOW, 10) == [untimed.id], "its game to make"
    board.made(untimed.id)
    assert board.unmade(NOW, 10) == []


def test_lapses_are_found_past_their_time_or_once_the_maker_goes_unheard(board):
    board.mark(["ana"], NOW)
    live = a_challenge(created_at=NOW, expires_at=NOW + 600_000)
    untimed = a_challenge(id="c2", clock=None, created_at=NOW, expires_at=NOW + 1000)
    made(board, live)
    made(board, untimed)
    assert board.due(NOW + 999, 10) == [] and board.due(NOW + 1000, 10) == ["c2"]
    assert board.unheard(NOW + STREAM_GRACE_MS, 10) == [], "heard recently enough"
    board.closed("ana", NOW + 1000)  # her stream closed: a reconnect's grace
    assert board.heard("ana", NOW + 1000 + CLOSED_GRACE_MS)
    assert board.unheard(NOW + 1000 + CLOSED_GRACE_MS + 1, 10) == ["c1"]
    assert not board.heard("ana", NOW + 1000 + CLOSED_GRACE_MS + 1)


def test_blocks_are_bounded_even_when_many_come_at_once(board):
    """MAX_BLOCKS, checked and added in one script: blocks sent together from
    many threads never pass the bound, and a block already held still holds."""
    with ThreadPoolExecutor(8) as pool:
        held = list(pool.map(lambda n: board.block("cy", f"p{n}"), range(MAX_BLOCKS + 200)))
    assert sum(held) == MAX_BLOCKS
    assert len(board.blocked_by("cy")) == MAX_BLOCKS
    first = board.blocked_by("cy")[0]
    assert board.block("cy", first), "a block held already still holds"
    assert not board.block("cy", "someone-new")
