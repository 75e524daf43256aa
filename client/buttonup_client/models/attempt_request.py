from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AttemptRequest")


@_attrs_define
class AttemptRequest:
    """The solver's moves so far, in order (the replies are not sent)."""

    moves: list[int]
    """ The stacks played, the solver's moves only """
    seconds: int | Unset = 0
    """ How long it took, in seconds """
    streak: None | str | Unset = UNSET
    """ Your running streak's id, for its puzzle (unrated); null: a plain attempt """

    def to_dict(self) -> dict[str, Any]:
        moves = self.moves

        seconds = self.seconds

        streak: None | str | Unset
        if isinstance(self.streak, Unset):
            streak = UNSET
        else:
            streak = self.streak

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "moves": moves,
            }
        )
        if seconds is not UNSET:
            field_dict["seconds"] = seconds
        if streak is not UNSET:
            field_dict["streak"] = streak

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        moves = cast(list[int], d.pop("moves"))

        seconds = d.pop("seconds", UNSET)

        def _parse_streak(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        streak = _parse_streak(d.pop("streak", UNSET))

        attempt_request = cls(
            moves=moves,
            seconds=seconds,
            streak=streak,
        )

        return attempt_request
