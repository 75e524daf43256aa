from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.challenge_request_color import ChallengeRequestColor, check_challenge_request_color
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fischer_clock_settings import FischerClockSettings
    from ..models.per_move_clock_settings import PerMoveClockSettings


T = TypeVar("T", bound="ChallengeRequest")


@_attrs_define
class ChallengeRequest:
    """A game offered to one player, or (`to` null) to any two by a link."""

    to: None | str | Unset = UNSET
    """ The player challenged; null: an open challenge, a link for two seats """
    clock: FischerClockSettings | None | PerMoveClockSettings | Unset = UNSET
    """ The time control, as `create_game` takes it; null or absent: untimed """
    rated: bool | Unset = False
    """ Whether the game changes both players' ratings """
    color: ChallengeRequestColor | Unset = "random"
    """ The maker's seat (an open challenge's: its first taker's); `random`: drawn """
    target_score: int | Unset = UNSET
    """ Points that win the game (a position's own by default) """
    position: None | str | Unset = UNSET
    """ Start from this position (docs/notation.md), unrated only; someone to move """
    message: str | Unset = ""
    """ A short note the invitee reads """
    for_: list[str] | Unset = UNSET
    """ An open challenge's two players (different ones; only with `to` null), the only ones who may take it """

    def to_dict(self) -> dict[str, Any]:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        to: None | str | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        else:
            to = self.to

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, FischerClockSettings):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, PerMoveClockSettings):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        rated = self.rated

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color

        target_score = self.target_score

        position: None | str | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        message = self.message

        for_: list[str] | Unset = UNSET
        if not isinstance(self.for_, Unset):
            for_ = self.for_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if to is not UNSET:
            field_dict["to"] = to
        if clock is not UNSET:
            field_dict["clock"] = clock
        if rated is not UNSET:
            field_dict["rated"] = rated
        if color is not UNSET:
            field_dict["color"] = color
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if position is not UNSET:
            field_dict["position"] = position
        if message is not UNSET:
            field_dict["message"] = message
        if for_ is not UNSET:
            field_dict["for"] = for_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_to(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        to = _parse_to(d.pop("to", UNSET))

        def _parse_clock(data: object) -> FischerClockSettings | None | PerMoveClockSettings | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_clock_request_type_0 = FischerClockSettings.from_dict(data)

                return componentsschemas_clock_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_clock_request_type_1 = PerMoveClockSettings.from_dict(data)

                return componentsschemas_clock_request_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FischerClockSettings | None | PerMoveClockSettings | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        rated = d.pop("rated", UNSET)

        _color = d.pop("color", UNSET)
        color: ChallengeRequestColor | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = check_challenge_request_color(_color)

        target_score = d.pop("target_score", UNSET)

        def _parse_position(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        message = d.pop("message", UNSET)

        for_ = cast(list[str], d.pop("for", UNSET))

        challenge_request = cls(
            to=to,
            clock=clock,
            rated=rated,
            color=color,
            target_score=target_score,
            position=position,
            message=message,
            for_=for_,
        )

        return challenge_request
