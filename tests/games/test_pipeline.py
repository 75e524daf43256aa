"""The use cases' one pipeline on the suite's real Redis: optimistic loads and
retries, If-Match, idempotent replays, bots, observers. Two `Games` on one
Redis stand for two service processes."""

import time

import pytest

from buttonup import errors
from buttonup.engine import (
    AbortNotAllowed,
    BotLevel,
    ClaimNotAllowed,
    Color,
    EndReason,
    NotInProgress,
    NotYourTurn,
    Options,
    Status,
    opponent,
)
from buttonup.engine.clock import ClockSettings, ClockType
from buttonup.engine.events import Moved
from buttonup.games import MAX_ATTEMPTS, SWEEP_BATCH, Games, Idempotency, NewGame
from buttonup.store import GameStore, connect
from tests.games.clock import Clock


def process(redis_server, observed: list | None = None) -> Games:
    store = GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)
    heard = observed if observed is not None else []
    return Games(store, clock=Clock(), observe=heard.extend)


@pytest.fixture
def games(redis_server, redis_client) -> Games:
    return process(redis_server)


def started(games: Games, **options) -> tuple[str, dict[Color, str]]:
    new = NewGame(Options(seed=9, first_player=Color.RED, **options))
    game_id = games.create(new, None).match.id
    red = games.join(game_id, Color.RED, "Ana")
    black = games.join(game_id, Color.BLACK, None)
    return game_id, {Color.RED: red.token, Color.BLACK: black.token}


def test_a_move_on_a_match_another_process_changed_is_decided_again_on_fresh_state(
    games, redis_server
):
    game_id, tokens = started(games)
    other = process(redis_server)
    match = other.get(game_id)  # the other process now holds version 2
    games.play(game_id, tokens[Color.RED], match.game.legal_moves()[0])
    after = games.get(game_id)
    # Optimistic from version 2, refused there as the commit's compare-and-set
    # fails, then decided on version 3.
    mover = after.game.to_move
    outcome = other.play(game_id, tokens[mover], after.game.legal_moves()[0])
    assert outcome.changes[0].match.version == after.version + 1
    assert other.get(game_id) == games.get(game_id)


def test_a_stale_refusal_is_only_answered_from_a_fresh_read(games, redis_server):
    game_id, tokens = started(games)
    other = process(redis_server)
    other.get(game_id)  # caches version 2: red to move
    match = games.get(game_id)
    moved = games.play(game_id, tokens[Color.RED], match.game.legal_moves()[0]).match
    if moved.game.to_move is Color.BLACK:
        # Black's move looks like the wrong turn on the other's stale copy.
        outcome = other.play(game_id, tokens[Color.BLACK], moved.game.legal_moves()[0])
        assert outcome.match.version == moved.version + 1
    with pytest.raises(NotYourTurn) as refused:
        other.play(game_id, tokens[opponent(other.get(game_id).game.to_move)], 0)
    assert refused.value.version == other.get(game_id).version


def test_if_match_pins_the_version_and_a_lost_race_is_not_retried(games, redis_server):
    game_id, tokens = started(games)
    other = process(redis_server)
    other.get(game_id)
    legal = games.get(game_id).game.legal_moves()
    games.play(game_id, tokens[Color.RED], legal[0], if_match=frozenset({2}))
    with pytest.raises(errors.VersionMismatch) as mismatch:
        other.play(game_id, tokens[Color.RED], legal[0], if_match=frozenset({2}))
    assert mismatch.value.version == 3
    assert games.get(game_id).version == 3


def test_an_idempotent_retry_replays_the_first_outcome_and_applies_nothing(games, redis_server):
    game_id, tokens = started(games)
    position = games.get(game_id).game.legal_moves()[0]
    body = f'{{"position": {position}}}'
    key = Idempotency("move-1", f"POST moves {game_id}\n{body}", body)
    first = games.play(game_id, tokens[Color.RED], position, idempotency=key)
    again = process(redis_server).play(game_id, tokens[Color.RED], position, idempotency=key)
    assert again.replayed and not first.replayed
    assert (again.match, again.changes) == (first.match, first.changes)
    assert games.get(game_id).version == first.match.version
    with pytest.raises(errors.IdempotencyKeyReused):
        other = Idempotency("move-1", "POST moves\n{}", "{}")
        games.play(game_id, tokens[Color.RED], position, idempotency=other)


