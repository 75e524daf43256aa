from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seek_request_color import SeekRequestColor, check_seek_request_color
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fischer_clock_settings import FischerClockSettings
    from ..models.per_move_clock_settings import PerMoveClockSettings


T = TypeVar("T", bound="SeekRequest")


@_attrs_define
class SeekRequest:
    """A game against anyone now: the time control, rated or not, and what
    opponent and colour it takes.

    """

    clock: FischerClockSettings | None | PerMoveClockSettings | Unset = UNSET
    """ The time control, as `create_game` takes it; null or absent: untimed. Only a seek with the same clock (and
    the same `rated`) is paired with it """
    rated: bool | Unset = False
    """ Whether the game changes both players' ratings """
    rating_range: list[int] | Unset = UNSET
    """ `[lowest, highest]` (in either order): the opponents' ratings (in the clock's category) it accepts; absent:
    anyone """
    color: SeekRequestColor | Unset = "random"
    """ The colour to play; `random`: either """
    answers: None | str | Unset = UNSET
    """ The id of a waiting seek (from `list_seeks`) to answer: paired with that one alone, or 404 `seek_not_found`
    when it is gone or does not suit this seek (its clock, `rated`, colour or rating range), and nothing is placed
    """

    def to_dict(self) -> dict[str, Any]:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

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

        rating_range: list[int] | Unset = UNSET
        if not isinstance(self.rating_range, Unset):
            rating_range = self.rating_range

        color: str | Unset = UNSET
        if not isinstance(self.color, Unset):
            color = self.color

        answers: None | str | Unset
        if isinstance(self.answers, Unset):
            answers = UNSET
        else:
            answers = self.answers

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if clock is not UNSET:
            field_dict["clock"] = clock
        if rated is not UNSET:
            field_dict["rated"] = rated
        if rating_range is not UNSET:
            field_dict["rating_range"] = rating_range
        if color is not UNSET:
            field_dict["color"] = color
        if answers is not UNSET:
            field_dict["answers"] = answers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        d = dict(src_dict)

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

        rating_range = cast(list[int], d.pop("rating_range", UNSET))

        _color = d.pop("color", UNSET)
        color: SeekRequestColor | Unset
        if isinstance(_color, Unset):
            color = UNSET
        else:
            color = check_seek_request_color(_color)

        def _parse_answers(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        answers = _parse_answers(d.pop("answers", UNSET))

        seek_request = cls(
            clock=clock,
            rated=rated,
            rating_range=rating_range,
            color=color,
            answers=answers,
        )

        return seek_request
