"""The fair-play gate through `buttonup serve`, tried as a cheater would: a
protected game in play stands at a position, and every surface that can
reveal perfect play refuses it in all 18 of its forms (the circle turned,
the colours swapped): analysing it, a game made from it, a game made from
it earlier and analysed now, a perfect bot seated in such a game, a record
that passes through it; a player seated in a protected game gets no perfect
play at all; and everything opens again once the game is over."""

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import httpx
import pytest

from buttonup.engine import Color, GameState, Tally
from buttonup.engine.bots import greedy_move
from buttonup.engine.notation import Position, read_position, write_position
from buttonup.engine.solver import best_moves, move_margins
from buttonup.engine.symmetry import position_forms
from buttonup.games.fair_play import REFUSED, Surface
from tests.helpers.games import bearer, new_player, open_rated, rounds_played

pytestmark = pytest.mark.e2e

PERFECT_BOT = {"type": "bot", "level": "perfect"}
PLAIN = {"Content-Type": "text/plain"}


def greedy_is_never_best(position: Position) -> bool:
    """In every form, the greedy bot's move is not a best move: a perfect
    bot refused perfect play visibly plays another."""
    for form in position_forms(position):
        best = best_moves(move_margins(form.circle, form.to_move))
        if greedy_move(form.circle, form.to_move) in best:
            return False
    return True


def protected_candidate() -> Position:
    """A reachable position, a few moves into a round, where the greedy
    bot's move is no best move in any form (found once, the same each run)."""
    rng = random.Random(56)
    while True:
        state = GameState.new(seed=rng.randrange(2**32), first_player=Color.RED)
        for _ in range(rng.randrange(1, 4)):
            state, _ = state.apply(state.to_move, rng.choice(state.legal_moves()))
        position = read_position(write_position(state))
        if greedy_is_never_best(position):
            return position


def text(position: Position) -> str:
    return write_position(position.state(None))


def refused(answer: httpx.Response) -> bool:
    return answer.status_code == 403 and answer.json() == {
        **answer.json(),
        "code": "position_in_play",
        "detail": REFUSED,
    }


@dataclass
class Protected:
    """A game without hints, between two players, standing at `position`."""

    game_id: str
    position: Position
    keys: dict[str, str]
    tokens: dict[str, str]

    @property
    def forms(self) -> list[str]:
        return [text(form) for form in position_forms(self.position)]

    def end(self, http: httpx.Client) -> None:
        over = http.post(
            f"/v1/games/{self.game_id}/resign",
            json=None,
            headers=bearer(self.tokens["red"]),
        )
        assert over.status_code == 200 and over.json()["status"] == "finished"


def made_protected(
    http: httpx.Client, position: Position, players: dict[str, dict] | None = None
) -> Protected:
    """Made waiting, then both seats taken (by `players`, by colour, or new
    ones): from then on it keeps `position`."""
    made = http.post("/v1/games", json={"position": text(position), "hints": False})
    assert made.status_code == 201, (made.text, text(position))
    game_id = made.json()["id"]
    keys, tokens = {}, {}
    for color in ("red", "black"):
        player = players[color] if players else new_player(http, f"Seat {color}")
        seated = http.post(
            f"/v1/games/{game_id}/players", json={"color": color}, headers=bearer(player["key"])
        )
        assert seated.status_code == 201, seated.text
        keys[color], tokens[color] = player["key"], seated.json()["token"]
    game = seated.json()["game"]
    assert game["status"] == "playing" and game["round"]["position"] == text(position)
    return Protected(game_id, position, keys, tokens)


@pytest.fixture
def http(live_server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.base_url, timeout=30) as client:
        yield client


# Each surface of the gate (games.fair_play.SURFACES), driven through HTTP:
# what it needs before the position is protected, every form refused while it
# is, and open again once the protected game is over.


def refused_while_protected(
    http: httpx.Client, position: Position, ask: Callable[[str], httpx.Response], opened: int
) -> None:
    """`ask` about every form: refused while a protected game stands at the
    position, `opened` once it is over."""
    protected = made_protected(http, position)
    for form in protected.forms:
        assert refused(ask(form)), form
    protected.end(http)
    for form in protected.forms:
        assert ask(form).status_code == opened, form


def through_position_analysis(http: httpx.Client, position: Position) -> None:
    refused_while_protected(
        http, position, lambda form: http.post("/v1/analysis", json={"position": form}), 200
    )


def through_a_game_from_the_position(http: httpx.Client, position: Position) -> None:
    refused_while_protected(
        http, position, lambda form: http.post("/v1/games", json={"position": form}), 201
    )


