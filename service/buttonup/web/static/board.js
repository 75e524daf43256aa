// The board: plays Button Up! through the public API only (see /docs/).
// Changes arrive on the game's event stream, read with fetch so that it
// carries the seat's bearer token (the seat then shows as connected); moves
// are POSTed with that token, kept in localStorage per game so that a reload
// keeps the seat.
import {
  CLOCK,
  COLORS,
  END,
  EVENTS,
  PLAYER_EVENTS,
  SEAT,
  STATUS,
  VISIBILITY,
} from "./vocabulary.js";
import { showAnalysis } from "./analysis.js";
import { showLeaderboard } from "./leaderboard.js";
import { cancelSeek, onGameStart, seekAnyone } from "./seeking.js";
import { POSITIONS, buildCircle, drawStack } from "./circle.js";
import {
  PLAYER_KEY,
  call,
  goToGame,
  loadPlayer,
  loadSeat,
  noteServerTime,
  pause,
  readBlocks,
  saveSeat,
  serverNow,
} from "./api.js";

const STEP_MS = 260; // one sown button
const PAUSE_MS = 350; // between two moves

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const other = (color) => (color === COLORS[0] ? COLORS[1] : COLORS[0]);
const title = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// ---- the player this browser remembers ---------------------------------------
// One identity across games: its key (shown once by POST /v1/players) is kept
// here, seats are taken with it, and "Your games" follows the player's stream.

async function rememberPlayer(name) {
  const player = await call("POST", "/v1/players", { body: name ? { name } : {} });
  localStorage.setItem(PLAYER_KEY, JSON.stringify({ id: player.id, name: player.name, key: player.key }));
  return player;
}

// A move made in another tab of this browser: the player's stream tells of
// the opponent's moves, and this of one's own.
const MOVED_KEY = "buttonup:moved";

function showPlayer() {
  const player = loadPlayer();
  $("remember").hidden = Boolean(player);
  $("known").hidden = !player;
  if (!player) return;
  $("me-shown").textContent = player.name || "you";
  const friendName = document.querySelector("#vs-friend input[name=name]");
  if (!friendName.value) friendName.value = player.name || "";
  window.addEventListener("storage", (event) => {
    if (event.key === MOVED_KEY) guard(refreshMyGames(player));
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") guard(refreshMyGames(player));
  });
  guard(followPlayer(player));
}

function drawMyGames(games) {
  $("my-games-empty").hidden = games.length > 0;
  $("my-games").replaceChildren(
    ...games.map((game) => {
      const item = document.createElement("li");
      item.dataset.game = game.id;
      item.classList.toggle("my-turn", game.my_turn);
      const text = document.createElement("span");
      const against = game.opponent.name || (game.opponent.joined ? title(other(game.color)) : "nobody yet");
      const state = game.status === STATUS.WAITING ? "waiting for a player" : game.my_turn ? "your turn" : "their turn";
      text.textContent = `${title(game.color)} against ${against} · ${game.score.red}–${game.score.black} · ${state}`;
      const open = document.createElement("a");
      open.className = "button";
      open.href = `/?game=${encodeURIComponent(game.id)}`;
      open.textContent = game.my_turn ? "Play" : "Open";
      item.append(text, open);
      return item;
    }),
  );
}

async function refreshMyGames(player) {
  const page = await call("GET", "/v1/players/me/games?limit=50", { token: player.key });
  drawMyGames(page.items);
}

// Resolved once the player's stream is open (a seek lives while it is).
let streamOpened;
const playerListening = new Promise((resolve) => {
  streamOpened = resolve;
});

// The player's stream: `games` first, then a notice whenever one of the
// player's games needs them (started, their turn, over, a rematch, a seek
// paired); the list is read again at each. Resumed with Last-Event-ID after a drop.
async function followPlayer(player) {
  let lastEventId = null;
  let failures = 0;
  for (;;) {
    const headers = { Accept: "text/event-stream", Authorization: `Bearer ${player.key}` };
    if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
    try {
      const response = await fetch("/v1/players/me/events", { headers });
      if (response.status === 401) {
        localStorage.removeItem(PLAYER_KEY); // expired: made again when asked
        showPlayer();
        return;
      }
      if (response.ok) {
        failures = 0;
        await readBlocks(response.body, (fields) => {
          if (fields.id) lastEventId = fields.id;
          if (fields.event === PLAYER_EVENTS.GAMES) {
            drawMyGames(JSON.parse(fields.data));
            streamOpened();
          } else if (fields.event === PLAYER_EVENTS.GAME_START) onGameStart(JSON.parse(fields.data));
          else if (fields.event) guard(refreshMyGames(player));
        });
      }
    } catch {
      // dropped: open it again below
    }
    failures += 1;
    await pause(Math.min(250 * 2 ** failures, 5000));
  }
}

