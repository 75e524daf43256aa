from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rating_category import RatingCategory
from ...models.rating_history import RatingHistory
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: str,
    *,
    category: RatingCategory | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_category: str | Unset = UNSET
    if not isinstance(category, Unset):
        json_category = category

    params["category"] = json_category

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{player_id}/ratings".format(
            player_id=quote(str(player_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RatingHistory | None:
    if response.status_code == 200:
        response_200 = RatingHistory.from_dict(response.json())

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
) -> Response[Problem | RatingHistory]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    category: RatingCategory | Unset = UNSET,
) -> Response[Problem | RatingHistory]:
    """A player's rating history

     The player's rated games, oldest first (the newest 1,000), each with the rating it left: for a chart
    of the rating over time.

    Args:
        player_id (str):
        category (RatingCategory | Unset): A rating category, by time control (docs/api.md,
            "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks by their estimated length,
            `daily` (a clock per move), `untimed` Example: blitz.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingHistory]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        category=category,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    category: RatingCategory | Unset = UNSET,
) -> Problem | RatingHistory | None:
    """A player's rating history

     The player's rated games, oldest first (the newest 1,000), each with the rating it left: for a chart
    of the rating over time.

    Args:
        player_id (str):
        category (RatingCategory | Unset): A rating category, by time control (docs/api.md,
            "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks by their estimated length,
            `daily` (a clock per move), `untimed` Example: blitz.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingHistory
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        category=category,
    ).parsed


async def asyncio_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    category: RatingCategory | Unset = UNSET,
) -> Response[Problem | RatingHistory]:
    """A player's rating history

     The player's rated games, oldest first (the newest 1,000), each with the rating it left: for a chart
    of the rating over time.

    Args:
        player_id (str):
        category (RatingCategory | Unset): A rating category, by time control (docs/api.md,
            "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks by their estimated length,
            `daily` (a clock per move), `untimed` Example: blitz.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RatingHistory]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        category=category,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    category: RatingCategory | Unset = UNSET,
) -> Problem | RatingHistory | None:
    """A player's rating history

     The player's rated games, oldest first (the newest 1,000), each with the rating it left: for a chart
    of the rating over time.

    Args:
        player_id (str):
        category (RatingCategory | Unset): A rating category, by time control (docs/api.md,
            "Ratings"): `blitz`, `rapid` and `classical` Fischer clocks by their estimated length,
            `daily` (a clock per move), `untimed` Example: blitz.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RatingHistory
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            category=category,
        )
    ).parsed
