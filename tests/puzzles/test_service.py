"""Puzzles' use cases on a real Redis, with every wing installed: finished
public games are mined some time after they end, every puzzle kept holds
against an independent replay of its game's position, a position is a
puzzle once in any form, the fair-play gate keeps a puzzle out while a
protected game stands in its line, and a player's first attempt rates
them and the puzzle once, however many are sent at once."""

import random
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress

import pytest

from buttonup import errors
from buttonup.engine import PLAYERS, Color, Options, Status
from buttonup.engine.notation import read_position
from buttonup.engine.options import Visibility
from buttonup.games import Games, NewGame
from buttonup.games.fair_play import digest
from buttonup.games.hooks import Hooks
from buttonup.games.ports import Ports
from buttonup.puzzles import MANIFEST, Puzzles
from buttonup.puzzles.errors import NoPuzzle
from buttonup.puzzles.model import PER_GAME
from buttonup.puzzles.service import SEALED_RETRY_MS
from buttonup.puzzles.store import PuzzleBoard
from buttonup.ratings.results import ResultRatings
from buttonup.store import StorageUnavailable
from tests.helpers.wings import Wired, wired
from tests.puzzles.test_model import check_by_replay

DELAY_MS = 3600 * 1000  # the settings' default


@pytest.fixture
def puzzles(wings: Wired) -> Puzzles:
    return wings.use_cases[MANIFEST.name]


def played_to_the_end(games: Games, rng: random.Random, **options) -> str:
    """A game of two anonymous seats played to its end by random moves (its
    deals drawn from `rng` too, unless a seed is given: the same each run)."""
    options.setdefault("seed", rng.randrange(2**32))
    game_id = games.create(NewGame(Options(target_score=5, **options)), None).match.id
    tokens = {}
    for color in PLAYERS:
        tokens[color] = games.join(game_id, color, None).token
    match = games.get(game_id)
    while match.status is Status.PLAYING:
        mover = match.game.to_move
        games.play(game_id, tokens[mover], rng.choice(match.game.legal_moves()))
        match = games.get(game_id)
    return game_id


def mined_all(puzzles: Puzzles, clock) -> int:
    clock.now += DELAY_MS
    kept = 0
    while puzzles.board.queued():
        kept += puzzles.mine()
    return kept


def test_finished_public_games_are_mined_after_the_delay_and_each_puzzle_holds(
    games, puzzles, clock
):
    rng = random.Random(62)
    mined = [played_to_the_end(games, rng, visibility=Visibility.PUBLIC) for _ in range(6)]
    played_to_the_end(games, rng)  # private: never mined
    assert puzzles.mine() == 0, "not before the delay"
    assert puzzles.board.queued() == len(mined)
    assert mined_all(puzzles, clock) > 0
    board: PuzzleBoard = puzzles.board
    ids = board.near(1500.0, None, 100)
    assert len(ids) == board.count() > 0
    for puzzle in board.load_many(ids):
        assert puzzle.game_id in mined
        position = read_position(puzzle.position)
        assert (position.circle, position.to_move) == (puzzle.circle, puzzle.mover)
        check_by_replay(puzzle.circle, puzzle.mover, puzzle.line)


def test_a_position_is_a_puzzle_once_in_any_of_its_forms(games, puzzles, clock):
    first = played_to_the_end(games, random.Random(7), visibility=Visibility.PUBLIC, seed=99)
    mined_all(puzzles, clock)
    count = puzzles.board.count()
    assert 0 < count <= PER_GAME, first
    # The same deals and moves again: the same positions, none kept twice;
    # the game's next new ones are kept instead.
    again = played_to_the_end(games, random.Random(7), visibility=Visibility.PUBLIC, seed=99)
    mined_all(puzzles, clock)
    kept = puzzles.board.load_many(puzzles.board.near(1500.0, None, 100))
    assert len(kept) == puzzles.board.count() >= count
    assert {puzzle.game_id for puzzle in kept} <= {first, again}
    forms = [digest(puzzle.circle, puzzle.mover) for puzzle in kept]
    assert len(set(forms)) == len(forms)