// ---- start screen ----------------------------------------------------------

function showStart() {
  $("start").hidden = false;
  $("game").hidden = true;
  offerClocks();
  $("remember").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(rememberPlayer($("me-name").value.trim()).then(showPlayer));
  });
  $("forget").addEventListener("click", () => {
    localStorage.removeItem(PLAYER_KEY);
    window.location.reload();
  });
  showPlayer();
  $("vs-bot").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(startAgainstBot(new FormData(event.target)));
  });
  $("vs-friend").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(startAgainstFriend(new FormData(event.target)));
  });
  $("vs-anyone").addEventListener("submit", (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    guard(seekAnyone(anyonesPlayer, () => playerListening, clockOf(form), form.get("rated") === "on"));
  });
  $("cancel-seek").addEventListener("click", () => guard(cancelSeek(loadPlayer())));
  $("lobby-refresh").addEventListener("click", () => guard(showLobby()));
  guard(showLobby());
}

// The player "Play anyone" seeks as: the one remembered, or one made now.
async function anyonesPlayer() {
  const known = loadPlayer();
  if (known) return known;
  const made = await rememberPlayer($("me-name").value.trim());
  showPlayer();
  return made;
}

// Public games with an open seat (list_games); refreshed on demand, not polled.
async function showLobby() {
  const page = await call("GET", "/v1/games?status=waiting&limit=20");
  $("lobby-empty").hidden = page.items.length > 0;
  $("lobby-list").replaceChildren(
    ...page.items.map((game) => {
      const item = document.createElement("li");
      const waiting = COLORS.filter((color) => game.players[color].joined).map(
        (color) => `${game.players[color].name || title(color)} (${color})`,
      );
      const text = document.createElement("span");
      text.textContent = `${waiting.join(" and ") || "Nobody yet"} · first to ${game.target_score}`;
      const join = document.createElement("a");
      join.className = "button";
      join.href = `/?game=${encodeURIComponent(game.id)}`;
      join.textContent = `Play ${game.open_seats[0]}`;
      item.append(text, join);
      return item;
    }),
  );
}

// The time controls the start screen offers, by the index of their option.
const CLOCK_PRESETS = [
  ["Untimed", null],
  ["3 min + 2 s a move", { type: CLOCK.FISCHER, initial_seconds: 180, increment_seconds: 2 }],
  ["5 min", { type: CLOCK.FISCHER, initial_seconds: 300, increment_seconds: 0 }],
  ["A day per move", { type: CLOCK.PER_MOVE, seconds: 86400 }],
];

function offerClocks() {
  for (const select of document.querySelectorAll("select[name=clock]")) {
    select.replaceChildren(
      ...CLOCK_PRESETS.map(([label], index) => new Option(label, String(index))),
    );
  }
}

function clockOf(form) {
  return CLOCK_PRESETS[Number(form.get("clock") || 0)]?.[1] ?? null;
}

async function startAgainstBot(form) {
  let color = form.get("color");
  if (color === "random") color = COLORS[Math.floor(Math.random() * 2)];
  const game = await call("POST", "/v1/games", {
    body: {
      target_score: Number(form.get("target")),
      hints: form.get("hints") === "on",
      clock: clockOf(form),
      players: {
        [color]: { type: SEAT.HUMAN },
        [other(color)]: { type: SEAT.BOT, level: form.get("level") },
      },
    },
  });
  const player = loadPlayer();
  const joined = await call("POST", `/v1/games/${game.id}/players`, {
    // No name for an anonymous seat: this page calls its own seat "You", and
    // anyone else opening the link reads "Red" or "Black", not "You".
    body: { color },
    token: player?.key,
  });
  saveSeat(game.id, color, joined.token);
  goToGame(game.id);
}