def test_an_idempotent_create_replays_its_game(games, redis_server):
    new = NewGame(Options(seed=1), bots={Color.RED: BotLevel.RANDOM, Color.BLACK: BotLevel.GREEDY})
    key = Idempotency("create-the-first-game", "POST games\n{}", "{}")
    first = games.create(new, key)
    again = process(redis_server).create(new, key)
    assert again.replayed and again.match == first.match
    assert first.match.status is Status.FINISHED


def test_bots_reply_in_the_same_commit_one_version_each(games):
    new = NewGame(Options(seed=2, first_player=Color.BLACK), bots={Color.BLACK: BotLevel.PERFECT})
    game_id = games.create(new, None).match.id
    seated = games.join(game_id, None, "Ana")
    versions = [progress.match.version for progress in seated.outcome.changes]
    assert versions == list(range(1, len(versions) + 1)) and len(versions) >= 2
    assert all(
        isinstance(progress.events[0], Moved) and progress.events[0].outcome.player is Color.BLACK
        for progress in seated.outcome.changes[1:]
    )
    assert games.get(game_id) == seated.outcome.match
    assert seated.outcome.match.game.to_move is Color.RED


def test_the_observer_hears_each_committed_change_once(redis_server, redis_client):
    observed: list[str] = []
    games = process(redis_server, observed)
    game_id, tokens = started(games)
    games.resign(game_id, tokens[Color.BLACK])
    assert observed == ["created", "joined", "joined", "resigned", "game_over"]


class RivalStore(GameStore):
    """A store whose every commit loses its race: another writer plays a move first."""

    def commit(self, before, revision, changes, *args, **kwargs):
        rival = self.load(before.id)
        match = rival.match
        moved = match.play(match.game.to_move, match.game.legal_moves()[0], match.updated_at)
        super().commit(match, rival.revision, [moved])
        return super().commit(before, revision, changes, *args, **kwargs)


def test_a_request_that_keeps_losing_races_gives_up_without_applying(games, redis_server):
    game_id, tokens = started(games, target_score=100)
    store = RivalStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)
    with pytest.raises(errors.ConcurrentUpdate):
        Games(store, clock=Clock()).resign(game_id, tokens[Color.RED])
    after = games.get(game_id)
    assert after.status is Status.PLAYING and after.game.resigned is None
    assert after.version == 2 + MAX_ATTEMPTS  # the rival's moves, and nothing else


def test_replayed_timelines_are_held_within_a_budget_of_versions(redis_server, redis_client):
    store = GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)
    games = Games(store, clock=Clock(), timeline_versions=100)
    bots = {Color.RED: BotLevel.GREEDY, Color.BLACK: BotLevel.GREEDY}
    new = [NewGame(Options(seed=seed, target_score=10), bots) for seed in range(4)]
    ids = [games.create(game, None).match.id for game in new]
    lengths = [len(games.moves(game_id)[0]) for game_id in ids]
    assert sum(lengths) > 100 and max(lengths) < 100
    assert games._timelines._held <= 100
    # A game whose timeline was dropped is replayed again, the same.
    assert games.moves(ids[0])[0] == process(redis_server).moves(ids[0])[0]


# Time: clocks that run out, aborts, claims. `Now` stands still until moved,
# near the real time (presence records real instants).


class Now:
    def __init__(self) -> None:
        self.now = time.time_ns() // 1_000_000

    def __call__(self) -> int:
        return self.now


def timed_process(redis_server, now: Now) -> Games:
    store = GameStore(connect(redis_server.url), game_ttl_seconds=600, reply_ttl_seconds=60)
    return Games(store, clock=now, abandon_seconds=60)


PER_MOVE = ClockSettings(ClockType.PER_MOVE, seconds=30)


