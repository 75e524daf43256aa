"""Games as text: a game written down reads back to the same game and is
written again to the same bytes; anything else is refused with the line,
the column and the reason (docs/notation.md)."""

import statistics

import pytest

from buttonup.engine import PLAYERS, Match
from buttonup.engine.events import Moved
from buttonup.engine.notation import NotationError, Reason
from buttonup.engine.options import EndReason
from buttonup.engine.record_reader import MAX_RECORD_BYTES, read_record
from buttonup.engine.records import write_record
from tests.engine.recorded_games import ENDINGS, play_game

GAMES = 2000
SIZES: list[int] = []


def imported(text: str) -> tuple[Match, list[Moved]]:
    """The match a record makes, as the import makes it."""
    read = read_record(text)
    base = Match.new("imported", read.options, read.created_at, read.bots)
    match, moves = base, []
    hashes = {color: color.value[0] * 64 for color in PLAYERS}
    for progress in read.changes(base, hashes):
        match = progress.match
        moves += [event for event in progress.events if isinstance(event, Moved)]
    return match, moves


@pytest.mark.parametrize("batch", range(20))
def test_a_game_written_and_read_back_is_written_again_the_same(batch):
    for seed in range(batch * GAMES // 20, (batch + 1) * GAMES // 20):
        played = play_game(seed, ENDINGS[seed % len(ENDINGS)] if seed % 7 else None)
        text = write_record(played.final, played.moves)
        SIZES.append(len(text.encode()))
        match, moves = imported(text)
        assert write_record(match, moves) == text, text
        assert [m.outcome for m in moves] == [m.outcome for m in played.moves]
        original = played.final
        assert (match.game.score, match.game.winner, match.end_reason) == (
            original.game.score,
            original.game.winner,
            original.end_reason,
        )


def test_a_fifteen_point_game_fits_in_a_few_hundred_bytes():
    sizes = []
    for seed in range(200):
        played = play_game(seed, EndReason.TARGET_SCORE)
        if played.final.game.target_score == 15:
            sizes.append(len(write_record(played.final, played.moves).encode()))
    assert statistics.median(sizes) < 600, sizes


RECORD = """[Red "Ana"]
[Black "Bo"]
[Date "2026-12-04"]
[Target "1"]
[Result "red"]
[End "target_score"]

1. r WWWRRRBBB 0+ 1 2 3 6 5+ 4 8 = BBRRBWWWR 16-8 8-0
"""


def test_the_rulebooks_deal_played_out_reads_as_a_game():
    match, moves = imported(RECORD)
    assert match.end_reason is EndReason.TARGET_SCORE and len(moves) == 8
    assert write_record(match, moves) == RECORD


def refusal(text: str) -> NotationError:
    with pytest.raises(NotationError) as refused:
        read_record(text)
    return refused.value


def test_a_record_written_by_the_service_names_every_tag_once():
    played = play_game(3, EndReason.RESIGNATION)
    text = write_record(played.final, played.moves)
    names = [line.split(" ")[0] for line in text.splitlines() if line.startswith("[")]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    ("change", "line", "column", "reason"),
    [
        (lambda t: t[:-1], 8, 54, "ends with a line break"),
        (lambda t: t.replace("\n\n", "\n"), 7, 1, "a tag is"),
        (lambda t: t.replace('[Black "Bo"]', '[Red "Bo"]'), 2, 2, "given twice"),
        (lambda t: t.replace('[Target "1"]\n', ""), 6, 1, "Target tag is needed"),
        (lambda t: t.replace('"2026-12-04"', '"2026-13-04"'), 3, 8, "YYYY-MM-DD"),
        (lambda t: t.replace("1. r", "2. r"), 8, 1, "starts at round 1"),
        (lambda t: t.replace("1. r WWWRRRBBB", "1. r WWWRRRBB"), 8, 6, "three of each"),
        (lambda t: t.replace("1. r WWWRRRBBB", "1. r WWWRRRBBX"), 8, 14, "nine buttons"),
        (lambda t: t.replace(" 0+ 1", " 0 1"), 8, 16, "gives an extra turn"),
        (lambda t: t.replace(" 0+ 1", " 5 1"), 8, 16, "illegal move"),
        (lambda t: t.replace(" 4 8 =", " 4 ="), 8, 32, "not over"),
        (lambda t: t.replace("BBRRBWWWR 16", "BBRRBWWWB 16"), 8, 36, "final stack"),
        (lambda t: t.replace("16-8", "16-9"), 8, 46, "strengths"),
        (lambda t: t.replace("8-0\n", "8-1\n"), 8, 51, "the score is"),
        (lambda t: t.replace('"red"]', '"black"]'), 6, 7, "not reached"),
        (lambda t: t.replace('[End "target_score"]\n', ""), 6, 1, "has an End tag"),
        (lambda t: t.replace('"target_score"', '"won"'), 6, 7, "End: one of"),
        (lambda t: t + "2. b WWWRRRBBB\n", 9, 1, "this is round"),
        (lambda t: t.replace("4 8 =", "4 8 1 ="), 8, 34, "result comes next"),
        (lambda t: t.replace("0+ 1", "0+  1"), 8, 19, "a move is"),
        (lambda t: t + "\x00", 9, 2, "line break"),
        (lambda t: "é" * (MAX_RECORD_BYTES // 2 + 1), 1, 1, "at most"),
        (lambda t: t.replace('"Ana"', '"A\x01a"'), 1, 1, "a tag is"),
    ],
)
def test_a_broken_record_is_refused_where_it_goes_wrong(change, line, column, reason):
    assert read_record(RECORD)  # the record itself reads
    refused = refusal(change(RECORD))
    assert reason in refused.text and refused.reason in Reason, refused
    assert (refused.line, refused.column) == (line, column), refused
