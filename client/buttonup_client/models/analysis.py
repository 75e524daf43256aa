from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.player_color import PlayerColor, check_player_color

if TYPE_CHECKING:
    from ..models.move_margin import MoveMargin
    from ..models.round_review import RoundReview


T = TypeVar("T", bound="Analysis")


@_attrs_define
class Analysis:
    """Exact perfect play for the round in place, and a review of finished rounds."""

    version: int
    """ The game version analysed """
    round_: int
    """ The round analysed: in play, or the last one """
    to_move: None | PlayerColor
    """ Who moves; null when the round is over """
    value: int
    """ Perfect-play final margin from to_move's side; when the round is over, the margin played from its starter's
    side (0 for a round cut short) """
    moves: list[MoveMargin]
    """ Each legal move and its margin """
    best: list[int]
    """ The positions with the best margin """
    review: list[RoundReview]
    """ Finished rounds after `after`, oldest first, `limit` at most """
    review_next: int | None
    """ When more finished rounds follow this page: the round number to pass as `after` for the next; null when the
    review is whole """
    review_withheld: list[int]
    """ This page's finished rounds left out of `review` by the fair-play gate: one of their positions, in any of
    its 18 forms, is one a protected game in play stands at or a running par tournament keeps. Ask again once it is
    over """

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        round_ = self.round_

        to_move: None | str
        if isinstance(self.to_move, str):
            to_move = self.to_move
        else:
            to_move = self.to_move

        value = self.value

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        best = self.best

        review = []
        for review_item_data in self.review:
            review_item = review_item_data.to_dict()
            review.append(review_item)

        review_next: int | None
        review_next = self.review_next

        review_withheld = self.review_withheld

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "round": round_,
                "to_move": to_move,
                "value": value,
                "moves": moves,
                "best": best,
                "review": review,
                "review_next": review_next,
                "review_withheld": review_withheld,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move_margin import MoveMargin  # noqa: PLC0415
        from ..models.round_review import RoundReview  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        round_ = d.pop("round")

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

        value = d.pop("value")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = MoveMargin.from_dict(moves_item_data)

            moves.append(moves_item)

        best = cast(list[int], d.pop("best"))

        review = []
        _review = d.pop("review")
        for review_item_data in _review:
            review_item = RoundReview.from_dict(review_item_data)

            review.append(review_item)

        def _parse_review_next(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        review_next = _parse_review_next(d.pop("review_next"))

        review_withheld = cast(list[int], d.pop("review_withheld"))

        analysis = cls(
            version=version,
            round_=round_,
            to_move=to_move,
            value=value,
            moves=moves,
            best=best,
            review=review,
            review_next=review_next,
            review_withheld=review_withheld,
        )

        return analysis
