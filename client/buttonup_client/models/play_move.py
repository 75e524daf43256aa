from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayMove")


@_attrs_define
class PlayMove:
    """A move: the position of a stack holding a white button."""

    position: int
    """ Position 0..8 (clockwise) of the stack to sow """

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position")

        play_move = cls(
            position=position,
        )

        return play_move
