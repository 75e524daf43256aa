"""Par scoring (docs/tournaments.md, "Par scoring"): a game scored against
perfect play on the same deals, so that the luck of a deal cancels out.

For each deal (a round) a player played, their margin (their strength
minus their opponent's in the round's last stack) minus the margin perfect
play by both gives from that deal with the same player to start (the
solver's value). A deal cut short by the game's end (a resignation, a
timeout, an abandoned game) counts the widest margin any deal can end on
against whoever lost the game, so that ending a deal early never saves
points. The two players' pars of a game are opposite: one number is kept,
the first player's (red's: a tournament game's red starts it).

Tested in tests/tournaments/test_par.py.
"""

from buttonup.kit import Circle, Color, EndReason, Match, position_value

# The widest margin a round can end on: a colour's three buttons on top
# (9 + 8 + 7) and the other's at the bottom (1 + 2 + 3).
WIDEST_MARGIN = 18


def perfect_margin(circle: Circle, starter: Color) -> int:
    """Red's strength minus black's when both play the deal perfectly,
    `starter` moving first."""
    value = position_value(circle, starter)
    return value if starter is Color.RED else -value


def red_par(match: Match) -> int:
    """Red's par over the game's deals (black's is its opposite); 0 for a
    game nobody moved in."""
    if match.end_reason is EndReason.ABORTED:
        return 0
    game = match.game
    par = 0
    for result in game.rounds:
        played = result.strength.red - result.strength.black
        par += played - perfect_margin(result.initial_circle, result.starting_player)
    current = game.round
    cut_short = not game.rounds or game.rounds[-1].number != current.number
    if cut_short and game.winner is not None:
        played = WIDEST_MARGIN if game.winner is Color.RED else -WIDEST_MARGIN
        par += played - perfect_margin(current.initial_circle, current.starting_player)
    return par
