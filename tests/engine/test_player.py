"""What a player hears of their games (engine.player.notices): the start,
each turn that becomes theirs, the end, a rematch asked for and made; only
players hear anything, each of their own seat."""

from buttonup.engine import BotLevel, Color, EndReason, Match, Options
from buttonup.engine.player import PlayerEventName, notices

T0 = 1_767_225_600_000
R, B = Color.RED, Color.BLACK
WINDOW_MS = 600_000


def names(heard, player_id):
    return [notice.name for notice in heard.get(player_id, [])]


def seated() -> tuple[Match, list]:
    match = Match.new("g1", Options(seed=3, first_player=R), T0)
    changes = [match.join(R, "Ana", "a" * 64, T0 + 1, player_id="ana")]
    changes.append(changes[-1].match.join(B, "Bo", "b" * 64, T0 + 2, player_id="bo"))
    return match, changes


def test_both_players_hear_the_start_and_the_one_to_move_hears_their_turn():
    before, changes = seated()
    heard = notices(before, changes)
    assert names(heard, "ana") == [PlayerEventName.GAME_STARTED, PlayerEventName.YOUR_TURN]
    assert names(heard, "bo") == [PlayerEventName.GAME_STARTED]
    (started, turn) = heard["ana"]
    assert (started.color, started.version) == (R, 2)
    assert turn.deadline is None, "untimed"


def test_a_turn_is_told_once_whatever_extra_turns_follow():
    _, changes = seated()
    match = changes[-1].match
    following = []
    while match.game.to_move is R:  # red moves, extra turns included
        following.append(match.play(R, match.game.legal_moves()[0], T0 + 10))
        match = following[-1].match
    heard = notices(changes[-1].match, following)
    assert names(heard, "ana") == []
    assert names(heard, "bo") == [PlayerEventName.YOUR_TURN]


def test_the_end_and_a_rematch_are_told_to_both():
    _, changes = seated()
    playing = changes[-1].match
    over = playing.resign(B, T0 + 20)
    offered = over.match.request_rematch(R, T0 + 30, WINDOW_MS, "g2")
    made = offered.match.request_rematch(B, T0 + 40, WINDOW_MS, "g2")
    heard = notices(playing, [over, offered, made])
    expected = [
        PlayerEventName.GAME_OVER,
        PlayerEventName.REMATCH_OFFERED,
        PlayerEventName.REMATCH,
    ]
    assert names(heard, "ana") == names(heard, "bo") == expected
    end, offer, rematch = heard["bo"]
    assert (end.winner, end.end_reason, end.color) == (R, EndReason.RESIGNATION, B)
    assert offer.by is R and rematch.next_game_id == "g2"


def test_anonymous_seats_and_bots_hear_nothing():
    match = Match.new("g1", Options(seed=3), T0, bots={B: BotLevel.RANDOM})
    joined = match.join(R, None, "a" * 64, T0 + 1)
    assert notices(match, [joined]) == {}
