import time
from collections.abc import Iterator
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx
from httpx_sse import connect_sse

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.abandoned_event import AbandonedEvent
from ...models.aborted_event import AbortedEvent
from ...models.berserk_event import BerserkEvent
from ...models.game_event import GameEvent
from ...models.game_over_event import GameOverEvent
from ...models.joined_event import JoinedEvent
from ...models.move_event import MoveEvent
from ...models.presence_event import PresenceEvent
from ...models.problem import Problem
from ...models.rematch_event import RematchEvent
from ...models.rematch_offered_event import RematchOfferedEvent
from ...models.resigned_event import ResignedEvent
from ...models.round_over_event import RoundOverEvent
from ...models.timeout_event import TimeoutEvent
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/events".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AbandonedEvent
    | AbortedEvent
    | BerserkEvent
    | GameEvent
    | GameOverEvent
    | JoinedEvent
    | MoveEvent
    | PresenceEvent
    | RematchEvent
    | RematchOfferedEvent
    | ResignedEvent
    | RoundOverEvent
    | TimeoutEvent
    | Problem
    | None
):
    if response.status_code == 200:
        return None  # an event stream: read it event by event with follow()
    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
    AbandonedEvent
    | AbortedEvent
    | BerserkEvent
    | GameEvent
    | GameOverEvent
    | JoinedEvent
    | MoveEvent
    | PresenceEvent
    | RematchEvent
    | RematchOfferedEvent
    | ResignedEvent
    | RoundOverEvent
    | TimeoutEvent
    | Problem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[
    AbandonedEvent
    | AbortedEvent
    | BerserkEvent
    | GameEvent
    | GameOverEvent
    | JoinedEvent
    | MoveEvent
    | PresenceEvent
    | RematchEvent
    | RematchOfferedEvent
    | ResignedEvent
    | RoundOverEvent
    | TimeoutEvent
    | Problem
]:
    """Follow a game live

     `text/event-stream`. First `game` (data: the Game), then one event per change: `joined` ({color,
    game}), `move` ({move, game}), `round_over` (the round's summary as in `rounds`), `resigned`,
    `aborted`, `timeout` or `abandoned` ({color, game}: who resigned, aborted (null when the first
    move's time ran out), ran out of time or abandoned the game), `berserk` ({color, game}: a seat gone
    berserk, in an arena's game), `game_over` (the Game). Each `id:` is the game version after the
    change; events of one change share it and come in the order move, round_over, game_over. Right after
    the first event of the connection, and at each change of who is connected, `presence` (data: as
    `get_presence` answers) comes with **no** `id:`. Opened with `Authorization: Bearer <seat token>`,
    the stream marks that seat connected while it is open (browsers read it with `fetch`, which sends
    the header; a token never goes in a URL). A connection that resumes with `Last-Event-ID: v` (or
    `?after=v`) gets every event after `v` and no `game` first, so ids never go back; only when `v` is
    no version of the game, or its later events are gone, does it start with `game` at the current
    version. A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE` seconds (10 by
    default). After `game_over` the stream stays open while a rematch can be arranged (a human seat,
    within `BUTTONUP_REMATCH_SECONDS` of the end), with `rematch_offered` ({color, game}: who asked) and
    `rematch` ({game_id, game}: the next game), and ends after `rematch` or when the window closes;
    otherwise it ends after `game_over`, and resumed after a finished game's last event it ends at once.
    A worker keeps a bounded number of streams open, in all and per client address: past either, 503
    `too_many_streams` with `Retry-After`.

    Args:
        game_id (str):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AbandonedEvent | AbortedEvent | BerserkEvent | GameEvent | GameOverEvent | JoinedEvent | MoveEvent | PresenceEvent | RematchEvent | RematchOfferedEvent | ResignedEvent | RoundOverEvent | TimeoutEvent | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> (
    AbandonedEvent
    | AbortedEvent
    | BerserkEvent
    | GameEvent
    | GameOverEvent
    | JoinedEvent
    | MoveEvent
    | PresenceEvent
    | RematchEvent
    | RematchOfferedEvent
    | ResignedEvent
    | RoundOverEvent
    | TimeoutEvent
    | Problem
    | None
):
    """Follow a game live

     `text/event-stream`. First `game` (data: the Game), then one event per change: `joined` ({color,
    game}), `move` ({move, game}), `round_over` (the round's summary as in `rounds`), `resigned`,
    `aborted`, `timeout` or `abandoned` ({color, game}: who resigned, aborted (null when the first
    move's time ran out), ran out of time or abandoned the game), `berserk` ({color, game}: a seat gone
    berserk, in an arena's game), `game_over` (the Game). Each `id:` is the game version after the
    change; events of one change share it and come in the order move, round_over, game_over. Right after
    the first event of the connection, and at each change of who is connected, `presence` (data: as
    `get_presence` answers) comes with **no** `id:`. Opened with `Authorization: Bearer <seat token>`,
    the stream marks that seat connected while it is open (browsers read it with `fetch`, which sends
    the header; a token never goes in a URL). A connection that resumes with `Last-Event-ID: v` (or
    `?after=v`) gets every event after `v` and no `game` first, so ids never go back; only when `v` is
    no version of the game, or its later events are gone, does it start with `game` at the current
    version. A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE` seconds (10 by
    default). After `game_over` the stream stays open while a rematch can be arranged (a human seat,
    within `BUTTONUP_REMATCH_SECONDS` of the end), with `rematch_offered` ({color, game}: who asked) and
    `rematch` ({game_id, game}: the next game), and ends after `rematch` or when the window closes;
    otherwise it ends after `game_over`, and resumed after a finished game's last event it ends at once.
    A worker keeps a bounded number of streams open, in all and per client address: past either, 503
    `too_many_streams` with `Retry-After`.

    Args:
        game_id (str):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AbandonedEvent | AbortedEvent | BerserkEvent | GameEvent | GameOverEvent | JoinedEvent | MoveEvent | PresenceEvent | RematchEvent | RematchOfferedEvent | ResignedEvent | RoundOverEvent | TimeoutEvent | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[
    AbandonedEvent
    | AbortedEvent
    | BerserkEvent
    | GameEvent
    | GameOverEvent
    | JoinedEvent
    | MoveEvent
    | PresenceEvent
    | RematchEvent
    | RematchOfferedEvent
    | ResignedEvent
    | RoundOverEvent
    | TimeoutEvent
    | Problem
]:
    """Follow a game live

     `text/event-stream`. First `game` (data: the Game), then one event per change: `joined` ({color,
    game}), `move` ({move, game}), `round_over` (the round's summary as in `rounds`), `resigned`,
    `aborted`, `timeout` or `abandoned` ({color, game}: who resigned, aborted (null when the first
    move's time ran out), ran out of time or abandoned the game), `berserk` ({color, game}: a seat gone
    berserk, in an arena's game), `game_over` (the Game). Each `id:` is the game version after the
    change; events of one change share it and come in the order move, round_over, game_over. Right after
    the first event of the connection, and at each change of who is connected, `presence` (data: as
    `get_presence` answers) comes with **no** `id:`. Opened with `Authorization: Bearer <seat token>`,
    the stream marks that seat connected while it is open (browsers read it with `fetch`, which sends
    the header; a token never goes in a URL). A connection that resumes with `Last-Event-ID: v` (or
    `?after=v`) gets every event after `v` and no `game` first, so ids never go back; only when `v` is
    no version of the game, or its later events are gone, does it start with `game` at the current
    version. A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE` seconds (10 by
    default). After `game_over` the stream stays open while a rematch can be arranged (a human seat,
    within `BUTTONUP_REMATCH_SECONDS` of the end), with `rematch_offered` ({color, game}: who asked) and
    `rematch` ({game_id, game}: the next game), and ends after `rematch` or when the window closes;
    otherwise it ends after `game_over`, and resumed after a finished game's last event it ends at once.
    A worker keeps a bounded number of streams open, in all and per client address: past either, 503
    `too_many_streams` with `Retry-After`.

    Args:
        game_id (str):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AbandonedEvent | AbortedEvent | BerserkEvent | GameEvent | GameOverEvent | JoinedEvent | MoveEvent | PresenceEvent | RematchEvent | RematchOfferedEvent | ResignedEvent | RoundOverEvent | TimeoutEvent | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> (
    AbandonedEvent
    | AbortedEvent
    | BerserkEvent
    | GameEvent
    | GameOverEvent
    | JoinedEvent
    | MoveEvent
    | PresenceEvent
    | RematchEvent
    | RematchOfferedEvent
    | ResignedEvent
    | RoundOverEvent
    | TimeoutEvent
    | Problem
    | None
):
    """Follow a game live

     `text/event-stream`. First `game` (data: the Game), then one event per change: `joined` ({color,
    game}), `move` ({move, game}), `round_over` (the round's summary as in `rounds`), `resigned`,
    `aborted`, `timeout` or `abandoned` ({color, game}: who resigned, aborted (null when the first
    move's time ran out), ran out of time or abandoned the game), `berserk` ({color, game}: a seat gone
    berserk, in an arena's game), `game_over` (the Game). Each `id:` is the game version after the
    change; events of one change share it and come in the order move, round_over, game_over. Right after
    the first event of the connection, and at each change of who is connected, `presence` (data: as
    `get_presence` answers) comes with **no** `id:`. Opened with `Authorization: Bearer <seat token>`,
    the stream marks that seat connected while it is open (browsers read it with `fetch`, which sends
    the header; a token never goes in a URL). A connection that resumes with `Last-Event-ID: v` (or
    `?after=v`) gets every event after `v` and no `game` first, so ids never go back; only when `v` is
    no version of the game, or its later events are gone, does it start with `game` at the current
    version. A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE` seconds (10 by
    default). After `game_over` the stream stays open while a rematch can be arranged (a human seat,
    within `BUTTONUP_REMATCH_SECONDS` of the end), with `rematch_offered` ({color, game}: who asked) and
    `rematch` ({game_id, game}: the next game), and ends after `rematch` or when the window closes;
    otherwise it ends after `game_over`, and resumed after a finished game's last event it ends at once.
    A worker keeps a bounded number of streams open, in all and per client address: past either, 503
    `too_many_streams` with `Retry-After`.

    Args:
        game_id (str):
        after (int | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AbandonedEvent | AbortedEvent | BerserkEvent | GameEvent | GameOverEvent | JoinedEvent | MoveEvent | PresenceEvent | RematchEvent | RematchOfferedEvent | ResignedEvent | RoundOverEvent | TimeoutEvent | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            last_event_id=last_event_id,
        )
    ).parsed


def _parse_event(
    event: dict[str, str],
) -> (
    AbandonedEvent
    | AbortedEvent
    | BerserkEvent
    | GameEvent
    | GameOverEvent
    | JoinedEvent
    | MoveEvent
    | PresenceEvent
    | RematchEvent
    | RematchOfferedEvent
    | ResignedEvent
    | RoundOverEvent
    | TimeoutEvent
):
    def _parse_response_200(
        data: object,
    ) -> (
        AbandonedEvent
        | AbortedEvent
        | BerserkEvent
        | GameEvent
        | GameOverEvent
        | JoinedEvent
        | MoveEvent
        | PresenceEvent
        | RematchEvent
        | RematchOfferedEvent
        | ResignedEvent
        | RoundOverEvent
        | TimeoutEvent
    ):
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_0 = GameEvent.from_dict(data)

            return response_200_type_0
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = JoinedEvent.from_dict(data)

            return response_200_type_1
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_2 = MoveEvent.from_dict(data)

            return response_200_type_2
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_3 = RoundOverEvent.from_dict(data)

            return response_200_type_3
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_4 = ResignedEvent.from_dict(data)

            return response_200_type_4
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_5 = AbortedEvent.from_dict(data)

            return response_200_type_5
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_6 = TimeoutEvent.from_dict(data)

            return response_200_type_6
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_7 = AbandonedEvent.from_dict(data)

            return response_200_type_7
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_8 = GameOverEvent.from_dict(data)

            return response_200_type_8
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_9 = BerserkEvent.from_dict(data)

            return response_200_type_9
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_10 = RematchOfferedEvent.from_dict(data)

            return response_200_type_10
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_11 = RematchEvent.from_dict(data)

            return response_200_type_11
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        if not isinstance(data, dict):
            raise TypeError()
        response_200_type_12 = PresenceEvent.from_dict(data)

        return response_200_type_12

    response_200 = _parse_response_200(event)

    return response_200


def follow(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    idle_timeout: float = 25.0,
    reconnect_attempts: int = 5,
    wait_for_rematch: bool = False,
) -> Iterator[
    AbandonedEvent
    | AbortedEvent
    | BerserkEvent
    | GameEvent
    | GameOverEvent
    | JoinedEvent
    | MoveEvent
    | PresenceEvent
    | RematchEvent
    | RematchOfferedEvent
    | ResignedEvent
    | RoundOverEvent
    | TimeoutEvent
]:
    """The stream's events, each as its own type, until the stream ends:
    after `game_over`, or with `wait_for_rematch`, once nothing more can come
    (after `rematch`, or when the rematch window closes; the service keeps
    the stream open that long).

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
            game_id=game_id,
            after=after,
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
                    if sse.event == "game_over" and not wait_for_rematch:
                        return
            # A stream that ended cleanly may have been cut short (a restart):
            # ask again after the last event; the end is an answer with none.
            if not received:
                return
        except httpx.TransportError:
            failures += 1
            if failures > reconnect_attempts:
                raise
            time.sleep(wait)
