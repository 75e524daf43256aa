from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.standings import Standings
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: str,
    *,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments/{tournament_id}/standings".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Standings | None:
    if response.status_code == 200:
        response_200 = Standings.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Standings]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Problem | Standings]:
    """Standings

     The players best first (points, then the tie-break), `limit` at a time; kept as each game ends, so a
    page is one read however many play.

    Args:
        tournament_id (str):
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: b2Zmc2V0OjUw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Standings]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Problem | Standings | None:
    """Standings

     The players best first (points, then the tie-break), `limit` at a time; kept as each game ends, so a
    page is one read however many play.

    Args:
        tournament_id (str):
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: b2Zmc2V0OjUw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Standings
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Problem | Standings]:
    """Standings

     The players best first (points, then the tie-break), `limit` at a time; kept as each game ends, so a
    page is one read however many play.

    Args:
        tournament_id (str):
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: b2Zmc2V0OjUw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Standings]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Problem | Standings | None:
    """Standings

     The players best first (points, then the tie-break), `limit` at a time; kept as each game ends, so a
    page is one read however many play.

    Args:
        tournament_id (str):
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: b2Zmc2V0OjUw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Standings
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
