from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.button_color import ButtonColor, check_button_color
from ..models.player_color import PlayerColor, check_player_color

T = TypeVar("T", bound="Round")


@_attrs_define
class Round:
    """The round in play, or the last one when the game is finished."""

    number: int
    """ Round number, from 1 """
    starting_player: PlayerColor
    """ A player's colour, which is also the name of their seat """
    to_move: None | PlayerColor
    """ Who moves next; null while waiting or finished """
    initial_circle: list[list[ButtonColor]]
    """ The deal: 9 stacks of one button each """
    circle: list[list[ButtonColor]]
    """ 9 stacks, index = position, each bottom first; [] is empty """
    legal_moves: list[int]
    """ Positions the player to move may play: the stacks holding a white button """
    moves_played: int
    """ Moves played in this round (8 end it) """
    position: str
    """ The game as it stands, as a position string (docs/notation.md): to share, to analyse (POST /v1/analysis) or
    to play on from (POST /v1/games) """

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        starting_player: str = self.starting_player

        to_move: None | str
        if isinstance(self.to_move, str):
            to_move = self.to_move
        else:
            to_move = self.to_move

        initial_circle = []
        for initial_circle_item_data in self.initial_circle:
            initial_circle_item = []
            for initial_circle_item_item_data in initial_circle_item_data:
                initial_circle_item_item: str = initial_circle_item_item_data
                initial_circle_item.append(initial_circle_item_item)

            initial_circle.append(initial_circle_item)

        circle = []
        for circle_item_data in self.circle:
            circle_item = []
            for circle_item_item_data in circle_item_data:
                circle_item_item: str = circle_item_item_data
                circle_item.append(circle_item_item)

            circle.append(circle_item)

        legal_moves = self.legal_moves

        moves_played = self.moves_played

        position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "starting_player": starting_player,
                "to_move": to_move,
                "initial_circle": initial_circle,
                "circle": circle,
                "legal_moves": legal_moves,
                "moves_played": moves_played,
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        starting_player = check_player_color(d.pop("starting_player"))

        def _parse_to_move(data: object) -> None | PlayerColor:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_move_type_0 = check_player_color(data)

                return to_move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerColor, data)

        to_move = _parse_to_move(d.pop("to_move"))

        initial_circle = []
        _initial_circle = d.pop("initial_circle")
        for initial_circle_item_data in _initial_circle:
            initial_circle_item = []
            _initial_circle_item = initial_circle_item_data
            for initial_circle_item_item_data in _initial_circle_item:
                initial_circle_item_item = check_button_color(initial_circle_item_item_data)

                initial_circle_item.append(initial_circle_item_item)

            initial_circle.append(initial_circle_item)

        circle = []
        _circle = d.pop("circle")
        for circle_item_data in _circle:
            circle_item = []
            _circle_item = circle_item_data
            for circle_item_item_data in _circle_item:
                circle_item_item = check_button_color(circle_item_item_data)

                circle_item.append(circle_item_item)

            circle.append(circle_item)

        legal_moves = cast(list[int], d.pop("legal_moves"))

        moves_played = d.pop("moves_played")

        position = d.pop("position")

        round_ = cls(
            number=number,
            starting_player=starting_player,
            to_move=to_move,
            initial_circle=initial_circle,
            circle=circle,
            legal_moves=legal_moves,
            moves_played=moves_played,
            position=position,
        )

        return round_
