"""A game's stream through the use cases on a real Redis: the watchers of a
game in one process apply each change once, and share what it made."""

from buttonup.engine import PLAYERS, Color, Match, Options
from buttonup.games import Games, NewGame
from buttonup.games.results import Happened
from tests.games.clock import Clock


def next_change(stream) -> Happened:
    """The stream's next change of the game, past keep-alives and presence."""
    for _ in range(200):
        for item in next(stream):
            if isinstance(item, Happened):
                return item
    raise AssertionError("no change heard")


def test_a_games_watchers_in_one_process_apply_each_change_once(store, monkeypatch):
    games = Games(store, clock=Clock())
    game_id = games.create(NewGame(Options(seed=3, first_player=Color.RED)), None).match.id
    tokens = {color: games.join(game_id, color, None).token for color in PLAYERS}
    watchers = [games.watch(game_id, None, 20) for _ in range(3)]
    for watcher in watchers:
        next(watcher)  # the game as it is
    match = games.get(game_id)
    games.play(game_id, tokens[Color.RED], match.game.legal_moves()[0])
    applied: list[int] = []
    apply = Match.apply
    monkeypatch.setattr(
        Match, "apply", lambda self, action: applied.append(1) or apply(self, action)
    )
    heard = [next_change(watcher) for watcher in watchers]
    assert len(applied) == 1
    assert heard[0] is heard[1] is heard[2]
    assert heard[0].match == games.get(game_id)
    for watcher in watchers:
        watcher.close()
