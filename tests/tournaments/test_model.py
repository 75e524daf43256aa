"""A tournament as made, started and finished, who may join it, and how a
game's end changes its players' standings (docs/tournaments.md)."""

from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.ratings import Rating
from buttonup.tournaments.model import (
    BERSERK_EARNED,
    BERSERKED,
    STREAK_WIN_POINTS,
    SWISS_WIN_POINTS,
    WIN_POINTS,
    Conditions,
    GameResult,
    NewTournament,
    Scoring,
    Standing,
    System,
    Tournament,
    TournamentStatus,
    new_tournament_problem,
    replayed,
)
from buttonup.tournaments.store import decode_result, encode_result

BLITZ = ClockSettings(ClockType.FISCHER, initial_seconds=180, increment_seconds=2)
NOW = 1_800_000_000_000


def arena(**changes) -> NewTournament:
    return NewTournament(
        **{"name": "Friday", "system": System.ARENA, "clock": BLITZ, "minutes": 30, **changes}
    )


def test_an_arena_runs_for_minutes_and_a_swiss_in_rounds_and_par_is_a_swiss_s():
    assert new_tournament_problem(arena(), NOW) is None
    assert new_tournament_problem(arena(minutes=None), NOW).field == "minutes"
    assert new_tournament_problem(arena(rounds=3), NOW).field == "rounds"
    assert "Swiss" in new_tournament_problem(arena(scoring=Scoring.PAR), NOW).message
    swiss = arena(system=System.SWISS, minutes=None, rounds=5, scoring=Scoring.PAR)
    assert new_tournament_problem(swiss, NOW) is None
    assert new_tournament_problem(arena(system=System.SWISS, minutes=None), NOW).field == "rounds"
    assert "past" in new_tournament_problem(arena(starts_at=NOW - 1), NOW).message
    bounds = Conditions(min_rating=1800, max_rating=1700)
    assert new_tournament_problem(arena(conditions=bounds), NOW).field == "conditions.min_rating"


def test_a_tournament_starts_and_an_arena_pairs_until_its_minutes_are_up():
    made = Tournament.new("t1", arena(starts_at=NOW + 60_000), "ana", NOW)
    assert made.status is TournamentStatus.UPCOMING and not made.pairing(NOW)
    assert not made.due_to_start(NOW) and made.due_to_start(NOW + 60_000)
    running = made.started(NOW + 60_000)
    assert running.ends_at == NOW + 60_000 + 30 * 60_000
    assert running.pairing(running.ends_at - 1) and not running.pairing(running.ends_at)
    assert running.finished(running.ends_at).status is TournamentStatus.FINISHED


def test_conditions_say_why_a_player_may_not_join():
    conditions = Conditions(min_rating=1600, max_rating=2000, min_rated_games=5)
    assert conditions.refusal(Rating(1700, 80, 0.06, games=5)) is None
    assert "1600 at least" in conditions.refusal(Rating(1500, 80, 0.06, games=5))
    assert "2000 at most" in conditions.refusal(Rating(2100, 80, 0.06, games=5))
    assert "5 rated games" in conditions.refusal(Rating(1700, 80, 0.06, games=4))
    assert Conditions().refusal(Rating()) is None


def test_two_wins_in_a_row_make_the_next_wins_score_double_until_a_loss():
    ana, bo = Standing("ana", "Ana", 1500, 0), Standing("bo", "Bo", 1500, 1)
    scored = []
    for won in (True, True, True, True, False, True):
        ana, points = ana.played(bo, won, started=True)
        scored.append(points)
    assert scored == [WIN_POINTS, WIN_POINTS, STREAK_WIN_POINTS, STREAK_WIN_POINTS, 0, WIN_POINTS]
    assert (ana.score, ana.games, ana.wins, ana.losses, ana.streak) == (14, 6, 5, 1, 1)
    assert ana.firsts == 6 and ana.last_opponent == "bo"
    assert ana.performance == 1500 + round(400 * 4 / 6)


def test_an_aborted_game_counts_for_nobody_and_a_replay_is_the_definition():
    ana, bo = Standing("ana", "Ana", 1600, 0), Standing("bo", "Bo", 1400, 1)
    assert GameResult("g0", "ana", "bo", None).counted(ana, bo) is None
    results = [GameResult("g1", "ana", "bo", "bo"), GameResult("g2", "bo", "ana", "bo")]
    after = replayed([ana, bo], results)
    assert (after["bo"].score, after["bo"].streak, after["bo"].firsts) == (4, 2, 1)
    assert (after["ana"].losses, after["ana"].firsts) == (2, -1)
    assert after["bo"].performance == 1600 + 400
    assert after["bo"].rank_key(System.ARENA) > after["ana"].rank_key(System.ARENA)


def test_an_arena_win_played_berserk_with_enough_moves_scores_one_more():
    joined = [Standing(name, name, 1500, 0) for name in ("ana", "bo")]
    results = [
        GameResult("g1", "ana", "bo", "ana", berserk=(BERSERK_EARNED, 0)),  # 2 + 1
        GameResult("g2", "bo", "ana", "ana", berserk=(0, BERSERKED)),  # too few moves: 2
        GameResult("g3", "ana", "bo", "ana", berserk=(BERSERK_EARNED, BERSERKED)),  # 4 + 1
        GameResult("g4", "bo", "ana", "bo", berserk=(0, BERSERK_EARNED)),  # a loss: 0
    ]
    standings = replayed(joined, results)
    assert (standings["ana"].score, standings["ana"].berserks) == (3 + 2 + 5, 4)
    assert (standings["bo"].score, standings["bo"].berserks) == (2, 1)
    for result in results:
        assert decode_result(result.game_id, encode_result(result)) == result
    swiss = replayed(joined, results[:1], System.SWISS)
    assert swiss["ana"].score == SWISS_WIN_POINTS, "no berserk bonus outside an arena"
