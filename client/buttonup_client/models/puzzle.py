from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color
from ..models.puzzle_theme import PuzzleTheme, check_puzzle_theme

T = TypeVar("T", bound="Puzzle")


@_attrs_define
class Puzzle:
    """A puzzle: a position of a played game where exactly one move keeps the
    mover's value, and the moves to find from it. Its solution is never in it.

    """

    id: str
    """ The puzzle's id """
    position: str
    """ Where it starts (docs/notation.md): the game's position """
    color: PlayerColor
    """ A player's colour, which is also the name of their seat """
    moves_to_find: int
    """ The moves the solver plays in its line (the replies are the service's) """
    themes: list[PuzzleTheme]
    """ Its themes """
    rating: int
    """ Its puzzle rating, rounded """
    plays: int
    """ Players' first attempts at it """
    game_id: str
    """ The game it comes from """
    url: str
    """ The board's page of it """
    legal_moves: list[int]
    """ Where the solver may move first (stacks with a white) """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        position = self.position

        color: str = self.color

        moves_to_find = self.moves_to_find

        themes = []
        for themes_item_data in self.themes:
            themes_item: str = themes_item_data
            themes.append(themes_item)

        rating = self.rating

        plays = self.plays

        game_id = self.game_id

        url = self.url

        legal_moves = self.legal_moves

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "position": position,
                "color": color,
                "moves_to_find": moves_to_find,
                "themes": themes,
                "rating": rating,
                "plays": plays,
                "game_id": game_id,
                "url": url,
                "legal_moves": legal_moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        position = d.pop("position")

        color = check_player_color(d.pop("color"))

        moves_to_find = d.pop("moves_to_find")

        themes = []
        _themes = d.pop("themes")
        for themes_item_data in _themes:
            themes_item = check_puzzle_theme(themes_item_data)

            themes.append(themes_item)

        rating = d.pop("rating")

        plays = d.pop("plays")

        game_id = d.pop("game_id")

        url = d.pop("url")

        legal_moves = cast(list[int], d.pop("legal_moves"))

        puzzle = cls(
            id=id,
            position=position,
            color=color,
            moves_to_find=moves_to_find,
            themes=themes,
            rating=rating,
            plays=plays,
            game_id=game_id,
            url=url,
            legal_moves=legal_moves,
        )

        return puzzle
