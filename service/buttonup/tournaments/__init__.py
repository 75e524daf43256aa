"""Tournaments, a wing: arenas and Swiss events, as
docs/tournaments.md defines them. A tournament's model and pairing are pure
(tournaments.model, tournaments.arena), its keys its own
(tournaments.store, lua/), its use cases in tournaments.service, its routes
/v1/tournaments (tournaments.api).

MANIFEST declares all it adds: `attach` makes its use cases and hooks them
onto the core's (a MARKED consequence counts each finished tournament game
once, a game's end being the signal as lila's tournaments listen for it; a
seal keeps a par tournament's positions; a timer starts, pairs and
finishes tournaments), and its routes, refusals and board names. app.py
installs it; nothing in the core imports it."""

from buttonup.kit import (
    Attached,
    BoardPage,
    Games,
    Hooks,
    Manifest,
    Nudge,
    OriginField,
    Pairings,
    Problem,
    Routes,
    Settings,
    Timer,
    board_of,
    words_of,
)
from buttonup.tournaments.ends import TournamentEnds
from buttonup.tournaments.errors import (
    BotsNotAllowed,
    ConditionsNotMet,
    InvalidTournament,
    NotTournamentCreator,
    TooManyTournaments,
    TournamentClosed,
    TournamentFull,
    TournamentNotFound,
    TournamentPaused,
)
from buttonup.tournaments.games import WING
from buttonup.tournaments.model import Scoring, System, TournamentStatus
from buttonup.tournaments.play_store import TournamentPlay
from buttonup.tournaments.running import PAIRING_SECONDS
from buttonup.tournaments.service import Tournaments
from buttonup.tournaments.store import TournamentStore

__all__ = ["MANIFEST", "Tournaments", "attach"]


def attach(games: Games, settings: Settings | None = None) -> Attached:
    """Tournaments on `games`' store, and what they hook into."""
    store = games.store
    pairings = Pairings(store, games.pipeline, games.clock, games.ports)
    client = store.client
    nudge = Nudge()  # a game's end or a join pairs at once, in this process
    board, play = TournamentStore(client, nudge.now), TournamentPlay(client)
    tournaments = Tournaments(
        store,
        board,
        play,
        pairings,
        games.clock,
        games.ports,
        games.record,
        lambda game_id: [moved.outcome for moved in games.pipeline.timeline(game_id).moves()],
    )
    return Attached(
        tournaments,
        Hooks(
            consequences=(TournamentEnds(tournaments),),
            sealing=tournaments.sealing,
            timers=(Timer("tournaments", PAIRING_SECONDS, tournaments.upkeep, nudge),),
        ),
    )


def routes() -> Routes:
    from buttonup.tournaments.api import blp  # the routes need Flask's app
    from buttonup.tournaments.schemas import TOURNAMENT_EVENT_COMPONENTS

    return Routes(blp, TOURNAMENT_EVENT_COMPONENTS)


MANIFEST = Manifest(
    name=WING,
    origin_field=OriginField(
        "tournament_id",
        "The tournament whose pairing made the game (docs/tournaments.md); null: none",
    ),
    attach=attach,
    routes=routes,
    words=words_of(__name__),
    # The tournaments' list and a tournament's page.
    board=board_of(
        __name__,
        BoardPage("tournaments", "tournaments.js", "showTournaments", "nav.tournaments"),
        BoardPage("tournament", "tournaments.js", "showTournament"),
        hooks="next_game.js",  # a tournament's game: back to it, its next game
    ),
    metered={
        "creates": (("POST", "tournaments.TournamentCollection"),),
        "records": (("GET", "tournaments.TournamentRecord"),),
        "joins": (
            ("POST", "tournaments.TournamentJoin"),
            ("POST", "tournaments.TournamentWithdraw"),
        ),
    },
    problems=(
        Problem(
            BotsNotAllowed,
            403,
            "bots_not_allowed",
            "Bots not allowed",
            "a bot account where only people play: seeks, and tournaments whose maker did "
            "not allow bots",
        ),
        Problem(
            TournamentNotFound,
            404,
            "tournament_not_found",
            "Tournament not found",
            "no such tournament, or it expired",
        ),
        Problem(
            ConditionsNotMet,
            403,
            "conditions_not_met",
            "Conditions not met",
            "a tournament joined by a player its `conditions` keep out (`detail` says which)",
        ),
        Problem(
            NotTournamentCreator,
            403,
            "not_tournament_creator",
            "Not the tournament's creator",
            "a tournament started by a player other than its creator",
        ),
        Problem(
            TournamentClosed,
            409,
            "tournament_closed",
            "Tournament closed",
            "a finished tournament joined, or a tournament started that is not upcoming",
        ),
        Problem(
            TournamentFull,
            409,
            "tournament_full",
            "Tournament full",
            "a tournament joined that has `max_players` players",
        ),
        Problem(
            TournamentPaused,
            409,
            "tournament_paused",
            "Paused in this tournament",
            "joined again before the pause for ending games unplayed is over "
            "(`retry_after_seconds`)",
        ),
        Problem(
            TooManyTournaments,
            409,
            "too_many_tournaments",
            "Too many tournaments",
            "a tournament made by a player who has 5 upcoming or running already",
        ),
        Problem(
            InvalidTournament,
            422,
            "validation_error",
            "Unprocessable Entity",
            "a body field, parameter or header fails its schema",
        ),
    ),
    # The board names statuses and systems as the service does.
    vocabulary={
        "TOURNAMENT_STATUS": TournamentStatus,
        "TOURNAMENT_SYSTEM": System,
        "TOURNAMENT_SCORING": Scoring,
    },
)
