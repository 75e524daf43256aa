"""Puzzles in Redis (puzzles.store): read back as written, a position kept
once, mining's queue leased and due again when a lease runs out, the
puzzles nearest a rating found without those a player tried, a first
attempt kept once and a puzzle rated once by it, as read or not at all."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from buttonup.engine import Color
from buttonup.engine.notation import read_position
from buttonup.engine.ratings import Rating
from buttonup.puzzles.model import Puzzle, Tried, first_rating, line_from
from buttonup.puzzles.store import NEAR_BATCH, NEAR_ROUNDS, PuzzleBoard, encode_rating
from buttonup.store import connect

NOW = 1_800_000_000_000
POSITION = "BW.B.-.RW.R.W.R.B.-_r_0-0_15_1r"


def a_puzzle(puzzle_id: str = "z1", rating: float | None = None) -> Puzzle:
    position = read_position(POSITION)
    line = line_from(position.circle, position.to_move)
    assert line is not None
    kept = first_rating(line) if rating is None else Rating(rating=rating)
    return Puzzle(puzzle_id, POSITION, position.circle, Color.RED, line, kept, 0, 0, "g1", NOW)


@pytest.fixture
def board(redis_server, redis_client):
    client = connect(redis_server.url)
    client.flushdb()
    return PuzzleBoard(client)


def test_a_puzzle_reads_back_as_written_and_a_position_is_kept_once(board):
    puzzle = a_puzzle()
    assert board.add(puzzle, "digest-1") == "z1"
    assert board.load("z1") == puzzle
    assert board.add(a_puzzle("z2"), "digest-1") == "z1", "the same position in another form"
    assert board.load("z2") is None and board.count() == 1


def test_mining_leases_due_games_and_a_lapsed_lease_is_due_again(board):
    board.queue("g1", NOW)
    board.queue("g2", NOW + 10_000)
    board.queue("g1", NOW + 99_000)  # queued again: once, as first
    assert board.lease(NOW, 10, 5000) == ["g1"]
    assert board.lease(NOW + 1000, 10, 5000) == [], "leased"
    assert board.lease(NOW + 11_000, 10, 5000) == ["g1", "g2"], "its lease ran out"
    board.mined("g1")
    board.postpone("g2", NOW + 60_000)
    assert board.lease(NOW + 59_000, 10, 5000) == []
    assert board.queued() == 1


def test_the_nearest_untried_puzzles_come_first_and_a_look_is_bounded(board):
    for number in range(60):
        board.add(a_puzzle(f"p{number}", 1000.0 + 10 * number), f"d{number}")
    assert board.near(1200.0, None, 1) == ["p20"]
    assert set(board.near(1200.0, None, 3)) == {"p19", "p20", "p21"}
    tried = Tried(True, None, Rating(), NOW, 3)
    for number in (19, 20, 21):
        board.claim("ana", board.load(f"p{number}"), tried)
    assert set(board.near(1200.0, "ana", 2)) == {"p22", "p18"}
    assert set(board.near(1200.0, "bo", 3)) == {"p19", "p20", "p21"}
    # Past what one look reads, nothing: a call's cost is bounded.
    for number in range(60):
        board.claim("cy", board.load(f"p{number}"), tried)
    assert board.near(1300.0, "cy", 3) == []
    assert 2 * NEAR_BATCH * NEAR_ROUNDS >= 60


def test_a_first_attempt_is_kept_once_and_rates_the_puzzle_once(board):
    puzzle = a_puzzle()
    board.add(puzzle, "d")
    attempts = [Tried(bool(n % 2), Rating(), puzzle.rating, NOW + n, n) for n in range(8)]
    with ThreadPoolExecutor(8) as pool:
        kept = list(pool.map(lambda tried: board.claim("ana", puzzle, tried), attempts))
    assert sum(first for first, _ in kept) == 1
    first = next(tried for is_first, tried in kept if is_first)
    assert all(tried == first for _, tried in kept), "the others see the first"
    read = encode_rating(puzzle.rating)
    after = Rating(rating=1400.0)
    assert board.rate(puzzle, "ana", "1,2,3,4", encode_rating(after), 1400.0, True) == (1, read)
    assert board.rate(puzzle, "ana", read, encode_rating(after), 1400.0, first.solved)[0] == 0
    assert board.rate(puzzle, "ana", read, encode_rating(after), 1400.0, True)[0] == 2, "once"
    stored = board.load(puzzle.id)
    assert (stored.rating, stored.plays, stored.solved) == (after, 1, int(first.solved))
    assert board.near(1400.0, None, 1) == [puzzle.id]
    history = board.history("ana", 0, 10)
    assert history == [(puzzle.id, first)]
    tallies = board.tallies("ana")
    assert tallies["all"] == 1 and tallies.get("all:solved", 0) == int(first.solved)
