from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game import Game
    from ..models.move import Move


T = TypeVar("T", bound="Played")


@_attrs_define
class Played:
    """A move applied."""

    move: Move
    """ One move of the game. """
    game: Game
    """ A game of Button Up! """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        move = self.move.to_dict()

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "move": move,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game import Game  # noqa: PLC0415
        from ..models.move import Move  # noqa: PLC0415

        d = dict(src_dict)
        move = Move.from_dict(d.pop("move"))

        game = Game.from_dict(d.pop("game"))

        played = cls(
            move=move,
            game=game,
        )

        played.additional_properties = d
        return played

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
