from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_seeks_category import ListSeeksCategory
from ...models.open_seeks import OpenSeeks
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    category: ListSeeksCategory | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_category: str | Unset = UNSET
    if not isinstance(category, Unset):
        json_category = category

    params["category"] = json_category

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/seeks",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> OpenSeeks | Problem | None:
    if response.status_code == 200:
        response_200 = OpenSeeks.from_dict(response.json())

        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[OpenSeeks | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    category: ListSeeksCategory | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[OpenSeeks | Problem]:
    """Seeks waiting

     The seeks waiting for an opponent, oldest first, for a lobby: each by the seeker's name and rating
    alone; `category` for one rating category's; `limit` at a time (1..100, 50 by default), `next`
    passed back as `cursor` for the page after.

    Args:
        category (ListSeeksCategory | Unset):  Example: blitz.
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: MTc2NDQzMjAwMDAwMDpI.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpenSeeks | Problem]
    """

    kwargs = _get_kwargs(
        category=category,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    category: ListSeeksCategory | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> OpenSeeks | Problem | None:
    """Seeks waiting

     The seeks waiting for an opponent, oldest first, for a lobby: each by the seeker's name and rating
    alone; `category` for one rating category's; `limit` at a time (1..100, 50 by default), `next`
    passed back as `cursor` for the page after.

    Args:
        category (ListSeeksCategory | Unset):  Example: blitz.
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: MTc2NDQzMjAwMDAwMDpI.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpenSeeks | Problem
    """

    return sync_detailed(
        client=client,
        category=category,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    category: ListSeeksCategory | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[OpenSeeks | Problem]:
    """Seeks waiting

     The seeks waiting for an opponent, oldest first, for a lobby: each by the seeker's name and rating
    alone; `category` for one rating category's; `limit` at a time (1..100, 50 by default), `next`
    passed back as `cursor` for the page after.

    Args:
        category (ListSeeksCategory | Unset):  Example: blitz.
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: MTc2NDQzMjAwMDAwMDpI.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OpenSeeks | Problem]
    """

    kwargs = _get_kwargs(
        category=category,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    category: ListSeeksCategory | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> OpenSeeks | Problem | None:
    """Seeks waiting

     The seeks waiting for an opponent, oldest first, for a lobby: each by the seeker's name and rating
    alone; `category` for one rating category's; `limit` at a time (1..100, 50 by default), `next`
    passed back as `cursor` for the page after.

    Args:
        category (ListSeeksCategory | Unset):  Example: blitz.
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: MTc2NDQzMjAwMDAwMDpI.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OpenSeeks | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            category=category,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
