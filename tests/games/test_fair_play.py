"""Fair play at the use cases' level, on a real Redis: the position a game
without hints stands at is kept from analysis while it stands there, and
only then (tests/e2e/test_fair_play.py holds the same over HTTP)."""

import pytest

from buttonup import errors
from buttonup.engine import BotLevel, Color, Options, Status
from buttonup.engine.notation import read_position, write_position
from buttonup.engine.solver import best_moves, move_margins
from buttonup.engine.symmetry import position_forms
from buttonup.games import Games, NewGame
from buttonup.games.fair_play import digest, standing
from buttonup.store import hash_token


def started(games: Games, seed: int = 5, **options) -> tuple[str, dict[Color, str]]:
    new = NewGame(Options(seed=seed, first_player=Color.RED, **options))
    game_id = games.create(new, None).match.id
    red = games.join(game_id, Color.RED, "Ana")
    black = games.join(game_id, Color.BLACK, "Bo")
    return game_id, {Color.RED: red.token, Color.BLACK: black.token}


def position_of(games: Games, game_id: str):
    return read_position(write_position(games.get(game_id).game))


def refused(games: Games, position) -> bool:
    try:
        games.analyse_position(position)
    except errors.PositionInPlay:
        return True
    return False


def test_a_game_without_hints_keeps_the_position_it_stands_at_and_only_that_one(games, store):
    game_id, tokens = started(games, hints=False)
    first = position_of(games, game_id)
    assert refused(games, first), "the position a player is to move from"
    match = games.get(game_id)
    games.play(game_id, tokens[match.game.to_move], match.game.legal_moves()[0])
    second = position_of(games, game_id)
    assert not refused(games, first), "the game moved on"
    assert store.positions.keepers([digest(first.circle, first.to_move)], 0, 4)[0] == []
    assert refused(games, second)
    games.resign(game_id, tokens[Color.RED])
    assert games.get(game_id).status is Status.FINISHED
    assert not refused(games, second), "the game is over"


def test_a_game_with_hints_enters_no_position(games, store):
    game_id, _ = started(games)
    match = games.get(game_id)
    assert match.hints and standing(match) is None
    position = position_of(games, game_id)
    assert store.positions.keepers([digest(position.circle, position.to_move)], 0, 4)[0] == []
    assert not refused(games, position)


def test_an_entry_no_commit_followed_is_taken_out_when_its_position_is_asked_about(
    games, store, clock
):
    """A process that entered a position and died before its commit landed
    leaves an entry for a game that never stood there: the position is
    analysed, and the entry goes."""
    game_id, _ = started(games, hints=False)
    other, _ = started(games, seed=6)  # another deal, with hints: never in the index
    position = position_of(games, other)
    key = digest(position.circle, position.to_move)
    store.positions.enter(key, game_id, clock())
    assert store.positions.keepers([key], 0, 4)[0] == [game_id]
    assert not refused(games, position)
    assert store.positions.keepers([key], 0, 4)[0] == []


@pytest.mark.parametrize("ended_by", ["resign", "abort"])
def test_the_position_is_let_go_however_the_game_ends(games, ended_by):
    game_id, tokens = started(games, hints=False)
    position = position_of(games, game_id)
    assert refused(games, position)
    getattr(games, ended_by)(game_id, tokens[Color.RED])
    assert not refused(games, position)


def test_a_perfect_bot_plays_perfectly_in_its_own_protected_game(games):
    """A game without hints against the perfect bot keeps the positions it
    stands at from everyone else, not from the bot playing it."""
    new = NewGame(
        Options(seed=9, first_player=Color.RED, hints=False), bots={Color.BLACK: BotLevel.PERFECT}
    )
    game_id = games.create(new, None).match.id
    token = games.join(game_id, Color.RED, "Ana").token
    state, replied = games.get(game_id).game, 0
    while replied < 6 and games.get(game_id).status is Status.PLAYING:
        played_before = len(games.moves(game_id)[0])
        games.play(game_id, token, state.legal_moves()[0])
        for move in games.moves(game_id)[0][played_before:]:
            outcome = move.outcome
            if outcome.player is Color.BLACK:
                margins = move_margins(state.round.circle, Color.BLACK)
                assert outcome.position in best_moves(margins), "a best move"
                replied += 1
            state, _ = state.apply(outcome.player, outcome.position)
    assert replied >= 6


def test_a_seat_holder_is_let_go_when_the_game_ends(games, store):
    game_id, tokens = started(games, hints=False)
    holder = f"seat:{hash_token(tokens[Color.RED])}"
    assert store.positions.held(holder, 8) == [game_id]
    games.resign(game_id, tokens[Color.RED])
    assert store.positions.held(holder, 8) == []


def played_rounds(games: Games, rounds: int) -> tuple[str, list]:
    """A finished game with hints whose first `rounds` rounds were played out
    (each first legal move), then resigned: its id, and the position each of
    its moves was played from."""
    game_id, tokens = started(games, seed=11, target_score=99)
    played_from = []
    while len(games.get(game_id).game.rounds) < rounds:
        state = games.get(game_id).game
        played_from.append(read_position(write_position(state)))
        games.play(game_id, tokens[state.to_move], state.legal_moves()[0])
    games.resign(game_id, tokens[Color.RED])
    return game_id, played_from


def test_a_finished_games_review_leaves_out_only_the_round_whose_position_is_kept(games):
    """A protected game stands at a form of a position round 2 was played
    from: rounds 1 and 3 are reviewed, round 2 is withheld (not the whole
    answer refused); once the protected game is over, round 2 is too."""
    game_id, played_from = played_rounds(games, 3)
    in_round_2 = next(position for position in played_from if position.round == 2)
    form = position_forms(in_round_2)[7]  # turned and swapped: the same question
    new = NewGame(Options(position=write_position(form.state(None)), hints=False))
    keeper = games.create(new, None).match.id
    red = games.join(keeper, Color.RED, "Keeper").token
    games.join(keeper, Color.BLACK, "Other")
    analysis = games.analysis(game_id)
    assert [review.number for review in analysis.reviews] == [1, 3]
    assert analysis.withheld == (2,)
    games.resign(keeper, red)
    analysis = games.analysis(game_id)
    assert [review.number for review in analysis.reviews] == [1, 2, 3]
    assert analysis.withheld == ()
