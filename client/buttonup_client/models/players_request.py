from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.seat_request import SeatRequest


T = TypeVar("T", bound="PlayersRequest")


@_attrs_define
class PlayersRequest:
    """The two seats of a new game."""

    red: SeatRequest | Unset = UNSET
    """ Who sits in a seat. """
    black: SeatRequest | Unset = UNSET
    """ Who sits in a seat. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        red: dict[str, Any] | Unset = UNSET
        if not isinstance(self.red, Unset):
            red = self.red.to_dict()

        black: dict[str, Any] | Unset = UNSET
        if not isinstance(self.black, Unset):
            black = self.black.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if red is not UNSET:
            field_dict["red"] = red
        if black is not UNSET:
            field_dict["black"] = black

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_request import SeatRequest  # noqa: PLC0415

        d = dict(src_dict)
        _red = d.pop("red", UNSET)
        red: SeatRequest | Unset
        if isinstance(_red, Unset):
            red = UNSET
        else:
            red = SeatRequest.from_dict(_red)

        _black = d.pop("black", UNSET)
        black: SeatRequest | Unset
        if isinstance(_black, Unset):
            black = UNSET
        else:
            black = SeatRequest.from_dict(_black)

        players_request = cls(
            red=red,
            black=black,
        )

        players_request.additional_properties = d
        return players_request

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
