from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TournamentPairingData")


@_attrs_define
class TournamentPairingData:
    """Two players paired into a game, told once the game is made (it can be read)"""

    game_id: str
    """ The game """
    round_: int | None
    """ A Swiss's round """
    red: str
    """ Red, who plays first """
    black: str
    """ A player's id """

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        round_: int | None
        round_ = self.round_

        red = self.red

        black = self.black

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "round": round_,
                "red": red,
                "black": black,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game_id = d.pop("game_id")

        def _parse_round_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round_ = _parse_round_(d.pop("round"))

        red = d.pop("red")

        black = d.pop("black")

        tournament_pairing_data = cls(
            game_id=game_id,
            round_=round_,
            red=red,
            black=black,
        )

        return tournament_pairing_data
