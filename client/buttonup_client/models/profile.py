from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.counts import Counts
    from ..models.ratings import Ratings
    from ..models.reviewed import Reviewed


T = TypeVar("T", bound="Profile")


@_attrs_define
class Profile:
    """A player as anyone sees them: never their key."""

    id: str
    """ The player's id """
    name: None | str
    """ The player's name, if given """
    created_at: datetime.datetime
    """ RFC 3339 UTC """
    bot: bool
    """ Whether the player is a bot account (a program) """
    ratings: Ratings
    """ A player's rating in each category (docs/api.md, "Ratings"). """
    counts: Counts
    """ What a player has played, rated. """
    review: Reviewed
    """ A player's last 50 reviewed rated games, their figures summed
    (docs/api.md, "Fair play"). """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name: None | str
        name = self.name

        created_at = self.created_at.isoformat()

        bot = self.bot

        ratings = self.ratings.to_dict()

        counts = self.counts.to_dict()

        review = self.review.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "created_at": created_at,
                "bot": bot,
                "ratings": ratings,
                "counts": counts,
                "review": review,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.counts import Counts  # noqa: PLC0415
        from ..models.ratings import Ratings  # noqa: PLC0415
        from ..models.reviewed import Reviewed  # noqa: PLC0415

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

        counts = Counts.from_dict(d.pop("counts"))

        review = Reviewed.from_dict(d.pop("review"))

        profile = cls(
            id=id,
            name=name,
            created_at=created_at,
            bot=bot,
            ratings=ratings,
            counts=counts,
            review=review,
        )

        return profile
