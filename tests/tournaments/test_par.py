"""Par scoring (tournaments.par, docs/tournaments.md "Par scoring"): a
game's par from its deals and the solver, and a par-scored Swiss on the
suite's real Redis: each pairing plays the round's deals twice, seats
swapped, the second game made once the first is counted; two perfect
players both score 0 in every round, whatever the deals."""

from dataclasses import replace
from pathlib import Path

import pytest

from buttonup import errors
from buttonup.engine import PLAYERS, Color, HintsDisabled, Match, Options, Status
from buttonup.engine.board import opponent
from buttonup.engine.notation import read_position, write_position
from buttonup.engine.options import EndReason
from buttonup.engine.solver import best_moves, move_margins
from buttonup.tournaments.games import result_of
from buttonup.tournaments.model import (
    GameResult,
    NewTournament,
    Scoring,
    Standing,
    System,
    TournamentStatus,
    bye_result,
    replayed,
)
from buttonup.tournaments.par import WIDEST_MARGIN, perfect_margin, red_par
from buttonup.tournaments.store import decode_result, encode_result
from tests.games.clock import BLITZ, Clock

NOW = 1_750_000_000_000


def perfect_move(match: Match) -> int:
    game = match.game
    return best_moves(move_margins(game.round.circle, game.to_move))[0]


def worst_move(match: Match) -> int:
    margins = move_margins(match.game.round.circle, match.game.to_move)
    return min(margins, key=lambda position: (margins[position], position))


def two_player_game(seed: int) -> Match:
    match = Match.new("g1", Options(first_player=Color.RED), NOW, seed=seed)
    for color, name in zip(PLAYERS, ("ana", "bo"), strict=True):
        match = match.join(color, name, f"{name}-token", NOW, player_id=name).match
    return match


def played(match: Match, choose, until=lambda match: False) -> Match:
    while match.status is Status.PLAYING and not until(match):
        match = match.play(match.game.to_move, choose(match), NOW).match
    return match


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_game_played_perfectly_by_both_has_a_par_of_zero(seed):
    match = played(two_player_game(seed), perfect_move)
    assert match.status is Status.FINISHED and len(match.game.rounds) >= 1
    assert red_par(match) == 0


def test_a_par_is_the_margins_played_minus_perfect_plays_over_the_deals():
    def red_errs(match: Match) -> int:
        return worst_move(match) if match.game.to_move is Color.RED else perfect_move(match)

    match = played(two_player_game(7), red_errs)
    expected = sum(
        (result.strength.red - result.strength.black)
        - perfect_margin(result.initial_circle, result.starting_player)
        for result in match.game.rounds
    )
    assert red_par(match) == expected < 0, "red gave up points on some deal"
    assert result_of(match, Scoring.PAR).par == expected
    assert result_of(match).par is None  # scored by results


def test_a_deal_cut_short_counts_the_widest_margin_against_who_lost_the_game():
    match = two_player_game(11)
    match = played(match, perfect_move, until=lambda m: m.game.round.moves_played == 3)
    loser = match.game.to_move
    match = match.resign(loser, NOW).match
    current = match.game.round
    perfect = perfect_margin(current.initial_circle, current.starting_player)
    widest = WIDEST_MARGIN if opponent(loser) is Color.RED else -WIDEST_MARGIN
    assert red_par(match) == widest - perfect
    assert (red_par(match) < 0) == (loser is Color.RED)


def test_an_aborted_game_has_no_par():
    aborted = two_player_game(3).abort(Color.RED, NOW).match
    assert red_par(aborted) == 0 and result_of(aborted, Scoring.PAR).winner is None


def a_par_swiss(rounds: int) -> NewTournament:
    return NewTournament(
        name="Par Swiss", system=System.SWISS, scoring=Scoring.PAR, clock=BLITZ, rounds=rounds
    )


def play_perfectly(wings, game_ids: list[str], keys: dict[str, str]) -> dict[str, Match]:
    """The games played to their end, a move in each in turn (so that none
    waits on another's clock), each move the best."""
    playing = {game_id: wings.games.get(game_id) for game_id in game_ids}
    finished = {}
    while playing:
        for game_id, match in list(playing.items()):
            mover = match.seat(match.game.to_move).player_id
            wings.games.play(game_id, keys[mover], perfect_move(match))
            match = playing[game_id] = wings.games.get(game_id)
            if match.status is not Status.PLAYING:
                finished[game_id] = playing.pop(game_id)
    assert all(match.end_reason is EndReason.TARGET_SCORE for match in finished.values())
    return finished


