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
    from ..models.players import Players


T = TypeVar("T", bound="GameSummary")


@_attrs_define
class GameSummary:
    """A game in the lobby."""

    id: str
    """ The game's id """
    created_at: datetime.datetime
    """ RFC 3339 UTC """
    target_score: int
    """ Points that win the game """
    open_seats: list[PlayerColor]
    """ Seats to take """
    players: Players
    """ Both seats. """
    clock: FischerClockSettings | None | PerMoveClockSettings
    """ The time control, as a create gives it; null: untimed """
    category: RatingCategory
    """ A rating category, by time control (docs/api.md, "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks
    by their estimated length, `daily` (a clock per move), `untimed` """
    rated: bool
    """ Whether its result changes both players' ratings """
    hints: bool
    """ Whether analysis answers while it is in play """

    def to_dict(self) -> dict[str, Any]:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        id = self.id

        created_at = self.created_at.isoformat()

        target_score = self.target_score

        open_seats = []
        for open_seats_item_data in self.open_seats:
            open_seats_item: str = open_seats_item_data
            open_seats.append(open_seats_item)

        players = self.players.to_dict()

        clock: dict[str, Any] | None
        if isinstance(self.clock, FischerClockSettings):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, PerMoveClockSettings):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        category: str = self.category

        rated = self.rated

        hints = self.hints

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "created_at": created_at,
                "target_score": target_score,
                "open_seats": open_seats,
                "players": players,
                "clock": clock,
                "category": category,
                "rated": rated,
                "hints": hints,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415
        from ..models.players import Players  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        target_score = d.pop("target_score")

        open_seats = []
        _open_seats = d.pop("open_seats")
        for open_seats_item_data in _open_seats:
            open_seats_item = check_player_color(open_seats_item_data)

            open_seats.append(open_seats_item)

        players = Players.from_dict(d.pop("players"))

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

        category = check_rating_category(d.pop("category"))

        rated = d.pop("rated")

        hints = d.pop("hints")

        game_summary = cls(
            id=id,
            created_at=created_at,
            target_score=target_score,
            open_seats=open_seats,
            players=players,
            clock=clock,
            category=category,
            rated=rated,
            hints=hints,
        )

        return game_summary
