from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.player_color import PlayerColor, check_player_color
from ..types import UNSET, Unset

T = TypeVar("T", bound="JoinGame")


@_attrs_define
class JoinGame:
    """The seat to take."""

    color: PlayerColor | Unset = UNSET
    """ A player's colour, which is also the name of their seat """
    name: str | Unset = UNSET
    """ Shown to the opponent: 1 to 40 printable characters """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if color is not UNSET:
            field_dict["color"] = color
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _color = d.pop("color", UNSET)
        color: PlayerColor | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = check_player_color(_color)

        name = d.pop("name", UNSET)

        join_game = cls(
            color=color,
            name=name,
        )

        join_game.additional_properties = d
        return join_game

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
