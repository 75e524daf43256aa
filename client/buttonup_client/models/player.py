from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_level import BotLevel, check_bot_level
from ..models.player_type import PlayerType, check_player_type

T = TypeVar("T", bound="Player")


@_attrs_define
class Player:
    """A seat of a game."""

    type_: PlayerType
    """ `human` or `bot` """
    name: None | str
    """ The player's name, if given """
    joined: bool
    """ Whether the seat is taken """
    level: BotLevel | None
    """ A bot's level; null for humans """
    player_id: None | str
    """ The player who holds the seat (joined with a player key); null otherwise """
    bot: bool
    """ Whether the player who holds it is a bot account (a program playing as a player; a `bot` seat's `type` is
    the service's own bot) """
    rating: int | None
    """ A rated game's: the player's rating as they took the seat; null otherwise """
    provisional: bool | None
    """ Whether that rating is provisional; null when unrated """

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        name: None | str
        name = self.name

        joined = self.joined

        level: None | str
        if isinstance(self.level, str):
            level = self.level
        else:
            level = self.level

        player_id: None | str
        player_id = self.player_id

        bot = self.bot

        rating: int | None
        rating = self.rating

        provisional: bool | None
        provisional = self.provisional

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
                "joined": joined,
                "level": level,
                "player_id": player_id,
                "bot": bot,
                "rating": rating,
                "provisional": provisional,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = check_player_type(d.pop("type"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        joined = d.pop("joined")

        def _parse_level(data: object) -> BotLevel | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                level_type_0 = check_bot_level(data)

                return level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BotLevel | None, data)

        level = _parse_level(d.pop("level"))

        def _parse_player_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player_id = _parse_player_id(d.pop("player_id"))

        bot = d.pop("bot")

        def _parse_rating(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rating = _parse_rating(d.pop("rating"))

        def _parse_provisional(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        provisional = _parse_provisional(d.pop("provisional"))

        player = cls(
            type_=type_,
            name=name,
            joined=joined,
            level=level,
            player_id=player_id,
            bot=bot,
            rating=rating,
            provisional=provisional,
        )

        return player
