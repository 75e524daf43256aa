from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color
from ..types import UNSET, Unset

T = TypeVar("T", bound="JoinGame")


@_attrs_define
class JoinGame:
    """The seat to take."""

    color: PlayerColor | Unset = UNSET
    """ A player's colour, which is also the name of their seat """
    name: str | Unset = UNSET
    """ Shown to the opponent: 1 to 40 characters, not only spaces, none of them control or invisible (direction
    overrides, zero-width characters); kept in Unicode NFC """

    def to_dict(self) -> dict[str, Any]:
        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color

        name = self.name

        field_dict: dict[str, Any] = {}

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

        return join_game
