"""/metrics in one process: what each kind of request and change adds."""

from dataclasses import replace

from prometheus_client.parser import text_string_to_metric_families

from buttonup.app import create_app
from buttonup.redis_server import free_port
from tests.helpers.games import bearer, started_game


def samples(client) -> dict[tuple[str, frozenset], float]:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(response.get_data(as_text=True))
        for sample in family.samples
    }


def added(before, after, name, **labels) -> float:
    key = (name, frozenset(labels.items()))
    return after.get(key, 0.0) - before.get(key, 0.0)


def test_requests_and_changes_are_counted(client):
    before = samples(client)
    game, tokens = started_game(client)
    client.post(
        f"/v1/games/{game['id']}/moves",
        json={"position": game["round"]["legal_moves"][0]},
        headers=bearer(tokens[game["round"]["to_move"]]),
    )
    client.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["red"]))
    client.get("/no/such/path/123")
    after = samples(client)

    assert added(before, after, "buttonup_games_created_total") == 1
    assert added(before, after, "buttonup_players_joined_total") == 2
    assert added(before, after, "buttonup_moves_applied_total") == 1
    assert added(before, after, "buttonup_games_finished_total") == 1
    requests = "buttonup_http_requests_total"
    assert added(before, after, requests, method="POST", route="/v1/games", status="201") == 1
    assert (
        added(
            before,
            after,
            requests,
            method="POST",
            route="/v1/games/<game_id>/players",
            status="201",
        )
        == 2
    )
    # Unknown paths share one label instead of one per path.
    assert added(before, after, requests, method="GET", route="unmatched", status="404") == 1
    latency = "buttonup_http_request_duration_seconds_count"
    assert added(before, after, latency, method="POST", route="/v1/games") == 1


def test_redis_errors_are_counted(client, settings):
    down = create_app(replace(settings, redis_url=f"redis://127.0.0.1:{free_port()}/0"))
    down_client = down.test_client()
    before = samples(client)
    assert down_client.get("/readyz").status_code == 503
    after = samples(client)
    assert added(before, after, "buttonup_redis_errors_total") == 1
