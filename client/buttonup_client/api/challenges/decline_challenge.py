from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge import Challenge
from ...models.decline_request import DeclineRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    challenge_id: str,
    *,
    body: DeclineRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/challenges/{challenge_id}/decline".format(
            challenge_id=quote(str(challenge_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Problem | None:
    if response.status_code == 200:
        response_200 = Challenge.from_dict(response.json())

        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Challenge | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
    body: DeclineRequest,
) -> Response[Challenge | Problem]:
    """Decline a challenge

     Say no, with a `reason` from the list: `generic`, `later`, `too_fast`, `too_slow`, `timecontrol`,
    `rated`, `casual`, `position`, `no_bot`, `only_bot`. Its maker hears it. Only the player it asks
    declines it (403 `not_your_challenge`).

    Args:
        challenge_id (str):
        body (DeclineRequest): Why the challenge is declined.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
    """

    kwargs = _get_kwargs(
        challenge_id=challenge_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
    body: DeclineRequest,
) -> Challenge | Problem | None:
    """Decline a challenge

     Say no, with a `reason` from the list: `generic`, `later`, `too_fast`, `too_slow`, `timecontrol`,
    `rated`, `casual`, `position`, `no_bot`, `only_bot`. Its maker hears it. Only the player it asks
    declines it (403 `not_your_challenge`).

    Args:
        challenge_id (str):
        body (DeclineRequest): Why the challenge is declined.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return sync_detailed(
        challenge_id=challenge_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
    body: DeclineRequest,
) -> Response[Challenge | Problem]:
    """Decline a challenge

     Say no, with a `reason` from the list: `generic`, `later`, `too_fast`, `too_slow`, `timecontrol`,
    `rated`, `casual`, `position`, `no_bot`, `only_bot`. Its maker hears it. Only the player it asks
    declines it (403 `not_your_challenge`).

    Args:
        challenge_id (str):
        body (DeclineRequest): Why the challenge is declined.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
    """

    kwargs = _get_kwargs(
        challenge_id=challenge_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
    body: DeclineRequest,
) -> Challenge | Problem | None:
    """Decline a challenge

     Say no, with a `reason` from the list: `generic`, `later`, `too_fast`, `too_slow`, `timecontrol`,
    `rated`, `casual`, `position`, `no_bot`, `only_bot`. Its maker hears it. Only the player it asks
    declines it (403 `not_your_challenge`).

    Args:
        challenge_id (str):
        body (DeclineRequest): Why the challenge is declined.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return (
        await asyncio_detailed(
            challenge_id=challenge_id,
            client=client,
            body=body,
        )
    ).parsed
