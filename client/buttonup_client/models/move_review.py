from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

T = TypeVar("T", bound="MoveReview")


@_attrs_define
class MoveReview:
    """A move of a finished round, against the best move at that point."""

    number: int
    """ The move's number in the game """
    player: PlayerColor
    """ A player's colour, which is also the name of their seat """
    position: int
    """ The position played """
    margin: int
    """ Where it led under perfect play, from the mover's side """
    best_margin: int
    """ Where the best move would have led """
    loss: int
    """ best_margin - margin: 0 for a best move """

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        player: str = self.player

        position = self.position

        margin = self.margin

        best_margin = self.best_margin

        loss = self.loss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "player": player,
                "position": position,
                "margin": margin,
                "best_margin": best_margin,
                "loss": loss,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        player = check_player_color(d.pop("player"))

        position = d.pop("position")

        margin = d.pop("margin")

        best_margin = d.pop("best_margin")

        loss = d.pop("loss")

        move_review = cls(
            number=number,
            player=player,
            position=position,
            margin=margin,
            best_margin=best_margin,
            loss=loss,
        )

        return move_review
