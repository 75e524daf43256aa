from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """A probe's answer."""

    status: str
    """ `ok`; or, from /readyz, `storage_full` while the store takes no new data """
    detail: str | Unset = UNSET
    """ Why the status is not `ok` """

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = d.pop("status")

        detail = d.pop("detail", UNSET)

        health = cls(
            status=status,
            detail=detail,
        )

        return health
