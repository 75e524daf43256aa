from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.puzzle import Puzzle
from ...types import Response


def _get_kwargs(
    puzzle_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/puzzles/{puzzle_id}".format(
            puzzle_id=quote(str(puzzle_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Puzzle | None:
    if response.status_code == 200:
        response_200 = Puzzle.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Puzzle]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    puzzle_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Puzzle]:
    """A puzzle

     The puzzle, without its solution. A puzzle one of whose line's positions (in any form) a protected
    game stands at, or a par tournament keeps, is 403 `position_in_play`, as is anything asked by a
    player seated in a protected game.

    Args:
        puzzle_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Puzzle]
    """

    kwargs = _get_kwargs(
        puzzle_id=puzzle_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    puzzle_id: str,
    *,
    client: AuthenticatedClient,
) -> Problem | Puzzle | None:
    """A puzzle

     The puzzle, without its solution. A puzzle one of whose line's positions (in any form) a protected
    game stands at, or a par tournament keeps, is 403 `position_in_play`, as is anything asked by a
    player seated in a protected game.

    Args:
        puzzle_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Puzzle
    """

    return sync_detailed(
        puzzle_id=puzzle_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    puzzle_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Puzzle]:
    """A puzzle

     The puzzle, without its solution. A puzzle one of whose line's positions (in any form) a protected
    game stands at, or a par tournament keeps, is 403 `position_in_play`, as is anything asked by a
    player seated in a protected game.

    Args:
        puzzle_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Puzzle]
    """

    kwargs = _get_kwargs(
        puzzle_id=puzzle_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    puzzle_id: str,
    *,
    client: AuthenticatedClient,
) -> Problem | Puzzle | None:
    """A puzzle

     The puzzle, without its solution. A puzzle one of whose line's positions (in any form) a protected
    game stands at, or a par tournament keeps, is 403 `position_in_play`, as is anything asked by a
    player seated in a protected game.

    Args:
        puzzle_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Puzzle
    """

    return (
        await asyncio_detailed(
            puzzle_id=puzzle_id,
            client=client,
        )
    ).parsed
