from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_reason import EndReason, check_end_reason
from ..models.game_status import GameStatus, check_game_status
from ..models.game_visibility import GameVisibility, check_game_visibility
from ..models.player_color import PlayerColor, check_player_color
from ..models.rating_category import RatingCategory, check_rating_category
from ..models.unrated_reason import UnratedReason, check_unrated_reason

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.game_review import GameReview
    from ..models.players import Players
    from ..models.rematch import Rematch
    from ..models.round_ import Round
    from ..models.round_result import RoundResult
    from ..models.tally import Tally


T = TypeVar("T", bound="Game")


@_attrs_define
class Game:
    """A game of Button Up!"""

    id: str
    """ The game's id """
    status: GameStatus
    """ `waiting` for a seat, `playing`, or `finished` """
    version: int
    """ Grows by one with every change; the ETag """
    created_at: datetime.datetime
    """ RFC 3339 UTC """
    updated_at: datetime.datetime
    """ RFC 3339 UTC, the last change """
    visibility: GameVisibility
    """ Lobby visibility """
    hints: bool
    """ Whether analysis answers while the game is in play """
    rated: bool
    """ Whether the result changes both players' ratings """
    unrated_reason: None | UnratedReason
    """ Why a game created rated is played unrated (its `rated` is then false); null otherwise """
    category: RatingCategory
    """ A rating category, by time control (docs/api.md, "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks
    by their estimated length, `daily` (a clock per move), `untimed` """
    rating_diff: None | Tally
    """ A rated game's, once over: each seat's rating change, rounded """
    target_score: int
    """ Points that win the game """
    players: Players
    """ Both seats. """
    score: Tally
    """ A number for each player. """
    winner: None | PlayerColor
    """ The winner once finished, else null """
    resigned: None | PlayerColor
    """ Who resigned, if anyone """
    end_reason: EndReason | None
    """ How it ended; null until finished """
    clock: Clock | None
    """ Null when untimed """
    round_: Round
    """ The round in play, or the last one when the game is finished. """
    rounds: list[RoundResult]
    """ Finished rounds """
    rematch: None | Rematch
    """ Null until a seat asks for a rematch of the finished game """
    review: GameReview | None
    """ A finished rated game's exact review (docs/api.md, "Fair play"), worked out as it ends; null for any other
    game, and for one whose review the fair-play gate kept back as it ended (a par tournament's, or a position a
    protected game stood at) """
    tournament_id: None | str
    """ The tournament whose pairing made the game (docs/tournaments.md); null: none """

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.game_review import GameReview  # noqa: PLC0415
        from ..models.rematch import Rematch  # noqa: PLC0415
        from ..models.tally import Tally  # noqa: PLC0415

        id = self.id

        status: str = self.status

        version = self.version

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        visibility: str = self.visibility

        hints = self.hints

        rated = self.rated

        unrated_reason: None | str
        if isinstance(self.unrated_reason, str):
            unrated_reason = self.unrated_reason
        else:
            unrated_reason = self.unrated_reason

        category: str = self.category

        rating_diff: dict[str, Any] | None
        if isinstance(self.rating_diff, Tally):
            rating_diff = self.rating_diff.to_dict()
        else:
            rating_diff = self.rating_diff

        target_score = self.target_score

        players = self.players.to_dict()

        score = self.score.to_dict()

        winner: None | str
        if isinstance(self.winner, str):
            winner = self.winner
        else:
            winner = self.winner

        resigned: None | str
        if isinstance(self.resigned, str):
            resigned = self.resigned
        else:
            resigned = self.resigned

        end_reason: None | str
        if isinstance(self.end_reason, str):
            end_reason = self.end_reason
        else:
            end_reason = self.end_reason

        clock: dict[str, Any] | None
        if isinstance(self.clock, Clock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        round_ = self.round_.to_dict()

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        rematch: dict[str, Any] | None
        if isinstance(self.rematch, Rematch):
            rematch = self.rematch.to_dict()
        else:
            rematch = self.rematch

        review: dict[str, Any] | None
        if isinstance(self.review, GameReview):
            review = self.review.to_dict()
        else:
            review = self.review

        tournament_id: None | str
        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "version": version,
                "created_at": created_at,
                "updated_at": updated_at,
                "visibility": visibility,
                "hints": hints,
                "rated": rated,
                "unrated_reason": unrated_reason,
                "category": category,
                "rating_diff": rating_diff,
                "target_score": target_score,
                "players": players,
                "score": score,
                "winner": winner,
                "resigned": resigned,
                "end_reason": end_reason,
                "clock": clock,
                "round": round_,
                "rounds": rounds,
                "rematch": rematch,
                "review": review,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.game_review import GameReview  # noqa: PLC0415
        from ..models.players import Players  # noqa: PLC0415
        from ..models.rematch import Rematch  # noqa: PLC0415
        from ..models.round_ import Round  # noqa: PLC0415
        from ..models.round_result import RoundResult  # noqa: PLC0415
        from ..models.tally import Tally  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        status = check_game_status(d.pop("status"))

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        visibility = check_game_visibility(d.pop("visibility"))

        hints = d.pop("hints")

        rated = d.pop("rated")

        def _parse_unrated_reason(data: object) -> None | UnratedReason:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unrated_reason_type_0 = check_unrated_reason(data)

                return unrated_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UnratedReason, data)

        unrated_reason = _parse_unrated_reason(d.pop("unrated_reason"))

        category = check_rating_category(d.pop("category"))

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

        target_score = d.pop("target_score")

        players = Players.from_dict(d.pop("players"))

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

        def _parse_resigned(data: object) -> None | PlayerColor:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resigned_type_0 = check_player_color(data)

                return resigned_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayerColor, data)

        resigned = _parse_resigned(d.pop("resigned"))

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

        def _parse_clock(data: object) -> Clock | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = Clock.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Clock | None, data)

        clock = _parse_clock(d.pop("clock"))

        round_ = Round.from_dict(d.pop("round"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RoundResult.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        def _parse_rematch(data: object) -> None | Rematch:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rematch_type_0 = Rematch.from_dict(data)

                return rematch_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rematch, data)

        rematch = _parse_rematch(d.pop("rematch"))

        def _parse_review(data: object) -> GameReview | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                review_type_0 = GameReview.from_dict(data)

                return review_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameReview | None, data)

        review = _parse_review(d.pop("review"))

        def _parse_tournament_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tournament_id = _parse_tournament_id(d.pop("tournament_id"))

        game = cls(
            id=id,
            status=status,
            version=version,
            created_at=created_at,
            updated_at=updated_at,
            visibility=visibility,
            hints=hints,
            rated=rated,
            unrated_reason=unrated_reason,
            category=category,
            rating_diff=rating_diff,
            target_score=target_score,
            players=players,
            score=score,
            winner=winner,
            resigned=resigned,
            end_reason=end_reason,
            clock=clock,
            round_=round_,
            rounds=rounds,
            rematch=rematch,
            review=review,
            tournament_id=tournament_id,
        )

        return game
