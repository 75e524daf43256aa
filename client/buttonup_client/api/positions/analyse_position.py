from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.position_analysis import PositionAnalysis
from ...models.position_analysis_request import PositionAnalysisRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: PositionAnalysisRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/analysis",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PositionAnalysis | Problem | None:
    if response.status_code == 200:
        response_200 = PositionAnalysis.from_dict(response.json())

        return response_200

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PositionAnalysis | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PositionAnalysisRequest,
) -> Response[PositionAnalysis | Problem]:
    """Analyse a position

     Exact perfect play from any position (docs/notation.md), without a game: each legal move's final
    margin for the round and the best moves, as a game's analysis answers them (no review). A position
    that does not read, or that no play reaches, is 422 `validation_error` with the reason. The fair-
    play gate refuses (403 `position_in_play`) the position a protected game in play (rated, without
    hints, or a tournament's) stands at, or a running par tournament keeps, in any of its 18 forms (the
    circle turned, the colours swapped: docs/notation.md), until that game moves on or ends; and any
    position asked for by a player (key or seat token) seated in a protected game in play. Answers are
    the same every time and are kept: asking again costs nothing.

    Args:
        body (PositionAnalysisRequest): The position to analyse.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PositionAnalysis | Problem]
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
    body: PositionAnalysisRequest,
) -> PositionAnalysis | Problem | None:
    """Analyse a position

     Exact perfect play from any position (docs/notation.md), without a game: each legal move's final
    margin for the round and the best moves, as a game's analysis answers them (no review). A position
    that does not read, or that no play reaches, is 422 `validation_error` with the reason. The fair-
    play gate refuses (403 `position_in_play`) the position a protected game in play (rated, without
    hints, or a tournament's) stands at, or a running par tournament keeps, in any of its 18 forms (the
    circle turned, the colours swapped: docs/notation.md), until that game moves on or ends; and any
    position asked for by a player (key or seat token) seated in a protected game in play. Answers are
    the same every time and are kept: asking again costs nothing.

    Args:
        body (PositionAnalysisRequest): The position to analyse.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PositionAnalysis | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PositionAnalysisRequest,
) -> Response[PositionAnalysis | Problem]:
    """Analyse a position

     Exact perfect play from any position (docs/notation.md), without a game: each legal move's final
    margin for the round and the best moves, as a game's analysis answers them (no review). A position
    that does not read, or that no play reaches, is 422 `validation_error` with the reason. The fair-
    play gate refuses (403 `position_in_play`) the position a protected game in play (rated, without
    hints, or a tournament's) stands at, or a running par tournament keeps, in any of its 18 forms (the
    circle turned, the colours swapped: docs/notation.md), until that game moves on or ends; and any
    position asked for by a player (key or seat token) seated in a protected game in play. Answers are
    the same every time and are kept: asking again costs nothing.

    Args:
        body (PositionAnalysisRequest): The position to analyse.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PositionAnalysis | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PositionAnalysisRequest,
) -> PositionAnalysis | Problem | None:
    """Analyse a position

     Exact perfect play from any position (docs/notation.md), without a game: each legal move's final
    margin for the round and the best moves, as a game's analysis answers them (no review). A position
    that does not read, or that no play reaches, is 422 `validation_error` with the reason. The fair-
    play gate refuses (403 `position_in_play`) the position a protected game in play (rated, without
    hints, or a tournament's) stands at, or a running par tournament keeps, in any of its 18 forms (the
    circle turned, the colours swapped: docs/notation.md), until that game moves on or ends; and any
    position asked for by a player (key or seat token) seated in a protected game in play. Answers are
    the same every time and are kept: asking again costs nothing.

    Args:
        body (PositionAnalysisRequest): The position to analyse.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PositionAnalysis | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
