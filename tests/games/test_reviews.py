"""The exact review of finished rated games at the use cases' level, on a
real Redis: for a few hundred games played to their end, the review the
game carries (and its players' kept figures) equals a replay of its moves
with the solver; a game that is not rated, or is aborted, has none; and a
rated game's review is kept for each of its players."""

import random

import pytest

from buttonup.engine import PLAYERS, Color, Options, Status
from buttonup.engine.board import sow
from buttonup.engine.review import SeatReview
from buttonup.engine.solver import move_margins
from buttonup.games import Games, NewGame
from buttonup.store import GameStore

GAMES = 300


def replayed(games: Games, game_id: str) -> dict[Color, SeatReview]:
    """Each seat's figures from its moves, each judged with the solver from
    the circle it was played in (the game's rounds' deals, sown again)."""
    match = games.get(game_id)
    openings = {result.number: result.initial_circle for result in match.game.rounds}
    openings[match.game.round.number] = match.game.round.initial_circle
    figures = {color: [0, 0, 0, 0, 0] for color in PLAYERS}
    circle, current = None, None
    for moved in games.moves(game_id)[0]:
        move = moved.outcome
        if move.round != current:
            current, circle = move.round, openings[move.round]
        margins = move_margins(circle, move.player)
        lost = max(margins.values()) - margins[move.position]
        mattered = len(set(margins.values())) > 1
        seat = figures[move.player]
        seat[0] += 1
        seat[1] += mattered
        seat[2] += mattered and lost == 0
        seat[3] += lost
        seat[4] = max(seat[4], lost)
        circle = sow(circle, move.position).circle
    return {color: SeatReview(*figures[color]) for color in PLAYERS}


def played_to_the_end(games: Games, keys: dict[Color, str], rng: random.Random, **options):
    game_id = games.create(NewGame(Options(target_score=3, **options)), None).match.id
    for color in PLAYERS:
        games.join(game_id, color, None, credential=keys[color])
    match = games.get(game_id)
    while match.status is Status.PLAYING:
        mover = match.game.to_move
        games.play(game_id, keys[mover], rng.choice(match.game.legal_moves()))
        match = games.get(game_id)
    return match


@pytest.mark.thorough
def test_a_few_hundred_finished_rated_games_carry_the_review_a_solver_replay_gives(
    games: Games, store: GameStore
):
    rng = random.Random(56)
    ana, bo = games.create_player("Ana", None), games.create_player("Bo", None)
    for number in range(GAMES):
        keys = {Color.RED: ana.key, Color.BLACK: bo.key}
        if number % 2:
            keys = {Color.RED: bo.key, Color.BLACK: ana.key}
        match = played_to_the_end(games, keys, rng, rated=True)
        assert match.review is not None, number
        expected = replayed(games, match.id)
        assert (match.review.red, match.review.black) == (
            expected[Color.RED],
            expected[Color.BLACK],
        )
    kept = store.reviews.recent(ana.player.id, 1000)
    assert len(kept) == 100, "the newest hundred"
    count, summed = games.reviews.summary(ana.player.id)
    assert count == 50
    newest = [seat for _, seat in kept[:50]]
    assert summed.moves == sum(seat.moves for seat in newest)
    assert summed.lost == sum(seat.lost for seat in newest)
    assert summed.largest == max(seat.largest for seat in newest)


def test_an_unrated_game_or_an_aborted_one_has_no_review(games: Games, store: GameStore):
    rng = random.Random(5)
    ana, bo = games.create_player("Ana", None), games.create_player("Bo", None)
    keys = {Color.RED: ana.key, Color.BLACK: bo.key}
    assert played_to_the_end(games, keys, rng).review is None
    game_id = games.create(NewGame(Options(rated=True)), None).match.id
    for color in PLAYERS:
        games.join(game_id, color, None, credential=keys[color])
    aborted = games.abort(game_id, ana.key).match
    assert aborted.status is Status.FINISHED and aborted.review is None
    assert store.reviews.recent(ana.player.id, 10) == []
