from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreatePlayer")


@_attrs_define
class CreatePlayer:
    """Who the player is: every field is optional."""

    name: str | Unset = UNSET
    """ Shown to opponents: 1 to 40 characters, not only spaces, none of them control or invisible (direction
    overrides, zero-width characters); kept in Unicode NFC """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        create_player = cls(
            name=name,
        )

        return create_player
