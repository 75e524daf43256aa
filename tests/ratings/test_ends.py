"""A rated game's end applied to both players' ratings exactly once, on the
suite's real Redis: by the request that ended it, or, when that process died
between the commit and the ratings, by the sweep; never twice, whoever
retries or sweeps at once; and a mark whose end never landed changes nothing."""

from buttonup.engine import PLAYERS, Color, Match, Options
from buttonup.engine.ratings import Category, Rating, rated, rating_diff
from buttonup.games import Games, NewGame
from buttonup.games.consequences import OVERDUE_AFTER_MS as SETTLED_AFTER_MS
from buttonup.ratings.model import players_of
from buttonup.ratings.store import LEGACY_PENDING_KEY
from buttonup.store import GameStore
from buttonup.store.marks import MARKS_KEY
from buttonup.store.player_events import decode_notice
from buttonup.store.player_events import events_key as player_events_key
from tests.games.clock import BLITZ, Clock
from tests.helpers.wings import Wired, sweep_at_once, wired


def rated_game(games: Games) -> tuple[str, dict[Color, str]]:
    """A rated blitz game between two new players, each of whom has moved:
    its id and their keys."""
    keys = {color: games.create_player(color.value, None).key for color in PLAYERS}
    options = Options(seed=3, first_player=Color.RED, rated=True, clock=BLITZ)
    game_id = games.create(NewGame(options), None).match.id
    for color in PLAYERS:
        games.join(game_id, color, None, credential=keys[color])
    open_rated(games, game_id, keys)
    return game_id, keys


def open_rated(games: Games, game_id: str, keys: dict) -> None:
    """Moves until each seat of a rated game has moved (by their keys, by colour)."""
    match = games.get(game_id)
    while len(match.moved) < len(PLAYERS):
        mover = match.game.to_move
        match = games.play(game_id, keys[mover], match.game.legal_moves()[0]).match


def blitz(games: Games, key: str) -> Rating:
    return games.player(key).rating(Category.BLITZ)


def resigned_without_ratings(wings: Wired, clock: Clock, game_id: str, color: Color) -> Match:
    """What a process that died right after committing the resignation
    leaves: the mark and the game's end, no rating changed."""
    store = wings.games.store
    loaded = store.load(game_id)
    progress = loaded.match.resign(color, clock())
    store.mark(["ratings"], game_id, clock())
    wings.ratings.board.expect(game_id, players_of(loaded.match))
    store.commit(loaded.match, loaded.revision, [progress])
    return progress.match


def test_the_request_that_ends_the_game_applies_both_and_clears_the_mark(games, redis_client):
    game_id, keys = rated_game(games)
    games.resign(game_id, keys[Color.BLACK])
    after = rated({Color.RED: Rating(), Color.BLACK: Rating()}, Color.RED)
    assert blitz(games, keys[Color.RED]) == after[Color.RED]
    assert blitz(games, keys[Color.BLACK]) == after[Color.BLACK]
    assert redis_client.zscore(MARKS_KEY, f"ratings:{game_id}") is None


def test_an_end_a_process_left_unapplied_is_applied_by_the_sweep_once(
    wings, games, store, clock, redis_client
):
    game_id, keys = rated_game(games)
    resigned_without_ratings(wings, clock, game_id, Color.BLACK)
    assert blitz(games, keys[Color.RED]) == Rating(), "nothing applied yet"
    games.sweep()
    assert blitz(games, keys[Color.RED]) == Rating(), "too soon: a commit may be on its way"

    clock.now += SETTLED_AFTER_MS
    games.sweep()
    after = rated({Color.RED: Rating(), Color.BLACK: Rating()}, Color.RED)
    assert blitz(games, keys[Color.RED]) == after[Color.RED]
    assert blitz(games, keys[Color.BLACK]) == after[Color.BLACK]
    assert redis_client.zscore(MARKS_KEY, f"ratings:{game_id}") is None

    # Marked again (a retry's mark) and swept again: applied already, once.
    store.mark(["ratings"], game_id, clock())
    clock.now += SETTLED_AFTER_MS
    games.sweep()
    assert blitz(games, keys[Color.RED]) == after[Color.RED]
    assert games.player(keys[Color.RED]).wins == 1


