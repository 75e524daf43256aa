from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tournament_bye_data_points import TournamentByeDataPoints


T = TypeVar("T", bound="TournamentByeData")


@_attrs_define
class TournamentByeData:
    """A Swiss round's bye counted: a player sat the round out, with no game"""

    round_: int
    """ A Swiss's round """
    player_id: str
    """ Who sat out """
    points: TournamentByeDataPoints
    """ Their points from it, by id """

    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        player_id = self.player_id

        points = self.points.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "round": round_,
                "player_id": player_id,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_bye_data_points import TournamentByeDataPoints  # noqa: PLC0415

        d = dict(src_dict)
        round_ = d.pop("round")

        player_id = d.pop("player_id")

        points = TournamentByeDataPoints.from_dict(d.pop("points"))

        tournament_bye_data = cls(
            round_=round_,
            player_id=player_id,
            points=points,
        )

        return tournament_bye_data