def through_a_games_analysis(http: httpx.Client, position: Position) -> None:
    """Games made from each form while it was open, analysed once it is not."""
    earlier = []
    for form in position_forms(position):
        game_id = http.post("/v1/games", json={"position": text(form)}).json()["id"]
        for color in ("red", "black"):
            http.post(f"/v1/games/{game_id}/players", json={"color": color})
        assert http.get(f"/v1/games/{game_id}/analysis").status_code == 200, "open so far"
        earlier.append(game_id)
    protected = made_protected(http, position)
    for game_id in earlier:
        assert refused(http.get(f"/v1/games/{game_id}/analysis")), game_id
    protected.end(http)
    for game_id in earlier:
        assert http.get(f"/v1/games/{game_id}/analysis").status_code == 200


def through_a_perfect_bot(http: httpx.Client, position: Position) -> None:
    """Each game is made from a form, the perfect bot seated to move and the
    other seat open; the protected game starts; a human sits down, and the
    bot moves: the greedy bot's move, which is no best move there."""
    waiting = []
    for form in position_forms(position):
        mover = form.to_move.value
        other = "black" if mover == "red" else "red"
        game = http.post(
            "/v1/games", json={"position": text(form), "players": {mover: PERFECT_BOT}}
        ).json()
        waiting.append((game["id"], other, form))
    protected = made_protected(http, position)
    for game_id, other, form in waiting:
        joined = http.post(f"/v1/games/{game_id}/players", json={"color": other})
        assert joined.status_code == 201, joined.text
        (first, *_) = http.get(f"/v1/games/{game_id}/moves").json()
        assert first["position"] == greedy_move(form.circle, form.to_move)
        assert first["position"] not in best_moves(move_margins(form.circle, form.to_move))
    protected.end(http)
    form = position_forms(position)[4]
    game = http.post(
        "/v1/games",
        json={"position": text(form), "players": {form.to_move.value: PERFECT_BOT}},
    ).json()
    other = "black" if form.to_move is Color.RED else "red"
    http.post(f"/v1/games/{game['id']}/players", json={"color": other})
    (first, *_) = http.get(f"/v1/games/{game['id']}/moves").json()
    assert first["position"] in best_moves(move_margins(form.circle, form.to_move)), "open again"


def through_a_records_import(http: httpx.Client, position: Position) -> None:
    """Records of games played from each form (a move, then a resignation)."""
    records = []
    for form in position_forms(position):
        game = http.post("/v1/games", json={"position": text(form)}).json()
        tokens = {}
        for color in ("red", "black"):
            seated = http.post(f"/v1/games/{game['id']}/players", json={"color": color}).json()
            tokens[color] = seated["token"]
        game = seated["game"]
        mover = game["round"]["to_move"]
        http.post(
            f"/v1/games/{game['id']}/moves",
            json={"position": game["round"]["legal_moves"][0]},
            headers=bearer(tokens[mover]),
        )
        http.post(f"/v1/games/{game['id']}/resign", headers=bearer(tokens["red"]))
        records.append(http.get(f"/v1/games/{game['id']}/record").text)
    protected = made_protected(http, position)
    for record in records:
        assert refused(http.post("/v1/games/import", content=record, headers=PLAIN)), record
    protected.end(http)
    for record in records:
        imported = http.post("/v1/games/import", content=record, headers=PLAIN)
        assert imported.status_code == 201
        assert http.get(f"/v1/games/{imported.json()['id']}/analysis").status_code == 200


def rated_game_past_its_opening(http: httpx.Client, pair: dict[str, dict]) -> str:
    """A rated game between the pair, each having moved once: its id."""
    game_id = http.post("/v1/games", json={"rated": True}).json()["id"]
    for color, player in pair.items():
        seated = http.post(
            f"/v1/games/{game_id}/players", json={"color": color}, headers=bearer(player["key"])
        )
        assert seated.status_code == 201, seated.text
    open_rated(http, game_id, {color: player["key"] for color, player in pair.items()})
    return game_id


def opening_of(game: dict) -> Position:
    """A game's first round as it was dealt, its starter to move."""
    first = game["rounds"][0] if game["rounds"] else game["round"]
    circle = tuple(tuple(Color(button) for button in stack) for stack in first["initial_circle"])
    starter = Color(first["starting_player"])
    return Position(circle, starter, Tally(), game["target_score"], 1, starter)


