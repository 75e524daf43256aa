import time
from collections.abc import Iterator
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx
from httpx_sse import connect_sse

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournament_bye_event import TournamentByeEvent
from ...models.tournament_finished_event import TournamentFinishedEvent
from ...models.tournament_pairing_event import TournamentPairingEvent
from ...models.tournament_players_event import TournamentPlayersEvent
from ...models.tournament_result_event import TournamentResultEvent
from ...models.tournament_round_over_event import TournamentRoundOverEvent
from ...models.tournament_round_start_event import TournamentRoundStartEvent
from ...models.tournament_snapshot_event import TournamentSnapshotEvent
from ...models.tournament_standings_event import TournamentStandingsEvent
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: str,
    *,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/events".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Problem
    | TournamentByeEvent
    | TournamentFinishedEvent
    | TournamentPairingEvent
    | TournamentPlayersEvent
    | TournamentResultEvent
    | TournamentRoundOverEvent
    | TournamentRoundStartEvent
    | TournamentSnapshotEvent
    | TournamentStandingsEvent
    | None
):
    if response.status_code == 200:
        return None  # an event stream: read it event by event with follow()
    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())

        return response_414

    if response.status_code == 421:
        response_421 = Problem.from_dict(response.json())

        return response_421

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Problem
    | TournamentByeEvent
    | TournamentFinishedEvent
    | TournamentPairingEvent
    | TournamentPlayersEvent
    | TournamentResultEvent
    | TournamentRoundOverEvent
    | TournamentRoundStartEvent
    | TournamentSnapshotEvent
    | TournamentStandingsEvent
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Response[
    Problem
    | TournamentByeEvent
    | TournamentFinishedEvent
    | TournamentPairingEvent
    | TournamentPlayersEvent
    | TournamentResultEvent
    | TournamentRoundOverEvent
    | TournamentRoundStartEvent
    | TournamentSnapshotEvent
    | TournamentStandingsEvent
]:
    """Follow a tournament live

     Server-Sent Events: `tournament` (the tournament, first on every connection, and again whenever its
    status changes), `players` `{players}` (as a player joins, or leaves an upcoming one), `pairing`
    `{game_id, round, red, black}` (player ids; `round` a Swiss's, else null), `result` `{game_id,
    winner, points}` (the winner's player id, null when the game counts for nobody; each player's
    points), `standings` `{top}` (the ten leaders' ids, when a result changes them), `round_start` and
    `round_over` `{round}` (a Swiss's), `finished` `{}` (the last event). Each has an id: reconnect with
    `Last-Event-ID` to get what you missed (the 10,000 newest are kept). Keep-alive comments while
    nothing happens.

    Args:
        tournament_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentByeEvent | TournamentFinishedEvent | TournamentPairingEvent | TournamentPlayersEvent | TournamentResultEvent | TournamentRoundOverEvent | TournamentRoundStartEvent | TournamentSnapshotEvent | TournamentStandingsEvent]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> (
    Problem
    | TournamentByeEvent
    | TournamentFinishedEvent
    | TournamentPairingEvent
    | TournamentPlayersEvent
    | TournamentResultEvent
    | TournamentRoundOverEvent
    | TournamentRoundStartEvent
    | TournamentSnapshotEvent
    | TournamentStandingsEvent
    | None
):
    """Follow a tournament live

     Server-Sent Events: `tournament` (the tournament, first on every connection, and again whenever its
    status changes), `players` `{players}` (as a player joins, or leaves an upcoming one), `pairing`
    `{game_id, round, red, black}` (player ids; `round` a Swiss's, else null), `result` `{game_id,
    winner, points}` (the winner's player id, null when the game counts for nobody; each player's
    points), `standings` `{top}` (the ten leaders' ids, when a result changes them), `round_start` and
    `round_over` `{round}` (a Swiss's), `finished` `{}` (the last event). Each has an id: reconnect with
    `Last-Event-ID` to get what you missed (the 10,000 newest are kept). Keep-alive comments while
    nothing happens.

    Args:
        tournament_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentByeEvent | TournamentFinishedEvent | TournamentPairingEvent | TournamentPlayersEvent | TournamentResultEvent | TournamentRoundOverEvent | TournamentRoundStartEvent | TournamentSnapshotEvent | TournamentStandingsEvent
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> Response[
    Problem
    | TournamentByeEvent
    | TournamentFinishedEvent
    | TournamentPairingEvent
    | TournamentPlayersEvent
    | TournamentResultEvent
    | TournamentRoundOverEvent
    | TournamentRoundStartEvent
    | TournamentSnapshotEvent
    | TournamentStandingsEvent
]:
    """Follow a tournament live

     Server-Sent Events: `tournament` (the tournament, first on every connection, and again whenever its
    status changes), `players` `{players}` (as a player joins, or leaves an upcoming one), `pairing`
    `{game_id, round, red, black}` (player ids; `round` a Swiss's, else null), `result` `{game_id,
    winner, points}` (the winner's player id, null when the game counts for nobody; each player's
    points), `standings` `{top}` (the ten leaders' ids, when a result changes them), `round_start` and
    `round_over` `{round}` (a Swiss's), `finished` `{}` (the last event). Each has an id: reconnect with
    `Last-Event-ID` to get what you missed (the 10,000 newest are kept). Keep-alive comments while
    nothing happens.

    Args:
        tournament_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentByeEvent | TournamentFinishedEvent | TournamentPairingEvent | TournamentPlayersEvent | TournamentResultEvent | TournamentRoundOverEvent | TournamentRoundStartEvent | TournamentSnapshotEvent | TournamentStandingsEvent]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
) -> (
    Problem
    | TournamentByeEvent
    | TournamentFinishedEvent
    | TournamentPairingEvent
    | TournamentPlayersEvent
    | TournamentResultEvent
    | TournamentRoundOverEvent
    | TournamentRoundStartEvent
    | TournamentSnapshotEvent
    | TournamentStandingsEvent
    | None
):
    """Follow a tournament live

     Server-Sent Events: `tournament` (the tournament, first on every connection, and again whenever its
    status changes), `players` `{players}` (as a player joins, or leaves an upcoming one), `pairing`
    `{game_id, round, red, black}` (player ids; `round` a Swiss's, else null), `result` `{game_id,
    winner, points}` (the winner's player id, null when the game counts for nobody; each player's
    points), `standings` `{top}` (the ten leaders' ids, when a result changes them), `round_start` and
    `round_over` `{round}` (a Swiss's), `finished` `{}` (the last event). Each has an id: reconnect with
    `Last-Event-ID` to get what you missed (the 10,000 newest are kept). Keep-alive comments while
    nothing happens.

    Args:
        tournament_id (str):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentByeEvent | TournamentFinishedEvent | TournamentPairingEvent | TournamentPlayersEvent | TournamentResultEvent | TournamentRoundOverEvent | TournamentRoundStartEvent | TournamentSnapshotEvent | TournamentStandingsEvent
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed


def _parse_event(
    event: dict[str, str],
) -> (
    TournamentByeEvent
    | TournamentFinishedEvent
    | TournamentPairingEvent
    | TournamentPlayersEvent
    | TournamentResultEvent
    | TournamentRoundOverEvent
    | TournamentRoundStartEvent
    | TournamentSnapshotEvent
    | TournamentStandingsEvent
):
    def _parse_response_200(
        data: object,
    ) -> (
        TournamentByeEvent
        | TournamentFinishedEvent
        | TournamentPairingEvent
        | TournamentPlayersEvent
        | TournamentResultEvent
        | TournamentRoundOverEvent
        | TournamentRoundStartEvent
        | TournamentSnapshotEvent
        | TournamentStandingsEvent
    ):
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_0 = TournamentSnapshotEvent.from_dict(data)

            return response_200_type_0
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = TournamentPlayersEvent.from_dict(data)

            return response_200_type_1
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_2 = TournamentPairingEvent.from_dict(data)

            return response_200_type_2
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_3 = TournamentResultEvent.from_dict(data)

            return response_200_type_3
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_4 = TournamentByeEvent.from_dict(data)

            return response_200_type_4
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_5 = TournamentStandingsEvent.from_dict(data)

            return response_200_type_5
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_6 = TournamentRoundStartEvent.from_dict(data)

            return response_200_type_6
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_7 = TournamentRoundOverEvent.from_dict(data)

            return response_200_type_7
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        if not isinstance(data, dict):
            raise TypeError()
        response_200_type_8 = TournamentFinishedEvent.from_dict(data)

        return response_200_type_8

    response_200 = _parse_response_200(event)

    return response_200


def follow(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    last_event_id: str | Unset = UNSET,
    idle_timeout: float = 25.0,
    reconnect_attempts: int = 5,
) -> Iterator[
    TournamentByeEvent
    | TournamentFinishedEvent
    | TournamentPairingEvent
    | TournamentPlayersEvent
    | TournamentResultEvent
    | TournamentRoundOverEvent
    | TournamentRoundStartEvent
    | TournamentSnapshotEvent
    | TournamentStandingsEvent
]:
    """The stream's events, each as its own type, until the stream ends.

    A dropped connection, a 503, or silence longer than `idle_timeout`
    seconds (the service sends a keep-alive comment every 10 s) is met by
    connecting again with `Last-Event-ID`: no event is missed or repeated.
    A stream that ends is asked again after its last event, and the answer
    with no event is the end.
    Events this client does not know are skipped. Raises
    errors.UnexpectedStatus for an answer that is not the stream (a 404 of a
    game that does not exist), and the transport's error after
    `reconnect_attempts` failed attempts in a row.
    """
    http = client.get_httpx_client()
    failures = 0
    while True:
        kwargs = _get_kwargs(
            tournament_id=tournament_id,
            last_event_id=last_event_id,
        )
        headers = {**kwargs.get("headers", {}), "Accept": "text/event-stream"}
        timeout = httpx.Timeout(http.timeout.connect, read=idle_timeout)
        wait = min(0.25 * 2**failures, 5.0)
        try:
            with connect_sse(
                http, kwargs["method"], kwargs["url"], params=kwargs.get("params"), headers=headers, timeout=timeout
            ) as source:
                response = source.response
                if response.status_code == 503 and failures < reconnect_attempts:
                    wait = float(response.headers.get("Retry-After", wait))
                    raise httpx.TransportError("503")
                if response.status_code != 200:
                    response.read()
                    raise errors.UnexpectedStatus(response.status_code, response.content)
                received = False
                for sse in source.iter_sse():
                    try:
                        event = _parse_event({"event": sse.event, "id": sse.id, "data": sse.data})
                    except (TypeError, ValueError, KeyError):
                        continue  # an event of a later version of the API
                    if sse.id:  # events that change nothing (presence) have none
                        last_event_id = sse.id
                    failures = 0
                    received = True
                    yield event
            # A stream that ended cleanly may have been cut short (a restart):
            # ask again after the last event; the end is an answer with none.
            if not received:
                return
        except httpx.TransportError:
            failures += 1
            if failures > reconnect_attempts:
                raise
            time.sleep(wait)
