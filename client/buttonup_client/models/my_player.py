from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.flag import Flag
    from ..models.ratings import Ratings


T = TypeVar("T", bound="MyPlayer")


@_attrs_define
class MyPlayer:
    """A player as their own key reads them: with their fair-play flag, if any."""

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
    fair_play: Flag | None
    """ The player's fair-play flag, which only they and the operator see """

    def to_dict(self) -> dict[str, Any]:
        from ..models.flag import Flag  # noqa: PLC0415

        id = self.id

        name: None | str
        name = self.name

        created_at = self.created_at.isoformat()

        bot = self.bot

        ratings = self.ratings.to_dict()

        fair_play: dict[str, Any] | None
        if isinstance(self.fair_play, Flag):
            fair_play = self.fair_play.to_dict()
        else:
            fair_play = self.fair_play

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "created_at": created_at,
                "bot": bot,
                "ratings": ratings,
                "fair_play": fair_play,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.flag import Flag  # noqa: PLC0415
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

        def _parse_fair_play(data: object) -> Flag | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fair_play_type_0 = Flag.from_dict(data)

                return fair_play_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Flag | None, data)

        fair_play = _parse_fair_play(d.pop("fair_play"))

        my_player = cls(
            id=id,
            name=name,
            created_at=created_at,
            bot=bot,
            ratings=ratings,
            fair_play=fair_play,
        )

        return my_player
