from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Counts")


@_attrs_define
class Counts:
    """What a player has played, rated."""

    rated: int
    """ Rated games finished """
    wins: int
    """ Rated games won """
    losses: int
    """ Rated games lost """

    def to_dict(self) -> dict[str, Any]:
        rated = self.rated

        wins = self.wins

        losses = self.losses

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rated": rated,
                "wins": wins,
                "losses": losses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rated = d.pop("rated")

        wins = d.pop("wins")

        losses = d.pop("losses")

        counts = cls(
            rated=rated,
            wins=wins,
            losses=losses,
        )

        return counts
