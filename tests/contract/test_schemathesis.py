"""A schemathesis run over every operation, against a live `buttonup serve`
on the suite's real Redis: every phase (examples, coverage, fuzzing, stateful sequences that
create, join and play through the spec's links) and every check."""

from collections import Counter

import httpx
import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events, from_schema
from schemathesis.generation import GenerationMode

from tests.conftest import LiveServer

# Statuses the contract allows for well-formed requests: a game that does not
# exist (404), a missing or wrong token (401), analysis of a game created
# without hints (403), the game's state (409), a stale If-Match (412), and 304
# for a matching If-None-Match.
EXPECTED_FOR_VALID_DATA = ["2xx", "304", "401", "403", "404", "409", "412"]

# Reusing an Idempotency-Key with another body is 422 by contract, and the
# generator reuses keys; so is a cursor the service did not give.
# a_valid_request_is_refused_only_for_a_reused_key makes sure those are the
# only 422s a valid request gets.
IDEMPOTENT_OPERATIONS = [
    "create_game",
    "import_game",  # and a record any schema allows may break the rules: invalid_record
    "analyse_position",  # a position's pattern allows ones that play cannot reach
    "join_game",
    "play_move",
    "resign_game",
    "abort_game",
    "berserk_game",
    "claim_victory",
    "create_player",
    "list_games",
    "list_moves",
    "list_my_games",
    "list_seeks",
    # A tournament's fields that do not go together (an arena in rounds), or a
    # start in the past, are 422 too: JSON Schema cannot say either.
    "create_tournament",
    "list_tournaments",
    "get_tournament_standings",
    "list_tournament_games",
    # A challenge's position, as a game's; its `for` (only with `to` null, two
    # players) is said in words.
    "create_challenge",
]

# schemathesis's own list of what refuses invalid data, with 414 and 431.
REJECTIONS = ["400", "401", "403", "404", "405", "406", "409", "414", "415", "422"]
REJECTIONS += ["428", "429", "431", "5xx"]

CONFIG = SchemathesisConfig.from_dict(
    {
        "seed": 20261129,
        "checks": {
            "enabled": True,
            "positive_data_acceptance": {"expected-statuses": EXPECTED_FOR_VALID_DATA},
            # A request line made too long by the generator's invalid values is
            # refused before the app sees it: 414, which the spec documents.
            "negative_data_rejection": {"expected-statuses": REJECTIONS},
        },
        "operations": [
            # A stream to a game in play, a player's, or a tournament's never ends by
            # itself: read its first event (the e2e tests follow whole streams).
            {
                "include-operation-id": [
                    "stream_events",
                    "stream_my_events",
                    "stream_tournament_events",
                ],
                "max-stream-events": 1,
                "request-timeout": 5,
            },
            {
                "include-operation-id": IDEMPOTENT_OPERATIONS,
                "checks": {
                    "positive_data_acceptance": {
                        "expected-statuses": [*EXPECTED_FOR_VALID_DATA, "422"]
                    }
                },
            },
        ],
        "generation": {"max-examples": 40, "with-security-parameters": False},
        # Enough sequences that one follows create, join and play through the
        # links whatever else the spec offers (the operator's fair-play calls, and
        # the challenges' eleven operations, too).
        "phases": {"stateful": {"max-steps": 16, "generation": {"max-examples": 400}}},
    }
)


# JSON Schema cannot say "a cursor this service gave" or "cursor or after, not
# both"; the spec says it in words, and those are the only other 422s allowed.
ALLOWED_422 = {"cursor", "after"}
# A position (its pattern aside) and a record are valid when play can reach
# them, which docs/notation.md says in words and no schema can: those 422s
# say why in `position`, or as invalid_record.
ALLOWED_422 |= {"position"}


@schemathesis.check
def a_valid_request_is_refused_only_for_a_reused_key(ctx, response, case):
    positive = case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE
    if positive and response.status_code == 422:
        problem = response.json()
        if problem.get("code") in ("idempotency_key_reused", "invalid_record"):
            return None
        fields = set(problem.get("errors", {}))
        allowed = ALLOWED_422
        if isinstance(case.body, dict) and "position" in case.body:
            # It must agree with the position's target, and is never rated.
            allowed = allowed | {"target_score", "rated"}
        if isinstance(case.body, dict) and "for" in case.body:
            allowed = allowed | {"for"}  # an open challenge's two: the spec says so in words
        if isinstance(case.body, dict) and case.body.get("rated") and case.body.get("hints"):
            allowed = allowed | {"hints"}  # a rated game has none: the spec says so in words
        if problem.get("code") != "validation_error" or not fields <= allowed:
            raise AssertionError(f"a schema-valid request got 422 {problem}")
    return None


