"""Records and positions through the generated client, as its README shows
them: a record read as text, imported back, and a position analysed."""

import httpx
from buttonup_client import Client
from buttonup_client.api.games import get_game
from buttonup_client.api.positions import analyse_position
from buttonup_client.api.records import get_record, import_game
from buttonup_client.models import Game, PositionAnalysis, PositionAnalysisRequest

from tests.helpers.games import play_out, start_game


def test_the_client_reads_imports_and_analyses_as_its_readme_says(live_server):
    with httpx.Client(base_url=live_server.base_url) as http:
        game, tokens = start_game(http, target_score=3, seed=5)
        game_id = play_out(http, game, tokens)["id"]
    client = Client(base_url=live_server.base_url)
    record = get_record.sync(client=client, game_id=game_id)
    assert isinstance(record, str) and record.startswith('[Red "')
    copy = import_game.sync(client=client, body=record)
    assert isinstance(copy, Game) and copy.status == "finished"
    assert get_record.sync(client=client, game_id=copy.id) == record
    game = get_game.sync(client=client, game_id=game_id)
    best = analyse_position.sync(
        client=client, body=PositionAnalysisRequest(position=game.round_.position)
    )
    assert isinstance(best, PositionAnalysis) and best.position == game.round_.position
