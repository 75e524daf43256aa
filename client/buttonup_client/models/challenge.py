from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.challenge_color import ChallengeColor, check_challenge_color
from ..models.challenge_status import ChallengeStatus, check_challenge_status
from ..models.decline_reason import DeclineReason, check_decline_reason
from ..models.rating_category import RatingCategory, check_rating_category

if TYPE_CHECKING:
    from ..models.fischer_clock_settings import FischerClockSettings
    from ..models.per_move_clock_settings import PerMoveClockSettings


T = TypeVar("T", bound="Challenge")


@_attrs_define
class Challenge:
    """A challenge, as its players (and, an open one, anyone with its link) see it."""

    id: str
    """ The challenge's id """
    from_: str
    """ The maker's player id """
    from_name: None | str
    """ The maker's name, if given """
    to: None | str
    """ The player challenged; null: open """
    to_name: None | str
    """ Their name, if given """
    for_: list[str]
    """ An open challenge's two players, if named """
    takers: list[str]
    """ An open challenge's players who took it so far """
    status: ChallengeStatus
    """ Where a challenge stands """
    category: RatingCategory
    """ A rating category, by time control (docs/api.md, "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks
    by their estimated length, `daily` (a clock per move), `untimed` """
    clock: FischerClockSettings | None | PerMoveClockSettings
    """ The time control; null: untimed """
    rated: bool
    """ Whether its game is rated """
    color: ChallengeColor
    """ The maker's seat (an open one's: its first taker's) """
    target_score: int
    """ Points that win its game """
    position: None | str
    """ The position it starts from; null """
    message: str
    """ The maker's note """
    created_at: datetime.datetime
    """ When it was made, RFC 3339 UTC """
    expires_at: datetime.datetime
    """ When it lapses if nobody answers (a real-time one sooner, once its maker's stream closes) """
    game_id: None | str
    """ Its game, once accepted; null before """
    decline_reason: DeclineReason | None
    """ Why it was declined; null unless it was """
    url: str
    """ The board's page of it (an open one's link) """

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

        category: str = self.category

        clock: dict[str, Any] | None
        if isinstance(self.clock, FischerClockSettings):
            clock = self.clock.to_dict()
        elif isinstance(self.clock, PerMoveClockSettings):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        rated = self.rated

        color: str = self.color

        target_score = self.target_score

        position: None | str
        position = self.position

        message = self.message

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

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

        category = check_rating_category(d.pop("category"))

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

        color = check_challenge_color(d.pop("color"))

        target_score = d.pop("target_score")

        def _parse_position(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        position = _parse_position(d.pop("position"))

        message = d.pop("message")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

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

        challenge = cls(
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

        return challenge
