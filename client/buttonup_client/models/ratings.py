from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="Ratings")


@_attrs_define
class Ratings:
    """A player's rating in each category (docs/api.md, "Ratings")."""

    blitz: Rating
    """ A Glicko-2 rating in one category. """
    rapid: Rating
    """ A Glicko-2 rating in one category. """
    classical: Rating
    """ A Glicko-2 rating in one category. """
    daily: Rating
    """ A Glicko-2 rating in one category. """
    untimed: Rating
    """ A Glicko-2 rating in one category. """

    def to_dict(self) -> dict[str, Any]:
        blitz = self.blitz.to_dict()

        rapid = self.rapid.to_dict()

        classical = self.classical.to_dict()

        daily = self.daily.to_dict()

        untimed = self.untimed.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "blitz": blitz,
                "rapid": rapid,
                "classical": classical,
                "daily": daily,
                "untimed": untimed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        blitz = Rating.from_dict(d.pop("blitz"))

        rapid = Rating.from_dict(d.pop("rapid"))

        classical = Rating.from_dict(d.pop("classical"))

        daily = Rating.from_dict(d.pop("daily"))

        untimed = Rating.from_dict(d.pop("untimed"))

        ratings = cls(
            blitz=blitz,
            rapid=rapid,
            classical=classical,
            daily=daily,
            untimed=untimed,
        )

        return ratings
