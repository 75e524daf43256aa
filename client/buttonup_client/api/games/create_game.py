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


from ...models.create_game import CreateGame
from ...models.game import Game
from ...models.problem import Problem
from ...types import Unset


def _get_kwargs(
    *,
    body: CreateGame | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Game | Problem | None:
    if response.status_code == 201:
        response_201 = Game.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Game | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGame | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Game | Problem]:
    """Create a game

     Deals the first round and opens both seats. With an `Idempotency-Key`, a retry with the same body
    returns the first answer and creates nothing more; the key is the player's own when a player key is
    sent as `Authorization: Bearer`, global otherwise (use random keys: a UUID). A rated game with a bot
    seat is 409 `rated_needs_players`. A game from a `position` the fair-play gate keeps (a protected
    game in play stands there, or a running par tournament keeps it, in any of its 18 forms), or asked
    for by a player seated in a protected game in play, is 403 `position_in_play`; a perfect bot asks
    the gate before each move and, where it refuses, plays the greedy bot's move.

    Args:
        idempotency_key (str | Unset):
        body (CreateGame | Unset): Options of a new game; every field is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
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
    body: CreateGame | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Game | Problem | None:
    """Create a game

     Deals the first round and opens both seats. With an `Idempotency-Key`, a retry with the same body
    returns the first answer and creates nothing more; the key is the player's own when a player key is
    sent as `Authorization: Bearer`, global otherwise (use random keys: a UUID). A rated game with a bot
    seat is 409 `rated_needs_players`. A game from a `position` the fair-play gate keeps (a protected
    game in play stands there, or a running par tournament keeps it, in any of its 18 forms), or asked
    for by a player seated in a protected game in play, is 403 `position_in_play`; a perfect bot asks
    the gate before each move and, where it refuses, plays the greedy bot's move.

    Args:
        idempotency_key (str | Unset):
        body (CreateGame | Unset): Options of a new game; every field is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateGame | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Game | Problem]:
    """Create a game

     Deals the first round and opens both seats. With an `Idempotency-Key`, a retry with the same body
    returns the first answer and creates nothing more; the key is the player's own when a player key is
    sent as `Authorization: Bearer`, global otherwise (use random keys: a UUID). A rated game with a bot
    seat is 409 `rated_needs_players`. A game from a `position` the fair-play gate keeps (a protected
    game in play stands there, or a running par tournament keeps it, in any of its 18 forms), or asked
    for by a player seated in a protected game in play, is 403 `position_in_play`; a perfect bot asks
    the gate before each move and, where it refuses, plays the greedy bot's move.

    Args:
        idempotency_key (str | Unset):
        body (CreateGame | Unset): Options of a new game; every field is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
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
    body: CreateGame | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Game | Problem | None:
    """Create a game

     Deals the first round and opens both seats. With an `Idempotency-Key`, a retry with the same body
    returns the first answer and creates nothing more; the key is the player's own when a player key is
    sent as `Authorization: Bearer`, global otherwise (use random keys: a UUID). A rated game with a bot
    seat is 409 `rated_needs_players`. A game from a `position` the fair-play gate keeps (a protected
    game in play stands there, or a running par tournament keeps it, in any of its 18 forms), or asked
    for by a player seated in a protected game in play, is 403 `position_in_play`; a perfect bot asks
    the gate before each move and, where it refuses, plays the greedy bot's move.

    Args:
        idempotency_key (str | Unset):
        body (CreateGame | Unset): Options of a new game; every field is optional.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
