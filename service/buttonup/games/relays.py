"""What each seated player hears of a committed change (engine.player.notices),
relayed to the player's stream: by the commit itself where the store can
(one Redis), else right after it; and the catch-up of what no process
relayed (one that died between commit and relay), rebuilt from the log."""

import logging
from collections.abc import Callable, Sequence
from typing import ClassVar

from buttonup.engine import Match, NotSeated, Status
from buttonup.engine.actions import Progress
from buttonup.engine.player import AgendaPlace, agenda_place, notices, seated_places
from buttonup.games.consequences import Commit, Plan, Survival
from buttonup.games.results import Timeline
from buttonup.store import GameNotFound, GameStore, Relay, StorageUnavailable

log = logging.getLogger(__name__)
RELAY_ATTEMPTS = 3  # a relay that keeps finding gaps is left to the next stream open
CATCH_UP_GAMES = 50  # as many as a player's stream starts with
NEWEST_SEATS = 8  # the player's newest seats, caught up whether or not on the agenda


def agenda_place_of(match: Match, player_id: str) -> AgendaPlace | None:
    """Where the game stands on the player's agenda; None when it is over, or
    the player holds no seat in it (a join that failed left it in the index)."""
    try:
        return agenda_place(match, match.seat_of_player(player_id))
    except NotSeated:
        return None


def relays_of(before: Match, changes: Sequence[Progress]) -> list[Relay]:
    """What each seated player hears of a commit of `changes` after `before`."""
    if not changes:
        return []
    after = changes[-1].match
    if after.red.player_id is None and after.black.player_id is None:  # most games: at once
        return []
    heard = notices(before, changes)
    first, last = before.version + 1, after.version
    return [
        Relay(player_id, after.id, first, last, heard.get(player_id, []), place)
        for player_id, place in seated_places(after)
    ]


class Relayer:
    def __init__(self, store: GameStore, timeline: Callable[[str], Timeline]) -> None:
        self._store = store
        self._timeline = timeline

    def committed(self, relays: list[Relay]) -> None:
        """Tell each seated player what a stored commit did, where the commit
        could not (a create; any commit on a cluster). The commit stands
        whatever happens here: what is not relayed now is relayed by the next
        commit of the game, or when the player's stream opens."""
        if not relays:
            return
        game_id, version = relays[0].game_id, relays[0].last
        try:
            for gap in self._store.relay(relays):
                self.catch_up(gap.player_id, {game_id: version})
        except StorageUnavailable:
            log.warning("game %s v%d was not relayed to its players", game_id, version)

    def catch_up(self, player_id: str, versions: dict[str, int]) -> None:
        """Relay what the player has not heard of these games (by their
        current version), rebuilt from each game's log: versions another
        process committed and had not relayed yet, or never will."""
        relayed = self._store.relayed(player_id)
        for game_id, version in versions.items():
            for _ in range(RELAY_ATTEMPTS):
                since = relayed.get(game_id)
                if since is None or version <= since:
                    break
                try:
                    timeline = self._timeline(game_id)
                except GameNotFound:
                    break
                if since < timeline.base.version:  # before format 2 kept the log: nothing to tell
                    heard = []
                else:
                    changes = timeline.between(since + 1, timeline.current.version)
                    heard = notices(timeline.at(since), changes).get(player_id, [])
                current = timeline.current
                relay = Relay(
                    player_id,
                    game_id,
                    since + 1,
                    current.version,
                    heard,
                    agenda_place_of(current, player_id),
                )
                if not self._store.relay([relay]):
                    break
                relayed = self._store.relayed(player_id)

    def catch_up_player(self, player_id: str) -> None:
        """Relay what the player's first games on their agenda did that no
        process relayed: those a stream starts with, CATCH_UP_GAMES at most,
        so that a stream's opening costs the same however many games the
        player has. A game further down is caught up by its next change (a
        relay that finds a gap relays what is missing first). The player's
        NEWEST_SEATS newest seats besides: a game made with their seat (a
        pairing) whose maker died before its first relay is on no agenda
        yet, and nothing else would tell the player of it."""
        statuses = (Status.PLAYING, Status.WAITING)
        ids = self._store.player_agenda(player_id, statuses, CATCH_UP_GAMES, NEWEST_SEATS)
        versions = self._store.versions(ids)
        current = {game_id: v for game_id, v in versions.items() if v is not None}
        self.catch_up(player_id, current)


class Relayed:
    """The consequence (games.consequences): what each seated player hears
    of a commit, relayed by the commit itself where the store can, else
    right after it. PULLED: a player's stream catches up from the log."""

    name: ClassVar[str] = "relays"
    survival: ClassVar[Survival] = Survival.PULLED
    restamps: ClassVar[bool] = False

    def __init__(self, store: GameStore, relayer: Relayer) -> None:
        self._store = store
        self._relayer = relayer

    def plan(self, commit: Commit, changes: Sequence[Progress]) -> Plan | None:
        # Planned after the plans that restamp the changes: these are stored.
        relays = relays_of(commit.before, changes)
        if not relays:  # no player seated: most anonymous games
            return None
        # On one Redis, in the create or commit itself: never left to relay.
        if self._store.relays_in_commit:
            return _RelayedByCommit(relays)
        return _Relays(self._relayer, relays)

    def overdue(self, game_id: str, match: Match | None) -> None:
        """Never marked."""


class _RelayedByCommit(Plan):
    def __init__(self, relays: list[Relay]) -> None:
        self.in_commit = relays  # written by the commit itself


class _Relays(Plan):
    def __init__(self, relayer: Relayer, relays: list[Relay]) -> None:
        self._relayer = relayer
        self._relays = relays

    def follow(self, changes: list[Progress]) -> None:
        self._relayer.committed(self._relays)
