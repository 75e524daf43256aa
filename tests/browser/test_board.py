"""The board at / in a real browser: a game against the perfect bot by
clicking, two browsers playing through the shared link, a reload that keeps
the seat, and what a screen reader and a keyboard get."""

import re

import httpx
import pytest
from playwright.sync_api import Page, expect

from buttonup.engine.notation import read_position, write_position
from buttonup.engine.symmetry import position_forms
from tests.helpers.games import rounds_played

pytestmark = pytest.mark.browser

# What the page is waiting for: the player's move, a round summary to
# dismiss, or the end; or a timed game's round summary, docked aside.
STATE = """() => {
  const shown = (id) => !document.getElementById(id).hidden;
  if (shown('game-over')) return 'over';
  if (shown('round-end') && shown('continue')) return 'round';
  if (shown('round-end')) return 'docked';
  // The board marks the positions playable only on the player's own turn
  // (whatever the language of the words beside it).
  if (document.querySelector('#board .position.legal')) return 'mine';
  return false;
}"""


def wait_state(page: Page, timeout: float = 30_000) -> str:
    return page.wait_for_function(STATE, timeout=timeout).json_value()


def game_id(page: Page) -> str:
    return re.search(r"game=([A-Za-z0-9_-]+)", page.url).group(1)


def drawn_version(page: Page) -> int:
    return int(page.get_attribute("#board", "data-version"))


def play_legal(page: Page, *, keyboard: bool = False) -> int:
    """Plays the first legal position; returns once the move is drawn."""
    before = drawn_version(page)
    position = int(page.locator("#board .position.legal").first.get_attribute("data-position"))
    if keyboard:
        page.keyboard.press(str(position))
    else:
        page.locator(f'#board .position[data-position="{position}"]').click()
    page.wait_for_function(
        f"() => Number(document.getElementById('board').dataset.version) > {before}"
    )
    return position


DROPS = """
  window.drops = [];
  document.addEventListener('buttonup:drop', (event) => window.drops.push(event.detail));
"""


def expected_drops(circle: list[list[str]], position: int) -> list[dict]:
    """RULES.md's sowing: from the bottom button, one on each next non-empty
    stack clockwise; with more buttons than stacks the last takes the rest."""
    targets = [(position + step) % 9 for step in range(1, 9) if circle[(position + step) % 9]]
    return [
        {"from": position, "to": targets[min(i, len(targets) - 1)], "color": color}
        for i, color in enumerate(circle[position])
    ]


def test_a_complete_game_against_the_perfect_bot_by_clicking(open_page, live_server, artifacts):
    page = open_page("/")
    page.add_init_script(DROPS)  # from the game page on
    expect(page.locator("#start")).to_be_visible()
    page.screenshot(path=artifacts / "start-screen.png", full_page=True)

    page.select_option("#vs-bot select[name=level]", "perfect")
    page.select_option("#vs-bot select[name=color]", "red")
    page.fill("#vs-bot input[name=target]", "3")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    expect(page.locator("#name-black")).to_have_text("Perfect bot")

    clicks, rounds_seen, shot_board = 0, 0, False
    while (state := wait_state(page)) != "over":
        if state == "round":
            rounds_seen += 1
            stack = page.locator("#final-stack li")
            expect(stack).to_have_count(9)
            assert "Height 1:" in stack.first.get_attribute("aria-label")
            assert re.match(r"Red \d+ · Black \d+", page.text_content("#round-sums"))
            if rounds_seen == 1:
                page.screenshot(path=artifacts / "round-end.png")
            page.click("#continue")
            continue
        if clicks == 2 and not shot_board:
            page.screenshot(path=artifacts / "mid-round.png")
            shot_board = True
        game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}").json()
        page.evaluate("() => { window.drops = []; }")
        position = play_legal(page)
        # The page sowed the move button by button, exactly as the rules say.
        assert page.evaluate("window.drops")[: len(game["round"]["circle"][position])] == (
            expected_drops(game["round"]["circle"], position)
        )
        clicks += 1

    game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}").json()
    assert game["status"] == "finished"
    assert max(game["score"].values()) >= 3
    moves = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}/moves").json()
    assert sum(1 for move in moves if move["player"] == "red") == clicks
    assert len(moves) == 8 * len(game["rounds"])
    # One card: the final score and every round, reviewed by /analysis.
    expect(page.locator("#round-end")).to_be_hidden()
    expect(page.locator("#rounds-review li")).to_have_count(len(game["rounds"]))
    last = game["rounds"][-1]["strength"]
    expect(page.locator("#rounds-review li").last).to_contain_text(
        f"Red {last['red']} · Black {last['black']}"
    )
    expect(page.locator("#rounds-review li .review")).to_have_count(len(game["rounds"]))
    review = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}/analysis").json()
    first = review["review"][0]
    starter, slips = first["starting_player"], sum(move["loss"] > 0 for move in first["moves"])
    expect(page.locator("#rounds-review li .review").first).to_have_text(
        f" With perfect play from the deal: {margin_words(starter, first['opening_value'])}; "
        f"as played: {margin_words(starter, first['final_margin'])}. "
        f"{slips} move{'' if slips == 1 else 's'} gave up points."
    )
    for color in ("red", "black"):
        expect(page.locator(f"#score-{color}")).to_have_text(str(game["score"][color]))
    page.screenshot(path=artifacts / "game-over.png")
    if rounds_seen == 0:
        page.screenshot(path=artifacts / "round-end.png")
    expected = "You won" if game["winner"] == "red" else "You lost"
    expect(page.locator("#game-over-text")).to_contain_text(expected)
    winner = game["winner"] or "red"  # the winner's score first
    loser = "black" if winner == "red" else "red"
    expect(page.locator("#game-over-text")).to_contain_text(
        f"{game['score'][winner]} to {game['score'][loser]}"
    )
    # The card closes, to look at the final position, and opens again.
    page.get_by_role("button", name="Close, to see the final position").click()
    expect(page.locator("#game-over")).to_be_hidden()
    assert page.evaluate(CIRCLE_UNCOVERED), "the final position shows, nothing over it"
    page.click("#show-result")
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#show-result")).to_be_hidden()
    assert page.errors == []


