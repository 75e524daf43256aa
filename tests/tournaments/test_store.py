"""Tournaments in Redis: records read back as written, each tournament's
keys on one slot, a join's and a withdrawal's answers, a game's end counted
once and refused when a standing changed since it was read, a pairing taking
only players still waiting and told once its game is made, lists that drop
what is gone, a create whole or not at all, and the schedule the timers
take due tournaments from."""

import pytest

from buttonup.engine.options import Visibility
from buttonup.store import connect
from buttonup.tournaments.freeing import freed
from buttonup.tournaments.model import (
    Conditions,
    GameResult,
    NewTournament,
    Standing,
    System,
    Tournament,
    TournamentStatus,
)
from buttonup.tournaments.play_store import Joined, Pending, TournamentPlay, Withdrawn
from buttonup.tournaments.result_store import TournamentResults
from buttonup.tournaments.schedule import SCHEDULE
from buttonup.tournaments.store import (
    TournamentStore,
    creator_key,
    decode_standing,
    decode_tournament,
    encode_standing,
    encode_tournament,
    key,
)
from tests.games.clock import BLITZ

NOW = 1_800_000_000_000


@pytest.fixture
def client(redis_server, redis_client):
    client = connect(redis_server.url)
    yield client
    client.close()


def a_tournament(tournament_id: str = "t1", **changes) -> Tournament:
    new = NewTournament(
        **{"name": "Arena", "system": System.ARENA, "clock": BLITZ, "minutes": 30, **changes}
    )
    return Tournament.new(tournament_id, new, "creator", NOW)


def test_a_tournament_and_a_standing_read_back_as_written():
    made = a_tournament(conditions=Conditions(1500, None, 3), visibility=Visibility.PRIVATE)
    assert decode_tournament(encode_tournament(made)) == made
    standing = Standing("p1", "Ana", 1612, NOW, 14, 6, 5, 1, 1, 0, -1, "p2", 9000)
    assert decode_standing(encode_standing(standing)) == standing


def test_a_tournaments_keys_share_one_slot():
    from redis.crc import key_slot

    slots = {key_slot(key("t1", part).encode()) for part in ("t", "standings", "pool", "lease")}
    assert len(slots) == 1


def test_join_withdraw_and_back(client):
    board, play = TournamentStore(client), TournamentPlay(client)
    tournament = a_tournament(max_players=2)
    assert board.create(tournament)
    ana, bo, carl = (Standing(name, name, 1500, NOW) for name in ("ana", "bo", "carl"))
    assert play.join(tournament, ana, NOW) is Joined.JOINED
    assert play.join(tournament, ana, NOW) is Joined.IN_ALREADY
    assert play.join(tournament, bo, NOW) is Joined.JOINED
    assert play.join(tournament, carl, NOW) is Joined.FULL
    assert play.withdraw(tournament.id, "bo") is Withdrawn.LEFT  # upcoming: gone
    assert board.players(tournament.id) == 1
    running = tournament.started(NOW)
    assert board.change_status(tournament, running)
    assert not board.change_status(tournament, running)  # not upcoming any more
    assert [standing.player_id for standing, *_ in play.pool(tournament.id, 10)] == ["ana"]
    assert play.withdraw(tournament.id, "ana") is Withdrawn.PAUSED
    assert play.withdraw(tournament.id, "ana") is Withdrawn.NOT_IN
    assert play.pool(tournament.id, 10) == []
    assert play.join(running, ana, NOW) is Joined.BACK
    assert [standing.player_id for standing, *_ in play.pool(tournament.id, 10)] == ["ana"]


def test_a_pairing_takes_only_players_still_waiting(client):
    board, play = TournamentStore(client), TournamentPlay(client)
    tournament = a_tournament()
    board.create(tournament)
    for name in ("ana", "bo", "carl", "dan"):
        play.join(tournament, Standing(name, name, 1500, NOW), NOW)
    board.change_status(tournament, tournament.started(NOW))
    games = [Pending("g1", "ana", "bo"), Pending("g2", "bo", "carl"), Pending("g3", "carl", "dan")]
    assert play.pair(tournament.id, games, NOW, NOW + 5000) == ["g1", "g3"]
    assert play.in_play(tournament.id) == 4  # players
    assert [game.game_id for game in play.overdue_pairings(tournament.id, NOW + 5000, 10)] == [
        "g1",
        "g3",
    ]
    play.made(tournament.id, ["g1"])
    assert [game.game_id for game in play.overdue_pairings(tournament.id, NOW + 5000, 10)] == ["g3"]


