"""Ratings, a wing: Glicko-2 ratings by category, changed by each rated
game's end exactly once (ratings.ends), the bounds that keep a rating earned
by play (ratings.rated_play), profiles, rating histories and leaderboards
(ratings.api), each in Redis under keys of its own (ratings.store,
ratings.rated_play_store, lua/).

MANIFEST declares all it adds: `attach` makes its use cases and what they
hook into (a consequence of commits, the core's `RatedSeating` port of
games.ports, and its `ResultRating` port: ratings.results), and its routes.
app.py installs it; nothing in the core imports it."""

from buttonup.kit import (
    Attached,
    BoardPage,
    Games,
    Hooks,
    Manifest,
    Routes,
    Settings,
    board_of,
    words_of,
)
from buttonup.ratings.ends import RatedEnds, carry_over_legacy_marks
from buttonup.ratings.rated_play import PAIR_GAMES_PER_DAY, RatedPlay
from buttonup.ratings.rated_play_store import RatedPlayStore
from buttonup.ratings.results import ResultRatings
from buttonup.ratings.service import Ratings
from buttonup.ratings.store import RatingStore

__all__ = ["MANIFEST", "Ratings", "attach"]


def attach(games: Games, pair_games_per_day: int = PAIR_GAMES_PER_DAY) -> Attached:
    """Ratings on `games`' store, and what they hook into: the rated
    seating port, the consequence of a rated game's end, and marks of an
    earlier release carried over after the sweep."""
    store = games.store
    board = RatingStore(store.client, store.game_ttl_ms)
    ratings = Ratings(store, board, games.clock, games.reviews, games.flags)
    places = RatedPlayStore(store.client, store.game_ttl_ms)
    return Attached(
        ratings,
        Hooks(
            consequences=(RatedEnds(ratings, board),),
            seating=RatedPlay(store, places, ratings, games.clock, pair_games_per_day),
            after_sweep=(lambda: carry_over_legacy_marks(store, board),),
            # Outcomes that are not games, a wing's own pool each (a puzzle's).
            results=ResultRatings(store.client, store.game_ttl_ms),
        ),
    )


def attached(games: Games, settings: Settings) -> Attached:
    """As the app attaches it: the deployment's bound on a pair's rated games."""
    return attach(games, settings.rated_games_per_pair_per_day)


def routes() -> Routes:
    from buttonup.ratings.api import blp  # the routes need Flask's app

    return Routes(blp)


MANIFEST = Manifest(
    name="ratings",
    attach=attached,
    routes=routes,
    words=words_of(__name__),
    # A player's page (their ratings and games) and the leaderboards.
    board=board_of(
        __name__,
        BoardPage("leaderboard", "leaderboard.js", "showLeaderboard", "nav.leaderboards"),
        BoardPage("player", "profile.js", "showProfile"),
    ),
)