async function startAgainstFriend(form) {
  const color = form.get("color");
  const name = form.get("name").trim();
  const game = await call("POST", "/v1/games", {
    body: {
      target_score: Number(form.get("target")),
      hints: form.get("hints") === "on",
      clock: clockOf(form),
      visibility: form.get("public") === "on" ? VISIBILITY.PUBLIC : VISIBILITY.PRIVATE,
    },
  });
  const joined = await call("POST", `/v1/games/${game.id}/players`, {
    body: name ? { color, name } : { color },
    token: loadPlayer()?.key,
  });
  saveSeat(game.id, color, joined.token);
  goToGame(game.id);
}


// ---- the game screen -------------------------------------------------------

const view = {
  gameId: null,
  seat: null, // {color, token} when this browser holds a seat
  game: null, // the Game as last drawn
  circle: null, // the stacks on screen (may run ahead of game during animation)
  sentAt: null, // the version a move was sent from, until the move is drawn
  queue: Promise.resolve(), // events are shown one after another
  stream: null, // the AbortController of the stream's fetch
  lastEventId: null, // where a reconnection resumes
  over: false, // game_over arrived: the stream is done
  presence: null, // who is connected, as the stream last said
  hintFor: null, // version the shown hint belongs to
};

function showGame(gameId) {
  view.gameId = gameId;
  view.seat = loadSeat(gameId);
  $("start").hidden = true;
  $("game").hidden = false;
  buildBoard();
  $("hint").addEventListener("click", () => guard(showHint()));
  $("resign").addEventListener("click", () => guard(resign()));
  $("abort").addEventListener("click", () => guard(abort()));
  $("claim").addEventListener("click", () => guard(claim()));
  $("play-again").addEventListener("click", () => guard(playAgain()));
  $("copy-link").addEventListener("click", copyLink);
  $("copy-record").addEventListener("click", () => guard(copyRecord()));
  const record = `/v1/games/${encodeURIComponent(gameId)}/record`;
  $("download-record").href = record;
  $("download-record").download = `buttonup-${gameId}.txt`;
  $("analyse-game").href = `/?analyse&game=${encodeURIComponent(gameId)}`;
  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(join());
  });
  document.addEventListener("keydown", onKey);
  setInterval(tickClocks, 200);
  guard(follow());
}

function buildBoard() {
  buildCircle($("board"), { tag: "button", onPick: (position) => guard(play(position)) });
}

// The stream, read with fetch: EventSource cannot send the seat's token.
// A dropped connection is opened again with Last-Event-ID, so nothing is lost
// and nothing comes twice. After game_over the stream stays open while a
// rematch can be arranged, and is done after `rematch` (or the window).
const HANDLERS = {
  [EVENTS.GAME]: onSnapshot,
  [EVENTS.JOINED]: (data) => onGame(data.game),
  [EVENTS.MOVE]: onMove,
  [EVENTS.ROUND_OVER]: onRoundOver,
  [EVENTS.RESIGNED]: (data) => ending(`${playerName(view.game, data.color)} resigned.`, data),
  [EVENTS.ABORTED]: (data) => ending("The game was aborted.", data),
  [EVENTS.TIMEOUT]: (data) => ending(`${playerName(view.game, data.color)} ran out of time.`, data),
  [EVENTS.ABANDONED]: (data) => ending(`${playerName(view.game, data.color)} left the game.`, data),
  [EVENTS.GAME_OVER]: onGameOver,
  [EVENTS.REMATCH_OFFERED]: (data) => drawRematch(data.game),
  [EVENTS.REMATCH]: onRematch,
  [EVENTS.PRESENCE]: onPresence,
};

async function follow() {
  let failures = 0;
  while (!view.over) {
    const controller = new AbortController();
    view.stream = controller;
    const headers = { Accept: "text/event-stream" };
    if (view.seat) headers.Authorization = `Bearer ${view.seat.token}`;
    if (view.lastEventId !== null) headers["Last-Event-ID"] = view.lastEventId;
    try {
      const response = await fetch(`/v1/games/${encodeURIComponent(view.gameId)}/events`, {
        headers,
        signal: controller.signal,
      });
      noteServerTime(response);
      if (response.status === 404) {
        report(new Error("No such game: it may have expired."), { sticky: true });
        return;
      }
      if (response.status === 401) {
        view.seat = null; // a token this game does not know: watch instead
        continue;
      }
      if (response.ok) {
        failures = 0;
        await readEvents(response.body);
      }
    } catch (error) {
      if (view.over) return;
      if (controller.signal.aborted) continue; // reopened on purpose (reconnect())
    }
    failures += 1;
    await pause(Math.min(250 * 2 ** failures, 5000));
  }
}