CIRCLE_UNCOVERED = """() => {
  const board = document.getElementById('board');
  const box = board.getBoundingClientRect();
  return board.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
}"""


def margin_words(color: str, value: int) -> str:
    """A review's margin as the board words it (from `color`'s side)."""
    if value == 0:
        return "even"
    ahead = color if value > 0 else {"red": "black", "black": "red"}[color]
    return f"{ahead.title()} ahead by {abs(value)}"


def test_two_browsers_play_each_other_through_the_shared_link(open_page, live_server):
    ana = open_page("/", reduced_motion=True)
    ana.fill("#vs-friend input[name=name]", "Ana")
    ana.select_option("#vs-friend select[name=color]", "red")
    ana.fill("#vs-friend input[name=target]", "2")
    ana.click("#vs-friend button[type=submit]")
    expect(ana.locator("#invite")).to_be_visible()
    link = ana.input_value("#invite-link")
    assert game_id(ana) in link
    # No hints unless both agreed at creation.
    expect(ana.locator("#hint")).to_be_hidden()

    bo = open_page(link, reduced_motion=True)
    expect(bo.locator("#join")).to_be_visible()
    expect(bo.locator("#join-text")).to_have_text("You are invited to play Black.")
    bo.fill("#join-name", "Bo")
    bo.click("#join-button")
    expect(ana.locator("#invite")).to_be_hidden()  # the join reached Ana's stream
    expect(ana.locator("#name-black")).to_have_text("Bo")
    expect(bo.locator("#name-red")).to_have_text("Ana")

    pages = {"ana": ana, "bo": bo}
    finished = set()
    for _ in range(400):
        if len(finished) == 2:
            break
        for name, page in pages.items():
            state = page.evaluate(f"({STATE})()")
            if state == "over":
                finished.add(name)
            elif state == "round":
                page.click("#continue")
            elif state == "mine":
                play_legal(page, keyboard=name == "bo")  # Bo plays by keyboard
        ana.wait_for_timeout(50)
    assert finished == {"ana", "bo"}
    game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(ana)}").json()
    winner_page, loser_page = (ana, bo) if game["winner"] == "red" else (bo, ana)
    expect(winner_page.locator("#game-over-text")).to_contain_text("You won")
    expect(loser_page.locator("#game-over-text")).to_contain_text("You lost")
    assert ana.errors == [] and bo.errors == []


def test_a_reload_mid_game_keeps_the_seat_and_others_only_watch(open_page, live_server):
    page = open_page("/", reduced_motion=True)
    page.select_option("#vs-bot select[name=level]", "greedy")
    page.select_option("#vs-bot select[name=color]", "black")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    assert wait_state(page) == "mine"
    play_legal(page)
    assert wait_state(page) == "mine"
    before = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}").json()

    page.reload()
    assert wait_state(page) == "mine"
    expect(page.locator("#name-black")).to_have_text("You")
    expect(page.locator("#join")).to_be_hidden()
    play_legal(page)
    after = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}").json()
    assert after["version"] > before["version"]

    watcher = open_page(f"/?game={game_id(page)}", reduced_motion=True)
    expect(watcher.locator("#turn")).not_to_have_text("")
    expect(watcher.locator("#join")).to_be_hidden()  # both seats are taken
    expect(watcher.locator("#board .position.legal")).to_have_count(0)
    expect(watcher.locator("#resign")).to_be_hidden()


