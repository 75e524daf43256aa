from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_reason import EndReason, check_end_reason
from ..models.my_game_status import MyGameStatus, check_my_game_status
from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.player import Player
    from ..models.tally import Tally


T = TypeVar("T", bound="MyGame")


@_attrs_define
class MyGame:
    """One of the player's games, from the player's side."""

    id: str
    """ The game's id """
    status: MyGameStatus
    """ The game's status """
    color: PlayerColor
    """ A player's colour, which is also the name of their seat """
    my_turn: bool
    """ The game is playing and it is the player's move """
    deadline: datetime.datetime | None
    """ When the running clock runs out (null: untimed, or none runs) """
    opponent: Player
    """ A seat of a game. """
    score: Tally
    """ A number for each player. """
    winner: None | PlayerColor
    """ The winner once finished, else null """
    end_reason: EndReason | None
    """ How it ended; null until finished """
    updated_at: datetime.datetime
    """ RFC 3339 UTC, the last change """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str = self.status

        color: str = self.color

        my_turn = self.my_turn

        deadline: None | str
        if isinstance(self.deadline, datetime.datetime):
            deadline = self.deadline.isoformat()
        else:
            deadline = self.deadline

        opponent = self.opponent.to_dict()

        score = self.score.to_dict()

        winner: None | str
        if isinstance(self.winner, str):
            winner = self.winner
        else:
            winner = self.winner

        end_reason: None | str
        if isinstance(self.end_reason, str):
            end_reason = self.end_reason
        else:
            end_reason = self.end_reason

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "color": color,
                "my_turn": my_turn,
                "deadline": deadline,
                "opponent": opponent,
                "score": score,
                "winner": winner,
                "end_reason": end_reason,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player import Player  # noqa: PLC0415
        from ..models.tally import Tally  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = check_my_game_status(d.pop("status"))

        color = check_player_color(d.pop("color"))

        my_turn = d.pop("my_turn")

        def _parse_deadline(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline = _parse_deadline(d.pop("deadline"))

        opponent = Player.from_dict(d.pop("opponent"))

        score = Tally.from_dict(d.pop("score"))

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

        def _parse_end_reason(data: object) -> EndReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_0 = check_end_reason(data)

                return end_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndReason | None, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        my_game = cls(
            id=id,
            status=status,
            color=color,
            my_turn=my_turn,
            deadline=deadline,
            opponent=opponent,
            score=score,
            winner=winner,
            end_reason=end_reason,
            updated_at=updated_at,
        )

        return my_game