// Opens the stream again at once, resuming after its last event: after a
// join, so that it carries the new seat's token.
function reconnect() {
  view.stream?.abort();
}

// Server-Sent Events from a fetch body: each event's fields to `onEvent`.
const readEvents = (body) => readBlocks(body, dispatch);

function dispatch(fields) {
  if (fields.id) view.lastEventId = fields.id; // presence has none
  const handler = HANDLERS[fields.event];
  if (!handler || fields.data === undefined) return; // an event of a later API
  const data = JSON.parse(fields.data);
  if (fields.event === EVENTS.GAME_OVER) view.over = true;
  view.queue = view.queue.then(() => handler(data)).catch(report);
}

function ending(text, data) {
  announce(text);
  return onGame(data.game);
}

function onSnapshot(game) {
  // First event of every connection, reconnections included.
  if (view.game && game.version < view.game.version) return;
  draw(game, game.round.circle);
  if (game.status === STATUS.FINISHED) showGameOver(game);
}

function onGame(game) {
  if (view.game && game.version <= view.game.version) return;
  draw(game, game.round.circle);
}

async function onMove({ move, game }) {
  if (view.game && game.version <= view.game.version) return;
  await sleep(reducedMotion ? 0 : PAUSE_MS);
  const who = playerName(view.game, move.player);
  say(`${who} ${who === "You" ? "play" : "plays"} position ${move.position}.`);
  await animateSowing(move.position);
  if (move.round_over) {
    // The board keeps the final stack until the round summary is dismissed.
    view.game = game;
    $("board").dataset.version = String(game.version);
    return;
  }
  if (move.extra_turn) announce(`Extra turn for ${who === "You" ? "you" : who}!`);
  if (move.overflow) announce("Overflow: the last stack took the rest.");
  draw(game, game.round.circle);
}

async function onRoundOver(summary) {
  const game = view.game;
  showRoundEnd(summary, game);
  if (game.status === STATUS.FINISHED) return; // the game-over screen follows
  await new Promise((resolve) => {
    $("continue").onclick = () => {
      $("round-end").hidden = true;
      resolve();
    };
  });
  draw(game, game.round.circle);
}

function onGameOver(game) {
  // Not reconnected once it ends; it stays open while a rematch can be arranged.
  draw(game, view.circle && game.status === STATUS.FINISHED ? view.circle : game.round.circle);
  showGameOver(game);
}

// ---- drawing ---------------------------------------------------------------

function draw(game, circle) {
  view.game = game;
  view.circle = circle.map((stack) => stack.slice());
  drawStacks(view.circle);
  $("board").dataset.version = String(game.version); // what is drawn, for tests and tools
  for (const color of COLORS) {
    $(`name-${color}`).textContent = playerName(game, color);
    const seat = game.players[color];
    $(`rating-${color}`).hidden = seat.rating === null;
    $(`rating-${color}`).textContent = seat.rating === null ? "" : `${seat.rating}${seat.provisional ? "?" : ""}`;
    $(`score-${color}`).textContent = String(game.score[color]);
    $(`player-${color}`).classList.toggle("to-move", game.round.to_move === color);
    $(`player-${color}`).classList.toggle("me", view.seat?.color === color);
  }
  $("round-number").textContent = `Round ${game.round.number}`;
  $("target").textContent = `first to ${game.target_score}`;
  const mine = myTurn();
  const legal = new Set(mine ? game.round.legal_moves : []);
  for (const button of $("board").children) {
    const position = Number(button.dataset.position);
    const playable = legal.has(position);
    button.classList.toggle("legal", playable);
    button.classList.remove("hinted");
    button.setAttribute("aria-disabled", String(!playable));
    button.setAttribute("aria-label", stackLabel(position, view.circle[position], playable));
  }
  $("turn").textContent = turnText(game);
  $("hint").hidden = !(game.hints && view.seat && game.status === STATUS.PLAYING);
  $("hint").disabled = !mine;
  // No perfect play for a game without hints (a rated one) while it is played.
  $("analyse-game").hidden = !game.hints && game.status !== STATUS.FINISHED;
  const playing = view.seat && game.status === STATUS.PLAYING;
  const unmoved = game.round.number === 1 && game.round.moves_played === 0;
  $("resign").hidden = !playing;
  $("abort").hidden = !playing || !unmoved; // before the first move: no loser
  drawSeatPanels(game);
  drawPresence();
  tickClocks();
}