def test_stacks_are_labelled_and_the_keyboard_reaches_every_position(open_page):
    page = open_page("/", reduced_motion=True)
    page.select_option("#vs-bot select[name=color]", "red")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    assert wait_state(page) == "mine"
    positions = page.locator("#board .position")
    expect(positions).to_have_count(9)
    for position in range(9):
        label = positions.nth(position).get_attribute("aria-label")
        assert label.startswith(f"Position {position}: ")
        assert re.search(r"bottom to top: (red|black|white)|empty", label)
    legal = positions.and_(page.locator(".legal"))
    assert all("Playable" in legal.nth(i).get_attribute("aria-label") for i in range(legal.count()))
    # A key that names a stack without a white button plays nothing and says why.
    idle = page.locator("#board .position:not(.legal)").first.get_attribute("data-position")
    page.keyboard.press(idle)
    expect(page.locator("#announce")).to_contain_text("holds no white button")
    # Hints were allowed at creation: H highlights the best moves.
    page.keyboard.press("h")
    expect(page.locator("#board .position.hinted").first).to_be_visible()
    expect(page.locator("#announce")).to_contain_text("Best: position")


def test_the_page_ships_everything_it_needs(live_server):
    index = httpx.get(live_server.base_url + "/")
    assert index.status_code == 200
    assert "text/html" in index.headers["content-type"]
    assert "default-src 'self'" in index.headers["Content-Security-Policy"]
    # Every asset is served by the service itself: no CDN.
    assets = re.findall(r'(?:src|href)="(/[^"]*)"', index.text)
    assert {"/board/board.js", "/board/board.css"} <= set(assets)
    for asset in assets:
        assert httpx.get(live_server.base_url + asset).status_code == 200, asset
    assert not re.search(r'(?:src|href)="(?:https?:)?//', index.text)
    missing = httpx.get(live_server.base_url + "/board/nothing.js")
    assert missing.status_code == 404
    assert missing.headers["content-type"] == "application/problem+json"


def test_a_link_to_a_game_that_does_not_exist_shows_a_page_that_says_so(open_page):
    page = open_page("/?game=NoSuchGame123", reduced_motion=True)
    expect(page.locator("#not-found")).to_be_visible()
    expect(page.locator("#not-found-title")).to_have_text("No game here")
    expect(page.locator("#game")).to_be_hidden()  # no board, no buttons that do nothing
    expect(page).to_have_title("No game here · Button Up!")
    page.get_by_role("link", name="Start a new game").click()
    expect(page.locator("#start")).to_be_visible()
    assert page.errors == []


def test_open_games_are_listed_and_a_click_takes_the_seat(open_page, live_server):
    api = httpx.Client(base_url=live_server.base_url)
    game = api.post("/v1/games", json={"visibility": "public", "target_score": 7}).json()
    api.post(f"/v1/games/{game['id']}/players", json={"color": "red", "name": "Lobbyist"})

    page = open_page("/", reduced_motion=True)
    entry = page.locator("#lobby-list li", has_text="Lobbyist (red)")
    expect(entry).to_contain_text("first to 7 · untimed")
    entry.get_by_role("link", name="Play black").click()
    page.wait_for_url(re.compile(game["id"]))
    expect(page.locator("#join-text")).to_have_text("You are invited to play Black.")
    page.click("#join-button")
    expect(page.locator("#join")).to_be_hidden()
    expect(page.locator("#turn")).not_to_contain_text("Waiting")  # the game has started
    expect(page.locator("#name-red")).to_have_text("Lobbyist")
    assert api.get(f"/v1/games/{game['id']}").json()["status"] == "playing"

    # A friend game ticked "List it" shows up for others, and leaves once joined.
    creator = open_page("/", reduced_motion=True)
    creator.fill("#vs-friend input[name=name]", "Host")
    creator.check("#vs-friend input[name=public]")
    creator.click("#vs-friend button[type=submit]")
    expect(creator.locator("#invite")).to_be_visible()
    visitor = open_page("/", reduced_motion=True)
    expect(visitor.locator("#lobby-list li", has_text="Host (red)")).to_have_count(1)
    expect(visitor.locator("#lobby-list li", has_text="Lobbyist")).to_have_count(0)


def test_the_lobby_says_each_games_clock_and_whether_it_is_rated_or_without_hints(
    open_page, live_server
):
    api = httpx.Client(base_url=live_server.base_url)
    blitz = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
    ana = api.post("/v1/players", json={"name": "Rated Ana"}).json()
    rated = api.post("/v1/games", json={"visibility": "public", "clock": blitz, "rated": True})
    api.post(
        f"/v1/games/{rated.json()['id']}/players",
        json={"color": "red"},
        headers={"Authorization": f"Bearer {ana['key']}"},
    )
    daily = {"type": "per_move", "seconds": 86400}
    quiet = api.post("/v1/games", json={"visibility": "public", "clock": daily, "hints": False})
    api.post(f"/v1/games/{quiet.json()['id']}/players", json={"color": "red", "name": "Quiet Bo"})

    page = open_page("/", reduced_motion=True)
    expect(page.locator("#lobby-list li", has_text="Rated Ana")).to_contain_text(
        "first to 15 · 3 min + 2 s · rated"
    )
    expect(page.locator("#lobby-list li", has_text="Quiet Bo")).to_contain_text(
        "first to 15 · 1 day a move · no hints"
    )


