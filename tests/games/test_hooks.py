"""A wing's hooks, declared in one value and installed by `Games.hook`
(games.hooks), on the use cases' real Redis: each consequence follows the
commits that concern it, each port is answered by its filler (and a port
one wing fills refuses a second), each timer is a worker's periodic work,
and each sweep does the wing's work after the core's."""

import pytest

from buttonup.engine import Color, Options
from buttonup.games import Games, NewGame
from buttonup.games.hooks import Hooks, Timer
from buttonup.games.ports import PortTaken, StoredRatings
from tests.games.test_consequences import Noted
from tests.games.test_ports import Heard, Keeper


def test_a_wings_hooks_are_installed_each_where_the_core_asks_for_it(games: Games):
    noted, keeper, seating, listening = (
        Noted(),
        Keeper("test", "kept"),
        StoredRatings(),
        Heard("wing", alive=True),
    )
    ticks: list[str] = []
    swept: list[str] = []
    games.hook(
        Hooks(
            consequences=(noted,),
            seating=seating,
            listening=listening,
            sealing=keeper,
            timers=(Timer("ticking", 2.5, lambda: ticks.append("tick")),),
            after_sweep=(lambda: swept.append("swept"),),
        )
    )
    assert "noted" in games.consequences.names
    assert games.ports.seating is seating and games.ports.listening.keeps_alive("anyone")
    game = games.create(NewGame(Options(seed=1)), None).match.id
    games.join(game, Color.RED, None)
    assert noted.seen, "the consequence followed the join's commit"
    match = games.get(game)
    assert games.ports.sealing.analysis_sealed(match) == "kept"
    [timer] = [periodic for periodic in games.periodic if periodic.name == "ticking"]
    assert timer.seconds == 2.5
    timer.work()
    assert ticks == ["tick"]
    games.sweep()
    assert swept == ["swept"]


def test_a_second_wing_filling_a_port_one_fills_is_refused_as_it_is_hooked(games: Games):
    games.hook(Hooks(seating=StoredRatings()))
    with pytest.raises(PortTaken):
        games.hook(Hooks(seating=StoredRatings()))
    games.hook(Hooks(sealing=Keeper("a", None)))
    games.hook(Hooks(sealing=Keeper("b", None)))  # sealing: any number of wings
    assert games.ports.sealing.keeps("a:1") and games.ports.sealing.keeps("b:1")
