from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.streak import Streak
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/puzzles/streak",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Streak | None:
    if response.status_code == 201:
        response_201 = Streak.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())

        return response_414

    if response.status_code == 421:
        response_421 = Problem.from_dict(response.json())

        return response_421

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Streak]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Streak]:
    """Start a puzzle streak

     A new streak (the running one ends; `best` is kept), with its first puzzle. Send each attempt at its
    puzzle with `streak`: once in, a solved one moves it on to the next, harder puzzle; a missed one
    ends it. A streak's attempt at another puzzle, or after it ended, is 409 `streak_mismatch`. A puzzle
    one of whose line's positions (in any form) a protected game stands at, or a par tournament keeps,
    is 403 `position_in_play`, as is anything asked by a player seated in a protected game.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Streak]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> Problem | Streak | None:
    """Start a puzzle streak

     A new streak (the running one ends; `best` is kept), with its first puzzle. Send each attempt at its
    puzzle with `streak`: once in, a solved one moves it on to the next, harder puzzle; a missed one
    ends it. A streak's attempt at another puzzle, or after it ended, is 409 `streak_mismatch`. A puzzle
    one of whose line's positions (in any form) a protected game stands at, or a par tournament keeps,
    is 403 `position_in_play`, as is anything asked by a player seated in a protected game.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Streak
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Streak]:
    """Start a puzzle streak

     A new streak (the running one ends; `best` is kept), with its first puzzle. Send each attempt at its
    puzzle with `streak`: once in, a solved one moves it on to the next, harder puzzle; a missed one
    ends it. A streak's attempt at another puzzle, or after it ended, is 409 `streak_mismatch`. A puzzle
    one of whose line's positions (in any form) a protected game stands at, or a par tournament keeps,
    is 403 `position_in_play`, as is anything asked by a player seated in a protected game.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Streak]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> Problem | Streak | None:
    """Start a puzzle streak

     A new streak (the running one ends; `best` is kept), with its first puzzle. Send each attempt at its
    puzzle with `streak`: once in, a solved one moves it on to the next, harder puzzle; a missed one
    ends it. A streak's attempt at another puzzle, or after it ended, is 409 `streak_mismatch`. A puzzle
    one of whose line's positions (in any form) a protected game stands at, or a par tournament keeps,
    is 403 `position_in_play`, as is anything asked by a player seated in a protected game.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Streak
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
