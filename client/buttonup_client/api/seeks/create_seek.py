import asyncio as _asyncio
import time
import uuid
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...types import UNSET, Response

# A write is tried this many times: again after a transport error or a 503
# (`storage_unavailable`: nothing was changed; `outcome_unknown`: the same key
# tells), waiting as Retry-After says.
ATTEMPTS = 3


def _wait_before_retry(response: httpx.Response | None) -> float:
    if response is None:
        return 0.5
    try:
        return min(float(response.headers.get("Retry-After", "1")), 5.0)
    except ValueError:
        return 1.0


def _should_retry(response: httpx.Response) -> bool:
    return response.status_code == 503


from ...models.problem import Problem
from ...models.seek_placed import SeekPlaced
from ...models.seek_request import SeekRequest
from ...types import Unset


def _get_kwargs(
    *,
    body: SeekRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/seeks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SeekPlaced | None:
    if response.status_code == 201:
        response_201 = SeekPlaced.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
) -> Response[Problem | SeekPlaced]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SeekRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | SeekPlaced]:
    """Play anyone now

     Seek a game with this clock, rated or not, against anyone whose seek suits it (the same clock and
    `rated`, each rating within the other's `rating_range`, colours that do not clash). If one is
    waiting, the two are paired at once into a new private game with both seats taken for their players:
    each hears `game_start` on their own stream (`stream_my_events`), with their seat's token. Otherwise
    the seek waits, for as long as the player's stream stays open and read (nobody is paired with it
    once the stream closes), so open the stream first (409 `stream_required`). A player has one seek per
    rating category: a second replaces the first; once paired, all their seeks are gone. A rated seek by
    a player who holds as many rated games in play of its kind as one may is 409
    `rated_game_in_progress`. With an `Idempotency-Key` (the player's own), a retry gets the first
    answer (the game that request paired the seek into, or null) and places nothing again. A bot account
    plays challenges, not seeks: 403 `bots_not_allowed`. `answers` names one waiting seek to pair with
    (a lobby's tap): 404 `seek_not_found` when it is gone or does not suit, nothing placed.

    Args:
        idempotency_key (str | Unset):
        body (SeekRequest): A game against anyone now: the time control, rated or not, and what
            opponent and colour it takes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeekPlaced]
    """

    if isinstance(idempotency_key, Unset):
        idempotency_key = str(uuid.uuid4())
    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    for attempt in range(ATTEMPTS):
        last = attempt == ATTEMPTS - 1
        try:
            response = client.get_httpx_client().request(
                **kwargs,
            )
        except httpx.TransportError:
            if last:
                raise
            time.sleep(_wait_before_retry(None))
            continue
        if last or not _should_retry(response):
            break
        time.sleep(_wait_before_retry(response))

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: SeekRequest,
    idempotency_key: str | Unset = UNSET,
) -> Problem | SeekPlaced | None:
    """Play anyone now

     Seek a game with this clock, rated or not, against anyone whose seek suits it (the same clock and
    `rated`, each rating within the other's `rating_range`, colours that do not clash). If one is
    waiting, the two are paired at once into a new private game with both seats taken for their players:
    each hears `game_start` on their own stream (`stream_my_events`), with their seat's token. Otherwise
    the seek waits, for as long as the player's stream stays open and read (nobody is paired with it
    once the stream closes), so open the stream first (409 `stream_required`). A player has one seek per
    rating category: a second replaces the first; once paired, all their seeks are gone. A rated seek by
    a player who holds as many rated games in play of its kind as one may is 409
    `rated_game_in_progress`. With an `Idempotency-Key` (the player's own), a retry gets the first
    answer (the game that request paired the seek into, or null) and places nothing again. A bot account
    plays challenges, not seeks: 403 `bots_not_allowed`. `answers` names one waiting seek to pair with
    (a lobby's tap): 404 `seek_not_found` when it is gone or does not suit, nothing placed.

    Args:
        idempotency_key (str | Unset):
        body (SeekRequest): A game against anyone now: the time control, rated or not, and what
            opponent and colour it takes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeekPlaced
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SeekRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | SeekPlaced]:
    """Play anyone now

     Seek a game with this clock, rated or not, against anyone whose seek suits it (the same clock and
    `rated`, each rating within the other's `rating_range`, colours that do not clash). If one is
    waiting, the two are paired at once into a new private game with both seats taken for their players:
    each hears `game_start` on their own stream (`stream_my_events`), with their seat's token. Otherwise
    the seek waits, for as long as the player's stream stays open and read (nobody is paired with it
    once the stream closes), so open the stream first (409 `stream_required`). A player has one seek per
    rating category: a second replaces the first; once paired, all their seeks are gone. A rated seek by
    a player who holds as many rated games in play of its kind as one may is 409
    `rated_game_in_progress`. With an `Idempotency-Key` (the player's own), a retry gets the first
    answer (the game that request paired the seek into, or null) and places nothing again. A bot account
    plays challenges, not seeks: 403 `bots_not_allowed`. `answers` names one waiting seek to pair with
    (a lobby's tap): 404 `seek_not_found` when it is gone or does not suit, nothing placed.

    Args:
        idempotency_key (str | Unset):
        body (SeekRequest): A game against anyone now: the time control, rated or not, and what
            opponent and colour it takes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeekPlaced]
    """

    if isinstance(idempotency_key, Unset):
        idempotency_key = str(uuid.uuid4())
    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    for attempt in range(ATTEMPTS):
        last = attempt == ATTEMPTS - 1
        try:
            response = await client.get_async_httpx_client().request(**kwargs)
        except httpx.TransportError:
            if last:
                raise
            await _asyncio.sleep(_wait_before_retry(None))
            continue
        if last or not _should_retry(response):
            break
        await _asyncio.sleep(_wait_before_retry(response))

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SeekRequest,
    idempotency_key: str | Unset = UNSET,
) -> Problem | SeekPlaced | None:
    """Play anyone now

     Seek a game with this clock, rated or not, against anyone whose seek suits it (the same clock and
    `rated`, each rating within the other's `rating_range`, colours that do not clash). If one is
    waiting, the two are paired at once into a new private game with both seats taken for their players:
    each hears `game_start` on their own stream (`stream_my_events`), with their seat's token. Otherwise
    the seek waits, for as long as the player's stream stays open and read (nobody is paired with it
    once the stream closes), so open the stream first (409 `stream_required`). A player has one seek per
    rating category: a second replaces the first; once paired, all their seeks are gone. A rated seek by
    a player who holds as many rated games in play of its kind as one may is 409
    `rated_game_in_progress`. With an `Idempotency-Key` (the player's own), a retry gets the first
    answer (the game that request paired the seek into, or null) and places nothing again. A bot account
    plays challenges, not seeks: 403 `bots_not_allowed`. `answers` names one waiting seek to pair with
    (a lobby's tap): 404 `seek_not_found` when it is gone or does not suit, nothing placed.

    Args:
        idempotency_key (str | Unset):
        body (SeekRequest): A game against anyone now: the time control, rated or not, and what
            opponent and colour it takes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeekPlaced
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
