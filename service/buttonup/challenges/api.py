"""The challenges wing's routes: /v1/challenges (made, listed, read,
accepted, declined, canceled) and /v1/players/me/blocks (whom a player
blocks). Views are thin: challenges.service decides.

Tested in tests/e2e/test_challenges.py.
"""

from typing import Any, cast

from flask import Response, current_app

from buttonup.challenges import MANIFEST, schemas
from buttonup.challenges.model import SPEEDS, Accepts, DeclineReason
from buttonup.challenges.service import Challenges
from buttonup.challenges.views import challenge_view, my_challenges_view
from buttonup.kit.http import (
    ALWAYS,
    READ_503,
    WITH_BODY,
    WRITE_503,
    ApiBlueprint,
    ApiView,
    bearer_token,
    id_parameter,
    json_response,
    operation,
    to_json,
)

CHALLENGE_ID = id_parameter(
    "challenge_id", "The challenge's id, from `create_challenge`", "Hq2X0mXvYg3cS1pQ2a9e"
)
PLAYER_ID = id_parameter("player_id", "The player's id", "p3")

blp = ApiBlueprint("challenges", __name__, url_prefix="/v1", description="Challenges")
EXTENSION = MANIFEST.extension  # where the app keeps its use cases
ANSWERS = {404: ("challenge_not_found",), 503: WRITE_503}


def challenges() -> Challenges:
    return cast(Challenges, current_app.extensions[EXTENSION])


def answer(challenge: Any, status: int = 200) -> Response:
    return json_response(to_json(challenge_view(challenge)), status)


@blp.route("/challenges")
class ChallengeCollection(ApiView):
    @blp.arguments(schemas.ChallengeRequestSchema())
    @blp.response(201, schemas.ChallengeSchema)
    @operation(
        blp,
        "create_challenge",
        "Challenge a player",
        "Offer `to` a player a game with this clock, rated or not, your seat `color`, from a "
        "first deal or (unrated) a `position`. They hear `challenge` on their own stream, "
        "sent again on every stream they open while it is pending, and accept or decline "
        "it; you hear its outcome the same way. With `to` null it is open: a link "
        "(`url`) whose first two takers (or the two it names, `for`) get the seats. A "
        "real-time direct challenge stands while your stream is open (409 "
        "`stream_required` when it is not) and 10 minutes at most; a daily or untimed one "
        "7 days; an open one 24 hours. A player has at most 20 pending (409 "
        "`too_many_challenges`). A player who blocks you declines it at once: it is "
        "answered `declined` (`generic`) and they hear nothing. A rated real-time one "
        "while you hold a rated game of its kind is 409 `rated_game_in_progress`; a "
        "position the fair-play gate keeps is 403 `position_in_play`.",
        errors=(*WITH_BODY, 401, 403, 404, 409, 422, 503),
        codes={
            403: ("position_in_play",),
            404: ("player_not_found",),
            409: ("stream_required", "too_many_challenges", "rated_game_in_progress"),
            503: WRITE_503,
        },
        secured=True,
    )
    def post(self, new: Any) -> Response:
        return answer(challenges().challenge(bearer_token(), new), 201)

    @blp.response(200, schemas.MyChallengesSchema)
    @operation(
        blp,
        "list_my_challenges",
        "My pending challenges",
        "The player's pending challenges, those made to them (`incoming`) and those they "
        "made (`outgoing`), oldest first, 50 of each at most.",
        errors=(*ALWAYS, 401, 503),
        codes={503: READ_503},
        secured=True,
    )
    def get(self) -> Response:
        incoming, outgoing = challenges().mine(bearer_token())
        return json_response(to_json(my_challenges_view(incoming, outgoing)))


@blp.route("/challenges/<challenge_id>", parameters=[CHALLENGE_ID])
class ChallengeItem(ApiView):
    @blp.response(200, schemas.ChallengeSchema)
    @operation(
        blp,
        "get_challenge",
        "A challenge",
        "The challenge, to its maker and the player it asks; an open one to anyone with "
        "its link (no key needed).",
        errors=(*ALWAYS, 401, 404, 503),
        codes={404: ("challenge_not_found",), 503: READ_503},
        secured=None,
    )
    def get(self, challenge_id: str) -> Response:
        return answer(challenges().get(bearer_token(), challenge_id))


@blp.route("/challenges/<challenge_id>/accept", parameters=[CHALLENGE_ID])
class ChallengeAccept(ApiView):
    @blp.response(200, schemas.ChallengeSchema)
    @operation(
        blp,
        "accept_challenge",
        "Accept a challenge",
        "Take the challenge: a direct one's invitee makes its game at once (`game_id`), and "
        "both players hear `game_start` with their seat's token. An open one's first taker "
        "waits for a second (it stays `pending`, `takers` naming them); the second makes "
        "the game. A rated one is 409 `rated_game_in_progress` while the taker, or the "
        "other player, holds a real-time rated game of its kind; past the pair's limit "
        "of rated games its game is played unrated and says so. 409 `challenge_closed` "
        "once it is answered, canceled or lapsed; 403 `not_your_challenge` when it asks "
        "another player.",
        errors=(*ALWAYS, 401, 403, 404, 409, 503),
        codes={
            403: ("not_your_challenge", "position_in_play"),
            409: ("challenge_closed", "rated_game_in_progress"),
            **ANSWERS,
        },
        secured=True,
    )
    def post(self, challenge_id: str) -> Response:
        return answer(challenges().accept(bearer_token(), challenge_id))


