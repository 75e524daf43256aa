from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge import Challenge
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    challenge_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/challenges/{challenge_id}/accept".format(
            challenge_id=quote(str(challenge_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Problem | None:
    if response.status_code == 200:
        response_200 = Challenge.from_dict(response.json())

        return response_200

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

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())

        return response_414

    if response.status_code == 421:
        response_421 = Problem.from_dict(response.json())

        return response_421

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Challenge | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Challenge | Problem]:
    """Accept a challenge

     Take the challenge: a direct one's invitee makes its game at once (`game_id`), and both players hear
    `game_start` with their seat's token. An open one's first taker waits for a second (it stays
    `pending`, `takers` naming them); the second makes the game. A rated one is 409
    `rated_game_in_progress` while the taker, or the other player, holds a real-time rated game of its
    kind; past the pair's limit of rated games its game is played unrated and says so. 409
    `challenge_closed` once it is answered, canceled or lapsed; 403 `not_your_challenge` when it asks
    another player.

    Args:
        challenge_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
    """

    kwargs = _get_kwargs(
        challenge_id=challenge_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
) -> Challenge | Problem | None:
    """Accept a challenge

     Take the challenge: a direct one's invitee makes its game at once (`game_id`), and both players hear
    `game_start` with their seat's token. An open one's first taker waits for a second (it stays
    `pending`, `takers` naming them); the second makes the game. A rated one is 409
    `rated_game_in_progress` while the taker, or the other player, holds a real-time rated game of its
    kind; past the pair's limit of rated games its game is played unrated and says so. 409
    `challenge_closed` once it is answered, canceled or lapsed; 403 `not_your_challenge` when it asks
    another player.

    Args:
        challenge_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return sync_detailed(
        challenge_id=challenge_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Challenge | Problem]:
    """Accept a challenge

     Take the challenge: a direct one's invitee makes its game at once (`game_id`), and both players hear
    `game_start` with their seat's token. An open one's first taker waits for a second (it stays
    `pending`, `takers` naming them); the second makes the game. A rated one is 409
    `rated_game_in_progress` while the taker, or the other player, holds a real-time rated game of its
    kind; past the pair's limit of rated games its game is played unrated and says so. 409
    `challenge_closed` once it is answered, canceled or lapsed; 403 `not_your_challenge` when it asks
    another player.

    Args:
        challenge_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
    """

    kwargs = _get_kwargs(
        challenge_id=challenge_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    challenge_id: str,
    *,
    client: AuthenticatedClient,
) -> Challenge | Problem | None:
    """Accept a challenge

     Take the challenge: a direct one's invitee makes its game at once (`game_id`), and both players hear
    `game_start` with their seat's token. An open one's first taker waits for a second (it stays
    `pending`, `takers` naming them); the second makes the game. A rated one is 409
    `rated_game_in_progress` while the taker, or the other player, holds a real-time rated game of its
    kind; past the pair's limit of rated games its game is played unrated and says so. 409
    `challenge_closed` once it is answered, canceled or lapsed; 403 `not_your_challenge` when it asks
    another player.

    Args:
        challenge_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return (
        await asyncio_detailed(
            challenge_id=challenge_id,
            client=client,
        )
    ).parsed