def protected_game_at(games: Games, position: str) -> dict[Color, str]:
    """A game without hints standing at `position` (its mover to move)."""
    game_id = games.create(NewGame(Options(hints=False, position=position)), None).match.id
    return {color: games.join(game_id, color, None).token for color in PLAYERS}


def test_a_puzzle_whose_line_a_protected_game_stands_in_is_not_served(games, puzzles, clock):
    rng = random.Random(5)
    for _ in range(3):
        played_to_the_end(games, rng, visibility=Visibility.PUBLIC)
    mined_all(puzzles, clock)
    ids = puzzles.board.near(1500.0, None, 100)
    puzzle = puzzles.board.load_many(ids)[0]
    tokens = protected_game_at(games, puzzle.position)
    with pytest.raises(errors.PositionInPlay):
        puzzles.get(None, puzzle.id)
    with pytest.raises(errors.PositionInPlay):
        puzzles.attempt(None, puzzle.id, list(puzzle.line.yours), 5)
    with pytest.raises(errors.PositionInPlay):  # a seat's holder gets nothing at all
        puzzles.next(tokens[Color.RED])
    for _ in range(20):  # never served while the game stands there
        with suppress(NoPuzzle):
            assert puzzles.next(None).id != puzzle.id


def test_a_first_attempt_rates_player_and_puzzle_once_however_many_come_at_once(
    games, puzzles, clock
):
    rng = random.Random(11)
    for _ in range(3):
        played_to_the_end(games, rng, visibility=Visibility.PUBLIC)
    mined_all(puzzles, clock)
    ana = games.create_player("Ana", None)
    puzzle = puzzles.next(ana.key)
    right = list(puzzle.line.yours)
    wrong = [next(p for p in range(9) if puzzle.circle[p] and p != right[0])]
    attempts = [right if number % 2 else wrong for number in range(12)]
    with ThreadPoolExecutor(6) as pool:
        answers = list(
            pool.map(lambda moves: puzzles.attempt(ana.key, puzzle.id, moves, 9), attempts)
        )
    firsts = [answer for answer in answers if answer.first]
    assert len(firsts) == 1
    after = puzzles.board.load(puzzle.id)
    assert after.plays == 1
    assert after.solved == int(firsts[0].judged.solved)
    rating = puzzles.rating(ana.player)
    assert rating is not None and rating.games == 1
    moved = rating.rating - 1500
    assert (moved > 0) == firsts[0].judged.solved
    assert firsts[0].rating_diff == round(rating.rating) - 1500
    assert (after.rating.rating > puzzle.rating.rating) != firsts[0].judged.solved
    for _ in range(10):
        with suppress(NoPuzzle):
            assert puzzles.next(ana.key).id != puzzle.id, "never one they tried"


class SealedGames:
    """A wing's seal (games.ports.Sealing) on the analysis of the games named:
    as a running par tournament keeps its games'."""

    def __init__(self) -> None:
        self.sealed: set[str] = set()

    def analysis_sealed(self, match):
        return "sealed by a running tournament" if match.id in self.sealed else None

    def keeps(self, keeper: str) -> bool:
        return False

    def reached(self, match, digest: str, now: int) -> None:
        pass


def test_a_game_whose_analysis_a_wing_keeps_closed_is_mined_only_once_it_opens(
    games, puzzles, clock
):
    seal = SealedGames()
    games.hook(Hooks(sealing=seal))
    game_id = played_to_the_end(games, random.Random(7), visibility=Visibility.PUBLIC, seed=99)
    seal.sealed.add(game_id)
    clock.now += DELAY_MS
    assert puzzles.mine() == 0 and puzzles.board.count() == 0
    assert puzzles.board.queued() == 1, "looked at again later"
    clock.now += SEALED_RETRY_MS
    assert puzzles.mine() == 0, "still sealed"
    seal.sealed.clear()
    clock.now += SEALED_RETRY_MS
    assert puzzles.mine() > 0 and puzzles.board.queued() == 0


