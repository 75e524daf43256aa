from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.challenge import Challenge
from ...models.challenge_request import ChallengeRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: ChallengeRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/challenges",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Problem | None:
    if response.status_code == 201:
        response_201 = Challenge.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Challenge | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
) -> Response[Challenge | Problem]:
    """Challenge a player

     Offer `to` a player a game with this clock, rated or not, your seat `color`, from a first deal or
    (unrated) a `position`. They hear `challenge` on their own stream, sent again on every stream they
    open while it is pending, and accept or decline it; you hear its outcome the same way. With `to`
    null it is open: a link (`url`) whose first two takers (or the two it names, `for`) get the seats. A
    real-time direct challenge stands while your stream is open (409 `stream_required` when it is not)
    and 10 minutes at most; a daily or untimed one 7 days; an open one 24 hours. A player has at most 20
    pending (409 `too_many_challenges`). A player who blocks you declines it at once: it is answered
    `declined` (`generic`) and they hear nothing. A rated real-time one while you hold a rated game of
    its kind is 409 `rated_game_in_progress`; a position the fair-play gate keeps is 403
    `position_in_play`.

    Args:
        body (ChallengeRequest): A game offered to one player, or (`to` null) to any two by a
            link.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
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
    body: ChallengeRequest,
) -> Challenge | Problem | None:
    """Challenge a player

     Offer `to` a player a game with this clock, rated or not, your seat `color`, from a first deal or
    (unrated) a `position`. They hear `challenge` on their own stream, sent again on every stream they
    open while it is pending, and accept or decline it; you hear its outcome the same way. With `to`
    null it is open: a link (`url`) whose first two takers (or the two it names, `for`) get the seats. A
    real-time direct challenge stands while your stream is open (409 `stream_required` when it is not)
    and 10 minutes at most; a daily or untimed one 7 days; an open one 24 hours. A player has at most 20
    pending (409 `too_many_challenges`). A player who blocks you declines it at once: it is answered
    `declined` (`generic`) and they hear nothing. A rated real-time one while you hold a rated game of
    its kind is 409 `rated_game_in_progress`; a position the fair-play gate keeps is 403
    `position_in_play`.

    Args:
        body (ChallengeRequest): A game offered to one player, or (`to` null) to any two by a
            link.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
) -> Response[Challenge | Problem]:
    """Challenge a player

     Offer `to` a player a game with this clock, rated or not, your seat `color`, from a first deal or
    (unrated) a `position`. They hear `challenge` on their own stream, sent again on every stream they
    open while it is pending, and accept or decline it; you hear its outcome the same way. With `to`
    null it is open: a link (`url`) whose first two takers (or the two it names, `for`) get the seats. A
    real-time direct challenge stands while your stream is open (409 `stream_required` when it is not)
    and 10 minutes at most; a daily or untimed one 7 days; an open one 24 hours. A player has at most 20
    pending (409 `too_many_challenges`). A player who blocks you declines it at once: it is answered
    `declined` (`generic`) and they hear nothing. A rated real-time one while you hold a rated game of
    its kind is 409 `rated_game_in_progress`; a position the fair-play gate keeps is 403
    `position_in_play`.

    Args:
        body (ChallengeRequest): A game offered to one player, or (`to` null) to any two by a
            link.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
) -> Challenge | Problem | None:
    """Challenge a player

     Offer `to` a player a game with this clock, rated or not, your seat `color`, from a first deal or
    (unrated) a `position`. They hear `challenge` on their own stream, sent again on every stream they
    open while it is pending, and accept or decline it; you hear its outcome the same way. With `to`
    null it is open: a link (`url`) whose first two takers (or the two it names, `for`) get the seats. A
    real-time direct challenge stands while your stream is open (409 `stream_required` when it is not)
    and 10 minutes at most; a daily or untimed one 7 days; an open one 24 hours. A player has at most 20
    pending (409 `too_many_challenges`). A player who blocks you declines it at once: it is answered
    `declined` (`generic`) and they hear nothing. A rated real-time one while you hold a rated game of
    its kind is 409 `rated_game_in_progress`; a position the fair-play gate keeps is 403
    `position_in_play`.

    Args:
        body (ChallengeRequest): A game offered to one player, or (`to` null) to any two by a
            link.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