def test_every_write_carries_a_key_and_a_503_is_sent_again_with_the_same_key(
    open_page, live_server
):
    page = open_page("/")
    writes: list[tuple[str, str | None]] = []
    page.on(
        "request",
        lambda request: (
            writes.append((request.url, request.headers.get("idempotency-key")))
            if request.method == "POST"
            else None
        ),
    )
    refused: list[str] = []

    def first_move_lost(route):
        if refused or route.request.method != "POST":  # the page reads the round's moves too
            route.continue_()
            return
        refused.append(route.request.headers["idempotency-key"])
        route.fulfill(
            status=503,
            headers={"Retry-After": "1"},
            content_type="application/problem+json",
            body='{"status": 503, "code": "outcome_unknown", "detail": "retry"}',
        )

    page.route("**/moves", first_move_lost)
    page.select_option("#vs-bot select[name=level]", "random")
    page.select_option("#vs-bot select[name=color]", "red")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    assert wait_state(page) == "mine"
    play_legal(page)
    moves = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}/moves").json()
    assert sum(1 for move in moves if move["player"] == "red") == 1
    keys = [key for _, key in writes]
    assert all(key and re.fullmatch(r"[0-9a-f]{32}", key) for key in keys), writes
    sent_moves = [key for url, key in writes if url.endswith("/moves")]
    assert sent_moves == refused * 2  # the lost one, then again with its key
    assert len(set(keys)) == len(keys) - 1  # every other write has a key of its own


LAYOUT = """() => {
  const boxes = [...document.querySelectorAll('#board .position')].map((element) => {
    const box = element.getBoundingClientRect();
    return {left: box.left, top: box.top, right: box.right, bottom: box.bottom,
            width: box.width, height: box.height};
  });
  const clipped = [...document.querySelectorAll('#scoreboard .player, #turn, .round-info')]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < 0 || box.right > window.innerWidth);
    }).length;
  return {scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth,
          boxes, clipped};
}"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_the_board_fits_the_screen_and_every_stack_is_its_own_target(
    open_page, live_server, artifacts, size
):
    page = open_page("/", size=size)
    page.select_option("#vs-bot select[name=level]", "random")
    page.select_option("#vs-bot select[name=color]", "red")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\\?game="))
    assert wait_state(page) == "mine"
    for _ in range(3):  # stacks grow: measure a board with tall ones too
        play_legal(page)
        if wait_state(page) != "mine":
            break
    layout = page.evaluate(LAYOUT)
    page.screenshot(path=artifacts / f"board-{size[0]}x{size[1]}.png", full_page=True)
    assert layout["scrollWidth"] <= layout["width"], layout["scrollWidth"]
    assert layout["clipped"] == 0
    boxes = layout["boxes"]
    assert len(boxes) == 9
    for box in boxes:
        assert box["width"] >= 44 and box["height"] >= 44, box
        assert box["left"] >= 0 and box["right"] <= layout["width"], box
    for index, one in enumerate(boxes):
        for other in boxes[index + 1 :]:
            apart = (
                one["right"] <= other["left"]
                or other["right"] <= one["left"]
                or one["bottom"] <= other["top"]
                or other["bottom"] <= one["top"]
            )
            assert apart, (one, other)


# Clocks, presence and claims.


def seat_in(page: Page, game_id: str, color: str, token: str) -> None:
    """The seat as the board keeps it, then the game's page."""
    page.evaluate(
        "([key, seat]) => localStorage.setItem(key, seat)",
        [f"buttonup:seat:{game_id}", f'{{"color": "{color}", "token": "{token}"}}'],
    )
    page.goto(f"/?game={game_id}")


def test_a_time_control_is_picked_at_the_start_and_both_clocks_show(open_page, live_server):
    page = open_page("/", reduced_motion=True)
    page.select_option("#vs-bot select[name=clock]", label="3 min + 2 s")
    page.select_option("#vs-bot select[name=color]", "red")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}").json()
    assert game["clock"]["type"] == "fischer" and game["clock"]["initial_seconds"] == 180
    expect(page.locator("#clock-black")).to_have_text("3:00")  # a bot's clock never runs
    expect(page.locator("#clock-red")).to_have_class(re.compile("running"))
    expect(page.locator("#clock-red")).to_have_text(re.compile(r"^(3:00|2:5\d)$"))
    # Before the game's first move (the bot may have started), abort, not lose.
    unmoved = game["round"]["number"] == 1 and game["round"]["moves_played"] == 0
    expect(page.locator("#abort")).to_be_visible() if unmoved else expect(
        page.locator("#abort")
    ).to_be_hidden()
    assert page.errors == []


