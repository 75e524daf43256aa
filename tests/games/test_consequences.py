"""The table of what follows a commit (games.consequences), on the use
cases' real Redis: a handler registered there runs after each commit that
concerns it, sees the changes as stored, and a MARKED one that a process
left undone runs again from the sweep, once."""

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

import pytest

from buttonup import errors
from buttonup.engine import Color, Match, Options
from buttonup.engine.actions import Progress
from buttonup.games import NewGame
from buttonup.games.consequences import OVERDUE_AFTER_MS, Commit, Plan, Survival
from buttonup.store.marks import MARKS_KEY


@dataclass(slots=True)
class _Noted(Plan):
    seen: list[tuple[str, int, int]]
    failing: list[bool]

    def follow(self, changes: list[Progress]) -> None:
        if self.failing and self.failing.pop():
            raise errors.StorageUnavailable("the follow-up's Redis went away")
        self.seen.append(("followed", changes[0].match.version, changes[-1].match.version))


class Noted:
    """A MARKED consequence of every commit of a game with a move in it."""

    name: ClassVar[str] = "noted"
    survival: ClassVar[Survival] = Survival.MARKED
    restamps: ClassVar[bool] = False

    def __init__(self) -> None:
        self.seen: list[tuple[str, int, int]] = []
        self.failing: list[bool] = []
        self.overdue_games: list[tuple[str, int | None]] = []

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        if commit.created:
            return None
        return _Noted(self.seen, self.failing)

    def overdue(self, game_id: str, match: Match | None) -> None:
        self.overdue_games.append((game_id, match.version if match else None))


class Renamed:
    """A restamping consequence: the first seat's name as the commit stores it."""

    name: ClassVar[str] = "renamed"
    survival: ClassVar[Survival] = Survival.IN_PROCESS
    restamps: ClassVar[bool] = True

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        return None if commit.created else _Renamed()

    def overdue(self, game_id: str, match: Match | None) -> None:
        """Never marked."""


class _Renamed(Plan):
    def prepare(self, changes: list[Progress]) -> list[Progress]:
        return [
            replace(p, match=replace(p.match, red=replace(p.match.red, name="R"))) for p in changes
        ]


class Names:
    """Records the red seat's name each commit stores."""

    name: ClassVar[str] = "names"
    survival: ClassVar[Survival] = Survival.IN_PROCESS
    restamps: ClassVar[bool] = False

    def __init__(self) -> None:
        self.names: list[str | None] = []

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        return None if commit.created else _Names(self.names)

    def overdue(self, game_id: str, match: Match | None) -> None:
        """Never marked."""


@dataclass(slots=True)
class _Names(Plan):
    names: list[str | None]

    def prepare(self, changes: list[Progress]) -> list[Progress]:
        self.names.append(changes[-1].match.red.name)
        return changes


def new_game(games) -> str:
    options = Options(seed=5, first_player=Color.RED)
    game_id = games.create(NewGame(options), None).match.id
    games.join(game_id, Color.RED, "ana")
    return game_id


def test_a_marked_consequence_follows_each_commit_that_concerns_it_and_leaves_no_mark(
    games, redis_client
):
    noted = Noted()
    games.consequences.register(noted)
    game_id = new_game(games)
    joined = games.join(game_id, Color.BLACK, "bo")
    assert noted.seen[-1] == (
        "followed",
        joined.outcome.match.version,
        joined.outcome.match.version,
    )
    assert len(noted.seen) == 2, "both joins; not the create"
    assert redis_client.zcard(MARKS_KEY) == 0


def test_a_follow_up_a_process_could_not_run_is_run_by_the_sweep_once(games, clock, redis_client):
    noted = Noted()
    games.consequences.register(noted)
    game_id = new_game(games)
    noted.failing.append(True)
    joined = games.join(game_id, Color.BLACK, "bo")  # the commit stands
    assert games.get(game_id).version == joined.outcome.match.version
    assert redis_client.zscore(MARKS_KEY, f"noted:{game_id}") is not None
    games.sweep()
    assert noted.overdue_games == [], "too soon: a commit may be on its way"
    clock.now += OVERDUE_AFTER_MS
    games.sweep()
    assert noted.overdue_games == [(game_id, joined.outcome.match.version)]
    assert redis_client.zcard(MARKS_KEY) == 0
    clock.now += OVERDUE_AFTER_MS
    games.sweep()
    assert len(noted.overdue_games) == 1


def test_a_mark_of_a_consequence_no_longer_registered_is_dropped(games, store, clock, redis_client):
    store.mark(["retired"], "someGame0123456789ab", clock())
    clock.now += OVERDUE_AFTER_MS
    games.sweep()
    assert redis_client.zcard(MARKS_KEY) == 0


def test_restamping_consequences_go_first_and_the_rest_see_what_is_stored(games):
    names = Names()
    games.consequences.register(names)
    games.consequences.register(Renamed())  # registered last, planned first
    game_id = new_game(games)
    assert names.names[-1] == "R"
    assert games.get(game_id).red.name == "R"


def test_two_consequences_of_one_name_are_refused(games):
    games.consequences.register(Noted())
    with pytest.raises(ValueError, match="noted"):
        games.consequences.register(Noted())


class Unreachable:
    """A PULLED consequence whose follow-up always finds its Redis away."""

    name: ClassVar[str] = "unreachable"
    survival: ClassVar[Survival] = Survival.PULLED
    restamps: ClassVar[bool] = False

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        return None if commit.created else _Noted([], [True] * 100)

    def overdue(self, game_id: str, match: Match | None) -> None:
        """Never marked."""


def test_a_follow_up_that_fails_after_the_commit_never_fails_the_request(games):
    """The commit stands whatever follows it: the request is answered with
    the change it made (never a 503 for a change that was made)."""
    games.consequences.register(Unreachable())
    game_id = games.create(NewGame(Options(seed=5, first_player=Color.RED)), None).match.id
    red = games.join(game_id, Color.RED, "ana")
    joined = games.join(game_id, Color.BLACK, "bo")
    assert joined.outcome.changes and games.get(game_id).version == joined.outcome.match.version
    games.consequences.register(Noted())  # with a marked one too: the other path
    match = games.get(game_id)
    moved = games.play(game_id, red.token, match.game.legal_moves()[0])
    assert games.get(game_id).version == moved.match.version
