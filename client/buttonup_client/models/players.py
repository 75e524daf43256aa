from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        red = self.red.to_dict()

        black = self.black.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        players.additional_properties = d
        return players

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
