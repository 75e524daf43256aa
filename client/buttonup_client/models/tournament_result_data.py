from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tournament_result_data_points import TournamentResultDataPoints


T = TypeVar("T", bound="TournamentResultData")


@_attrs_define
class TournamentResultData:
    """A game's end, as it counts (a bye has its own event)"""

    game_id: str
    """ The game """
    winner: None | str
    """ Null: nobody """
    points: TournamentResultDataPoints
    """ Each player's points from it, by id """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        winner: None | str
        winner = self.winner

        points = self.points.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "winner": winner,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_result_data_points import TournamentResultDataPoints  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

        points = TournamentResultDataPoints.from_dict(d.pop("points"))

        tournament_result_data = cls(
            game_id=game_id,
            winner=winner,
            points=points,
        )

        return tournament_result_data
