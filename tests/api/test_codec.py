"""The API's codec makes exactly the documents the schemas describe."""

import random
from datetime import UTC, datetime

from buttonup.api import schemas
from buttonup.api.codec import Codec, game_view, move_view, players_view, summary_view, timestamp
from buttonup.engine import BotLevel, Color, Match, Options
from buttonup.engine.events import EventName, Moved

T0 = 1_767_225_600_123


def keys(schema: type) -> set[str]:
    return set(schema().fields)


def sample() -> tuple[Match, Moved]:
    match = Match.new(
        "g1", Options(seed=2, first_player=Color.RED), T0, {Color.BLACK: BotLevel.RANDOM}
    )
    match = match.join(None, "Ana", "a" * 64, T0 + 1).match
    _progress = match.play(Color.RED, match.game.legal_moves()[0], T0 + 2)
    match, events = _progress.match, _progress.events
    return match, events[0]


def test_every_view_has_the_fields_of_its_schema_and_no_other():
    match, moved = sample()
    view = game_view(match)
    assert set(view) == keys(schemas.GameSchema)
    assert set(view["round"]) == keys(schemas.RoundSchema)
    assert set(view["players"]["red"]) == keys(schemas.PlayerSchema)
    assert set(players_view(match)) == keys(schemas.PlayersSchema)
    assert set(move_view(moved)) == keys(schemas.MoveSchema)
    assert set(summary_view(match)) == keys(schemas.GameSummarySchema)


def test_views_load_back_through_their_schemas():
    match, moved = sample()
    assert schemas.GameSchema().validate(game_view(match)) == {}
    assert schemas.MoveSchema().validate(move_view(moved)) == {}


def test_times_are_rfc_3339_utc_to_the_millisecond():
    assert timestamp(T0) == "2026-01-01T00:00:00.123Z"
    assert timestamp(0) == "1970-01-01T00:00:00.000Z"


def test_times_agree_with_the_standard_librarys_rfc_3339_across_centuries():
    rng = random.Random(7)
    for milliseconds in [rng.randrange(0, 253_402_300_800_000) for _ in range(2000)]:
        moment = datetime.fromtimestamp(milliseconds / 1000, UTC).replace(
            microsecond=milliseconds % 1000 * 1000
        )
        expected = moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        assert timestamp(milliseconds) == expected


def test_a_version_renders_once_however_often_it_is_asked_for():
    codec = Codec()
    match, _ = sample()
    assert codec.game_json(match) is codec.game_json(match)


def test_the_stream_names_its_events_from_the_engines_vocabulary():
    from buttonup.api.events import EVENT_COMPONENTS, SSE_EVENT

    mapping = SSE_EVENT["discriminator"]["mapping"]
    assert list(mapping) == [name.value for name in EventName if name.streamed]
    for name, ref in mapping.items():
        component = EVENT_COMPONENTS[ref.rsplit("/", 1)[1]]
        assert component["properties"]["event"]["const"] == name


def test_what_a_codec_keeps_stays_within_its_budget():
    codec = Codec(budget_bytes=5000)
    match, _ = sample()
    for _ in range(40):
        match = match.play(match.game.to_move, match.game.legal_moves()[0], T0 + 9).match
        if match.status.value != "playing":
            break
        codec.game_json(match)
    assert codec._games._held <= 5000
