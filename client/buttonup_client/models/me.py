from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ratings import Ratings


T = TypeVar("T", bound="Me")


@_attrs_define
class Me:
    """A player, as the player's own key reads it."""

    id: str
    """ The player's id """
    name: None | str
    """ The player's name, if given """
    created_at: datetime.datetime
    """ RFC 3339 UTC """
    bot: bool
    """ Whether the player is a bot account (`become_bot`): a program """
    ratings: Ratings
    """ A player's rating in each category (docs/api.md, "Ratings"). """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: None | str
        name = self.name

        created_at = self.created_at.isoformat()

        bot = self.bot

        ratings = self.ratings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "created_at": created_at,
                "bot": bot,
                "ratings": ratings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ratings import Ratings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        bot = d.pop("bot")

        ratings = Ratings.from_dict(d.pop("ratings"))

        me = cls(
            id=id,
            name=name,
            created_at=created_at,
            bot=bot,
            ratings=ratings,
        )

        return me
