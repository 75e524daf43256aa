import time
from collections.abc import Iterator
from http import HTTPStatus
from typing import Any

import httpx
from httpx_sse import connect_sse

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge_event import ChallengeEvent
from ...models.game_start_event import GameStartEvent
from ...models.game_started_event import GameStartedEvent
from ...models.my_game_over_event import MyGameOverEvent
from ...models.my_games_event import MyGamesEvent
from ...models.my_rematch_event import MyRematchEvent
from ...models.my_rematch_offered_event import MyRematchOfferedEvent
from ...models.problem import Problem
from ...models.your_turn_event import YourTurnEvent
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/me/events",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ChallengeEvent
    | GameStartedEvent
    | GameStartEvent
    | MyGameOverEvent
    | MyGamesEvent
    | MyRematchEvent
    | MyRematchOfferedEvent
    | YourTurnEvent
    | Problem
    | None
):
    if response.status_code == 200:
        return None  # an event stream: read it event by event with follow()
    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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
    ChallengeEvent
    | GameStartedEvent
    | GameStartEvent
    | MyGameOverEvent
    | MyGamesEvent
    | MyRematchEvent
    | MyRematchOfferedEvent
    | YourTurnEvent
    | Problem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[
    ChallengeEvent
    | GameStartedEvent
    | GameStartEvent
    | MyGameOverEvent
    | MyGamesEvent
    | MyRematchEvent
    | MyRematchOfferedEvent
    | YourTurnEvent
    | Problem
]:
    """Follow my games live

     `text/event-stream`, with the player's key as `Authorization: Bearer`. First `games` (data: the
    games not finished, as `list_my_games` orders them), then one event per thing the player should hear
    of, across all their games: `game_start` ({game_id, color, version, token}: a seek was paired),
    `game_started` ({game_id, color, version}), `your_turn` ({game_id, version, deadline}), `game_over`
    ({game_id, winner, end_reason, rating_diff}), `rematch_offered` ({game_id, by}) and `rematch`
    ({game_id, next_game_id}); and the notices of the wings installed (each its own event, below), those
    that stand until answered sent again after `games` on every stream opened afresh. Each `id:` is a
    position in the player's stream (`games` carries the position it is as of). A connection that
    resumes with `Last-Event-ID` gets every event after it, none twice and none missing, whichever
    process or node serves it, and no `games` first; only a position the stream no longer keeps starts
    afresh with `games`. A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE`
    seconds. The stream does not end by itself.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeEvent | GameStartedEvent | GameStartEvent | MyGameOverEvent | MyGamesEvent | MyRematchEvent | MyRematchOfferedEvent | YourTurnEvent | Problem]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> (
    ChallengeEvent
    | GameStartedEvent
    | GameStartEvent
    | MyGameOverEvent
    | MyGamesEvent
    | MyRematchEvent
    | MyRematchOfferedEvent
    | YourTurnEvent
    | Problem
    | None
):
    """Follow my games live

     `text/event-stream`, with the player's key as `Authorization: Bearer`. First `games` (data: the
    games not finished, as `list_my_games` orders them), then one event per thing the player should hear
    of, across all their games: `game_start` ({game_id, color, version, token}: a seek was paired),
    `game_started` ({game_id, color, version}), `your_turn` ({game_id, version, deadline}), `game_over`
    ({game_id, winner, end_reason, rating_diff}), `rematch_offered` ({game_id, by}) and `rematch`
    ({game_id, next_game_id}); and the notices of the wings installed (each its own event, below), those
    that stand until answered sent again after `games` on every stream opened afresh. Each `id:` is a
    position in the player's stream (`games` carries the position it is as of). A connection that
    resumes with `Last-Event-ID` gets every event after it, none twice and none missing, whichever
    process or node serves it, and no `games` first; only a position the stream no longer keeps starts
    afresh with `games`. A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE`
    seconds. The stream does not end by itself.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeEvent | GameStartedEvent | GameStartEvent | MyGameOverEvent | MyGamesEvent | MyRematchEvent | MyRematchOfferedEvent | YourTurnEvent | Problem
    """

    return sync_detailed(
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[
    ChallengeEvent
    | GameStartedEvent
    | GameStartEvent
    | MyGameOverEvent
    | MyGamesEvent
    | MyRematchEvent
    | MyRematchOfferedEvent
    | YourTurnEvent
    | Problem
]:
    """Follow my games live

     `text/event-stream`, with the player's key as `Authorization: Bearer`. First `games` (data: the
    games not finished, as `list_my_games` orders them), then one event per thing the player should hear
    of, across all their games: `game_start` ({game_id, color, version, token}: a seek was paired),
    `game_started` ({game_id, color, version}), `your_turn` ({game_id, version, deadline}), `game_over`
    ({game_id, winner, end_reason, rating_diff}), `rematch_offered` ({game_id, by}) and `rematch`
    ({game_id, next_game_id}); and the notices of the wings installed (each its own event, below), those
    that stand until answered sent again after `games` on every stream opened afresh. Each `id:` is a
    position in the player's stream (`games` carries the position it is as of). A connection that
    resumes with `Last-Event-ID` gets every event after it, none twice and none missing, whichever
    process or node serves it, and no `games` first; only a position the stream no longer keeps starts
    afresh with `games`. A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE`
    seconds. The stream does not end by itself.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChallengeEvent | GameStartedEvent | GameStartEvent | MyGameOverEvent | MyGamesEvent | MyRematchEvent | MyRematchOfferedEvent | YourTurnEvent | Problem]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> (
    ChallengeEvent
    | GameStartedEvent
    | GameStartEvent
    | MyGameOverEvent
    | MyGamesEvent
    | MyRematchEvent
    | MyRematchOfferedEvent
    | YourTurnEvent
    | Problem
    | None
):
    """Follow my games live

     `text/event-stream`, with the player's key as `Authorization: Bearer`. First `games` (data: the
    games not finished, as `list_my_games` orders them), then one event per thing the player should hear
    of, across all their games: `game_start` ({game_id, color, version, token}: a seek was paired),
    `game_started` ({game_id, color, version}), `your_turn` ({game_id, version, deadline}), `game_over`
    ({game_id, winner, end_reason, rating_diff}), `rematch_offered` ({game_id, by}) and `rematch`
    ({game_id, next_game_id}); and the notices of the wings installed (each its own event, below), those
    that stand until answered sent again after `games` on every stream opened afresh. Each `id:` is a
    position in the player's stream (`games` carries the position it is as of). A connection that
    resumes with `Last-Event-ID` gets every event after it, none twice and none missing, whichever
    process or node serves it, and no `games` first; only a position the stream no longer keeps starts
    afresh with `games`. A comment line keeps the connection alive every `BUTTONUP_EVENTS_KEEPALIVE`
    seconds. The stream does not end by itself.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChallengeEvent | GameStartedEvent | GameStartEvent | MyGameOverEvent | MyGamesEvent | MyRematchEvent | MyRematchOfferedEvent | YourTurnEvent | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed


def _parse_event(
    event: dict[str, str],
) -> (
    ChallengeEvent
    | GameStartedEvent
    | GameStartEvent
    | MyGameOverEvent
    | MyGamesEvent
    | MyRematchEvent
    | MyRematchOfferedEvent
    | YourTurnEvent
):
    def _parse_response_200(
        data: object,
    ) -> (
        ChallengeEvent
        | GameStartedEvent
        | GameStartEvent
        | MyGameOverEvent
        | MyGamesEvent
        | MyRematchEvent
        | MyRematchOfferedEvent
        | YourTurnEvent
    ):
        try:
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_player_event_type_0 = MyGamesEvent.from_dict(data)

            return componentsschemas_player_event_type_0
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_player_event_type_1 = GameStartEvent.from_dict(data)

            return componentsschemas_player_event_type_1
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_player_event_type_2 = GameStartedEvent.from_dict(data)

            return componentsschemas_player_event_type_2
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_player_event_type_3 = YourTurnEvent.from_dict(data)

            return componentsschemas_player_event_type_3
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_player_event_type_4 = MyGameOverEvent.from_dict(data)

            return componentsschemas_player_event_type_4
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_player_event_type_5 = MyRematchOfferedEvent.from_dict(data)

            return componentsschemas_player_event_type_5
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        try:
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_player_event_type_6 = MyRematchEvent.from_dict(data)

            return componentsschemas_player_event_type_6
        except (TypeError, ValueError, AttributeError, KeyError):
            pass
        if not isinstance(data, dict):
            raise TypeError()
        componentsschemas_player_event_type_7 = ChallengeEvent.from_dict(data)

        return componentsschemas_player_event_type_7

    response_200 = _parse_response_200(event)

    return response_200


def follow(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    idle_timeout: float = 25.0,
    reconnect_attempts: int = 5,
) -> Iterator[
    ChallengeEvent
    | GameStartedEvent
    | GameStartEvent
    | MyGameOverEvent
    | MyGamesEvent
    | MyRematchEvent
    | MyRematchOfferedEvent
    | YourTurnEvent
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