// ---- clocks and presence ----------------------------------------------------

function formatTime(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds >= 86400) return `${Math.floor(seconds / 86400)} d ${Math.floor((seconds % 86400) / 3600)} h`;
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// Counts down from the game's deadline, by the server's clock; the server
// ends the game at zero by itself, and its timeout event redraws the board.
function tickClocks() {
  const clock = view.game?.clock;
  for (const color of COLORS) {
    const element = $(`clock-${color}`);
    element.hidden = !clock;
    if (!clock) continue;
    const running = clock.running === color && view.game.status === STATUS.PLAYING;
    const left = running
      ? Date.parse(clock.deadline) - serverNow()
      : clock.remaining_ms[color];
    element.textContent = formatTime(left);
    element.classList.toggle("running", running);
    element.classList.toggle("low", running && left < 10_000);
  }
}

function onPresence(presence) {
  view.presence = presence;
  drawPresence();
}

function drawPresence() {
  const game = view.game;
  const presence = view.presence;
  if (!game || !presence) return;
  const playing = game.status === STATUS.PLAYING;
  for (const color of COLORS) {
    const seat = game.players[color];
    const away = playing && seat.type === SEAT.HUMAN && !presence[color].connected;
    $(`presence-${color}`).hidden = !away || view.seat?.color === color;
  }
  // The claim is offered on the opponent's turn while they are gone; the
  // service says when it is allowed (claim_not_allowed, retry_after_seconds).
  const opponent = view.seat ? other(view.seat.color) : null;
  const gone =
    opponent &&
    playing &&
    game.players[opponent].type === SEAT.HUMAN &&
    !presence[opponent].connected &&
    game.round.to_move === opponent;
  $("opponent-gone").hidden = !gone;
  if (!gone) $("claim").disabled = false;
}

function drawStacks(circle, { lifted = null, landed = null } = {}) {
  for (const button of $("board").children) {
    const position = Number(button.dataset.position);
    drawStack(button, circle[position]);
    button.classList.toggle("lifted", position === lifted);
    button.classList.toggle("landed", position === landed);
  }
}

function stackLabel(position, stack, playable) {
  const contents = stack.length
    ? `${stack.length} button${stack.length > 1 ? "s" : ""}, bottom to top: ${stack.join(", ")}`
    : "empty";
  return `Position ${position}: ${contents}${playable ? ". Playable" : ""}`;
}

function openSeats(game) {
  return COLORS.filter((color) => !game.players[color].joined);
}

function playerName(game, color) {
  const seat = game?.players[color];
  if (view.seat?.color === color) return "You";
  if (seat?.name) return seat.name;
  return title(color);
}

function turnText(game) {
  if (game.status === STATUS.WAITING) {
    return view.seat ? "Waiting for your opponent to join…" : "Waiting for players…";
  }
  if (game.status === STATUS.FINISHED) return "Game over.";
  const toMove = game.round.to_move;
  if (view.seat?.color === toMove) return "Your turn: pick a stack with a white button.";
  const seat = game.players[toMove];
  if (seat.type === SEAT.BOT) return `${playerName(game, toMove)} is thinking…`;
  return `${playerName(game, toMove)} (${toMove}) to move.`;
}

function drawSeatPanels(game) {
  const open = openSeats(game);
  const inviting = view.seat && game.status === STATUS.WAITING;
  $("invite").hidden = !inviting;
  if (inviting) $("invite-link").value = window.location.href;
  const canJoin = !view.seat && open.length > 0;
  $("join").hidden = !canJoin;
  if (canJoin) $("join-color").textContent = title(open[0]);
}

