"""What a wing tells a player (store.inbox): a notice of a name the wing
declared (its manifest's inbox events), with data of the wing's, on the
player's own stream (GET /v1/players/me/events) among their games'
notices; one that stands until answered (a pending challenge) is sent
again first on every stream opened afresh, until the wing withdraws it.

Tested in tests/games/test_inbox.py, tests/e2e/test_inbox.py.
"""

from collections.abc import Iterable, Mapping

import orjson

from buttonup.store import GameStore


class UndeclaredNotice(ValueError):
    """A notice of a name no installed wing declared: a bug of the wing's."""


class Inbox:
    def __init__(self, store: GameStore) -> None:
        self._store = store
        self._names: set[str] = set()

    def declare(self, names: Iterable[str]) -> None:
        """Names a wing's notices go by (as the player's stream sends them)."""
        self._names.update(names)

    def tell(
        self,
        player_id: str,
        name: str,
        data: Mapping[str, object],
        stands: str | None = None,
    ) -> bool:
        """The notice appended to the player's stream (and kept under `stands`,
        a key of the wing's, until withdrawn); whether it stands (a player
        has at most store.inbox.STANDING_KEPT at once)."""
        if name not in self._names:
            raise UndeclaredNotice(f"no installed wing declared the notice {name!r}")
        _, kept = self._store.inbox.tell(player_id, name, orjson.dumps(data), stands)
        return kept

    def withdraw(self, player_id: str, stands: str) -> bool:
        """The notice under `stands` no longer stands (answered, expired);
        whether one did."""
        return self._store.inbox.withdraw(player_id, stands)
