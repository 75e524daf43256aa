from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.challenge import Challenge


T = TypeVar("T", bound="MyChallenges")


@_attrs_define
class MyChallenges:
    """A player's pending challenges, oldest first."""

    incoming: list[Challenge]
    """ Those made to them """
    outgoing: list[Challenge]
    """ Those they made """

    def to_dict(self) -> dict[str, Any]:
        incoming = []
        for incoming_item_data in self.incoming:
            incoming_item = incoming_item_data.to_dict()
            incoming.append(incoming_item)

        outgoing = []
        for outgoing_item_data in self.outgoing:
            outgoing_item = outgoing_item_data.to_dict()
            outgoing.append(outgoing_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "incoming": incoming,
                "outgoing": outgoing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge import Challenge  # noqa: PLC0415

        d = dict(src_dict)
        incoming = []
        _incoming = d.pop("incoming")
        for incoming_item_data in _incoming:
            incoming_item = Challenge.from_dict(incoming_item_data)

            incoming.append(incoming_item)

        outgoing = []
        _outgoing = d.pop("outgoing")
        for outgoing_item_data in _outgoing:
            outgoing_item = Challenge.from_dict(outgoing_item_data)

            outgoing.append(outgoing_item)

        my_challenges = cls(
            incoming=incoming,
            outgoing=outgoing,
        )

        return my_challenges
