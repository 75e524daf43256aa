from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="StandingPlayer")


@_attrs_define
class StandingPlayer:
    """A player as standings and games show them."""

    id: str
    """ The player's id """
    name: None | str
    """ Their name """
    rating: int
    """ Their rating in the category as they joined """
    bot: bool
    """ Whether the player is a bot account """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: None | str
        name = self.name

        rating = self.rating

        bot = self.bot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "rating": rating,
                "bot": bot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        rating = d.pop("rating")

        bot = d.pop("bot")

        standing_player = cls(
            id=id,
            name=name,
            rating=rating,
            bot=bot,
        )

        return standing_player