def test_a_timed_game_the_human_lets_run_out_is_lost_on_time(open_page, live_server):
    base = live_server.base_url
    game = httpx.post(
        f"{base}/v1/games",
        json={
            "first_player": "red",
            "clock": {"type": "per_move", "seconds": 5},
            "players": {"black": {"type": "bot", "level": "random"}},
        },
    ).json()
    seat = httpx.post(f"{base}/v1/games/{game['id']}/players", json={"color": "red"}).json()
    page = open_page("/", reduced_motion=True)
    seat_in(page, game["id"], "red", seat["token"])
    assert wait_state(page) == "mine"
    play_legal(page)  # the first move: from now on running out loses, not aborts
    while wait_state(page) == "round":
        page.click("#continue")
    expect(page.locator("#clock-red")).to_have_class(re.compile("running"))
    expect(page.locator("#clock-red")).to_have_text(re.compile(r"^0:0[0-5]$"))
    # Nothing more is played: the service ends the game by itself.
    try:
        expect(page.locator("#game-over")).to_be_visible(timeout=15_000)
    except AssertionError as error:  # which side missed it: the service or the page
        served = httpx.get(f"{base}/v1/games/{game['id']}").json()
        drawn = page.get_attribute("#board", "data-version")
        raise AssertionError(
            f"served {served['status']} v{served['version']} {served['clock']}; drawn v{drawn}"
        ) from error
    expect(page.locator("#game-over-text")).to_contain_text("You lost — your time ran out")
    over = httpx.get(f"{base}/v1/games/{game['id']}").json()
    assert (over["end_reason"], over["winner"]) == ("timeout", "black")
    assert page.errors == []


def seated_in_a_blitz_game(page: Page, base_url: str, bot: str) -> dict:
    """A 3+2 game to 40 against the `bot`, red (who starts) the page's seat."""
    blitz = {"type": "fischer", "initial_seconds": 180, "increment_seconds": 2}
    game = httpx.post(
        f"{base_url}/v1/games",
        json={
            "first_player": "red",
            "clock": blitz,
            "target_score": 40,
            "players": {"black": {"type": "bot", "level": bot}},
        },
    ).json()
    seat = httpx.post(f"{base_url}/v1/games/{game['id']}/players", json={"color": "red"}).json()
    seat_in(page, game["id"], "red", seat["token"])
    return game


def test_in_a_timed_game_the_round_summary_stands_aside_and_play_goes_on(
    open_page, live_server, artifacts
):
    """No pause between rounds: the summary is docked, the next round drawn
    and playable at once, and the summary closes by itself or on a click."""
    base = live_server.base_url
    page = open_page("/", reduced_motion=True, size=(1280, 800))
    game = seated_in_a_blitz_game(page, base, "random")
    while (state := wait_state(page)) == "mine":
        play_legal(page)
    assert state == "docked"
    expect(page.locator("#round-overlay")).to_have_class(re.compile("docked"))
    expect(page.locator("#round-end-title")).to_have_text("Round 1 over")
    expect(page.locator("#continue")).to_be_hidden()
    served = httpx.get(f"{base}/v1/games/{game['id']}").json()
    assert served["round"]["number"] == 2 and served["clock"]["running"]
    page.wait_for_function(
        f"() => Number(document.getElementById('board').dataset.version) >= {served['version']}"
    )
    page.screenshot(path=artifacts / "round-card-timed-1280.png")
    if served["round"]["to_move"] == "red":
        play_legal(page)  # beside the summary, which does not cover the circle
        expect(page.locator("#round-end")).to_be_visible()
    page.click("#round-close")
    expect(page.locator("#round-end")).to_be_hidden()
    assert page.errors == []


SOUNDS = """
  window.sounds = [];
  document.addEventListener('buttonup:sound', (event) => window.sounds.push(event.detail));
"""


