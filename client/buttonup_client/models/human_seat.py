from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.human_seat_type import HumanSeatType, check_human_seat_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="HumanSeat")


@_attrs_define
class HumanSeat:
    """A seat for a person: open until someone takes it"""

    type_: HumanSeatType | Unset = UNSET
    """ `human` (the default) """

    def to_dict(self) -> dict[str, Any]:
        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _type_ = d.pop("type", UNSET)
        type_: HumanSeatType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = check_human_seat_type(_type_)

        human_seat = cls(
            type_=type_,
        )

        return human_seat