class KeptByAWing(SealedGames):
    """A wing that keeps positions for a while (as a running par tournament
    keeps every position its games reach), by its keeper in the gate's index."""

    def __init__(self) -> None:
        super().__init__()
        self.keeping = True

    def keeps(self, keeper: str) -> bool:
        return keeper == "par:t1" and self.keeping


def test_a_puzzle_whose_position_a_wing_keeps_is_held_out_until_it_lets_go(
    games, puzzles, clock, store
):
    keeper = KeptByAWing()
    games.hook(Hooks(sealing=keeper))
    played_to_the_end(games, random.Random(7), visibility=Visibility.PUBLIC, seed=99)
    mined_all(puzzles, clock)
    puzzle = puzzles.board.load_many(puzzles.board.near(1500.0, None, 100))[0]
    store.positions.keep([digest(puzzle.circle, puzzle.mover)], "par:t1", clock.now + 3_600_000)
    with pytest.raises(errors.PositionInPlay):
        puzzles.get(None, puzzle.id)
    with pytest.raises(errors.PositionInPlay):
        puzzles.attempt(None, puzzle.id, list(puzzle.line.yours), 5)
    keeper.keeping = False  # the tournament is over
    assert puzzles.get(None, puzzle.id).id == puzzle.id


class RatingsAwayOnce:
    """The results port of a ratings store that fails once (Redis gone for
    a moment), then rates as the ratings wing does."""

    def __init__(self, rates) -> None:
        self._rates = rates
        self.failed = False

    def rate(self, result, now):
        if not self.failed:
            self.failed = True
            raise StorageUnavailable("Redis did not answer")
        return self._rates.rate(result, now)

    def rating(self, player_id, pool):
        return self._rates.rating(player_id, pool)


def test_an_attempt_whose_ratings_fail_after_it_is_kept_is_no_plain_503_and_settles_on_retry(
    games, puzzles, clock, store
):
    played_to_the_end(games, random.Random(7), visibility=Visibility.PUBLIC, seed=99)
    mined_all(puzzles, clock)
    ports = Ports()
    away = RatingsAwayOnce(ResultRatings(store.client, 600_000))
    ports.fill_results(away)
    flaky = Puzzles(store, puzzles.board, games.pipeline, clock, ports, 0)
    ana = games.create_player("Ana", None)
    puzzle = flaky.next(ana.key)
    moves = list(puzzle.line.yours)
    with pytest.raises(errors.OutcomeUnknown):
        flaky.attempt(ana.key, puzzle.id, moves, 4)
    again = flaky.attempt(ana.key, puzzle.id, moves, 4)
    assert again.judged.solved and not again.first
    assert flaky.board.load(puzzle.id).plays == 1
    rating = away.rating(ana.player.id, "puzzle")
    assert rating is not None and rating.games == 1, "rated once, by the retry"


def test_a_game_that_cannot_be_mined_is_dropped_not_tried_forever(
    games, puzzles, clock, store, caplog
):
    broken = played_to_the_end(games, random.Random(7), visibility=Visibility.PUBLIC, seed=99)
    whole = played_to_the_end(games, random.Random(8), visibility=Visibility.PUBLIC, seed=98)
    # Its record's third action rewritten as no release writes one: the game
    # cannot be read back.
    record_key = f"buttonup:{{{broken}}}:game"
    form, base, log = store.client.get(record_key).split(b"\n", 2)
    lines = log.split(b"\n")
    lines[2] = b"zz\tnot an action"
    store.client.set(record_key, b"\n".join([form, base, *lines]), keepttl=True)
    clock.now += DELAY_MS
    elsewhere = wired(store, clock).use_cases[MANIFEST.name]  # a process that never saw them
    with caplog.at_level("ERROR", logger="buttonup.puzzles.service"):
        elsewhere.mine()
    assert puzzles.board.queued() == 0, "neither waits in the queue"
    assert any(broken in record.getMessage() for record in caplog.records)
    kept = puzzles.board.load_many(puzzles.board.near(1500.0, None, 100))
    assert {puzzle.game_id for puzzle in kept} == {whole}