def test_two_perfect_players_in_a_par_swiss_both_score_zero_in_every_round(wings, monkeypatch):
    # The tests' clock steps a second each reading; a perfect game's hundred
    # moves or more would run the clocks out: time stands still here.
    monkeypatch.setattr(Clock, "__call__", lambda clock: clock.now)
    players = [wings.games.create_player(f"P{index}", None) for index in range(4)]
    keys = {player.player.id: player.key for player in players}
    made = wings.tournaments.create(players[0].key, a_par_swiss(2))
    for player in players:
        wings.tournaments.join(made.id, player.key)
    tournament = wings.tournaments.start(made.id, players[0].key)
    seen_games, openings = set(), []
    for number in (1, 2):
        wings.tournaments.upkeep()  # the round paired: each pairing's first game made
        firsts = [
            m for m in wings.tournaments.games(tournament.id, 0, 100) if m.id not in seen_games
        ]
        assert len(firsts) == 2 and all(m.status is Status.PLAYING for m in firsts)
        opening = read_position(write_position(firsts[0].game))
        openings.append(opening)
        with pytest.raises(errors.PositionInPlay):  # the round's deals: sealed
            wings.games.analyse_position(opening)
        finished = play_perfectly(wings, [match.id for match in firsts], keys)
        with pytest.raises(HintsDisabled):  # a first game's review: the second's deals
            wings.games.analysis(firsts[0].id)
        wings.tournaments.upkeep()  # each first counted: its second made, seats swapped
        seconds = [
            m
            for m in wings.tournaments.games(tournament.id, 0, 100)
            if m.id not in seen_games and m.id not in finished
        ]
        assert len(seconds) == 2
        assert wings.tournaments.get(tournament.id)[0].round == number, "the round goes on"
        first_deals = {m.game.rounds[0].initial_circle for m in finished.values()}
        for match in seconds:
            (first,) = [f for f in finished.values() if f.red.player_id == match.black.player_id]
            assert first.black.player_id == match.red.player_id, "seats swapped"
            assert match.game.round.initial_circle in first_deals, "the round's deals"
        finished |= play_perfectly(wings, [match.id for match in seconds], keys)
        assert len(first_deals) == 1, "every pairing of the round plays the same deals"
        reference = next(iter(finished.values())).game.rounds
        for match in finished.values():
            common = min(len(match.game.rounds), len(reference))
            assert [r.initial_circle for r in match.game.rounds[:common]] == [
                r.initial_circle for r in reference[:common]
            ]
        seen_games |= set(finished)
        wings.tournaments.upkeep()  # the round over: the next paired, or the end
        standings = wings.tournaments.standings(tournament.id, 0, 10)
        assert [(entry.standing.score, entry.standing.games) for entry in standings] == [
            (0, 2 * number)
        ] * 4
    assert wings.tournaments.get(tournament.id)[0].status is TournamentStatus.FINISHED
    results = wings.tournaments.play.results(tournament.id).values()
    assert len(results) == 8 and all(result.par == 0 for result in results)
    # Over: its games' analysis and its deals open.
    assert wings.games.analysis(next(iter(seen_games))).reviews
    for opening in openings:
        assert wings.games.analyse_position(opening).best


def test_the_worked_examples_deals_have_the_values_docs_tournaments_md_gives():
    def deal(letters: str):
        colour = {"R": Color.RED, "B": Color.BLACK, "W": Color.WHITE}
        return tuple((colour[letter],) for letter in letters.split())

    first, second = deal("R B R W B B R W W"), deal("B B W B W R R W R")
    text = (Path(__file__).parents[2] / "docs" / "tournaments.md").read_text(encoding="utf-8")
    assert "`R B R W B B R W W`" in text and "`B B W B W R R W R`" in text
    assert (perfect_margin(first, Color.RED), perfect_margin(first, Color.BLACK)) == (1, 0)
    assert (perfect_margin(second, Color.RED), perfect_margin(second, Color.BLACK)) == (-1, -3)


def test_par_results_replay_and_rank_below_zero_with_negative_tie_breaks():
    joined = [Standing(name, name, 1500, 0) for name in ("ana", "bo", "cy")]
    results = [
        GameResult("g1", "ana", "bo", "ana", 5),
        GameResult("g2", "bo", "ana", "bo", 2),  # seats swapped: bo's par +2, ana's -2
        bye_result(1, "cy", par_scored=True),
    ]
    standings = replayed(joined, results, System.SWISS)
    assert [standings[name].score for name in ("ana", "bo", "cy")] == [3, -3, 0]
    assert (standings["cy"].byes, standings["bo"].buchholz) == (1, 6)  # met ana twice
    assert standings["ana"].buchholz == -6 and standings["ana"].tie_break(System.SWISS) == -6
    ranked = sorted(standings.values(), key=lambda s: -s.rank_key(System.SWISS))
    assert [s.player_id for s in ranked] == ["ana", "cy", "bo"]
    worse_tie_break = replace(standings["cy"], buchholz=-7)
    assert worse_tie_break.rank_key(System.SWISS) < standings["cy"].rank_key(System.SWISS)
    for result in results:  # stored and read back whole
        assert decode_result(result.game_id, encode_result(result)) == result
