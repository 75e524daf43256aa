from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.move import Move
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    after: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/moves".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | list[Move] | None:
    if response.status_code == 200:
        response_200 = []
        _response_200 = response.json()
        for response_200_item_data in _response_200:
            response_200_item = Move.from_dict(response_200_item_data)

            response_200.append(response_200_item)

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | list[Move]]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    after: int | Unset = UNSET,
) -> Response[Problem | list[Move]]:
    """List the moves

     Every move of the game, oldest first, numbered over the whole game from 1. With `limit`, `cursor` or
    `after`, a page of them: the `Next-Cursor` header (and a `Link: <...>; rel="next"`) names the next
    page and is absent on the last.

    Args:
        game_id (str):
        limit (int | Unset):  Example: 20.
        cursor (str | Unset):  Example: MjA.
        after (int | Unset):  Example: 16.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Move]]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        limit=limit,
        cursor=cursor,
        after=after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    after: int | Unset = UNSET,
) -> Problem | list[Move] | None:
    """List the moves

     Every move of the game, oldest first, numbered over the whole game from 1. With `limit`, `cursor` or
    `after`, a page of them: the `Next-Cursor` header (and a `Link: <...>; rel="next"`) names the next
    page and is absent on the last.

    Args:
        game_id (str):
        limit (int | Unset):  Example: 20.
        cursor (str | Unset):  Example: MjA.
        after (int | Unset):  Example: 16.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Move]
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        limit=limit,
        cursor=cursor,
        after=after,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    after: int | Unset = UNSET,
) -> Response[Problem | list[Move]]:
    """List the moves

     Every move of the game, oldest first, numbered over the whole game from 1. With `limit`, `cursor` or
    `after`, a page of them: the `Next-Cursor` header (and a `Link: <...>; rel="next"`) names the next
    page and is absent on the last.

    Args:
        game_id (str):
        limit (int | Unset):  Example: 20.
        cursor (str | Unset):  Example: MjA.
        after (int | Unset):  Example: 16.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | list[Move]]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        limit=limit,
        cursor=cursor,
        after=after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = UNSET,
    cursor: str | Unset = UNSET,
    after: int | Unset = UNSET,
) -> Problem | list[Move] | None:
    """List the moves

     Every move of the game, oldest first, numbered over the whole game from 1. With `limit`, `cursor` or
    `after`, a page of them: the `Next-Cursor` header (and a `Link: <...>; rel="next"`) names the next
    page and is absent on the last.

    Args:
        game_id (str):
        limit (int | Unset):  Example: 20.
        cursor (str | Unset):  Example: MjA.
        after (int | Unset):  Example: 16.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | list[Move]
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            limit=limit,
            cursor=cursor,
            after=after,
        )
    ).parsed
