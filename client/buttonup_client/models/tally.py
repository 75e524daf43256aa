from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Tally")


@_attrs_define
class Tally:
    """A number for each player."""

    red: int
    """ Red's value """
    black: int
    """ Black's value """

    def to_dict(self) -> dict[str, Any]:
        red = self.red

        black = self.black

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
        d = dict(src_dict)
        red = d.pop("red")

        black = d.pop("black")

        tally = cls(
            red=red,
            black=black,
        )

        return tally
