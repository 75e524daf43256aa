from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.game import Game


T = TypeVar("T", bound="Joined")


@_attrs_define
class Joined:
    """A seat taken: keep the token, it is shown only here."""

    color: PlayerColor
    """ A player's colour, which is also the name of their seat """
    token: str
    """ Bearer token of this seat; shown once """
    game: Game
    """ A game of Button Up! """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        color: str = self.color

        token = self.token

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "color": color,
                "token": token,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game import Game  # noqa: PLC0415

        d = dict(src_dict)
        color = check_player_color(d.pop("color"))

        token = d.pop("token")

        game = Game.from_dict(d.pop("game"))

        joined = cls(
            color=color,
            token=token,
            game=game,
        )

        joined.additional_properties = d
        return joined

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
