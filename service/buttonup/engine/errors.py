"""Rule violations the engine refuses, each its own exception."""


class RulesError(Exception):
    """A move or action the rules do not allow."""


class IllegalMove(RulesError):
    """The position is empty or its stack holds no white button."""


class NotYourTurn(RulesError):
    """The player who tried to act is not the player to move."""


class GameOver(RulesError):
    """The game is finished: nothing more can be played."""