def test_sound_is_off_until_turned_on_and_is_remembered(open_page):
    page = open_page("/", reduced_motion=True)
    sound = page.get_by_role("button", name="Sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(sound).to_have_attribute("title", "Sound off")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    expect(sound).to_have_attribute("title", "Sound on")
    page.reload()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("sound", ["on", "off"])
def test_the_tab_title_and_a_tone_say_the_turn_has_come(open_page, live_server, sound):
    base = live_server.base_url
    game = httpx.post(f"{base}/v1/games", json={"first_player": "red"}).json()
    url = f"{base}/v1/games/{game['id']}"
    red = httpx.post(f"{url}/players", json={"color": "red"}).json()
    black = httpx.post(f"{url}/players", json={"color": "black"}).json()
    page = open_page("/", reduced_motion=True)
    page.evaluate(f"() => localStorage.setItem('buttonup:sound', '{sound}')")
    page.add_init_script(SOUNDS)
    seat_in(page, game["id"], "red", red["token"])
    assert wait_state(page) == "mine"
    expect(page).to_have_title("● Your turn · Button Up!")
    assert page.evaluate("window.sounds") == [], "a turn found on arrival is not news"
    while (served := httpx.get(url).json())["round"]["to_move"] == "red":  # extra turns too
        play_legal(page)
    expect(page).not_to_have_title(re.compile("Your turn"))
    while served["round"]["to_move"] == "black":  # the opponent, elsewhere
        position = served["round"]["legal_moves"][0]
        headers = {"Authorization": f"Bearer {black['token']}"}
        served = httpx.post(f"{url}/moves", json={"position": position}, headers=headers)
        served = served.json()["game"]
    if wait_state(page) == "round":
        page.click("#continue")
    expect(page).to_have_title("● Your turn · Button Up!")
    assert page.evaluate("window.sounds") == (["turn"] if sound == "on" else [])
    assert page.errors == []


def test_an_extra_turn_announced_is_taken_down_when_the_turn_moves_on(open_page, live_server):
    """The rules' worked example: red's 0 puts white on white (an extra turn,
    announced), red's 1 does not, and the turn passes: the page says it is
    black's, and the announcement of red's extra turn is gone."""
    base = live_server.base_url
    position = "W.W.W.R.R.R.B.B.B_r_0-0_15_1r"
    game = httpx.post(f"{base}/v1/games", json={"position": position}).json()
    url = f"{base}/v1/games/{game['id']}"
    red = httpx.post(f"{url}/players", json={"color": "red"}).json()
    black = httpx.post(f"{url}/players", json={"color": "black"}).json()
    page = open_page("/", reduced_motion=True)
    page.add_init_script(ANNOUNCED)
    seat_in(page, game["id"], "black", black["token"])
    expect(page.locator("#turn")).to_contain_text("Red (red) to move")
    headers = {"Authorization": f"Bearer {red['token']}"}
    httpx.post(f"{url}/moves", json={"position": 0}, headers=headers)
    httpx.post(f"{url}/moves", json={"position": 1}, headers=headers)
    assert [move["extra_turn"] for move in httpx.get(f"{url}/moves").json()] == [True, False]
    expect(page.locator("#turn")).to_contain_text("Your turn")
    # At once, not after the 2.5 s an announcement stays up by itself.
    assert not page.evaluate("document.getElementById('announce').classList.contains('visible')")
    assert "Extra turn for Red!" in page.evaluate("window.announced")
    assert page.errors == []


def test_the_rounds_moves_are_listed_as_the_notation_writes_them_and_each_shows_its_position(
    open_page, live_server
):
    """The rules' worked example from the page's seat: red plays 0 (white on
    white: '0+') then 1. Each move is listed; picking one shows the position
    it left, and the game comes back."""
    base = live_server.base_url
    game = httpx.post(f"{base}/v1/games", json={"position": "W.W.W.R.R.R.B.B.B_r_0-0_15_1r"}).json()
    url = f"{base}/v1/games/{game['id']}"
    red = httpx.post(f"{url}/players", json={"color": "red"}).json()
    httpx.post(f"{url}/players", json={"color": "black"})
    page = open_page("/", reduced_motion=True)
    seat_in(page, game["id"], "red", red["token"])
    assert wait_state(page) == "mine"
    for position in (0, 1):
        page.locator(f'#board .position[data-position="{position}"]').click()
        page.wait_for_function(
            f"() => document.querySelectorAll('#move-list li').length === {position + 1}"
        )
    expect(page.locator("#moves-title")).to_have_text("Round 1, move by move")
    expect(page.locator("#move-list li")).to_have_text(["0+", "1"])
    chips = lambda at: page.locator(f'#board .position[data-position="{at}"] .chip')  # noqa: E731
    expect(chips(2)).to_have_count(2)  # now: 2 = W W, 3 = R W
    page.get_by_role("button", name="Show the position after move 1, Red 0+").click()
    expect(page.locator("#move-preview-text")).to_have_text("The position after Red's 0+.")
    expect(chips(1)).to_have_count(2)  # after 0: 1 = W W
    expect(chips(0)).to_have_count(0)
    page.click("#move-back")
    expect(chips(2)).to_have_count(2)
    expect(chips(1)).to_have_count(0)
    expect(page.locator("#move-preview")).to_be_hidden()
    assert page.errors == []

    reloaded = open_page("/", reduced_motion=True)  # the round's moves before it opened
    seat_in(reloaded, game["id"], "red", red["token"])
    expect(reloaded.locator("#move-list li")).to_have_text(["0+", "1"])
    reloaded.get_by_role("button", name="Show the position after move 1, Red 0+").click()
    expect(reloaded.locator('#board .position[data-position="1"] .chip')).to_have_count(2)
    assert reloaded.errors == []


ANNOUNCED = """
  window.announced = [];
  new MutationObserver(() => {
    const element = document.getElementById('announce');
    if (element?.classList.contains('visible')) window.announced.push(element.textContent);
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});
"""


def test_a_friend_who_closes_the_page_can_be_claimed_against(open_page, live_server):
    """The suite's servers allow a claim after 1 s away (BUTTONUP_ABANDON_SECONDS)."""
    ana = open_page("/", reduced_motion=True)
    ana.fill("#vs-friend input[name=name]", "Ana")
    ana.select_option("#vs-friend select[name=color]", "red")
    ana.click("#vs-friend button[type=submit]")
    expect(ana.locator("#invite")).to_be_visible()
    link = ana.input_value("#invite-link")
    bo = open_page(link, reduced_motion=True)
    bo.fill("#join-name", "Bo")
    bo.click("#join-button")
    expect(ana.locator("#name-black")).to_have_text("Bo")
    # Ana plays until it is Bo's turn.
    for _ in range(20):
        state = ana.evaluate(f"({STATE})()")
        if state == "mine":
            play_legal(ana)
        elif state == "round":
            ana.click("#continue")
        elif (
            httpx.get(f"{live_server.base_url}/v1/games/{game_id(ana)}").json()["round"]["to_move"]
            == "black"
        ):
            break
        ana.wait_for_timeout(100)
    expect(ana.locator("#opponent-gone")).to_be_hidden()  # Bo's stream is open
    bo.context.close()
    expect(ana.locator("#opponent-gone")).to_be_visible(timeout=10_000)
    expect(ana.locator("#presence-black")).to_be_visible()
    ana.wait_for_timeout(1100)
    ana.click("#claim")
    expect(ana.locator("#game-over")).to_be_visible(timeout=10_000)
    expect(ana.locator("#game-over-text")).to_contain_text("You won — Bo left the game")
    game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(ana)}").json()
    assert (game["end_reason"], game["winner"]) == ("abandoned", "red")
    assert ana.errors == []


