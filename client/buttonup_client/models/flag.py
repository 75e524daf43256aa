from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.flag_status import FlagStatus, check_flag_status

T = TypeVar("T", bound="Flag")


@_attrs_define
class Flag:
    """A fair-play flag and its evidence (docs/api.md, "Fair play"): shown to
    its player and to the operator, nobody else.

    """

    player_id: str
    """ The player flagged """
    status: FlagStatus
    """ `flagged` by the rule, then `confirmed` or `cleared` by an operator; off the leaderboards unless cleared """
    flagged_at: datetime.datetime
    """ When the rule raised it, RFC 3339 UTC """
    decided_at: datetime.datetime | None
    """ When an operator cleared or confirmed it """
    games: int
    """ The reviewed rated games looked at """
    mattered: int
    """ Their moves whose choice mattered """
    perfect: int
    """ Of those, the ones played perfectly """
    share: float | None
    """ `perfect` / `mattered` """
    reference_share: float
    """ The strongest honest reference player's perfect share """
    p_value: float
    """ The binomial test's p-value of `perfect` of `mattered` at the reference """
    significance: float
    """ A flag's p-value is below this """

    def to_dict(self) -> dict[str, Any]:
        player_id = self.player_id

        status: str = self.status

        flagged_at = self.flagged_at.isoformat()

        decided_at: None | str
        if isinstance(self.decided_at, datetime.datetime):
            decided_at = self.decided_at.isoformat()
        else:
            decided_at = self.decided_at

        games = self.games

        mattered = self.mattered

        perfect = self.perfect

        share: float | None
        share = self.share

        reference_share = self.reference_share

        p_value = self.p_value

        significance = self.significance

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player_id": player_id,
                "status": status,
                "flagged_at": flagged_at,
                "decided_at": decided_at,
                "games": games,
                "mattered": mattered,
                "perfect": perfect,
                "share": share,
                "reference_share": reference_share,
                "p_value": p_value,
                "significance": significance,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player_id = d.pop("player_id")

        status = check_flag_status(d.pop("status"))

        flagged_at = datetime.datetime.fromisoformat(d.pop("flagged_at"))

        def _parse_decided_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decided_at_type_0 = datetime.datetime.fromisoformat(data)

                return decided_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))

        games = d.pop("games")

        mattered = d.pop("mattered")

        perfect = d.pop("perfect")

        def _parse_share(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        share = _parse_share(d.pop("share"))

        reference_share = d.pop("reference_share")

        p_value = d.pop("p_value")

        significance = d.pop("significance")

        flag = cls(
            player_id=player_id,
            status=status,
            flagged_at=flagged_at,
            decided_at=decided_at,
            games=games,
            mattered=mattered,
            perfect=perfect,
            share=share,
            reference_share=reference_share,
            p_value=p_value,
            significance=significance,
        )

        return flag