@blp.route("/challenges/<challenge_id>/decline", parameters=[CHALLENGE_ID])
class ChallengeDecline(ApiView):
    @blp.arguments(schemas.DeclineRequestSchema())
    @blp.response(200, schemas.ChallengeSchema)
    @operation(
        blp,
        "decline_challenge",
        "Decline a challenge",
        "Say no, with a `reason` from the list: `generic`, `later`, `too_fast`, `too_slow`, "
        "`timecontrol`, `rated`, `casual`, `position`, `no_bot`, `only_bot`. Its maker "
        "hears it. Only the player it asks declines it (403 `not_your_challenge`).",
        errors=(*WITH_BODY, 401, 403, 404, 409, 422, 503),
        codes={403: ("not_your_challenge",), 409: ("challenge_closed",), **ANSWERS},
        secured=True,
    )
    def post(self, args: Any, challenge_id: str) -> Response:
        reason = DeclineReason(args["reason"])
        return answer(challenges().decline(bearer_token(), challenge_id, reason))


@blp.route("/challenges/<challenge_id>/cancel", parameters=[CHALLENGE_ID])
class ChallengeCancel(ApiView):
    @blp.response(200, schemas.ChallengeSchema)
    @operation(
        blp,
        "cancel_challenge",
        "Cancel a challenge",
        "Take back a pending challenge you made; the player it asked hears it.",
        errors=(*ALWAYS, 401, 403, 404, 409, 503),
        codes={403: ("not_your_challenge",), 409: ("challenge_closed",), **ANSWERS},
        secured=True,
    )
    def post(self, challenge_id: str) -> Response:
        return answer(challenges().cancel(bearer_token(), challenge_id))


def accepts_view(accepts: Accepts) -> dict[str, Any]:
    return {
        "categories": [c.value for c in SPEEDS if c in accepts.categories],
        "rated": accepts.rated,
        "casual": accepts.casual,
        "positions": accepts.positions,
    }


@blp.route("/players/me/accepts")
class MyAccepts(ApiView):
    @blp.response(200, schemas.AcceptsSchema)
    @operation(
        blp,
        "get_my_accepts",
        "What I accept",
        "The challenges the player accepts (everything until it says otherwise).",
        errors=(*ALWAYS, 401, 503),
        codes={503: READ_503},
        secured=True,
    )
    def get(self) -> Response:
        return json_response(to_json(accepts_view(challenges().accepts(bearer_token()))))

    @blp.arguments(schemas.AcceptsSchema())
    @blp.response(200, schemas.AcceptsSchema)
    @operation(
        blp,
        "set_my_accepts",
        "Say what I accept",
        "What the player (a bot account, mostly) accepts: its rating `categories`, "
        "`rated` and `casual` games, games from `positions`. A challenge outside it is "
        "declined as it is made, with the reason that says what to send instead: "
        "`too_fast`, `too_slow` or `timecontrol` (its clock), `casual` (send an unrated "
        "one), `rated` (send a rated one), `position` (from a first deal).",
        errors=(*WITH_BODY, 401, 422, 503),
        codes={503: WRITE_503},
        secured=True,
    )
    def put(self, accepts: Accepts) -> Response:
        kept = challenges().accept_only(bearer_token(), accepts)
        return json_response(to_json(accepts_view(kept)))


@blp.route("/players/me/blocks")
class BlockCollection(ApiView):
    @blp.response(200, schemas.BlocksSchema)
    @operation(
        blp,
        "list_my_blocks",
        "Players I block",
        "The ids of the players whose challenges are declined at once.",
        errors=(*ALWAYS, 401, 503),
        codes={503: READ_503},
        secured=True,
    )
    def get(self) -> Response:
        return json_response(to_json({"items": challenges().blocks(bearer_token())}))


@blp.route("/players/me/blocks/<player_id>", parameters=[PLAYER_ID])
class BlockItem(ApiView):
    @blp.response(204)
    @operation(
        blp,
        "block_player",
        "Block a player",
        "Their challenges to you are declined at once, and they are told only `generic`. "
        "At most 1,000 blocks (409 `too_many_blocks`).",
        errors=(*ALWAYS, 401, 409, 422, 503),
        codes={409: ("too_many_blocks",), 503: WRITE_503},
        secured=True,
    )
    def post(self, player_id: str) -> Response:
        challenges().block(bearer_token(), player_id)
        return Response(status=204)

    @blp.response(204)
    @operation(
        blp,
        "unblock_player",
        "Unblock a player",
        "Their challenges reach you again. Nothing when you did not block them.",
        errors=(*ALWAYS, 401, 503),
        codes={503: WRITE_503},
        secured=True,
    )
    def delete(self, player_id: str) -> Response:
        challenges().unblock(bearer_token(), player_id)
        return Response(status=204)
