from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

T = TypeVar("T", bound="Move")


@_attrs_define
class Move:
    """One move of the game."""

    number: int
    """ Counts moves over the whole game, from 1 """
    round_: int
    """ The round it was played in """
    player: PlayerColor
    """ A player's colour, which is also the name of their seat """
    position: int
    """ The position sown """
    extra_turn: bool
    """ The last button sown covered one of its own colour (never after an overflow or the round's last move): the
    same player moves again """
    overflow: bool
    """ More buttons were lifted than there were other stacks: each other stack got one and the last one took the
    rest """
    round_over: bool
    """ The move ended the round """
    created_at: datetime.datetime
    """ RFC 3339 UTC """

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        round_ = self.round_

        player: str = self.player

        position = self.position

        extra_turn = self.extra_turn

        overflow = self.overflow

        round_over = self.round_over

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "round": round_,
                "player": player,
                "position": position,
                "extra_turn": extra_turn,
                "overflow": overflow,
                "round_over": round_over,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        round_ = d.pop("round")

        player = check_player_color(d.pop("player"))

        position = d.pop("position")

        extra_turn = d.pop("extra_turn")

        overflow = d.pop("overflow")

        round_over = d.pop("round_over")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        move = cls(
            number=number,
            round_=round_,
            player=player,
            position=position,
            extra_turn=extra_turn,
            overflow=overflow,
            round_over=round_over,
            created_at=created_at,
        )

        return move
