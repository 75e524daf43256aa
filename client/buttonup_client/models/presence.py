from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.seat_presence import SeatPresence


T = TypeVar("T", bound="Presence")


@_attrs_define
class Presence:
    """Who is connected, by seat: right within 5 s, across workers and replicas."""

    red: SeatPresence
    """ Whether a seat has a stream open. """
    black: SeatPresence
    """ Whether a seat has a stream open. """

    def to_dict(self) -> dict[str, Any]:
        red = self.red.to_dict()

        black = self.black.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "red": red,
                "black": black,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_presence import SeatPresence  # noqa: PLC0415

        d = dict(src_dict)
        red = SeatPresence.from_dict(d.pop("red"))

        black = SeatPresence.from_dict(d.pop("black"))

        presence = cls(
            red=red,
            black=black,
        )

        return presence
