from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_tournaments_status import ListTournamentsStatus
from ...models.problem import Problem
from ...models.tournament_list import TournamentList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: ListTournamentsStatus | Unset = "upcoming",
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/tournaments",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentList | None:
    if response.status_code == 200:
        response_200 = TournamentList.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | TournamentList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListTournamentsStatus | Unset = "upcoming",
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Problem | TournamentList]:
    """Tournaments

     The public tournaments of a `status`: upcoming soonest first, running and finished newest first (the
    10,000 newest finished are listed); `limit` at a time (1..100), `next` passed back as `cursor` for
    the page after.

    Args:
        status (ListTournamentsStatus | Unset):  Default: 'upcoming'. Example: upcoming.
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: b2Zmc2V0OjUw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentList]
    """

    kwargs = _get_kwargs(
        status=status,
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
    status: ListTournamentsStatus | Unset = "upcoming",
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Problem | TournamentList | None:
    """Tournaments

     The public tournaments of a `status`: upcoming soonest first, running and finished newest first (the
    10,000 newest finished are listed); `limit` at a time (1..100), `next` passed back as `cursor` for
    the page after.

    Args:
        status (ListTournamentsStatus | Unset):  Default: 'upcoming'. Example: upcoming.
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: b2Zmc2V0OjUw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentList
    """

    return sync_detailed(
        client=client,
        status=status,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: ListTournamentsStatus | Unset = "upcoming",
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Response[Problem | TournamentList]:
    """Tournaments

     The public tournaments of a `status`: upcoming soonest first, running and finished newest first (the
    10,000 newest finished are listed); `limit` at a time (1..100), `next` passed back as `cursor` for
    the page after.

    Args:
        status (ListTournamentsStatus | Unset):  Default: 'upcoming'. Example: upcoming.
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: b2Zmc2V0OjUw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentList]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: ListTournamentsStatus | Unset = "upcoming",
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
) -> Problem | TournamentList | None:
    """Tournaments

     The public tournaments of a `status`: upcoming soonest first, running and finished newest first (the
    10,000 newest finished are listed); `limit` at a time (1..100), `next` passed back as `cursor` for
    the page after.

    Args:
        status (ListTournamentsStatus | Unset):  Default: 'upcoming'. Example: upcoming.
        limit (int | Unset):  Default: 50. Example: 50.
        cursor (str | Unset):  Example: b2Zmc2V0OjUw.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentList
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