def told_pairings(redis_client, tournament_id: str) -> list[dict]:
    import orjson

    events = redis_client.xrange(key(tournament_id, "events"))
    return [orjson.loads(fields[b"d"]) for _, fields in events if fields[b"e"] == b"pairing"]


def test_a_pairing_is_told_once_its_game_is_made_and_once_however_often_it_is_made(
    client, redis_client
):
    board, play = TournamentStore(client), TournamentPlay(client)
    tournament = a_tournament(system=System.SWISS, minutes=None, rounds=3)
    board.create(tournament)
    for name in ("ana", "bo"):
        play.join(tournament, Standing(name, name, 1500, NOW), NOW)
    board.change_status(tournament, tournament.started(NOW))
    assert play.pair(tournament.id, [Pending("g1", "ana", "bo")], NOW, NOW + 5000, 1) == ["g1"]
    assert told_pairings(redis_client, tournament.id) == []  # its game not made yet
    play.made(tournament.id, ["g1"])
    play.made(tournament.id, ["g1"])  # made again (a pass after another's)
    expected = {"game_id": "g1", "red": "ana", "black": "bo", "round": 1}
    assert told_pairings(redis_client, tournament.id) == [expected]


def counted(results, tournament, result, read, after, unplayed_by=()):
    """result.lua's answer for a count decided from what is read now, but
    comparing the standings `read` (as the counting reads them)."""
    _, seen = results.read(tournament.id, result, unplayed_by)
    decided = freed(result, seen, unplayed_by, NOW)
    return results.count(tournament, result, NOW, seen, decided, read, after)


def arena_started_with_ana_and_bo(client):
    board, play = TournamentStore(client), TournamentPlay(client)
    tournament = a_tournament()
    board.create(tournament)
    ana, bo = Standing("ana", "Ana", 1500, NOW), Standing("bo", "Bo", 1500, NOW)
    for standing in (ana, bo):
        play.join(tournament, standing, NOW)
    board.change_status(tournament, tournament.started(NOW))
    return play, TournamentResults(client), tournament, (ana, bo)


def test_a_games_end_counts_once_and_not_over_a_standing_read_before_a_change(client):
    play, results, tournament, (ana, bo) = arena_started_with_ana_and_bo(client)
    result = GameResult("g1", "ana", "bo", "ana")
    ana_after, bo_after, _ = result.counted(ana, bo)
    stale = (ana_after, bo)  # as if ana's standing was read after another game
    assert counted(results, tournament, result, stale, (ana_after, bo_after)) == -1
    assert counted(results, tournament, result, (ana, bo), (ana_after, bo_after)) == 1
    assert counted(results, tournament, result, (ana, bo), (ana_after, bo_after)) == 0
    assert play.standing(tournament.id, "ana") == ana_after
    assert [standing.player_id for standing in play.standings_page(tournament.id, 0, 10)] == [
        "ana",
        "bo",
    ]
    assert play.results(tournament.id) == {"g1": result}
    # Back in the pool, both, while the arena's time runs.
    assert {standing.player_id for standing, *_ in play.pool(tournament.id, 10)} == {"ana", "bo"}


def test_a_games_end_is_not_stored_over_anything_its_decision_read_that_changed_since(client):
    """The model decides from what the count read; a withdrawal in between
    (who goes back to the pool) sends it back to read and decide again."""
    play, results, tournament, (ana, bo) = arena_started_with_ana_and_bo(client)
    result = GameResult("g1", "ana", "bo", "ana")
    ana_after, bo_after, _ = result.counted(ana, bo)
    _, seen = results.read(tournament.id, result, ())
    decided = freed(result, seen, (), NOW)
    assert set(decided.pooled) == {"ana", "bo"}
    assert play.withdraw(tournament.id, "bo") is Withdrawn.PAUSED
    stale = results.count(tournament, result, NOW, seen, decided, (ana, bo), (ana_after, bo_after))
    assert stale == -1 and play.results(tournament.id) == {}
    assert counted(results, tournament, result, (ana, bo), (ana_after, bo_after)) == 1
    assert {standing.player_id for standing, *_ in play.pool(tournament.id, 10)} == {"ana"}


