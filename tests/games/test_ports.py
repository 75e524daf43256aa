"""The ports' defaults (games.ports), what the core does with no wing
installed, on the use cases' real Redis: a rated game seats players with
the rating their record holds and nothing bounds rated play; a player's
stream keeps no padded keep-alive; a result that is no game rates nothing;
a port one wing may fill refuses a second, many wings seal together, and
many hear a stream open and close, each closed whatever another raises."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from buttonup.engine import Color, Options
from buttonup.engine.ratings import Rating
from buttonup.games import Games, NewGame, PaddedKeepAlive
from buttonup.games.ports import (
    Held,
    NobodyRatesResults,
    Ports,
    PortTaken,
    RatedResult,
    StoredRatings,
)
from tests.games.clock import BLITZ


def test_without_the_ratings_wing_a_rated_seat_holds_the_players_stored_rating(games):
    assert isinstance(games.ports.seating, StoredRatings)
    ana, bo = (games.create_player(name, None) for name in ("Ana", "Bo"))
    first = games.create(NewGame(Options(seed=1, rated=True, clock=BLITZ)), None).match.id
    games.join(first, Color.RED, None, credential=ana.key)
    started = games.join(first, Color.BLACK, None, credential=bo.key).outcome.match
    assert started.status.value == "playing" and started.red.rating == Rating()
    # A second real-time rated game while the first is played: the ratings
    # wing would refuse it (rated_game_in_progress); the core alone does not.
    second = games.create(NewGame(Options(seed=2, rated=True, clock=BLITZ)), None).match.id
    seated = games.join(second, Color.RED, None, credential=ana.key)
    assert seated.outcome.match.red.rating == Rating()
    assert games.consequences.names == ["review", "relays", "fair_play", "metrics"]


def test_without_the_seeks_wing_a_players_stream_sends_no_padded_keep_alive(
    games: Games, redis_server
):
    assert not games.ports.listening.keeps_alive("anyone")
    ana = games.create_player("Ana", None)
    stream = games.watch_player(ana.player, None, 50)
    try:
        next(stream)  # the games list
        assert next(stream) == [], "an empty batch: the keep-alive, not a padded one"
        assert PaddedKeepAlive() not in next(stream)
    finally:
        stream.close()


def test_without_the_ratings_wing_a_result_that_is_no_game_rates_nothing(games: Games):
    ana = games.create_player("Ana", None)
    solved = RatedResult("p1", ana.player.id, "puzzle", Rating(rating=1900), 1.0)
    assert games.ports.results.rate(solved, 0) is None
    assert games.ports.results.rating(ana.player.id, "puzzle") is None


def test_a_port_one_wing_fills_refuses_a_second_rather_than_let_it_win():
    ports = Ports()
    ports.fill_seating(StoredRatings())
    ports.fill_results(NobodyRatesResults())
    with pytest.raises(PortTaken):
        ports.fill_seating(StoredRatings())
    with pytest.raises(PortTaken):
        ports.fill_results(NobodyRatesResults())


class Keeper:
    """A wing's seal, as the tournaments wing's: keeps its own keepers."""

    def __init__(self, kind: str, sealed: str | None) -> None:
        self.kind, self.sealed, self.told = kind, sealed, []

    def analysis_sealed(self, match) -> str | None:
        return self.sealed

    def keeps(self, keeper: str) -> bool:
        return keeper.startswith(f"{self.kind}:")

    def reached(self, match, digest: str, now: int) -> None:
        self.told.append(digest)


def test_many_wings_seal_together_and_none_seals_nothing(games: Games):
    ports = Ports()
    match = games.create(NewGame(Options(seed=3)), None).match
    assert ports.sealing.analysis_sealed(match) is None and not ports.sealing.keeps("any:1")
    first, second = Keeper("tournament", None), Keeper("puzzle", "kept by a puzzle")
    ports.add_sealing(first)
    ports.add_sealing(second)
    assert ports.sealing.analysis_sealed(match) == "kept by a puzzle"
    assert ports.sealing.keeps("tournament:7") and ports.sealing.keeps("puzzle:1")
    assert not ports.sealing.keeps("challenge:2")
    ports.sealing.reached(match, "d1", 0)
    assert first.told == second.told == ["d1"]


class Heard:
    """A wing's listening: the streams it heard open and close."""

    def __init__(self, name: str, alive: bool) -> None:
        self.name, self.alive, self.heard = name, alive, []

    @contextmanager
    def listening(self, player_id: str, wake: Callable[[], None]) -> Iterator[None]:
        self.heard.append((self.name, "open", player_id))
        try:
            yield
        finally:
            self.heard.append((self.name, "closed", player_id))

    def keeps_alive(self, player_id: str) -> bool:
        return self.alive


def test_every_wing_listening_hears_each_stream_open_and_close():
    ports = Ports()
    seeking, challenging = Heard("seeks", alive=False), Heard("challenges", alive=False)
    ports.add_listening(seeking)
    ports.add_listening(challenging)
    with ports.listening.listening("ana", lambda: None):
        assert seeking.heard == [("seeks", "open", "ana")]
        assert challenging.heard == [("challenges", "open", "ana")]
    assert seeking.heard[-1] == ("seeks", "closed", "ana")
    assert challenging.heard[-1] == ("challenges", "closed", "ana")
    assert not ports.listening.keeps_alive("ana")
    ports.add_listening(Heard("keeping", alive=True))
    assert ports.listening.keeps_alive("ana"), "one wing asking is enough"


class Failing:
    """A wing whose stream's opening or closing fails, held with `Held`."""

    def __init__(self, log: list, fails_on: str) -> None:
        self.log, self.fails_on = log, fails_on

    def listening(self, player_id: str, wake: Callable[[], None]) -> Held:
        return Held(self._opened, self._closed, player_id, wake)

    def _opened(self, player_id: str, wake: Callable[[], None]) -> None:
        if self.fails_on == "open":
            raise RuntimeError("opening failed")
        self.log.append(("failing", "open", player_id))

    def _closed(self, player_id: str, wake: Callable[[], None]) -> None:
        self.log.append(("failing", "closed", player_id))
        if self.fails_on == "close":
            raise RuntimeError("closing failed")


def test_a_wing_that_fails_to_open_leaves_those_opened_before_it_and_raises():
    ports, first = Ports(), Heard("seeks", alive=False)
    log: list = []
    ports.add_listening(first)
    ports.add_listening(Failing(log, fails_on="open"))
    ports.add_listening(after := Heard("after", alive=False))
    opening = ports.listening.listening("ana", lambda: None)
    with pytest.raises(RuntimeError, match="opening failed"), opening:
        pytest.fail("entered")
    assert first.heard == [("seeks", "open", "ana"), ("seeks", "closed", "ana")]
    assert log == [] and after.heard == []


def test_every_wing_is_left_in_reverse_order_though_one_fails_to_close():
    ports, first, last = Ports(), Heard("seeks", alive=False), Heard("last", alive=False)
    log: list = []
    ports.add_listening(first)
    ports.add_listening(Failing(log, fails_on="close"))
    ports.add_listening(last)
    held = ports.listening.listening("ana", lambda: None)
    with pytest.raises(RuntimeError, match="closing failed"), held:
        assert log == [("failing", "open", "ana")]
    assert last.heard[-1] == ("last", "closed", "ana")
    assert log[-1] == ("failing", "closed", "ana")
    assert first.heard[-1] == ("seeks", "closed", "ana"), "left though the one after it raised"
