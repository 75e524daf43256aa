"""The pairing script on the suite's real Redis agrees with the rule stated
plainly here (`accepts`: the service writes it once, in Lua) for seeks of
every kind: two seeks are paired exactly
when each accepts the other; the oldest that suits is taken first; and a
seek that answers one is paired with that one alone, or changes nothing."""

import random

import pytest

from buttonup.engine import Color
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.ratings import Category, Rating
from buttonup.seeks.model import Seek
from buttonup.seeks.store import NotAnswerable, SeekBoard
from buttonup.store import connect

CLOCKS = [
    None,
    ClockSettings(ClockType.FISCHER, initial_seconds=180, increment_seconds=2),
    ClockSettings(ClockType.FISCHER, initial_seconds=300, increment_seconds=0),
    ClockSettings(ClockType.PER_MOVE, seconds=86400),
]
NOW = 1_767_225_600_000


@pytest.fixture
def board(redis_server, redis_client) -> SeekBoard:  # redis_client: emptied first
    return SeekBoard(connect(redis_server.url))


def accepts(seek: Seek, other: Seek) -> bool:
    """Whether `seek` takes `other` as its opponent: of another player, the
    same clock and `rated`, colours that do not clash, the other's rating
    within its range (when it has one)."""
    if other.player_id == seek.player_id or (other.clock, other.rated) != (seek.clock, seek.rated):
        return False
    if seek.color is not None and seek.color == other.color:
        return False
    if seek.rating_range is None:
        return True
    low, high = seek.rating_range
    return low <= other.rating.rating <= high


def random_seek(rng: random.Random, number: int, player: str) -> Seek:
    low = rng.choice([None, 1300, 1450, 1550])
    return Seek(
        id=f"seek{number:016d}",
        player_id=player,
        name=player,
        rating=Rating(rating=rng.choice([1400.0, 1500.0, 1600.0])),
        clock=rng.choice(CLOCKS[:2]),
        rated=rng.random() < 0.5,
        created_at=NOW + number,
        rating_range=None if low is None else (low, low + rng.choice([100, 200, 400])),
        color=rng.choice([None, Color.RED, Color.BLACK]),
    )


def test_two_seeks_are_paired_exactly_when_each_accepts_the_other(board):
    rng = random.Random(11)
    for number in range(300):
        first = random_seek(rng, 2 * number, f"a{number}")
        second = random_seek(rng, 2 * number + 1, f"b{number}")
        with board.listening(first.player_id), board.listening(second.player_id):
            assert board.add(first, f"game{number:016d}", True, NOW) is None
            paired = board.add(second, f"game{number:016d}", True, NOW)
            expected = accepts(first, second) and accepts(second, first)
            assert (paired is not None) == expected, (first, second)
            if paired is None:
                board.cancel(first.id, first.player_id)
                board.cancel(second.id, second.player_id)
            else:
                assert paired.waiting == first and paired.found == second
    assert board.open(NOW, list(Category), None, 100)[0] == []


def test_the_oldest_seek_that_suits_is_taken_first(board):
    blitz = CLOCKS[1]
    seekers = [
        Seek(f"seek{n:016d}", f"p{n}", f"p{n}", Rating(), blitz, False, NOW + n) for n in range(4)
    ]
    with (
        board.listening("p0"),
        board.listening("p1"),
        board.listening("p2"),
        board.listening("p3"),
    ):
        picky = Seek("seekpicky0000000000", "p0", "p0", Rating(), blitz, False, NOW, (1600, 1700))
        assert board.add(picky, "g0", True, NOW) is None
        assert board.add(seekers[1], "g1", True, NOW) is None
        paired = board.add(seekers[2], "g2", True, NOW)
        assert paired is not None and paired.waiting.player_id == "p1", "p0 takes only 1600+"
        listed, _ = board.open(NOW, list(Category), None, 100)
        assert [seek.player_id for seek in listed] == ["p0"]


def test_a_seek_that_answers_one_is_paired_with_that_one_or_changes_nothing(board):
    blitz, rapid = CLOCKS[1], CLOCKS[2]
    with board.listening("p0"), board.listening("p1"), board.listening("p2"):
        # Both ask for red: they do not suit each other, and both wait.
        red = Color.RED
        older = Seek("seekolder000000000", "p0", "p0", Rating(), blitz, False, NOW, None, red)
        newer = Seek("seeknewer000000000", "p1", "p1", Rating(), blitz, False, NOW + 1, None, red)
        assert board.add(older, "g0", True, NOW) is None
        assert board.add(newer, "g1", True, NOW) is None
        # A seek of another clock does not suit the one it answers: nothing placed.
        wrong = Seek("seekwrong000000000", "p2", "p2", Rating(), rapid, False, NOW + 2)
        with pytest.raises(NotAnswerable):
            board.add(wrong, "g2", True, NOW, answers=newer.id)
        with pytest.raises(NotAnswerable):
            board.add(wrong, "g2", True, NOW, answers="seekgone0000000000")
        listed, _ = board.open(NOW, list(Category), None, 100)
        assert [seek.id for seek in listed] == [older.id, newer.id]
        # Answering the newer takes it, though the older suits as well.
        mine = Seek("seekmine0000000000", "p2", "p2", Rating(), blitz, False, NOW + 3)
        paired = board.add(mine, "g3", True, NOW, answers=newer.id)
        assert paired is not None and paired.waiting == newer and paired.found == mine
        listed, _ = board.open(NOW, list(Category), None, 100)
        assert [seek.id for seek in listed] == [older.id]
        # One's own seek is not an opponent.
        again = Seek("seekagain000000000", "p0", "p0", Rating(), blitz, False, NOW + 4, None)
        with pytest.raises(NotAnswerable):
            board.add(again, "g4", True, NOW, answers=older.id)
