"""Why the tournaments wing refuses a request, independent of HTTP: each
class, its status and its stable code are declared in the wing's manifest
(tournaments.PROBLEMS), which the core installs.

Tested in tests/tournaments/test_service.py, tests/e2e/test_tournaments.py.
"""

from buttonup.kit import GameError, InvalidField


class TournamentNotFound(GameError):
    """No tournament with that id (never made, or expired)."""


class TournamentClosed(GameError):
    """A tournament that no longer takes the request: joined once finished,
    started once running."""


class TournamentFull(GameError):
    """A join of a tournament with as many players as it takes."""


class BotsNotAllowed(GameError):
    """A bot account joining a tournament whose maker did not allow bots."""


class TournamentPaused(GameError):
    """A join again of a tournament by a player paused for ending games
    before they were played, before the pause is over (`retry_after_ms`)."""

    def __init__(self, detail: str, retry_after_ms: int) -> None:
        super().__init__(detail)
        self.retry_after_ms = retry_after_ms


class ConditionsNotMet(GameError):
    """A join by a player its conditions keep out (their rating, their games)."""


class NotTournamentCreator(GameError):
    """A tournament started by a player other than its creator."""


class TooManyTournaments(GameError):
    """A tournament made by a player who has as many open as one may."""


class InvalidTournament(InvalidField):
    """A tournament's fields that do not go together (an arena in rounds)."""
