from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.standing_player import StandingPlayer


T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """A player's place (docs/tournaments.md, "Standings")."""

    rank: int
    """ From 1 """
    player: StandingPlayer
    """ A player as standings and games show them. """
    score: int
    """ Points; under par scoring, the margins against perfect play (may be below 0) """
    games: int
    """ Games counted """
    wins: int
    """ Games won """
    losses: int
    """ Games lost """
    streak: int
    """ Wins in a row up to now """
    tie_break: int
    """ What orders equal scores: an arena's performance, a Swiss's Buchholz """
    performance: int
    """ The rating these results earn against these opponents """
    berserks: int
    """ Games played berserk """
    withdrawn: bool
    """ Paused: out of the pairing until they join again """

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player = self.player.to_dict()

        score = self.score

        games = self.games

        wins = self.wins

        losses = self.losses

        streak = self.streak

        tie_break = self.tie_break

        performance = self.performance

        berserks = self.berserks

        withdrawn = self.withdrawn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "player": player,
                "score": score,
                "games": games,
                "wins": wins,
                "losses": losses,
                "streak": streak,
                "tie_break": tie_break,
                "performance": performance,
                "berserks": berserks,
                "withdrawn": withdrawn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing_player import StandingPlayer  # noqa: PLC0415

        d = dict(src_dict)
        rank = d.pop("rank")

        player = StandingPlayer.from_dict(d.pop("player"))

        score = d.pop("score")

        games = d.pop("games")

        wins = d.pop("wins")

        losses = d.pop("losses")

        streak = d.pop("streak")

        tie_break = d.pop("tie_break")

        performance = d.pop("performance")

        berserks = d.pop("berserks")

        withdrawn = d.pop("withdrawn")

        standing = cls(
            rank=rank,
            player=player,
            score=score,
            games=games,
            wins=wins,
            losses=losses,
            streak=streak,
            tie_break=tie_break,
            performance=performance,
            berserks=berserks,
            withdrawn=withdrawn,
        )

        return standing
