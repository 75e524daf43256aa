from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_reason import EndReason, check_end_reason
from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.tally import Tally


T = TypeVar("T", bound="MyGameOverEventData")


@_attrs_define
class MyGameOverEventData:
    """A game is over"""

    game_id: str
    """ The game """
    winner: None | PlayerColor
    """ The winner; null when the game was aborted """
    end_reason: EndReason
    """ How a game ended: `target_score` (a player reached it), `resignation`, `timeout` (a clock ran out),
    `abandoned` (the waiting player claimed it) or `aborted` (no winner, no score changed) """
    rating_diff: None | Tally
    """ A rated game's: each seat's rating change, rounded; null for an unrated or aborted game """

    def to_dict(self) -> dict[str, Any]:
        from ..models.tally import Tally  # noqa: PLC0415

        game_id = self.game_id

        winner: None | str
        if isinstance(self.winner, str):
            winner = self.winner
        else:
            winner = self.winner

        end_reason: str = self.end_reason

        rating_diff: dict[str, Any] | None
        if isinstance(self.rating_diff, Tally):
            rating_diff = self.rating_diff.to_dict()
        else:
            rating_diff = self.rating_diff

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "winner": winner,
                "end_reason": end_reason,
                "rating_diff": rating_diff,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tally import Tally  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        def _parse_winner(data: object) -> None | PlayerColor:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                winner_type_0 = check_player_color(data)

                return winner_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerColor, data)

        winner = _parse_winner(d.pop("winner"))

        end_reason = check_end_reason(d.pop("end_reason"))

        def _parse_rating_diff(data: object) -> None | Tally:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_diff_type_0 = Tally.from_dict(data)

                return rating_diff_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Tally, data)

        rating_diff = _parse_rating_diff(d.pop("rating_diff"))

        my_game_over_event_data = cls(
            game_id=game_id,
            winner=winner,
            end_reason=end_reason,
            rating_diff=rating_diff,
        )

        return my_game_over_event_data
