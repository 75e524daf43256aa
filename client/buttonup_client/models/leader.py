from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Leader")


@_attrs_define
class Leader:
    """A place on a leaderboard."""

    rank: int
    """ From 1 """
    player_id: str
    """ The player's id """
    name: None | str
    """ The player's name, if given """
    rating: int
    """ The rating, rounded """
    deviation: int
    """ Its deviation, rounded """
    games: int
    """ Rated games played in the category """

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player_id = self.player_id

        name: None | str
        name = self.name

        rating = self.rating

        deviation = self.deviation

        games = self.games

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rank": rank,
                "player_id": player_id,
                "name": name,
                "rating": rating,
                "deviation": deviation,
                "games": games,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rank = d.pop("rank")

        player_id = d.pop("player_id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        rating = d.pop("rating")

        deviation = d.pop("deviation")

        games = d.pop("games")

        leader = cls(
            rank=rank,
            player_id=player_id,
            name=name,
            rating=rating,
            deviation=deviation,
            games=games,
        )

        return leader
