from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.player import Player


T = TypeVar("T", bound="Players")


@_attrs_define
class Players:
    """Both seats."""

    red: Player
    """ A seat of a game. """
    black: Player
    """ A seat of a game. """

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
        from ..models.player import Player  # noqa: PLC0415

        d = dict(src_dict)
        red = Player.from_dict(d.pop("red"))

        black = Player.from_dict(d.pop("black"))

        players = cls(
            red=red,
            black=black,
        )

        return players
