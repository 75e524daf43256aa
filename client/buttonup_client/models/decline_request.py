from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.decline_reason import DeclineReason, check_decline_reason
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeclineRequest")


@_attrs_define
class DeclineRequest:
    """Why the challenge is declined."""

    reason: DeclineReason | Unset = "generic"
    """ Why a challenge was declined """

    def to_dict(self) -> dict[str, Any]:
        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _reason = d.pop("reason", UNSET)
        reason: DeclineReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = check_decline_reason(_reason)

        decline_request = cls(
            reason=reason,
        )

        return decline_request