def first_move_made(games: Games, now: Now, **options) -> tuple[str, dict[Color, str]]:
    game_id, tokens = started(games, **options)
    match = games.get(game_id)
    now.now += 1_000
    games.play(game_id, tokens[match.game.to_move], match.game.legal_moves()[0])
    return game_id, tokens


def test_a_read_past_the_deadline_sees_the_game_lost_on_time_and_stores_it(
    redis_server, redis_client
):
    now = Now()
    games = timed_process(redis_server, now)
    game_id, _ = first_move_made(games, now, clock=PER_MOVE)
    playing = games.get(game_id)
    now.now = playing.deadline + 1
    over = games.get(game_id)
    assert (over.status, over.end_reason) == (Status.FINISHED, EndReason.TIMEOUT)
    assert over.game.winner is opponent(playing.clock.running)
    # Stored, not only shown: another process reads it so without its own clock past.
    assert timed_process(redis_server, Now()).get(game_id).version == over.version


def test_a_move_one_millisecond_late_is_refused_and_the_timeout_stands(redis_server, redis_client):
    now = Now()
    games = timed_process(redis_server, now)
    game_id, tokens = first_move_made(games, now, clock=PER_MOVE)
    playing = games.get(game_id)
    now.now = playing.deadline + 1
    with pytest.raises(NotInProgress):
        games.play(game_id, tokens[playing.game.to_move], playing.game.legal_moves()[0])
    stored = timed_process(redis_server, Now()).store.load(game_id).match
    assert stored.end_reason is EndReason.TIMEOUT and stored.version == playing.version + 1


def test_sweeps_of_two_processes_end_each_game_once_and_empty_the_index(redis_server, redis_client):
    now = Now()
    first, second = timed_process(redis_server, now), timed_process(redis_server, now)
    ids = [first_move_made(first, now, clock=PER_MOVE)[0] for _ in range(30)]
    versions = {game_id: first.get(game_id).version for game_id in ids}
    now.now += 31_000
    ended = first.sweep() + second.sweep() + first.sweep()
    assert ended == 30
    for game_id in ids:
        match = second.get(game_id)
        assert match.end_reason is EndReason.TIMEOUT
        assert match.version == versions[game_id] + 1  # once, not twice
    assert first.store.deadline_entries() == []


def test_a_sweep_before_the_deadline_leaves_the_game_and_its_entry(redis_server, redis_client):
    now = Now()
    games = timed_process(redis_server, now)
    game_id, _ = first_move_made(games, now, clock=PER_MOVE)
    deadline = games.get(game_id).deadline
    now.now = deadline  # the deadline's own millisecond is still in time
    assert games.sweep() == 0
    assert games.store.deadline_entries() == [(game_id, deadline)]
    assert games.get(game_id).status is Status.PLAYING


def test_the_index_is_never_later_than_a_deadline_that_moved_earlier(redis_server, redis_client):
    """Fischer: the next player may have less time than the mover had."""
    now = Now()
    games = timed_process(redis_server, now)
    fischer = ClockSettings(ClockType.FISCHER, initial_seconds=60, increment_seconds=0)
    game_id, tokens = started(games, clock=fischer)
    for spent in (40_000, 1_000, 1_000):  # red's bank drops to 20 s, black keeps 59 s
        match = games.get(game_id)
        now.now += spent
        games.play(game_id, tokens[match.game.to_move], match.game.legal_moves()[0])
    match = games.get(game_id)
    ((_, entry),) = games.store.deadline_entries()
    assert entry <= match.deadline


def test_a_game_whose_first_move_never_comes_is_aborted_by_the_sweep(redis_server, redis_client):
    now = Now()
    games = timed_process(redis_server, now)
    game_id, _ = started(games, clock=PER_MOVE)
    now.now += 31_000
    assert games.sweep() == 1
    match = games.get(game_id)
    assert (match.end_reason, match.game.winner) == (EndReason.ABORTED, None)