def remember(page: Page, name: str) -> None:
    page.fill("#me-name", name)
    page.click("#remember button[type=submit]")
    expect(page.locator("#me-shown")).to_have_text(name)


def test_two_players_play_again_with_colours_swapped_and_see_their_games_live(
    open_page, live_server
):
    base = live_server.base_url
    ana = open_page("/", reduced_motion=True)
    remember(ana, "Ana")
    ana.select_option("#vs-friend select[name=color]", "red")
    ana.fill("#vs-friend input[name=target]", "1")
    ana.click("#vs-friend button[type=submit]")
    expect(ana.locator("#invite")).to_be_visible()
    link = ana.input_value("#invite-link")
    first_id = game_id(ana)

    bo_home = open_page("/", reduced_motion=True)
    remember(bo_home, "Bo")
    bo = bo_home.context.new_page()  # the same browser: it remembers Bo
    bo.errors = []
    bo.on("pageerror", lambda error: bo.errors.append(str(error)))
    bo.goto(link)
    bo.click("#join-button")
    expect(ana.locator("#name-black")).to_have_text("Bo")
    # The seat is the player's: Bo's start page lists the game, live.
    expect(bo_home.locator(f'#my-games li[data-game="{first_id}"]')).to_be_visible()

    bo.click("#resign")
    bo.click("#resign")  # confirmed
    expect(ana.locator("#game-over-text")).to_contain_text("You won")
    expect(bo.locator("#play-again")).to_be_visible()
    bo.click("#play-again")
    expect(bo.locator("#rematch-text")).to_contain_text("Waiting for your opponent")
    expect(ana.locator("#rematch-text")).to_contain_text("Bo wants a rematch")
    expect(ana.locator("#play-again")).to_have_text("Accept the rematch")
    ana.click("#play-again")

    # Both browsers land in the new game, colours swapped.
    for page in (ana, bo):
        page.wait_for_url(re.compile(r"game=(?!" + re.escape(first_id) + r")"), timeout=15_000)
    assert game_id(ana) == game_id(bo)
    second_id = game_id(ana)
    game = httpx.get(f"{base}/v1/games/{second_id}").json()
    assert game["status"] == "playing"
    assert (game["players"]["red"]["name"], game["players"]["black"]["name"]) == ("Bo", "Ana")
    expect(ana.locator("#player-black")).to_have_class(re.compile(r"\bme\b"))
    expect(bo.locator("#player-red")).to_have_class(re.compile(r"\bme\b"))

    # Bo's list shows the rematch; its turn marker follows Ana's moves as they come.
    entry = bo_home.locator(f'#my-games li[data-game="{second_id}"]')
    expect(entry).to_be_visible()
    url = f"{base}/v1/games/{second_id}"
    while httpx.get(url).json()["round"]["to_move"] == "red":  # Bo (red) starts
        expect(entry).to_contain_text("your turn")
        assert wait_state(bo) == "mine"
        play_legal(bo)
    expect(entry).to_contain_text("their turn")
    while httpx.get(url).json()["round"]["to_move"] == "black":  # Ana, extra turns too
        assert wait_state(ana) == "mine"
        play_legal(ana)
    expect(entry).to_contain_text("your turn")  # heard from Bo's stream: your_turn
    assert ana.errors == [] and bo.errors == [] and bo_home.errors == []