def through_a_rated_games_review(http: httpx.Client, position: Position) -> None:
    """Rated games end while a protected game stands at a form of a position
    each was played from (its opening: a rated game starts from a deal, so
    `position` is not used): their Game carries no review. One that ends
    once nothing is kept is reviewed."""
    players = [new_player(http, f"Rated {number}") for number in range(20)]
    keepers = {"red": new_player(http, "Keeper red"), "black": new_player(http, "Keeper black")}
    for number in range(18):  # one at a time: two deals may be forms of one another
        pair = {"red": players[number], "black": players[number + 1]}
        game_id = rated_game_past_its_opening(http, pair)
        form = position_forms(opening_of(http.get(f"/v1/games/{game_id}").json()))[number]
        protected = made_protected(http, form, keepers)
        over = http.post(f"/v1/games/{game_id}/resign", headers=bearer(pair["red"]["key"]))
        assert over.status_code == 200, over.text
        game = http.get(f"/v1/games/{game_id}").json()
        assert (game["status"], game["rated"], game["review"]) == ("finished", True, None)
        protected.end(http)
    pair = {"red": players[18], "black": players[19]}
    game_id = rated_game_past_its_opening(http, pair)
    http.post(f"/v1/games/{game_id}/resign", headers=bearer(pair["red"]["key"]))
    review = http.get(f"/v1/games/{game_id}").json()["review"]
    assert review is not None, "nothing kept: reviewed"
    assert review["red"]["moves"] >= 1 and review["black"]["moves"] >= 1


SURFACE_DRIVERS = {
    Surface.POSITION_ANALYSIS: through_position_analysis,
    Surface.GAME_FROM_POSITION: through_a_game_from_the_position,
    Surface.GAME_ANALYSIS: through_a_games_analysis,
    Surface.BOT_MOVE: through_a_perfect_bot,
    Surface.RECORD_IMPORT: through_a_records_import,
    Surface.GAME_REVIEW: through_a_rated_games_review,
}


@pytest.mark.parametrize("surface", list(Surface))
def test_every_surface_refuses_every_form_of_a_protected_position(http, surface):
    position = protected_candidate()
    assert len({text(form) for form in position_forms(position)}) == 18
    SURFACE_DRIVERS[surface](http, position)


def test_a_player_seated_in_a_protected_game_gets_no_perfect_play_by_key_or_token(http):
    protected = made_protected(http, protected_candidate())
    elsewhere = "W.W.W.R.R.R.B.B.B_r_0-0_15_1r"  # a position nobody plays
    open_game = http.post("/v1/games", json={}).json()["id"]
    for color in ("red", "black"):
        http.post(f"/v1/games/{open_game}/players", json={"color": color})
    credentials = [*protected.keys.values(), *protected.tokens.values()]
    for credential in credentials:
        asked = http.post("/v1/analysis", json={"position": elsewhere}, headers=bearer(credential))
        assert refused(asked)
        assert refused(http.get(f"/v1/games/{open_game}/analysis", headers=bearer(credential)))
    assert http.post("/v1/analysis", json={"position": elsewhere}).status_code == 200
    outsider = new_player(http, "Outsider")
    asked = http.post("/v1/analysis", json={"position": elsewhere}, headers=bearer(outsider["key"]))
    assert asked.status_code == 200, "a player in no protected game asks as anyone"
    protected.end(http)
    for credential in credentials:
        asked = http.post("/v1/analysis", json={"position": elsewhere}, headers=bearer(credential))
        assert asked.status_code == 200, "the game is over"


def test_what_nobody_protects_stays_open(http):
    """A finished unrated game, a game with hints in play, a position nobody
    plays: analysed as before."""
    hinted = http.post("/v1/games", json={}).json()["id"]
    tokens = {}
    for color in ("red", "black"):
        seated = http.post(f"/v1/games/{hinted}/players", json={"color": color}).json()
        tokens[color] = seated["token"]
    game = seated["game"]
    assert http.get(f"/v1/games/{hinted}/analysis").status_code == 200
    assert http.post("/v1/analysis", json={"position": game["round"]["position"]}).status_code == (
        200
    )
    http.post(f"/v1/games/{hinted}/resign", headers=bearer(tokens["red"]))
    assert http.get(f"/v1/games/{hinted}/analysis").status_code == 200


def test_a_finished_games_review_withholds_only_the_rounds_a_protected_game_keeps(http):
    """A finished game's analysis while a protected game stands at a form of
    a position its second round was played from: 200, the other rounds
    reviewed and round 2 listed in `review_withheld` (a bystander's review
    is not refused whole); reviewed in full once the protected game ends."""
    game, played_from = rounds_played(http, 3, seed=57)
    in_round_2 = next(p for p in map(read_position, played_from) if p.round == 2)
    protected = made_protected(http, position_forms(in_round_2)[11])
    analysis = http.get(f"/v1/games/{game['id']}/analysis")
    assert analysis.status_code == 200, analysis.text
    assert [review["number"] for review in analysis.json()["review"]] == [1, 3]
    assert analysis.json()["review_withheld"] == [2]
    protected.end(http)
    analysis = http.get(f"/v1/games/{game['id']}/analysis").json()
    assert [review["number"] for review in analysis["review"]] == [1, 2, 3]
    assert analysis["review_withheld"] == []
