"""Tournaments, a wing: arenas (and, to come, Swiss events), as
docs/tournaments.md defines them. A tournament's model and pairing are pure
(tournaments.model, tournaments.arena), its keys its own
(tournaments.store, lua/), its use cases in tournaments.service, its routes
/v1/tournaments (tournaments.api).

`attach` wires it onto the core's use cases: a MARKED consequence counts
each finished tournament game once (a game's end is the signal, as lila's
tournaments listen for it), and a timer starts, pairs and finishes
tournaments; `install` adds its routes. app.py installs it; nothing in the
core imports it."""

from flask import Flask
from flask_smorest import Api

from buttonup.kit import Games, Pairings, Settings
from buttonup.kit.http import add_vocabulary
from buttonup.tournaments.ends import TournamentEnds
from buttonup.tournaments.model import Scoring, System, TournamentStatus
from buttonup.tournaments.play_store import TournamentPlay
from buttonup.tournaments.running import PAIRING_SECONDS
from buttonup.tournaments.service import Tournaments
from buttonup.tournaments.store import TournamentStore

__all__ = ["Tournaments", "attach", "install"]


def attach(games: Games) -> Tournaments:
    """Tournaments on `games`' store: its consequence registered, its timer added."""
    store = games.store
    pairings = Pairings(store, games.pipeline, games.clock, games.ports)
    client = store.client
    board, play = TournamentStore(client), TournamentPlay(client)
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
    games.consequences.register(TournamentEnds(tournaments))
    games.ports.sealing = tournaments.sealing
    games.every(PAIRING_SECONDS, "tournaments", tournaments.upkeep)
    return tournaments


def install(app: Flask, api: Api, games: Games, settings: Settings) -> None:
    from buttonup.tournaments.api import EXTENSION, blp  # the routes need Flask's app
    from buttonup.tournaments.schemas import TOURNAMENT_EVENT_COMPONENTS

    app.extensions[EXTENSION] = attach(games)
    api.register_blueprint(blp)
    api.spec.components.schemas.update(TOURNAMENT_EVENT_COMPONENTS)
    # The board names statuses and systems as the service does.
    add_vocabulary("TOURNAMENT_STATUS", TournamentStatus)
    add_vocabulary("TOURNAMENT_SYSTEM", System)
    add_vocabulary("TOURNAMENT_SCORING", Scoring)