NAMES_FIT = """() => ['name-red', 'name-black'].map((id) => {
  const name = document.getElementById(id);
  return {text: name.textContent, fits: name.scrollWidth <= name.clientWidth};
})"""


@pytest.mark.parametrize(("size", "phone"), [((1280, 800), False), ((390, 844), True)])
def test_seat_names_show_whole_on_a_desktop_and_a_phone(open_page, live_server, size, phone):
    page = open_page("/", size=size, phone=phone, reduced_motion=True)
    remember(page, "Anastasia")
    page.select_option("#vs-bot select[name=clock]", label="3 min + 2 s")
    page.select_option("#vs-bot select[name=color]", "red")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    expect(page.locator("#clock-red")).to_be_visible()
    names = page.evaluate(NAMES_FIT)
    assert [name["text"] for name in names] == ["You", "Perfect bot"]
    assert all(name["fits"] for name in names), names
    # Another visitor reads the player's name, never "You".
    other = open_page(f"/?game={game_id(page)}", size=size, phone=phone)
    expect(other.locator("#name-red")).to_have_text("Anastasia")
    assert all(name["fits"] for name in other.evaluate(NAMES_FIT))
    # A keyboard shortcut is shown with a mouse and keyboard, not on a touch screen.
    hint = page.locator("#hint kbd")
    expect(hint).to_be_hidden() if phone else expect(hint).to_be_visible()
    assert page.errors == [] and other.errors == []


def test_an_anonymous_seat_against_a_bot_is_not_named_you_for_others(open_page, live_server):
    page = open_page("/", reduced_motion=True)
    page.select_option("#vs-bot select[name=color]", "red")
    page.click("#vs-bot button[type=submit]")
    page.wait_for_url(re.compile(r"\?game="))
    expect(page.locator("#name-red")).to_have_text("You")
    game = httpx.get(f"{live_server.base_url}/v1/games/{game_id(page)}").json()
    assert game["players"]["red"]["name"] is None
    other = open_page(f"/?game={game_id(page)}")
    expect(other.locator("#name-red")).to_have_text("Red")


def refused_into(failed: list[str]):
    """A page's response listener: each answer of 400 or more, its URL."""
    return lambda answer: failed.append(answer.url) if answer.status >= 400 else None


def test_a_finished_games_card_says_which_rounds_fair_play_keeps_back(open_page, live_server):
    """A finished game opened while a game without hints stands at a form of
    a position its second round was played from: rounds 1 and 3 carry their
    review, round 2 says it is kept back (in English and Spanish), and no
    request is refused."""
    http = httpx.Client(base_url=live_server.base_url, timeout=10)
    game, played_from = rounds_played(http, 3, seed=58)
    in_round_2 = next(p for p in map(read_position, played_from) if p.round == 2)
    form = write_position(position_forms(in_round_2)[5].state(None))
    keeper = http.post("/v1/games", json={"position": form, "hints": False}).json()
    for color in ("red", "black"):
        http.post(f"/v1/games/{keeper['id']}/players", json={"color": color})
    words = {"en-US": "Perfect play kept back", "es-ES": "Juego perfecto reservado"}
    for locale, kept_back in words.items():
        page = open_page(f"/?game={game['id']}", locale=locale)
        failed: list[str] = []
        page.on("response", refused_into(failed))
        rounds = page.locator("#rounds-review li")
        expect(rounds).to_have_count(3)
        expect(rounds.nth(1).locator(".review.withheld")).to_contain_text(kept_back)
        expect(rounds.locator(".review:not(.withheld)")).to_have_count(2)
        assert failed == [] and page.errors == []


def test_a_game_opened_twice_at_once_is_navigated_to_once(open_page):
    """An accepted challenge's answer and the player's stream's game_start
    both open the game: the second must not abort the first's load."""
    page = open_page("/")
    requested = []
    page.on("request", lambda request: "game=twice" in request.url and requested.append(request))
    # Not awaited here: the page navigates away as it runs.
    page.evaluate(
        "() => { import('/board/api.js')"
        ".then((api) => { api.goToGame('twice'); api.goToGame('twice'); }); }"
    )
    page.wait_for_url(re.compile(r"game=twice"))
    page.wait_for_load_state("load")
    assert len([r for r in requested if r.resource_type == "document"]) == 1
