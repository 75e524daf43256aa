from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game import Game
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/import",
    }

    _kwargs["content"] = body.encode("utf-8")
    headers["Content-Type"] = "text/plain"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Game | Problem | None:
    if response.status_code == 201:
        response_201 = Game.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
    body: str,
) -> Response[Game | Problem]:
    """Import a game

     Makes a private, finished game of a record (`text/plain`, docs/notation.md) for review: its moves,
    events, analysis and record as any game's; nobody holds its seats. The record is read strictly and
    every move is played: the first thing wrong is 422 `invalid_record` with its `line`, `column` and
    `reason`. Only a game that is over is imported (its `Result` is not `*`). A body over the size limit
    is 413. A record that passes through a position the fair-play gate keeps (a protected game in play
    stands there, or a running par tournament keeps it, in any of its forms), or sent by a player seated
    in a protected game in play, is 403 `position_in_play`.

    Args:
        body (str): A game record (docs/notation.md)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: str,
) -> Game | Problem | None:
    """Import a game

     Makes a private, finished game of a record (`text/plain`, docs/notation.md) for review: its moves,
    events, analysis and record as any game's; nobody holds its seats. The record is read strictly and
    every move is played: the first thing wrong is 422 `invalid_record` with its `line`, `column` and
    `reason`. Only a game that is over is imported (its `Result` is not `*`). A body over the size limit
    is 413. A record that passes through a position the fair-play gate keeps (a protected game in play
    stands there, or a running par tournament keeps it, in any of its forms), or sent by a player seated
    in a protected game in play, is 403 `position_in_play`.

    Args:
        body (str): A game record (docs/notation.md)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: str,
) -> Response[Game | Problem]:
    """Import a game

     Makes a private, finished game of a record (`text/plain`, docs/notation.md) for review: its moves,
    events, analysis and record as any game's; nobody holds its seats. The record is read strictly and
    every move is played: the first thing wrong is 422 `invalid_record` with its `line`, `column` and
    `reason`. Only a game that is over is imported (its `Result` is not `*`). A body over the size limit
    is 413. A record that passes through a position the fair-play gate keeps (a protected game in play
    stands there, or a running par tournament keeps it, in any of its forms), or sent by a player seated
    in a protected game in play, is 403 `position_in_play`.

    Args:
        body (str): A game record (docs/notation.md)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: str,
) -> Game | Problem | None:
    """Import a game

     Makes a private, finished game of a record (`text/plain`, docs/notation.md) for review: its moves,
    events, analysis and record as any game's; nobody holds its seats. The record is read strictly and
    every move is played: the first thing wrong is 422 `invalid_record` with its `line`, `column` and
    `reason`. Only a game that is over is imported (its `Result` is not `*`). A body over the size limit
    is 413. A record that passes through a position the fair-play gate keeps (a protected game in play
    stands there, or a running par tournament keeps it, in any of its forms), or sent by a player seated
    in a protected game in play, is 403 `position_in_play`.

    Args:
        body (str): A game record (docs/notation.md)

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
        )
    ).parsed
