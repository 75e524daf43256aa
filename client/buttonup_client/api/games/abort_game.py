import asyncio as _asyncio
import time
import uuid
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

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


from ...models.empty_request import EmptyRequest
from ...models.game import Game
from ...models.problem import Problem
from ...types import Unset


def _get_kwargs(
    game_id: str,
    *,
    body: EmptyRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/abort".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Game | Problem | None:
    if response.status_code == 200:
        response_200 = Game.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Game | Problem]:
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
    body: EmptyRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Game | Problem]:
    """Abort

     Either seat calls the game off before its first move: it is `finished` with `end_reason: aborted`,
    no winner and no score changed. After the first move, 409 `abort_not_allowed`. `Idempotency-Key`
    makes retries safe.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (EmptyRequest | Unset): No fields: send no body, or `{}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    if isinstance(idempotency_key, Unset):
        idempotency_key = str(uuid.uuid4())
    kwargs = _get_kwargs(
        game_id=game_id,
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
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: EmptyRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Game | Problem | None:
    """Abort

     Either seat calls the game off before its first move: it is `finished` with `end_reason: aborted`,
    no winner and no score changed. After the first move, 409 `abort_not_allowed`. `Idempotency-Key`
    makes retries safe.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (EmptyRequest | Unset): No fields: send no body, or `{}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: EmptyRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Game | Problem]:
    """Abort

     Either seat calls the game off before its first move: it is `finished` with `end_reason: aborted`,
    no winner and no score changed. After the first move, 409 `abort_not_allowed`. `Idempotency-Key`
    makes retries safe.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (EmptyRequest | Unset): No fields: send no body, or `{}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    if isinstance(idempotency_key, Unset):
        idempotency_key = str(uuid.uuid4())
    kwargs = _get_kwargs(
        game_id=game_id,
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
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: EmptyRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Game | Problem | None:
    """Abort

     Either seat calls the game off before its first move: it is `finished` with `end_reason: aborted`,
    no winner and no score changed. After the first move, 409 `abort_not_allowed`. `Idempotency-Key`
    makes retries safe.

    Args:
        game_id (str):
        idempotency_key (str | Unset):
        body (EmptyRequest | Unset): No fields: send no body, or `{}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
