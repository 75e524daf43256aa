from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.clock_type import ClockType, check_clock_type
from ..models.player_color import PlayerColor, check_player_color
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tally import Tally


T = TypeVar("T", bound="Clock")


@_attrs_define
class Clock:
    """A game's clock: its settings (`initial_seconds` and `increment_seconds`
    for `fischer`, `seconds` for `per_move`) and where it stands.

    """

    type_: ClockType
    """ The kind """
    remaining_ms: Tally
    """ A number for each player. """
    running: None | PlayerColor
    """ Whose clock runs (null: none) """
    deadline: datetime.datetime | None
    """ When the running clock reaches zero (null: none runs); compare with the `Date` header for the client's own
    clock """
    berserk: list[PlayerColor]
    """ Half their time, no increment """
    berserk_open: list[PlayerColor]
    """ An arena's game's seats that have not moved yet nor gone berserk """
    initial_seconds: int | Unset = UNSET
    """ fischer: each player's bank at the start """
    increment_seconds: int | Unset = UNSET
    """ fischer: added after each of one's moves """
    seconds: int | Unset = UNSET
    """ per_move: the time of every turn """

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        remaining_ms = self.remaining_ms.to_dict()

        running: None | str
        if isinstance(self.running, str):
            running = self.running
        else:
            running = self.running

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        berserk = []
        for berserk_item_data in self.berserk:
            berserk_item: str = berserk_item_data
            berserk.append(berserk_item)

        berserk_open = []
        for berserk_open_item_data in self.berserk_open:
            berserk_open_item: str = berserk_open_item_data
            berserk_open.append(berserk_open_item)

        initial_seconds = self.initial_seconds

        increment_seconds = self.increment_seconds

        seconds = self.seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "remaining_ms": remaining_ms,
                "running": running,
                "deadline": deadline,
                "berserk": berserk,
                "berserk_open": berserk_open,
            }
        )
        if initial_seconds is not UNSET:
            field_dict["initial_seconds"] = initial_seconds
        if increment_seconds is not UNSET:
            field_dict["increment_seconds"] = increment_seconds
        if seconds is not UNSET:
            field_dict["seconds"] = seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tally import Tally  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_clock_type(d.pop("type"))

        remaining_ms = Tally.from_dict(d.pop("remaining_ms"))

        def _parse_running(data: object) -> None | PlayerColor:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                running_type_0 = check_player_color(data)

                return running_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerColor, data)

        running = _parse_running(d.pop("running"))

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        berserk = []
        _berserk = d.pop("berserk")
        for berserk_item_data in _berserk:
            berserk_item = check_player_color(berserk_item_data)

            berserk.append(berserk_item)

        berserk_open = []
        _berserk_open = d.pop("berserk_open")
        for berserk_open_item_data in _berserk_open:
            berserk_open_item = check_player_color(berserk_open_item_data)

            berserk_open.append(berserk_open_item)

        initial_seconds = d.pop("initial_seconds", UNSET)

        increment_seconds = d.pop("increment_seconds", UNSET)

        seconds = d.pop("seconds", UNSET)

        clock = cls(
            type_=type_,
            remaining_ms=remaining_ms,
            running=running,
            deadline=deadline,
            berserk=berserk,
            berserk_open=berserk_open,
            initial_seconds=initial_seconds,
            increment_seconds=increment_seconds,
            seconds=seconds,
        )

        return clock
