from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bot_seat import BotSeat
    from ..models.human_seat import HumanSeat


T = TypeVar("T", bound="PlayersRequest")


@_attrs_define
class PlayersRequest:
    """The two seats of a new game."""

    red: BotSeat | HumanSeat | Unset = UNSET
    """ Who sits in a seat: a human (open until someone takes it) or a bot """
    black: BotSeat | HumanSeat | Unset = UNSET
    """ Who sits in a seat: a human (open until someone takes it) or a bot """

    def to_dict(self) -> dict[str, Any]:
        from ..models.human_seat import HumanSeat  # noqa: PLC0415

        red: dict[str, Any] | Unset
        if isinstance(self.red, Unset):
            red = UNSET
        elif isinstance(self.red, HumanSeat):
            red = self.red.to_dict()
        else:
            red = self.red.to_dict()

        black: dict[str, Any] | Unset
        if isinstance(self.black, Unset):
            black = UNSET
        elif isinstance(self.black, HumanSeat):
            black = self.black.to_dict()
        else:
            black = self.black.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if red is not UNSET:
            field_dict["red"] = red
        if black is not UNSET:
            field_dict["black"] = black

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bot_seat import BotSeat  # noqa: PLC0415
        from ..models.human_seat import HumanSeat  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_red(data: object) -> BotSeat | HumanSeat | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_seat_request_type_0 = HumanSeat.from_dict(data)

                return componentsschemas_seat_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_seat_request_type_1 = BotSeat.from_dict(data)

            return componentsschemas_seat_request_type_1

        red = _parse_red(d.pop("red", UNSET))

        def _parse_black(data: object) -> BotSeat | HumanSeat | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_seat_request_type_0 = HumanSeat.from_dict(data)

                return componentsschemas_seat_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_seat_request_type_1 = BotSeat.from_dict(data)

            return componentsschemas_seat_request_type_1

        black = _parse_black(d.pop("black", UNSET))

        players_request = cls(
            red=red,
            black=black,
        )

        return players_request