// The sowing, button by button: lift the stack, then drop its buttons from the
// bottom one on each next non-empty stack clockwise; when there are more
// buttons than stacks (overflow) the last stack takes all that remain.
async function animateSowing(position) {
  const stacks = view.circle.map((stack) => stack.slice());
  const lifted = stacks[position];
  stacks[position] = [];
  const targets = [];
  for (let step = 1; step < POSITIONS; step += 1) {
    const index = (position + step) % POSITIONS;
    if (stacks[index].length) targets.push(index);
  }
  drawStacks(stacks, { lifted: position });
  await sleep(reducedMotion ? 0 : STEP_MS);
  for (let i = 0; i < lifted.length; i += 1) {
    const target = targets[Math.min(i, targets.length - 1)];
    stacks[target].push(lifted[i]);
    drawStacks(stacks, { landed: target });
    // Each drop, for anything that follows the animation (tests, sounds).
    document.dispatchEvent(
      new CustomEvent("buttonup:drop", { detail: { from: position, to: target, color: lifted[i] } }),
    );
    await sleep(reducedMotion ? 0 : STEP_MS);
  }
  drawStacks(stacks);
  view.circle = stacks;
}

function showRoundEnd(summary, game) {
  const list = $("final-stack");
  list.replaceChildren(
    ...summary.final_stack.map((color, index) => {
      const item = document.createElement("li");
      item.className = color;
      const scores = color === "white" ? "scores nothing" : `scores ${index + 1} for ${color}`;
      item.setAttribute("aria-label", `Height ${index + 1}: ${color}, ${scores}`);
      item.innerHTML = `<span class="height">${index + 1}</span><span class="chip ${color}"></span>`;
      return item;
    }),
  );
  const { red, black } = summary.strength;
  $("round-sums").textContent = `Red ${red} · Black ${black}`;
  const scorer = COLORS.find((color) => summary.points[color] > 0);
  $("round-points").textContent = scorer
    ? `${playerName(game, scorer)} (${scorer}) score${view.seat?.color === scorer ? "" : "s"} ${summary.points[scorer]}.`
    : "A tie: nobody scores.";
  $("round-end-title").textContent = `Round ${summary.number} over`;
  $("round-end").hidden = false;
  $("continue").hidden = game.status === STATUS.FINISHED;
  $("continue").focus();
}

function showGameOver(game) {
  const winner = game.winner;
  const loser = winner ? other(winner) : null;
  let text = `${playerName(game, winner)} (${winner}) won`;
  if (view.seat) text = view.seat.color === winner ? "You won" : "You lost";
  if (game.end_reason === END.ABORTED) text = "Aborted before the first move: nobody won";
  else if (game.end_reason === END.RESIGNATION) text += ` — ${playerName(game, game.resigned)} resigned`;
  else if (game.end_reason === END.TIMEOUT) {
    text += view.seat?.color === loser ? " — your time ran out" : ` — ${playerName(game, loser)} ran out of time`;
  } else if (game.end_reason === END.ABANDONED) text += ` — ${playerName(game, loser)} left the game`;
  $("game-over-text").textContent = `${text}, ${game.score.red} to ${game.score.black}.`;
  $("rating-diff").hidden = !game.rating_diff;
  if (game.rating_diff) {
    const signed = (diff) => (diff > 0 ? `+${diff}` : String(diff));
    $("rating-diff").textContent = COLORS.map(
      (color) => `${playerName(game, color)} ${game.players[color].rating} ${signed(game.rating_diff[color])}`,
    ).join(" · ");
  }
  $("opponent-gone").hidden = true;
  $("abort").hidden = true;
  // One card: the last round's summary gives way to the review of every round.
  $("round-end").hidden = true;
  reviewRounds(game);
  $("game-over").hidden = false;
  drawRematch(game);
  $("turn").textContent = "Game over.";
  $("hint").hidden = true;
  $("resign").hidden = true;
}

// ---- rematch ----------------------------------------------------------------
// "Play again" asks POST /rematch: the first asker waits (202) for the other;
// the second gets its seat in the new game (201, colours swapped). The first
// hears `rematch` on the stream and asks again for its own seat.

