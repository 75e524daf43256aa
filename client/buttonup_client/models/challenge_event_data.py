from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.challenge_status import ChallengeStatus, check_challenge_status
from ..models.decline_reason import DeclineReason, check_decline_reason

if TYPE_CHECKING:
    from ..models.fischer_clock_settings import FischerClockSettings
    from ..models.per_move_clock_settings import PerMoveClockSettings


T = TypeVar("T", bound="ChallengeEventData")


@_attrs_define
class ChallengeEventData:
    """A challenge made to the player (standing: sent again on each stream opened while it is pending), or the outcome of
    one they made or were made: the challenge as `get_challenge` shows it

    """

    id: str
    """ The challenge's id """
    from_: str
    """ The maker's player id """
    from_name: None | str
    """ The maker's name """
    to: None | str
    """ The player challenged; null: open """
    to_name: None | str
    """ Their name """
    for_: list[str]
    """ An open one's two players """
    takers: list[str]
    """ An open one's takers """
    status: ChallengeStatus
    """ Where a challenge stands """
    category: str
    """ The rating category of its clock """
    clock: FischerClockSettings | None | PerMoveClockSettings
    """ The time control; null: untimed """
    rated: bool
    """ Whether its game is rated """
    color: str
    """ The maker's seat: red, black or random """
    target_score: int
    """ Points that win its game """
    position: None | str
    """ The position it starts from """
    message: str
    """ The maker's note """
    created_at: str
    """ When it was made """
    expires_at: str
    """ When it lapses """
    game_id: None | str
    """ Its game, once accepted """
    decline_reason: DeclineReason | None
    """ Why it was declined """
    url: str
    """ The board's page of it """

    def to_dict(self) -> dict[str, Any]:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        id = self.id

        from_ = self.from_

        from_name: None | str
        from_name = self.from_name

        to: None | str
        to = self.to

        to_name: None | str
        to_name = self.to_name

        for_ = self.for_

        takers = self.takers

        status: str = self.status

        category = self.category

        clock: dict[str, Any] | None
        if isinstance(self.clock, FischerClockSettings):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, PerMoveClockSettings):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        rated = self.rated

        color = self.color

        target_score = self.target_score

        position: None | str
        position = self.position

        message = self.message

        created_at = self.created_at

        expires_at = self.expires_at

        game_id: None | str
        game_id = self.game_id

        decline_reason: None | str
        if isinstance(self.decline_reason, str):
            decline_reason = self.decline_reason
        else:
            decline_reason = self.decline_reason

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "from": from_,
                "from_name": from_name,
                "to": to,
                "to_name": to_name,
                "for": for_,
                "takers": takers,
                "status": status,
                "category": category,
                "clock": clock,
                "rated": rated,
                "color": color,
                "target_score": target_score,
                "position": position,
                "message": message,
                "created_at": created_at,
                "expires_at": expires_at,
                "game_id": game_id,
                "decline_reason": decline_reason,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        from_ = d.pop("from")

        def _parse_from_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        from_name = _parse_from_name(d.pop("from_name"))

        def _parse_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        to = _parse_to(d.pop("to"))

        def _parse_to_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        to_name = _parse_to_name(d.pop("to_name"))

        for_ = cast(list[str], d.pop("for"))

        takers = cast(list[str], d.pop("takers"))

        status = check_challenge_status(d.pop("status"))

        category = d.pop("category")

        def _parse_clock(data: object) -> FischerClockSettings | None | PerMoveClockSettings:
            if data is None:
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
            return cast(FischerClockSettings | None | PerMoveClockSettings, data)

        clock = _parse_clock(d.pop("clock"))

        rated = d.pop("rated")

        color = d.pop("color")

        target_score = d.pop("target_score")

        def _parse_position(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        position = _parse_position(d.pop("position"))

        message = d.pop("message")

        created_at = d.pop("created_at")

        expires_at = d.pop("expires_at")

        def _parse_game_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        game_id = _parse_game_id(d.pop("game_id"))

        def _parse_decline_reason(data: object) -> DeclineReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                decline_reason_type_0 = check_decline_reason(data)

                return decline_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeclineReason | None, data)

        decline_reason = _parse_decline_reason(d.pop("decline_reason"))

        url = d.pop("url")

        challenge_event_data = cls(
            id=id,
            from_=from_,
            from_name=from_name,
            to=to,
            to_name=to_name,
            for_=for_,
            takers=takers,
            status=status,
            category=category,
            clock=clock,
            rated=rated,
            color=color,
            target_score=target_score,
            position=position,
            message=message,
            created_at=created_at,
            expires_at=expires_at,
            game_id=game_id,
            decline_reason=decline_reason,
            url=url,
        )

        return challenge_event_data
