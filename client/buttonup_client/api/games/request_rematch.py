from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.empty_request import EmptyRequest
from ...models.joined import Joined
from ...models.problem import Problem
from ...models.rematch_offer import RematchOffer
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: EmptyRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/rematch".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Joined | Problem | RematchOffer | None:
    if response.status_code == 201:
        response_201 = Joined.from_dict(response.json())

        return response_201

    if response.status_code == 202:
        response_202 = RematchOffer.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Joined | Problem | RematchOffer]:
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
    body: EmptyRequest | Unset = UNSET,
) -> Response[Joined | Problem | RematchOffer]:
    """Ask for a rematch

     A seat of a finished game (its token, or its player's key) asks for another game, within
    `BUTTONUP_REMATCH_SECONDS` (600 by default) of the end. The first to ask: 202 with `offered_by`, and
    the game's `rematch` shows the offer. The other asking (or at once, against a bot): 201 with the
    asker's seat and token in the new game (colours swapped, same target, clock and hints, private,
    started by whoever did not start the first round), whose id is in the old game's `rematch.game_id`.
    The first asker gets its own seat and token by asking again; asking again always answers the same
    seat and token. Both seats are reserved: `join_game` on the new game is 409 `game_full`; it starts,
    and its clock with it, once both seats hold their tokens. An aborted game has no rematch: 409
    `rematch_closed`.

    Args:
        game_id (str):
        body (EmptyRequest | Unset): No fields: send no body, or `{}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Joined | Problem | RematchOffer]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: EmptyRequest | Unset = UNSET,
) -> Joined | Problem | RematchOffer | None:
    """Ask for a rematch

     A seat of a finished game (its token, or its player's key) asks for another game, within
    `BUTTONUP_REMATCH_SECONDS` (600 by default) of the end. The first to ask: 202 with `offered_by`, and
    the game's `rematch` shows the offer. The other asking (or at once, against a bot): 201 with the
    asker's seat and token in the new game (colours swapped, same target, clock and hints, private,
    started by whoever did not start the first round), whose id is in the old game's `rematch.game_id`.
    The first asker gets its own seat and token by asking again; asking again always answers the same
    seat and token. Both seats are reserved: `join_game` on the new game is 409 `game_full`; it starts,
    and its clock with it, once both seats hold their tokens. An aborted game has no rematch: 409
    `rematch_closed`.

    Args:
        game_id (str):
        body (EmptyRequest | Unset): No fields: send no body, or `{}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Joined | Problem | RematchOffer
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: EmptyRequest | Unset = UNSET,
) -> Response[Joined | Problem | RematchOffer]:
    """Ask for a rematch

     A seat of a finished game (its token, or its player's key) asks for another game, within
    `BUTTONUP_REMATCH_SECONDS` (600 by default) of the end. The first to ask: 202 with `offered_by`, and
    the game's `rematch` shows the offer. The other asking (or at once, against a bot): 201 with the
    asker's seat and token in the new game (colours swapped, same target, clock and hints, private,
    started by whoever did not start the first round), whose id is in the old game's `rematch.game_id`.
    The first asker gets its own seat and token by asking again; asking again always answers the same
    seat and token. Both seats are reserved: `join_game` on the new game is 409 `game_full`; it starts,
    and its clock with it, once both seats hold their tokens. An aborted game has no rematch: 409
    `rematch_closed`.

    Args:
        game_id (str):
        body (EmptyRequest | Unset): No fields: send no body, or `{}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Joined | Problem | RematchOffer]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: EmptyRequest | Unset = UNSET,
) -> Joined | Problem | RematchOffer | None:
    """Ask for a rematch

     A seat of a finished game (its token, or its player's key) asks for another game, within
    `BUTTONUP_REMATCH_SECONDS` (600 by default) of the end. The first to ask: 202 with `offered_by`, and
    the game's `rematch` shows the offer. The other asking (or at once, against a bot): 201 with the
    asker's seat and token in the new game (colours swapped, same target, clock and hints, private,
    started by whoever did not start the first round), whose id is in the old game's `rematch.game_id`.
    The first asker gets its own seat and token by asking again; asking again always answers the same
    seat and token. Both seats are reserved: `join_game` on the new game is 409 `game_full`; it starts,
    and its clock with it, once both seats hold their tokens. An aborted game has no rematch: 409
    `rematch_closed`.

    Args:
        game_id (str):
        body (EmptyRequest | Unset): No fields: send no body, or `{}`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Joined | Problem | RematchOffer
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
