"""A Swiss on the suite's real Redis, played round by round: each round
paired once when the last one's games are all counted (whoever pairs), a
bye to one player a round and never twice to anyone while others had none,
no pair twice, the tie-breaks settled at each round's end, and standings
equal to a replay of the games counted; it finishes after its rounds."""

import pytest

from buttonup.engine import PLAYERS, Status
from buttonup.tournaments.model import (
    BYE_POINTS,
    NewTournament,
    Standing,
    System,
    TournamentStatus,
    replayed,
)
from tests.games.clock import BLITZ
from tests.helpers.wings import wired
from tests.tournaments.test_service import first_moves


def a_swiss(rounds: int = 3) -> NewTournament:
    return NewTournament(name="Sunday Swiss", system=System.SWISS, clock=BLITZ, rounds=rounds)


@pytest.fixture
def swiss(wings):
    """A Swiss of five players, started: (wings, tournament, players)."""
    players = [wings.games.create_player(f"P{index}", None) for index in range(5)]
    made = wings.tournaments.create(players[0].key, a_swiss())
    for player in players:
        wings.tournaments.join(made.id, player.key)
    return wings, wings.tournaments.start(made.id, players[0].key), players


def games_in_play(wings, tournament_id: str) -> list:
    return [
        match
        for match in wings.tournaments.games(tournament_id, 0, 100)
        if match.status is Status.PLAYING
    ]


def test_a_swiss_plays_its_rounds_one_bye_each_no_pair_twice_then_finishes(swiss):
    wings, tournament, players = swiss
    keys = {player.player.id: player.key for player in players}
    pairs, byes = set(), []
    wings.tournaments.upkeep()  # pairs the first round
    for number in (1, 2, 3):
        wings.tournaments.upkeep()  # nothing more while the round is played
        now = wings.tournaments.get(tournament.id)[0]
        assert (now.status, now.round) == (TournamentStatus.RUNNING, number)
        playing = games_in_play(wings, tournament.id)
        assert len(playing) == 2
        seated = {match.seat(color).player_id for match in playing for color in PLAYERS}
        (bye,) = set(keys) - seated
        byes.append(bye)
        for match in playing:
            pair = frozenset(match.seat(color).player_id for color in PLAYERS)
            assert pair not in pairs
            pairs.add(pair)
            first_moves(wings.games, match.id, keys)
            wings.games.resign(match.id, keys[match.seat(PLAYERS[0]).player_id])
        wings.tournaments.upkeep()  # its games counted: the next round paired, or the end
    assert len(set(byes)) == 3, "a second bye only once everyone had one"
    assert wings.tournaments.get(tournament.id)[0].status is TournamentStatus.FINISHED

    ranked = wings.tournaments.standings(tournament.id, 0, 10)
    standings = {entry.standing.player_id: entry.standing for entry in ranked}
    assert sum(s.score for s in standings.values()) == 3 * (2 + BYE_POINTS)
    assert sum(s.byes for s in standings.values()) == 3
    joined = [Standing(s.player_id, s.name, s.rating, s.joined_at) for s in standings.values()]
    results = sorted(
        wings.tournaments.play.results(tournament.id).values(), key=lambda result: result.game_id
    )
    # A replay in any order of whole rounds gives the same totals; the
    # tie-breaks are of the scores after the last round.
    replay = replayed(joined, results, System.SWISS)
    for player_id, standing in standings.items():
        expected = replay[player_id]
        assert (standing.score, standing.wins, standing.losses, standing.byes) == (
            expected.score,
            expected.wins,
            expected.losses,
            expected.byes,
        )
        assert (standing.buchholz, standing.sonneborn) == (expected.buchholz, expected.sonneborn)
    keys_in_order = [entry.standing.rank_key(System.SWISS) for entry in ranked]
    assert keys_in_order == sorted(keys_in_order, reverse=True)


def test_a_round_is_paired_once_whoever_pairs_it(swiss, store, clock):
    wings, tournament, _ = swiss
    made = wings.tournaments.pair_swiss(tournament)
    assert len(made) == 2
    other = wired(store, clock).tournaments
    assert other.pair_swiss(tournament) == []
    assert len(games_in_play(wings, tournament.id)) == 2
    standings = wings.tournaments.standings(tournament.id, 0, 10)
    assert sum(entry.standing.byes for entry in standings) == 1


def test_a_withdrawn_player_sits_the_next_round_out_without_a_bye(swiss):
    wings, tournament, players = swiss
    wings.tournaments.withdraw(tournament.id, players[4].key)
    wings.tournaments.upkeep()
    playing = games_in_play(wings, tournament.id)
    seated = {match.seat(color).player_id for match in playing for color in PLAYERS}
    assert len(playing) == 2 and players[4].player.id not in seated
    standings = wings.tournaments.standings(tournament.id, 0, 10)
    assert sum(entry.standing.byes for entry in standings) == 0, "four play: no bye"
