from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TournamentStandingsData")


@_attrs_define
class TournamentStandingsData:
    """The leaders, when a result changed them"""

    top: list[str]
    """ The ten best, in order """

    def to_dict(self) -> dict[str, Any]:
        top = self.top

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "top": top,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        top = cast(list[str], d.pop("top"))

        tournament_standings_data = cls(
            top=top,
        )

        return tournament_standings_data
