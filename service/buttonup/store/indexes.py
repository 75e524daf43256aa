"""The indexes a game's commit keeps beside it, each written before the
commit (so that none is ever behind a stored game) or, for a game's end,
right after: the deadline index (store.deadlines) and each player's games
(store.player_games).

Tested in tests/store/test_deadlines.py, tests/store/test_player_games.py.
"""

import logging

from buttonup.engine import PLAYERS, Match
from buttonup.store.connection import STORAGE_ERRORS
from buttonup.store.deadlines import DeadlineIndex
from buttonup.store.errors import StorageUnavailable
from buttonup.store.player_games import PlayerGames

log = logging.getLogger(__name__)


class CommitIndexes:
    def __init__(self, deadlines: DeadlineIndex, player_games: PlayerGames) -> None:
        self._deadlines = deadlines
        self._player_games = player_games

    def forget_deadline(self, game_id: str) -> None:
        """A stored end takes the game out of the deadline index; the commit
        stands whatever happens here (the sweeper takes it out at its deadline)."""
        try:
            with STORAGE_ERRORS:
                self._deadlines.forget(game_id)
        except StorageUnavailable:
            log.warning("game %s ended and stays in the deadline index until its deadline", game_id)

    def expect_deadline(self, before: Match, after: Match) -> None:
        """Before a commit that sets a new deadline: the index's entry no later."""
        if after.deadline is not None and (before is after or after.deadline != before.deadline):
            self._deadlines.expect(after.id, after.deadline)

    def index_players(self, before: Match | None, after: Match) -> None:
        """Before a commit that seats a player (or a create, `before` None,
        whose seats may be reserved for players already): the game in the
        player's index (store.player_games), so that no seat is ever missing
        from it."""
        for color in PLAYERS:
            player_id = after.seat(color).player_id
            if player_id is not None and (
                before is None or before.seat(color).player_id != player_id
            ):
                version = before.version if before is not None else 0  # a create's base
                self._player_games.add(player_id, after.id, after.updated_at, version)