def test_either_seat_aborts_before_the_first_move_but_not_after(games):
    game_id, tokens = started(games)
    aborted = games.abort(game_id, tokens[Color.BLACK]).match
    assert aborted.end_reason is EndReason.ABORTED
    game_id, tokens = started(games)
    match = games.get(game_id)
    games.play(game_id, tokens[match.game.to_move], match.game.legal_moves()[0])
    with pytest.raises(AbortNotAllowed):
        games.abort(game_id, tokens[Color.RED])


def test_a_claim_needs_the_opponent_gone_on_their_turn(redis_server, redis_client):
    now = Now()
    games = timed_process(redis_server, now)
    game_id, tokens = first_move_made(games, now)
    match = games.get(game_id)
    absent = match.game.to_move
    claimer = opponent(absent)
    # The absent seat was connected once, and went.
    connection = games.store.connect_seat(game_id, absent)
    with pytest.raises(ClaimNotAllowed, match="connected"):
        games.claim_victory(game_id, tokens[claimer])
    games.store.disconnect_seat(game_id, absent, connection)
    with pytest.raises(ClaimNotAllowed) as refused:
        games.claim_victory(game_id, tokens[claimer])
    assert 0 < refused.value.retry_after_ms <= 60_000
    now.now += 61_000
    with pytest.raises(ClaimNotAllowed, match="your turn"):
        games.claim_victory(game_id, tokens[absent])
    claimed = games.claim_victory(game_id, tokens[claimer]).match
    assert (claimed.end_reason, claimed.game.winner) == (EndReason.ABANDONED, claimer)


def test_a_sweep_that_fell_behind_takes_the_whole_backlog_at_once(redis_server, redis_client):
    now = Now()
    games = timed_process(redis_server, now)
    ids = [first_move_made(games, now, clock=PER_MOVE)[0] for _ in range(SWEEP_BATCH + 50)]
    now.now += 31_000  # every deadline passed while nobody swept
    assert games.sweep() == len(ids)
    assert {games.get(game_id).end_reason for game_id in ids} == {EndReason.TIMEOUT}


def test_a_players_key_opens_its_seats_stream_and_marks_it_connected(games):
    ana = games.create_player("Ana", None)
    game_id = games.create(NewGame(Options(seed=1)), None).match.id
    games.join(game_id, Color.RED, None, credential=ana.key)
    games.join(game_id, Color.BLACK, None)
    stream = games.watch(game_id, None, 1000, ana.key)
    *_, presence = next(stream)
    assert presence.seats[Color.RED].connected and not presence.seats[Color.BLACK].connected
    stream.close()
    assert not games.presence(game_id)[Color.RED].connected


def test_a_command_that_changes_nothing_answers_from_a_fresh_read(games, redis_server):
    """A rematch asked again through a process that last saw only the offer:
    the other process made the rematch meanwhile, and the answer is its seat."""
    game_id, tokens = started(games)
    games.resign(game_id, tokens[Color.BLACK])
    other = process(redis_server)
    offered = games.rematch(game_id, tokens[Color.RED])  # this process caches the offer
    made = other.rematch(game_id, tokens[Color.BLACK])
    again = games.rematch(game_id, tokens[Color.RED])
    assert not hasattr(offered, "token") and made.color is Color.RED
    assert again.color is Color.BLACK and again.outcome.match.id == made.outcome.match.id


def test_a_bot_accounts_move_decided_again_after_a_conflict_counts_once(games, redis_server):
    robo = games.create_player("Robo", None)
    games.become_bot(robo.key)
    new = NewGame(Options(seed=9, first_player=Color.RED))
    game_id = games.create(new, None).match.id
    games.join(game_id, Color.RED, None, credential=robo.key)
    other = process(redis_server)
    stale = other.get(game_id)  # caches the game before black sits: its commit conflicts
    games.join(game_id, Color.BLACK, None)
    other.play(game_id, robo.key, stale.game.legal_moves()[0])
    minute = other.clock() // 60_000
    counted = other.store.player_records.count_bot_move(robo.player.id, minute) - 1
    assert counted == 1, "decided twice (a conflict, then fresh state), counted once"
