"""A player: one identity across games, without accounts or passwords.

A player holds a key, shown once when the player is made and kept only
hashed; a seat joined with the key belongs to the player (`Seat.player_id`),
and the key then works wherever that seat's token does.

What a player hears of their games (`notices`) follows from the match's
versions, as a game's events do: the game started, it is their turn, it is
over, a rematch was asked for or made.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from buttonup.engine.actions import Progress
from buttonup.engine.board import PLAYERS, Color
from buttonup.engine.events import Event, Rematched, RematchOffered
from buttonup.engine.match import Match
from buttonup.engine.options import EndReason, Origin, Status
from buttonup.engine.ratings import Category, Rating, rating_diff


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    name: str | None
    key_sha256: str  # the key, hashed: the key itself is never kept
    created_at: int  # milliseconds since the epoch
    # By category, those the player has played rated games in (engine.ratings)
    ratings: Mapping[Category, Rating] = field(default_factory=dict)
    wins: int = 0  # rated games
    losses: int = 0
    # A bot account (a program that plays as this player), for good: marked
    # wherever the player shows.
    bot: bool = False

    @property
    def may_become_bot(self) -> bool:
        """A player becomes a bot account before any rated game of theirs."""
        played = self.wins + self.losses + sum(r.games for r in self.ratings.values())
        return not self.bot and played == 0

    def rating(self, category: Category) -> Rating:
        """The player's rating in `category`: the starting one until rated."""
        return self.ratings.get(category, Rating())


class PlayerEventName(StrEnum):
    """The names of a player's events, as the player's stream sends them."""

    GAMES = "games"  # the list a stream starts with, not a change
    GAME_START = "game_start"  # a seek was paired: the seat taken for the player
    GAME_STARTED = "game_started"
    YOUR_TURN = "your_turn"
    GAME_OVER = "game_over"
    REMATCH_OFFERED = "rematch_offered"
    REMATCH = "rematch"


@dataclass(frozen=True, slots=True)
class Notice:
    """What a player hears of one version of one of their games."""

    name: PlayerEventName
    game_id: str
    version: int
    color: Color  # the player's seat
    deadline: int | None = None  # your_turn: when the player's clock runs out (ms)
    winner: Color | None = None  # game_over
    end_reason: EndReason | None = None  # game_over
    by: Color | None = None  # rematch_offered: the seat that asked
    next_game_id: str | None = None  # rematch
    # game_over of a rated game: each seat's rating change (engine.ratings)
    rating_diff: Mapping[Color, int] | None = None
    origin: Origin | None = None  # game_start: the wing whose pairing made the game


# Where a game not finished stands on its player's agenda (`agenda_place`):
# the lower its rank, the sooner listed. Those where it is the player's turn
# first; then the nearest deadline; then the longest untouched. Ranks are
# whole numbers below 2**53, so a float (a Redis sorted set's score) holds
# them exactly.
_NOT_MY_TURN = 2**44
_UNTIMED = 2**42  # after every deadline until the year 2109


class AgendaPlace(NamedTuple):  # a tuple: made for every seated player's commit
    status: Status  # waiting or playing: the agenda keeps each apart
    rank: int


def agenda_place(match: Match, color: Color) -> AgendaPlace | None:
    """Where `match` stands on the agenda of the player in seat `color`; None
    once it is finished (it leaves the agenda)."""
    return _agenda_place(match, match.status, color)


def _agenda_place(match: Match, status: Status, color: Color) -> AgendaPlace | None:
    if status is Status.FINISHED:
        return None
    my_turn = status is Status.PLAYING and match.game.to_move is color
    deadline = match.deadline
    within = deadline if deadline is not None else _UNTIMED + match.updated_at
    return AgendaPlace(status, (0 if my_turn else _NOT_MY_TURN) + within)


def notices(before: Match, changes: Sequence[Progress]) -> dict[str, list[Notice]]:
    """What each seated player hears of `changes` (versions after `before`),
    by player id, in order; a player who hears nothing is left out."""
    heard: dict[str, list[Notice]] = {}
    previous, was = before, before.status
    for progress in changes:
        after = progress.match
        now = after.status  # each version's worked out once: this runs for every commit
        for color in PLAYERS:
            player_id = after.seat(color).player_id
            if player_id is not None:
                found = _notices(previous, was, after, now, progress.events, color)
                if found:
                    heard.setdefault(player_id, []).extend(found)
        previous, was = after, now
    return heard


def seated_places(match: Match) -> list[tuple[str, AgendaPlace | None]]:
    """Each seated player's id, and where `match` stands on their agenda."""
    status = match.status
    return [
        (player_id, _agenda_place(match, status, color))
        for color in PLAYERS
        if (player_id := match.seat(color).player_id) is not None
    ]


def _notices(
    before: Match,
    was: Status,
    after: Match,
    now: Status,
    events: Sequence[Event],
    color: Color,
) -> list[Notice]:
    game_id, version = after.id, after.version
    found: list[Notice] = []
    origin = after.options.origin
    if origin is not None and after.seat(color).joined and not before.seat(color).joined:
        found.append(Notice(PlayerEventName.GAME_START, game_id, version, color, origin=origin))
    playing = now is Status.PLAYING
    if playing and was is not Status.PLAYING:
        found.append(Notice(PlayerEventName.GAME_STARTED, game_id, version, color))
    mine = playing and after.game.to_move is color
    was_mine = was is Status.PLAYING and before.game.to_move is color
    if mine and not was_mine:  # after an extra turn the player knows already
        found.append(
            Notice(PlayerEventName.YOUR_TURN, game_id, version, color, deadline=after.deadline)
        )
    if now is Status.FINISHED and was is not Status.FINISHED:
        found.append(
            Notice(
                PlayerEventName.GAME_OVER,
                game_id,
                version,
                color,
                winner=after.game.winner,
                end_reason=after.end_reason,
                rating_diff=rating_diff(after),
            )
        )
    for event in events:
        if isinstance(event, RematchOffered):
            found.append(
                Notice(PlayerEventName.REMATCH_OFFERED, game_id, version, color, by=event.color)
            )
        elif isinstance(event, Rematched):
            found.append(
                Notice(
                    PlayerEventName.REMATCH,
                    game_id,
                    version,
                    color,
                    next_game_id=event.game_id,
                )
            )
    return found
