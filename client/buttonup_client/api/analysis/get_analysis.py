from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.analysis import Analysis
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/analysis".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Analysis | Problem | None:
    if response.status_code == 200:
        response_200 = Analysis.from_dict(response.json())

        return response_200

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Analysis | Problem]:
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
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> Response[Analysis | Problem]:
    """Analyse a game

     Exact perfect play for the round in play (or the last round once the game is finished): each legal
    move's final margin and the best moves. `review` goes over the finished rounds, 20 at most per
    request: the value of each deal and, for each move played, what it gave up against the best move;
    `review_next`, when more follow, is the `after` that asks for the next page. Anyone with the id may
    read it. The fair-play gate is asked about the round in place and every reviewed move's position:
    the round in place at a position a protected game in play stands at or a running par tournament
    keeps, in any of its 18 forms, or any game asked for by a player (key or seat token) seated in a
    protected game in play, is 403 `position_in_play`; a finished round with such a position is left out
    of `review` alone and its number listed in `review_withheld`.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0. Example: 0.
        limit (int | Unset):  Default: 20. Example: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Analysis | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> Analysis | Problem | None:
    """Analyse a game

     Exact perfect play for the round in play (or the last round once the game is finished): each legal
    move's final margin and the best moves. `review` goes over the finished rounds, 20 at most per
    request: the value of each deal and, for each move played, what it gave up against the best move;
    `review_next`, when more follow, is the `after` that asks for the next page. Anyone with the id may
    read it. The fair-play gate is asked about the round in place and every reviewed move's position:
    the round in place at a position a protected game in play stands at or a running par tournament
    keeps, in any of its 18 forms, or any game asked for by a player (key or seat token) seated in a
    protected game in play, is 403 `position_in_play`; a finished round with such a position is left out
    of `review` alone and its number listed in `review_withheld`.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0. Example: 0.
        limit (int | Unset):  Default: 20. Example: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Analysis | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> Response[Analysis | Problem]:
    """Analyse a game

     Exact perfect play for the round in play (or the last round once the game is finished): each legal
    move's final margin and the best moves. `review` goes over the finished rounds, 20 at most per
    request: the value of each deal and, for each move played, what it gave up against the best move;
    `review_next`, when more follow, is the `after` that asks for the next page. Anyone with the id may
    read it. The fair-play gate is asked about the round in place and every reviewed move's position:
    the round in place at a position a protected game in play stands at or a running par tournament
    keeps, in any of its 18 forms, or any game asked for by a player (key or seat token) seated in a
    protected game in play, is 403 `position_in_play`; a finished round with such a position is left out
    of `review` alone and its number listed in `review_withheld`.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0. Example: 0.
        limit (int | Unset):  Default: 20. Example: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Analysis | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 20,
) -> Analysis | Problem | None:
    """Analyse a game

     Exact perfect play for the round in play (or the last round once the game is finished): each legal
    move's final margin and the best moves. `review` goes over the finished rounds, 20 at most per
    request: the value of each deal and, for each move played, what it gave up against the best move;
    `review_next`, when more follow, is the `after` that asks for the next page. Anyone with the id may
    read it. The fair-play gate is asked about the round in place and every reviewed move's position:
    the round in place at a position a protected game in play stands at or a running par tournament
    keeps, in any of its 18 forms, or any game asked for by a player (key or seat token) seated in a
    protected game in play, is 403 `position_in_play`; a finished round with such a position is left out
    of `review` alone and its number listed in `review_withheld`.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0. Example: 0.
        limit (int | Unset):  Default: 20. Example: 20.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Analysis | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            limit=limit,
        )
    ).parsed