def test_a_players_next_rated_game_applies_what_a_process_left_first(wings, games, clock):
    game_id, keys = rated_game(games)
    ended = resigned_without_ratings(wings, clock, game_id, Color.BLACK)
    assert wings.ratings.board.unsettled(ended.red.player_id) == [game_id]
    after = rated({Color.RED: Rating(), Color.BLACK: Rating()}, Color.RED)
    # Red sits down to another rated game before any sweep: with the rating
    # the first game gave, applied now.
    options = Options(seed=4, rated=True, clock=BLITZ)
    next_id = games.create(NewGame(options), None).match.id
    seated = games.join(next_id, Color.RED, None, credential=keys[Color.RED])
    assert seated.outcome.match.red.rating == after[Color.RED]
    assert blitz(games, keys[Color.BLACK]) == after[Color.BLACK], "both players', at once"
    assert wings.ratings.board.unsettled(ended.red.player_id) == []
    clock.now += SETTLED_AFTER_MS
    games.sweep()
    assert blitz(games, keys[Color.RED]) == after[Color.RED], "and never again"


def test_sweepers_at_once_apply_each_end_once(store, clock):
    everyone = [wired(store, clock) for _ in range(4)]
    wings, sweepers = everyone[0], [each.games for each in everyone]
    ended = []
    for _ in range(10):
        game_id, keys = rated_game(sweepers[0])
        resigned_without_ratings(wings, clock, game_id, Color.BLACK)
        ended.append(keys)
    clock.now += SETTLED_AFTER_MS
    sweep_at_once(sweepers)
    after = rated({Color.RED: Rating(), Color.BLACK: Rating()}, Color.RED)
    for keys in ended:
        red = sweepers[0].player(keys[Color.RED])
        assert red.rating(Category.BLITZ) == after[Color.RED]
        assert (red.wins, red.losses) == (1, 0)


def test_a_mark_whose_end_never_landed_changes_nothing(wings, games, store, clock, redis_client):
    game_id, keys = rated_game(games)
    players = players_of(store.load(game_id).match)
    store.mark(["ratings"], game_id, clock())  # a commit that then lost its race
    wings.ratings.board.expect(game_id, players)
    clock.now += SETTLED_AFTER_MS
    games.sweep()
    assert redis_client.zscore(MARKS_KEY, f"ratings:{game_id}") is None
    assert all(not wings.ratings.board.unsettled(player_id) for player_id in players)
    assert blitz(games, keys[Color.RED]) == Rating()
    # The game still ends rated, and is applied then.
    games.resign(game_id, keys[Color.RED])
    assert blitz(games, keys[Color.BLACK]).games == 1


def test_a_game_marked_again_while_swept_keeps_its_mark(store, clock, redis_client):
    store.mark(["ratings"], "someGame0123456789ab", clock())
    clock.now += SETTLED_AFTER_MS
    (claimed,) = store.claim_marks(clock.now - SETTLED_AFTER_MS, 10, clock.now + 30_000)
    store.mark(["ratings"], "someGame0123456789ab", clock())  # an end on its way
    assert not store.settle_mark(claimed)
    assert redis_client.zscore(MARKS_KEY, "ratings:someGame0123456789ab") is not None