def with_seat_tokens(schema, base_url: str):
    """Seat tokens as a client that holds both seats of a game would use them:
    the token of whoever is to move (for a move, even over a link's token of
    the other seat); for a game it never joined, a token that belongs to no
    seat."""
    tokens: dict[str, dict[str, str]] = {}

    @schema.hook
    def after_call(context, case, response):
        joined = case.operation.label == "POST /v1/games/{game_id}/players"
        if joined and response.status_code == 201:
            seat = response.json()
            tokens.setdefault(case.path_parameters["game_id"], {})[seat["color"]] = seat["token"]

    @schema.auth(refresh_interval=None, retry_on=[])
    class SeatTokens:
        def get(self, case, context):
            game_id = (case.path_parameters or {}).get("game_id")
            seats = tokens.get(game_id)
            if not seats:
                return "belongs-to-no-seat"
            game = httpx.get(f"{base_url}/v1/games/{game_id}", timeout=5)
            to_move = game.json()["round"]["to_move"] if game.status_code == 200 else None
            return seats.get(to_move) or next(iter(seats.values()))

        def set(self, case, data, context):
            headers = dict(case.headers or {})
            game_id = (case.path_parameters or {}).get("game_id")
            seats = tokens.get(game_id, {})
            linked = headers.get("Authorization", "").removeprefix("Bearer ")
            is_move = case.operation.label == "POST /v1/games/{game_id}/moves"
            if is_move and linked in seats.values():
                # A link passes on the joiner's token; holding both seats, the
                # client moves with the seat whose turn it is.
                headers["Authorization"] = f"Bearer {data}"
            headers.setdefault("Authorization", f"Bearer {data}")
            case.headers = headers

    return schema


def run(base_url: str) -> tuple[int, list[str], list[str], Counter]:
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json", config=CONFIG)
    with_seat_tokens(schema, base_url)
    cases, failures, errors = 0, [], []
    answers: Counter = Counter()  # (phase, operation id, status)
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            cases += len(event.recorder.cases)
            for case_id, interaction in event.recorder.interactions.items():
                operation = event.recorder.cases[case_id].value.operation
                status = interaction.response.status_code if interaction.response else None
                answers[
                    (event.phase.value, operation.definition.raw.get("operationId"), status)
                ] += 1
            for checks in event.recorder.checks.values():
                for check in checks:
                    if check.status == Status.FAILURE:
                        failures.append(f"{event.label} [{check.name}] {check.failure_info}")
        elif isinstance(event, events.NonFatalError):
            errors.append(f"{event.label}: {event.info}")
        elif isinstance(event, events.FatalError):
            errors.append(f"fatal: {event.exception}")
    return cases, failures, errors, answers


@pytest.fixture
def streaming_server(redis_server):
    """Keep-alives often enough that abandoned streams are noticed and closed."""
    env = {"BUTTONUP_EVENTS_KEEPALIVE": "0.5"}
    server = LiveServer(["--redis-url", redis_server.url, "--workers", "2"], env=env)
    yield server
    server.stop(quickly=True)


@pytest.mark.contract
def test_schemathesis_finds_nothing(streaming_server, capsys):
    cases, failures, errors, answers = run(streaming_server.base_url)
    with capsys.disabled():
        print(f"\nschemathesis: {cases} generated cases, {len(failures)} failures")
    assert not errors, "\n".join(errors[:10])
    assert not failures, "\n".join(sorted(set(failures))[:20])
    assert cases > 500
    # The stateful phase really creates, joins and plays through the links.
    stateful = {(op, status) for (phase, op, status) in answers if phase == "stateful"}
    assert {("create_game", 201), ("join_game", 201)} <= stateful
    # A move over the links reaches a game they made (anything but 404): its
    # body and token are the generator's, so whether it is applied (201), out
    # of turn (409) or refused (400, 401, 422) is chance (a few of 300
    # sequences over the whole spec make one); tests/e2e play games whole.
    moved = {status for op, status in stateful if op == "play_move"}
    assert moved - {404}, sorted(stateful)
