from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color
from ..models.rating_category import RatingCategory, check_rating_category

if TYPE_CHECKING:
    from ..models.fischer_clock_settings import FischerClockSettings
    from ..models.per_move_clock_settings import PerMoveClockSettings


T = TypeVar("T", bound="OpenSeek")


@_attrs_define
class OpenSeek:
    """A seek waiting, as the lobby shows it: who by name and rating only."""

    id: str
    """ The seek's id """
    name: None | str
    """ The seeker's name, if given """
    rating: int
    """ The seeker's rating in the category, rounded """
    provisional: bool
    """ Whether that rating is provisional """
    category: RatingCategory
    """ A rating category, by time control (docs/api.md, "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks
    by their estimated length, `daily` (a clock per move), `untimed` """
    clock: FischerClockSettings | None | PerMoveClockSettings
    """ The time control; null: untimed """
    rated: bool
    """ Whether it is for a rated game """
    rating_range: list[int] | None
    """ The opponents' ratings it accepts; null: anyone """
    color: None | PlayerColor
    """ The colour it asks for; null: either """
    created_at: datetime.datetime
    """ When it was made, RFC 3339 UTC """

    def to_dict(self) -> dict[str, Any]:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        id = self.id

        name: None | str
        name = self.name

        rating = self.rating

        provisional = self.provisional

        category: str = self.category

        clock: dict[str, Any] | None
        if isinstance(self.clock, FischerClockSettings):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, PerMoveClockSettings):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        rated = self.rated

        rating_range: list[int] | None
        if isinstance(self.rating_range, list):
            rating_range = self.rating_range

        else:
            rating_range = self.rating_range

        color: None | str
        if isinstance(self.color, str):
            color = self.color
        else:
            color = self.color

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "rating": rating,
                "provisional": provisional,
                "category": category,
                "clock": clock,
                "rated": rated,
                "rating_range": rating_range,
                "color": color,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        rating = d.pop("rating")

        provisional = d.pop("provisional")

        category = check_rating_category(d.pop("category"))

        def _parse_clock(data: object) -> FischerClockSettings | None | PerMoveClockSettings:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_clock_request_type_0 = FischerClockSettings.from_dict(data)

                return componentsschemas_clock_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_clock_request_type_1 = PerMoveClockSettings.from_dict(data)

                return componentsschemas_clock_request_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FischerClockSettings | None | PerMoveClockSettings, data)

        clock = _parse_clock(d.pop("clock"))

        rated = d.pop("rated")

        def _parse_rating_range(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rating_range_type_0 = cast(list[int], data)

                return rating_range_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        rating_range = _parse_rating_range(d.pop("rating_range"))

        def _parse_color(data: object) -> None | PlayerColor:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                color_type_0 = check_player_color(data)

                return color_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerColor, data)

        color = _parse_color(d.pop("color"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        open_seek = cls(
            id=id,
            name=name,
            rating=rating,
            provisional=provisional,
            category=category,
            clock=clock,
            rated=rated,
            rating_range=rating_range,
            color=color,
            created_at=created_at,
        )

        return open_seek