function drawRematch(game) {
  view.game = game.version >= (view.game?.version ?? -1) ? game : view.game;
  const rematch = game.rematch;
  const button = $("play-again");
  const text = $("rematch-text");
  const next = $("next-game");
  next.hidden = true;
  // An aborted game was never played: it has no rematch (409 rematch_closed).
  const aborted = game.end_reason === END.ABORTED;
  button.hidden = !view.seat || aborted;
  button.disabled = false;
  button.textContent = "Play again";
  text.textContent = aborted ? "An aborted game has no rematch: start a new one." : "";
  if (!rematch) return;
  if (rematch.game_id) {
    if (!view.seat) {
      next.href = `/?game=${encodeURIComponent(rematch.game_id)}`;
      next.hidden = false;
    }
    text.textContent = "The rematch has started.";
    button.textContent = "Go to the rematch";
    return;
  }
  const mine = view.seat?.color;
  if (mine && rematch.offered_by.includes(mine)) {
    text.textContent = "Waiting for your opponent to accept…";
    button.disabled = true;
  } else if (rematch.offered_by.length) {
    const asker = rematch.offered_by[0];
    text.textContent = `${playerName(game, asker)} wants a rematch.`;
    if (mine) button.textContent = "Accept the rematch";
  }
}

async function playAgain() {
  if (!view.seat) return;
  let answer;
  try {
    answer = await call("POST", `/v1/games/${encodeURIComponent(view.gameId)}/rematch`, {
      token: view.seat.token,
    });
  } catch (error) {
    if (error.code === "rematch_closed") {
      $("rematch-text").textContent = "Too late for a rematch: start a new game.";
      $("play-again").hidden = true;
      return;
    }
    throw error;
  }
  if (answer.token) {
    saveSeat(answer.game.id, answer.color, answer.token);
    goToGame(answer.game.id);
    return;
  }
  drawRematch({ ...view.game, rematch: { offered_by: answer.offered_by, game_id: null } });
}

async function onRematch(data) {
  drawRematch(data.game);
  const mine = view.seat?.color;
  if (mine && data.game.rematch.offered_by[0] === mine) await playAgain(); // asked first: take the seat
}

function reviewRounds(game) {
  const list = $("rounds-review");
  const items = game.rounds.map((round) => {
    const item = document.createElement("li");
    const scorer = COLORS.find((color) => round.points[color] > 0);
    const points = scorer ? `${playerName(game, scorer)} scored ${round.points[scorer]}` : "a tie";
    item.textContent = `Round ${round.number}: Red ${round.strength.red} · Black ${round.strength.black}, ${points}.`;
    return item;
  });
  list.replaceChildren(...items);
  const byNumber = new Map(game.rounds.map((round, index) => [round.number, items[index]]));
  // What perfect play made of each deal, page by page as the analysis answers.
  reviewPages(game.id, (review) => {
    const item = byNumber.get(review.number);
    if (!item) return;
    const slips = review.moves.filter((move) => move.loss > 0).length;
    const note = document.createElement("span");
    note.className = "review";
    note.textContent = ` Perfect play: ${review.opening_value}, played: ${review.final_margin}; ${slips} move${slips === 1 ? "" : "s"} gave up points.`;
    item.appendChild(note);
  }).catch(() => {}); // the review is a bonus; the result stands without it
}

// The analysis reviews 20 rounds a request; `review_next` asks for the next.
async function reviewPages(gameId, show) {
  let after = 0;
  while (after !== null) {
    const analysis = await call(
      "GET",
      `/v1/games/${encodeURIComponent(gameId)}/analysis?after=${after}`,
    );
    analysis.review.forEach(show);
    after = analysis.review_next;
  }
}

// ---- acting ----------------------------------------------------------------

function myTurn() {
  const game = view.game;
  return Boolean(
    game && view.seat && game.status === STATUS.PLAYING && game.round.to_move === view.seat.color,
  );
}

async function play(position) {
  // One move per drawn position: a second click before the first move is
  // drawn would be refused anyway. The event may come before the answer.
  if (!myTurn() || view.sentAt === view.game.version) return;
  if (!view.game.round.legal_moves.includes(position)) {
    announce(`Position ${position} holds no white button.`);
    return;
  }
  view.sentAt = view.game.version;
  try {
    // The move is drawn when its event arrives, like the opponent's.
    const played = await call("POST", `/v1/games/${view.gameId}/moves`, {
      body: { position },
      token: view.seat.token,
    });
    // Other tabs of this browser (its "Your games") hear of one's own move.
    localStorage.setItem(MOVED_KEY, `${view.gameId}:${played.game.version}`);
  } catch (error) {
    view.sentAt = null;
    throw error;
  }
}

