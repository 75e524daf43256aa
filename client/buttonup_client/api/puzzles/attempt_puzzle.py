from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.attempt import Attempt
from ...models.attempt_request import AttemptRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    puzzle_id: str,
    *,
    body: AttemptRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/puzzles/{puzzle_id}/attempts".format(
            puzzle_id=quote(str(puzzle_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Attempt | Problem | None:
    if response.status_code == 200:
        response_200 = Attempt.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Attempt | Problem]:
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
    body: AttemptRequest,
) -> Response[Attempt | Problem]:
    """Try a puzzle

     Send the moves found so far (yours only, in order). While each is right and some are still to find,
    the answer gives the service's `replies` and keeps nothing; once every move is found (`solved`) or
    one is wrong (`first_wrong`), the attempt is in and shows the `solution`. A player's first attempt
    at a puzzle rates them and it (Glicko-2, puzzle ratings apart from game ratings): `rating_diff`;
    later ones change nothing. With `streak` (your running streak's id, its puzzle), it rates nothing
    and, once in, answers the `streak` after it. A puzzle one of whose line's positions (in any form) a
    protected game stands at, or a par tournament keeps, is 403 `position_in_play`, as is anything asked
    by a player seated in a protected game.

    Args:
        puzzle_id (str):
        body (AttemptRequest): The solver's moves so far, in order (the replies are not sent).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Attempt | Problem]
    """

    kwargs = _get_kwargs(
        puzzle_id=puzzle_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    puzzle_id: str,
    *,
    client: AuthenticatedClient,
    body: AttemptRequest,
) -> Attempt | Problem | None:
    """Try a puzzle

     Send the moves found so far (yours only, in order). While each is right and some are still to find,
    the answer gives the service's `replies` and keeps nothing; once every move is found (`solved`) or
    one is wrong (`first_wrong`), the attempt is in and shows the `solution`. A player's first attempt
    at a puzzle rates them and it (Glicko-2, puzzle ratings apart from game ratings): `rating_diff`;
    later ones change nothing. With `streak` (your running streak's id, its puzzle), it rates nothing
    and, once in, answers the `streak` after it. A puzzle one of whose line's positions (in any form) a
    protected game stands at, or a par tournament keeps, is 403 `position_in_play`, as is anything asked
    by a player seated in a protected game.

    Args:
        puzzle_id (str):
        body (AttemptRequest): The solver's moves so far, in order (the replies are not sent).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Attempt | Problem
    """

    return sync_detailed(
        puzzle_id=puzzle_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    puzzle_id: str,
    *,
    client: AuthenticatedClient,
    body: AttemptRequest,
) -> Response[Attempt | Problem]:
    """Try a puzzle

     Send the moves found so far (yours only, in order). While each is right and some are still to find,
    the answer gives the service's `replies` and keeps nothing; once every move is found (`solved`) or
    one is wrong (`first_wrong`), the attempt is in and shows the `solution`. A player's first attempt
    at a puzzle rates them and it (Glicko-2, puzzle ratings apart from game ratings): `rating_diff`;
    later ones change nothing. With `streak` (your running streak's id, its puzzle), it rates nothing
    and, once in, answers the `streak` after it. A puzzle one of whose line's positions (in any form) a
    protected game stands at, or a par tournament keeps, is 403 `position_in_play`, as is anything asked
    by a player seated in a protected game.

    Args:
        puzzle_id (str):
        body (AttemptRequest): The solver's moves so far, in order (the replies are not sent).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Attempt | Problem]
    """

    kwargs = _get_kwargs(
        puzzle_id=puzzle_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    puzzle_id: str,
    *,
    client: AuthenticatedClient,
    body: AttemptRequest,
) -> Attempt | Problem | None:
    """Try a puzzle

     Send the moves found so far (yours only, in order). While each is right and some are still to find,
    the answer gives the service's `replies` and keeps nothing; once every move is found (`solved`) or
    one is wrong (`first_wrong`), the attempt is in and shows the `solution`. A player's first attempt
    at a puzzle rates them and it (Glicko-2, puzzle ratings apart from game ratings): `rating_diff`;
    later ones change nothing. With `streak` (your running streak's id, its puzzle), it rates nothing
    and, once in, answers the `streak` after it. A puzzle one of whose line's positions (in any form) a
    protected game stands at, or a par tournament keeps, is 403 `position_in_play`, as is anything asked
    by a player seated in a protected game.

    Args:
        puzzle_id (str):
        body (AttemptRequest): The solver's moves so far, in order (the replies are not sent).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Attempt | Problem
    """

    return (
        await asyncio_detailed(
            puzzle_id=puzzle_id,
            client=client,
            body=body,
        )
    ).parsed
