from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

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

    def to_dict(self) -> dict[str, Any]:
        red: dict[str, Any] | Unset = UNSET
        if not isinstance(self.red, Unset):
            red = self.red.to_dict()

        black: dict[str, Any] | Unset = UNSET
        if not isinstance(self.black, Unset):
            black = self.black.to_dict()

        field_dict: dict[str, Any] = {}

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

        return players_request