async function join() {
  const open = openSeats(view.game);
  const name = $("join-name").value.trim();
  const joined = await call("POST", `/v1/games/${view.gameId}/players`, {
    body: name ? { color: open[0], name } : { color: open[0] },
    token: loadPlayer()?.key, // the seat is then the remembered player's
  });
  view.seat = { color: joined.color, token: joined.token };
  saveSeat(view.gameId, joined.color, joined.token);
  reconnect(); // now as the seat: it shows as connected
  document.activeElement?.blur(); // the name field goes away; keys go to the board
  draw(view.game, view.circle);
}

async function showHint() {
  if (!myTurn()) return;
  const analysis = await call("GET", `/v1/games/${view.gameId}/analysis`);
  if (analysis.version !== view.game.version) return;
  const best = new Set(analysis.best);
  for (const button of $("board").children) {
    button.classList.toggle("hinted", best.has(Number(button.dataset.position)));
  }
  const margin = analysis.value > 0 ? `+${analysis.value}` : String(analysis.value);
  announce(`Best: position ${analysis.best.join(" or ")} (final margin ${margin}).`);
}

async function resign() {
  const button = $("resign");
  if (button.dataset.confirm !== "yes") {
    button.dataset.confirm = "yes";
    button.textContent = "Really resign?";
    setTimeout(() => {
      button.dataset.confirm = "";
      button.textContent = "Resign";
    }, 4000);
    return;
  }
  await call("POST", `/v1/games/${view.gameId}/resign`, { token: view.seat.token });
}

async function abort() {
  await call("POST", `/v1/games/${view.gameId}/abort`, { token: view.seat.token });
}

async function claim() {
  try {
    await call("POST", `/v1/games/${view.gameId}/claim-victory`, { token: view.seat.token });
  } catch (error) {
    if (error.code !== "claim_not_allowed") throw error;
    const wait = error.body?.retry_after_seconds;
    if (!wait) throw error;
    // Not yet: say when, and offer it again then.
    $("claim").disabled = true;
    $("opponent-gone-text").textContent = `Your opponent disconnected. You can claim the win in ${wait} s.`;
    setTimeout(() => {
      $("claim").disabled = false;
      $("opponent-gone-text").textContent = "Your opponent disconnected.";
    }, wait * 1000);
  }
}

function copyLink() {
  const input = $("invite-link");
  input.select();
  navigator.clipboard?.writeText(input.value).catch(() => {});
  announce("Link copied.");
}

async function copyRecord() {
  const response = await fetch(`/v1/games/${encodeURIComponent(view.gameId)}/record`);
  if (!response.ok) throw new Error("The record could not be read.");
  await navigator.clipboard.writeText(await response.text());
  announce("Record copied.");
}

function onKey(event) {
  const typing = event.target.closest("input, select, textarea");
  if ((typing && typing.offsetParent !== null) || event.ctrlKey || event.metaKey) return;
  if (/^[0-8]$/.test(event.key)) {
    event.preventDefault();
    $("board").children[Number(event.key)].focus();
    guard(play(Number(event.key)));
  } else if (event.key === "h" || event.key === "H") {
    if (!$("hint").hidden) guard(showHint());
  }
}

// ---- messages --------------------------------------------------------------

let announceTimer = null;

function announce(text) {
  const element = $("announce");
  element.textContent = text;
  element.classList.add("visible");
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => element.classList.remove("visible"), 2500);
}

function say(text) {
  $("turn").textContent = text;
}

function report(error, { sticky = false } = {}) {
  const element = $("error");
  element.textContent = error.message;
  element.hidden = false;
  if (!sticky) {
    setTimeout(() => {
      element.hidden = true;
    }, 5000);
  }
}

function guard(promise) {
  promise.catch(report);
}

// ---- start -----------------------------------------------------------------

const params = new URLSearchParams(window.location.search);
const gameId = params.get("game");
if (params.has("analyse")) showAnalysis(params.get("analyse"), gameId, report);
else if (params.has("leaderboard")) showLeaderboard(params.get("leaderboard"), report);
else if (gameId) showGame(gameId);
else showStart();
