from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...models.rating_category import RatingCategory
from ...types import UNSET, Response, Unset


def _get_kwargs(
    category: RatingCategory,
    *,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/leaderboards/{category}".format(
            category=quote(str(category), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Leaderboard | Problem | None:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())

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
) -> Response[Leaderboard | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    category: RatingCategory,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
) -> Response[Leaderboard | Problem]:
    """A leaderboard

     The category's best players by rating, best first: only those whose rating is not provisional, and
    none the fair-play rule flagged (unless an operator cleared them). Kept as ratings change, so
    reading it is cheap.

    Args:
        category (RatingCategory): A rating category, by time control (docs/api.md, "Ratings"):
            `blitz`, `rapid` and `classical` Fischer clocks by their estimated length, `daily` (a
            clock per move), `untimed` Example: blitz.
        limit (int | Unset):  Default: 50. Example: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        category=category,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    category: RatingCategory,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
) -> Leaderboard | Problem | None:
    """A leaderboard

     The category's best players by rating, best first: only those whose rating is not provisional, and
    none the fair-play rule flagged (unless an operator cleared them). Kept as ratings change, so
    reading it is cheap.

    Args:
        category (RatingCategory): A rating category, by time control (docs/api.md, "Ratings"):
            `blitz`, `rapid` and `classical` Fischer clocks by their estimated length, `daily` (a
            clock per move), `untimed` Example: blitz.
        limit (int | Unset):  Default: 50. Example: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return sync_detailed(
        category=category,
        client=client,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    category: RatingCategory,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
) -> Response[Leaderboard | Problem]:
    """A leaderboard

     The category's best players by rating, best first: only those whose rating is not provisional, and
    none the fair-play rule flagged (unless an operator cleared them). Kept as ratings change, so
    reading it is cheap.

    Args:
        category (RatingCategory): A rating category, by time control (docs/api.md, "Ratings"):
            `blitz`, `rapid` and `classical` Fischer clocks by their estimated length, `daily` (a
            clock per move), `untimed` Example: blitz.
        limit (int | Unset):  Default: 50. Example: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        category=category,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    category: RatingCategory,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
) -> Leaderboard | Problem | None:
    """A leaderboard

     The category's best players by rating, best first: only those whose rating is not provisional, and
    none the fair-play rule flagged (unless an operator cleared them). Kept as ratings change, so
    reading it is cheap.

    Args:
        category (RatingCategory): A rating category, by time control (docs/api.md, "Ratings"):
            `blitz`, `rapid` and `classical` Fischer clocks by their estimated length, `daily` (a
            clock per move), `untimed` Example: blitz.
        limit (int | Unset):  Default: 50. Example: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return (
        await asyncio_detailed(
            category=category,
            client=client,
            limit=limit,
        )
    ).parsed
