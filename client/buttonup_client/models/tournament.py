from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rating_category import RatingCategory, check_rating_category
from ..models.tournament_scoring import TournamentScoring, check_tournament_scoring
from ..models.tournament_status import TournamentStatus, check_tournament_status
from ..models.tournament_system import TournamentSystem, check_tournament_system
from ..models.tournament_visibility import TournamentVisibility, check_tournament_visibility

if TYPE_CHECKING:
    from ..models.conditions_view import ConditionsView
    from ..models.fischer_clock_settings import FischerClockSettings
    from ..models.per_move_clock_settings import PerMoveClockSettings


T = TypeVar("T", bound="Tournament")


@_attrs_define
class Tournament:
    """A tournament (docs/tournaments.md)."""

    id: str
    """ The tournament's id """
    name: str
    """ Its name """
    system: TournamentSystem
    """ How players meet """
    scoring: TournamentScoring
    """ How it scores """
    clock: FischerClockSettings | PerMoveClockSettings
    """ A time control """
    category: RatingCategory
    """ A rating category, by time control (docs/api.md, "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks
    by their estimated length, `daily` (a clock per move), `untimed` """
    rated: bool
    """ Whether its games are rated """
    status: TournamentStatus
    """ Where it stands """
    starts_at: datetime.datetime | None
    """ When it starts or started; null: when its creator starts it """
    ends_at: datetime.datetime | None
    """ An arena's end once running; a finished one's """
    minutes: int | None
    """ An arena's length in minutes """
    rounds: int | None
    """ A Swiss's rounds """
    round_: int
    """ A Swiss's round in play (0 before it starts) """
    players: int
    """ How many players it has """
    max_players: int
    """ The most players it takes """
    created_by: str
    """ Its creator's player id """
    conditions: ConditionsView
    """ Who may join (null: no bound). """
    visibility: TournamentVisibility
    """ Listed or not """
    bots: bool
    """ Whether bot accounts may join """

    def to_dict(self) -> dict[str, Any]:
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415

        id = self.id

        name = self.name

        system: str = self.system

        scoring: str = self.scoring

        clock: dict[str, Any]
        if isinstance(self.clock, FischerClockSettings):
            clock = self.clock.to_dict()
        else:
            clock = self.clock.to_dict()

        category: str = self.category

        rated = self.rated

        status: str = self.status

        starts_at: None | str
        if isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        ends_at: None | str
        if isinstance(self.ends_at, datetime.datetime):
            ends_at = self.ends_at.isoformat()
        else:
            ends_at = self.ends_at

        minutes: int | None
        minutes = self.minutes

        rounds: int | None
        rounds = self.rounds

        round_ = self.round_

        players = self.players

        max_players = self.max_players

        created_by = self.created_by

        conditions = self.conditions.to_dict()

        visibility: str = self.visibility

        bots = self.bots

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "system": system,
                "scoring": scoring,
                "clock": clock,
                "category": category,
                "rated": rated,
                "status": status,
                "starts_at": starts_at,
                "ends_at": ends_at,
                "minutes": minutes,
                "rounds": rounds,
                "round": round_,
                "players": players,
                "max_players": max_players,
                "created_by": created_by,
                "conditions": conditions,
                "visibility": visibility,
                "bots": bots,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conditions_view import ConditionsView  # noqa: PLC0415
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        system = check_tournament_system(d.pop("system"))

        scoring = check_tournament_scoring(d.pop("scoring"))

        def _parse_clock(data: object) -> FischerClockSettings | PerMoveClockSettings:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_clock_request_type_0 = FischerClockSettings.from_dict(data)

                return componentsschemas_clock_request_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_clock_request_type_1 = PerMoveClockSettings.from_dict(data)

            return componentsschemas_clock_request_type_1

        clock = _parse_clock(d.pop("clock"))

        category = check_rating_category(d.pop("category"))

        rated = d.pop("rated")

        status = check_tournament_status(d.pop("status"))

        def _parse_starts_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        starts_at = _parse_starts_at(d.pop("starts_at"))

        def _parse_ends_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ends_at_type_0 = datetime.datetime.fromisoformat(data)

                return ends_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ends_at = _parse_ends_at(d.pop("ends_at"))

        def _parse_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        minutes = _parse_minutes(d.pop("minutes"))

        def _parse_rounds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds = _parse_rounds(d.pop("rounds"))

        round_ = d.pop("round")

        players = d.pop("players")

        max_players = d.pop("max_players")

        created_by = d.pop("created_by")

        conditions = ConditionsView.from_dict(d.pop("conditions"))

        visibility = check_tournament_visibility(d.pop("visibility"))

        bots = d.pop("bots")

        tournament = cls(
            id=id,
            name=name,
            system=system,
            scoring=scoring,
            clock=clock,
            category=category,
            rated=rated,
            status=status,
            starts_at=starts_at,
            ends_at=ends_at,
            minutes=minutes,
            rounds=rounds,
            round_=round_,
            players=players,
            max_players=max_players,
            created_by=created_by,
            conditions=conditions,
            visibility=visibility,
            bots=bots,
        )

        return tournament