def test_lists_drop_what_is_gone_and_a_creator_has_five_open(client, redis_client):
    board = TournamentStore(client)
    for index in range(5):
        assert board.create(a_tournament(f"t{index}"))
    assert not board.create(a_tournament("t5"))
    redis_client.delete(key("t0", "t"))  # expired, say
    listed = board.listed(TournamentStatus.UPCOMING, 0, 10)
    assert sorted(tournament.id for tournament in listed) == ["t1", "t2", "t3", "t4"]
    other = Tournament.new(
        "p1",
        NewTournament("Club", System.ARENA, BLITZ, minutes=30, visibility=Visibility.PRIVATE),
        "another creator",
        NOW,
    )
    assert board.create(other)
    assert "p1" not in {
        tournament.id for tournament in board.listed(TournamentStatus.UPCOMING, 0, 10)
    }
    assert "p1" in {
        tournament.id for tournament in board.listed(TournamentStatus.UPCOMING, 0, 10, public=False)
    }


def test_a_create_cut_short_keeps_nothing_and_a_lost_slot_is_given_back(client, redis_client):
    board = TournamentStore(client)
    for index in range(5):
        assert board.create(a_tournament(f"t{index}"))
    assert not board.create(a_tournament("t5"))  # five open: refused whole
    assert not redis_client.exists(key("t5", "t"))
    assert redis_client.ttl(key("t4", "t")) == -1  # listed: kept for good
    redis_client.delete(key("t0", "t"))  # a create cut short after listing, say
    assert board.create(a_tournament("t5"))
    assert redis_client.zscore(creator_key("creator"), "t0") is None


def test_the_schedule_gives_each_due_tournament_to_one_claim_and_keeps_a_poke(client):
    board = TournamentStore(client)
    later = a_tournament("later", starts_at=NOW + 60_000)
    board.create(later)
    board.create(a_tournament("by-hand"))  # starts when its creator says: not scheduled
    assert board.schedule.claim(NOW, 10, NOW + 5000) == []
    assert board.schedule.claim(NOW + 60_000, 10, NOW + 65_000) == ["later"]
    assert board.schedule.claim(NOW + 60_000, 10, NOW + 65_000) == []  # held by the first claim
    board.schedule.poke("later", NOW + 61_000)  # a game ended while it was held
    board.schedule.reschedule("later", NOW + 65_000, NOW + 3_600_000)
    assert board.schedule.claim(NOW + 61_000, 10, NOW + 66_000) == ["later"]  # the poke kept
    board.schedule.reschedule("later", NOW + 66_000, NOW + 3_600_000)
    assert board.schedule.claim(NOW + 3_599_999, 10, NOW + 3_700_000) == []
    assert board.schedule.claim(NOW + 3_600_000, 10, NOW + 3_700_000) == ["later"]
    board.schedule.reschedule("later", NOW + 3_700_000, None)  # over
    assert board.schedule.claim(NOW + 10**9, 10, NOW + 10**9) == []


def test_a_poke_nudges_this_processs_pairing_and_a_game_freed_without_one_does_not(client):
    nudges: list[str] = []
    board = TournamentStore(client, nudge=lambda: nudges.append("now"))
    board.schedule.poke("joined", NOW)  # a join
    assert nudges == ["now"]
    board.schedule.hold({"g1": ("a", "b"), "g2": ("c", "d")}, NOW)
    board.schedule.free("g1", ["a", "b"], NOW + 1, poke="counted")  # a game's end counted
    assert nudges == ["now", "now"]
    board.schedule.free("g2", ["c", "d"], NOW + 2)  # counted before: nothing new to pair
    assert nudges == ["now", "now"]
    assert board.schedule.claim(NOW + 2, 10, NOW + 10) == ["joined", "counted"]


def test_a_started_tournament_is_due_from_its_start_and_a_finished_one_leaves(client):
    board = TournamentStore(client)
    tournament = a_tournament()
    board.create(tournament)
    running = tournament.started(NOW + 5)
    board.change_status(tournament, running)
    assert board.schedule.claim(NOW + 4, 10, NOW + 10) == []
    assert board.schedule.claim(NOW + 5, 10, NOW + 10) == [tournament.id]
    board.change_status(running, running.finished(NOW + 6))
    board.schedule.reschedule(tournament.id, NOW + 10, NOW + 20)  # its last pass, after the end
    assert board.schedule.claim(NOW + 10**9, 10, NOW + 10**9) == []


def test_listed_tournaments_missing_from_the_schedule_are_put_on_it(client, redis_client):
    board = TournamentStore(client)
    tournament = a_tournament()
    board.create(tournament)
    board.change_status(tournament, tournament.started(NOW))
    redis_client.delete(SCHEDULE)  # kept before the schedule was
    cursor = board.schedule.adopt(TournamentStatus.RUNNING, 0, 100, NOW + 7)
    assert cursor == 0
    assert board.schedule.claim(NOW + 7, 10, NOW + 10) == [tournament.id]