def test_games_in_play_at_once_are_rated_one_after_another_as_they_end(games):
    """A player in two rated games at once: each game is rated from both
    players' ratings as it ends, so the second from the rating the first left."""
    keys = {name: games.create_player(name, None).key for name in ("ana", "bo", "cy")}

    def seated(red: str, black: str) -> str:
        game_id = games.create(NewGame(Options(seed=5, rated=True)), None).match.id
        games.join(game_id, Color.RED, None, credential=keys[red])
        games.join(game_id, Color.BLACK, None, credential=keys[black])
        open_rated(games, game_id, {Color.RED: keys[red], Color.BLACK: keys[black]})
        return game_id

    first, second = seated("ana", "bo"), seated("ana", "cy")
    games.resign(first, keys["bo"])
    games.resign(second, keys["cy"])
    once = rated({Color.RED: Rating(), Color.BLACK: Rating()}, Color.RED)[Color.RED]
    twice = rated({Color.RED: once, Color.BLACK: Rating()}, Color.RED)[Color.RED]
    ana = games.player(keys["ana"]).rating(Category.UNTIMED)
    assert ana == twice
    assert games.get(second).red.rating == once, "the second game shows the rating it ended with"
    assert games.player(keys["cy"]).rating(Category.UNTIMED).games == 1


def test_each_players_game_over_carries_both_changes(games, redis_client):
    game_id, keys = rated_game(games)
    games.resign(game_id, keys[Color.BLACK])
    after = rated({Color.RED: Rating(), Color.BLACK: Rating()}, Color.RED)
    for color in PLAYERS:
        player_id = games.player(keys[color]).id
        entries = redis_client.xrange(player_events_key(player_id))
        (over,) = [
            decode_notice(int(fields[b"v"]), fields[b"e"].decode(), fields[b"d"].decode())
            for _, fields in entries
            if fields[b"e"] == b"game_over"
        ]
        assert over.rating_diff == {
            side: round(after[side].rating) - round(Rating().rating) for side in PLAYERS
        }


def test_a_rated_end_is_worked_out_once_and_kept_with_the_game(games, monkeypatch):
    """Glicko-2 runs once for the commit that ends a rated game (not again
    to apply it, tell the players or show the game), and its change as
    shown is stored with the ending action: a fresh process reads it back."""
    game_id, keys = rated_game(games)
    runs = []

    def counted(ratings, winner):
        runs.append(winner)
        return rated(ratings, winner)

    after = rated({Color.RED: Rating(), Color.BLACK: Rating()}, Color.RED)
    shown = tuple(round(after[color].rating) - 1500 for color in PLAYERS)
    monkeypatch.setattr("buttonup.engine.ratings.rated", counted)
    games.resign(game_id, keys[Color.BLACK])
    ended = games.get(game_id)
    assert rating_diff(ended) == dict(zip(PLAYERS, shown, strict=True))
    assert blitz(games, keys[Color.RED]) == after[Color.RED]
    assert len(runs) == 1

    ending = games.pipeline.timeline(game_id).changes[-1].action
    assert ending.rating_diff == shown
    # Another process, which reads the game from Redis, not from its memory.
    store = GameStore(games.store.client, game_ttl_seconds=600, reply_ttl_seconds=60)
    assert Games(store, clock=Clock()).get(game_id).rating_diff == shown
    assert len(runs) == 1


def test_an_end_an_earlier_release_marked_is_applied_by_the_sweep(
    wings, games, store, clock, redis_client
):
    """A rated end marked in the set an earlier release kept (and left
    unapplied) is carried over to the marks by a sweep, and applied once."""
    game_id, keys = rated_game(games)
    loaded = store.load(game_id)
    store.commit(loaded.match, loaded.revision, [loaded.match.resign(Color.BLACK, clock())])
    redis_client.zadd(LEGACY_PENDING_KEY, {game_id: clock()})
    games.sweep()
    assert redis_client.zcard(LEGACY_PENDING_KEY) == 0
    assert redis_client.zscore(MARKS_KEY, f"ratings:{game_id}") is not None
    clock.now += SETTLED_AFTER_MS
    games.sweep()
    after = rated({Color.RED: Rating(), Color.BLACK: Rating()}, Color.RED)
    assert blitz(games, keys[Color.RED]) == after[Color.RED]
    assert redis_client.zcard(MARKS_KEY) == 0
