from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tournament_request_scoring import TournamentRequestScoring, check_tournament_request_scoring
from ..models.tournament_request_system import TournamentRequestSystem, check_tournament_request_system
from ..models.tournament_request_visibility import TournamentRequestVisibility, check_tournament_request_visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.conditions import Conditions
    from ..models.fischer_clock_settings import FischerClockSettings
    from ..models.per_move_clock_settings import PerMoveClockSettings


T = TypeVar("T", bound="TournamentRequest")


@_attrs_define
class TournamentRequest:
    """A tournament to make: an arena runs for `minutes`, a Swiss is played
    in `rounds` (docs/tournaments.md).

    """

    name: str
    """ The tournament's name: 1 to 40 characters, none of them hidden """
    system: TournamentRequestSystem
    """ How players meet """
    clock: FischerClockSettings | PerMoveClockSettings
    """ A time control """
    scoring: TournamentRequestScoring | Unset = "result"
    """ `result`, or `par` (against perfect play: a Swiss's only) """
    rated: bool | Unset = False
    """ Whether its games are rated """
    starts_at: datetime.datetime | None | Unset = UNSET
    """ When it starts (RFC 3339); null: when its creator starts it """
    minutes: int | None | Unset = UNSET
    """ An arena's length, 10 to 720 minutes """
    rounds: int | None | Unset = UNSET
    """ A Swiss's rounds, 1 to 30 """
    max_players: int | Unset = 1000
    """ The most players it takes, 2 to 10,000 """
    conditions: Conditions | None | Unset = UNSET
    """ Who may join """
    visibility: TournamentRequestVisibility | Unset = "public"
    """ `public`: listed; `private`: joined by its id alone """
    bots: bool | Unset = False
    """ Whether bot accounts may join (403 `bots_not_allowed` otherwise) """

    def to_dict(self) -> dict[str, Any]:
        from ..models.conditions import Conditions  # noqa: PLC0415
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415

        name = self.name

        system: str = self.system

        clock: dict[str, Any]
        if isinstance(self.clock, FischerClockSettings):
            clock = self.clock.to_dict()
        else:
            clock = self.clock.to_dict()

        scoring: str | Unset = UNSET
        if not isinstance(self.scoring, Unset):
            scoring = self.scoring

        rated = self.rated

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        elif isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        minutes: int | None | Unset
        if isinstance(self.minutes, Unset):
            minutes = UNSET
        else:
            minutes = self.minutes

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        max_players = self.max_players

        conditions: dict[str, Any] | None | Unset
        if isinstance(self.conditions, Unset):
            conditions = UNSET
        elif isinstance(self.conditions, Conditions):
            conditions = self.conditions.to_dict()
        else:
            conditions = self.conditions

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility

        bots = self.bots

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "system": system,
                "clock": clock,
            }
        )
        if scoring is not UNSET:
            field_dict["scoring"] = scoring
        if rated is not UNSET:
            field_dict["rated"] = rated
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if minutes is not UNSET:
            field_dict["minutes"] = minutes
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if conditions is not UNSET:
            field_dict["conditions"] = conditions
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if bots is not UNSET:
            field_dict["bots"] = bots

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conditions import Conditions  # noqa: PLC0415
        from ..models.fischer_clock_settings import FischerClockSettings  # noqa: PLC0415
        from ..models.per_move_clock_settings import PerMoveClockSettings  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        system = check_tournament_request_system(d.pop("system"))

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

        _scoring = d.pop("scoring", UNSET)
        scoring: TournamentRequestScoring | Unset
        if isinstance(_scoring, Unset):
            scoring = UNSET
        else:
            scoring = check_tournament_request_scoring(_scoring)

        rated = d.pop("rated", UNSET)

        def _parse_starts_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))

        def _parse_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        minutes = _parse_minutes(d.pop("minutes", UNSET))

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        max_players = d.pop("max_players", UNSET)

        def _parse_conditions(data: object) -> Conditions | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                conditions_type_0 = Conditions.from_dict(data)

                return conditions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Conditions | None | Unset, data)

        conditions = _parse_conditions(d.pop("conditions", UNSET))

        _visibility = d.pop("visibility", UNSET)
        visibility: TournamentRequestVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = check_tournament_request_visibility(_visibility)

        bots = d.pop("bots", UNSET)

        tournament_request = cls(
            name=name,
            system=system,
            clock=clock,
            scoring=scoring,
            rated=rated,
            starts_at=starts_at,
            minutes=minutes,
            rounds=rounds,
            max_players=max_players,
            conditions=conditions,
            visibility=visibility,
            bots=bots,
        )

        return tournament_request
