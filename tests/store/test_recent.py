"""The matches a worker keeps (store.recent): bounded by their count and by
the rounds they hold, so that long games cannot grow a worker without end."""

from dataclasses import replace

from buttonup.engine import PLAYERS
from buttonup.engine.match import Match
from buttonup.engine.record_reader import read_record
from buttonup.store.recent import RecentMatches, Revision
from tests.long_records import tied_record


def long_match(game_id: str, max_bytes: int) -> Match:
    read = read_record(tied_record(max_bytes=max_bytes))
    base = Match.new(game_id, read.options, read.created_at, read.bots)
    return read.changes(base, dict.fromkeys(PLAYERS, "0" * 64))[-1].match


def test_long_games_are_kept_by_the_rounds_they_hold():
    template = long_match("a", 1500)
    rounds = len(template.game.rounds)
    assert rounds >= 10
    recent = RecentMatches(capacity=100, rounds=2 * rounds)
    for game_id in "abc":
        recent.put(replace(template, id=game_id), Revision(0))
    assert recent.get("a") is None
    assert recent.get("b") is not None and recent.get("c") is not None
    # Put again, a game is the newest and counts once.
    recent.put(replace(template, id="b"), Revision(1))
    recent.put(replace(template, id="d"), Revision(0))
    assert [recent.get(game_id) is not None for game_id in "bcd"] == [True, False, True]


def test_one_game_longer_than_the_budget_is_still_kept():
    recent = RecentMatches(capacity=100, rounds=1)
    match = long_match("a", 1500)
    recent.put(match, Revision(0))
    assert recent.get("a") == (match, Revision(0))


def test_games_of_few_rounds_are_kept_by_their_count():
    match = long_match("a", 1500)
    recent = RecentMatches(capacity=2)
    for game_id in "abc":
        recent.put(replace(match, id=game_id), Revision(0))
    assert [recent.get(game_id) is not None for game_id in "abc"] == [False, True, True]
