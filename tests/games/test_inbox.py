"""A wing's notices through the use cases, on a real Redis: only a name a
wing declared is told, and the player's stream hears it as it is told,
with what stands first on a stream opened afresh."""

import pytest

from buttonup.games import Games, Told
from buttonup.games.inbox import UndeclaredNotice


def test_a_notice_no_wing_declared_is_refused(games: Games):
    player = games.create_player("Ana", None).player
    with pytest.raises(UndeclaredNotice):
        games.inbox.tell(player.id, "never_declared", {})


def test_the_stream_hears_notices_as_told_and_what_stands_when_opened_afresh(games: Games):
    games.inbox.declare(["challenge"])
    player = games.create_player("Ana", None).player
    assert games.inbox.tell(player.id, "challenge", {"id": "c1"}, stands="c1")
    stream = games.watch_player(player, None, keepalive_ms=100)
    first = next(stream)
    assert [type(item).__name__ for item in first] == ["MyGamesNow", "Told"]
    assert (first[1].name, first[1].data) == ("challenge", '{"id":"c1"}')
    games.inbox.tell(player.id, "challenge", {"id": "c2"})
    told = next(item for batch in stream for item in batch if isinstance(item, Told))
    assert told.data == '{"id":"c2"}' and told.position != first[0].position
    stream.close()
    assert games.inbox.withdraw(player.id, "c1")
    again = games.watch_player(player, None, keepalive_ms=100)
    assert [type(item).__name__ for item in next(again)] == ["MyGamesNow"]
    again.close()
