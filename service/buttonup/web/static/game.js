// The game screen: the game's stream, what each event does, the
// rematch, and what the player does (play, join, hint, resign, abort, claim).
import { END, EVENTS, STATUS } from "./vocabulary.js";
import { buildCircle } from "./circle.js";
import {
  call,
  goToGame,
  loadSeat,
  noteServerTime,
  pause,
  readBlocks,
  saveSeat,
} from "./api.js";
import { $, announce, guard, narrate, quiet, reducedMotion, report, say, sleep, titled } from "./dom.js";
import { t } from "./i18n.js";
import { MOVED_KEY } from "./player.js";
import { gameOverShown, gameShown, rematchOffered } from "./wings.js";
import { loadRound, noteMove, onBack } from "./moves.js";
import {
  abort,
  berserk,
  claim,
  copyLink,
  copyRecord,
  focusStack,
  join,
  onKey,
  resign,
  showHint,
} from "./actions.js";
import {
  animateSowing,
  draw,
  sowAtOnce,
  onPresence,
  playerName,
  showGameOver,
  showRoundEnd,
  tickClocks,
} from "./drawing.js";

// Before another's move that follows a move just drawn, so that the two read
// as two; none when more events wait, nor before one's own.
const PAUSE_MS = 120;

// ---- the game screen -------------------------------------------------------

export const view = {
  gameId: null,
  seat: null, // {color, token} when this browser holds a seat
  game: null, // the Game as last drawn
  circle: null, // the stacks on screen (may run ahead of game during animation)
  sentAt: null, // the version a move was sent from, until the move is drawn
  queue: Promise.resolve(), // events are shown one after another
  waiting: 0, // events queued and not yet shown
  shown: null, // one's own move, drawn as it was sent: {version, position, done}
  stream: null, // the AbortController of the stream's fetch
  lastEventId: null, // where a reconnection resumes
  over: false, // game_over arrived: the stream is done
  presence: null, // who is connected, as the stream last said
  hintFor: null, // version the shown hint belongs to
};

export function showGame(gameId) {
  view.gameId = gameId;
  view.seat = loadSeat(gameId);
  $("start").hidden = true;
  $("game").hidden = false;
  buildBoard();
  $("hint").addEventListener("click", () => guard(showHint()));
  $("resign").addEventListener("click", () => guard(resign()));
  $("abort").addEventListener("click", () => guard(abort()));
  $("go-berserk").addEventListener("click", () => guard(berserk()));
  $("claim").addEventListener("click", () => guard(claim()));
  $("play-again").addEventListener("click", () => guard(playAgain()));
  // The result closes, to look at the final position, and opens again.
  $("game-over-close").addEventListener("click", () => {
    $("game-over").hidden = true;
    $("show-result").hidden = false;
  });
  $("show-result").addEventListener("click", () => {
    $("game-over").hidden = false;
    $("show-result").hidden = true;
  });
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
  onBack(() => draw(view.game, view.circle));
  setInterval(tickClocks, 200);
  guard(follow());
}

export function buildBoard() {
  buildCircle($("board"), { tag: "button", onPick: (position) => guard(play(position)) });
}

// The stream, read with fetch: EventSource cannot send the seat's token.
// A dropped connection is opened again with Last-Event-ID, so nothing is lost
// and nothing comes twice. After game_over the stream stays open while a
// rematch can be arranged, and is done after `rematch` (or the window).
export const HANDLERS = {
  [EVENTS.GAME]: onSnapshot,
  [EVENTS.JOINED]: (data) => onGame(data.game),
  [EVENTS.MOVE]: onMove,
  [EVENTS.ROUND_OVER]: onRoundOver,
  [EVENTS.RESIGNED]: (data) => ending(data, "event.resigned", "event.resigned_mine"),
  [EVENTS.ABORTED]: (data) => ending(data, "event.aborted"),
  [EVENTS.TIMEOUT]: (data) => ending(data, "event.timeout", "event.timeout_mine"),
  [EVENTS.ABANDONED]: (data) => ending(data, "event.abandoned", "event.abandoned_mine"),
  [EVENTS.GAME_OVER]: onGameOver,
  [EVENTS.BERSERK]: (data) => onGame(data.game),
  [EVENTS.REMATCH_OFFERED]: (data) => drawRematch(data.game),
  [EVENTS.REMATCH]: onRematch,
  [EVENTS.PRESENCE]: onPresence,
};

export async function follow() {
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
        // No board, no buttons: a page that says so, and the way back.
        $("game").hidden = true;
        $("not-found").hidden = false;
        titled(t("not_found.title"));
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
export function reconnect() {
  view.stream?.abort();
}

// Server-Sent Events from a fetch body: each event's fields to `onEvent`.
export const readEvents = (body) => readBlocks(body, dispatch);

export function dispatch(fields) {
  if (fields.id) view.lastEventId = fields.id; // presence has none
  const handler = HANDLERS[fields.event];
  if (!handler || fields.data === undefined) return; // an event of a later API
  const data = JSON.parse(fields.data);
  if (fields.event === EVENTS.GAME_OVER) view.over = true;
  view.waiting += 1;
  view.queue = view.queue
    .then(() => handler(data))
    .catch(report)
    .finally(() => {
      view.waiting -= 1;
    });
}

// An ending told as it happens: `words` say who (data.color) did what, or
// `mineWords` when it was this page's player.
export function ending(data, words, mineWords = words) {
  const mine = data.color && view.seat?.color === data.color;
  announce(mine ? t(mineWords) : t(words, { who: playerName(view.game, data.color) }));
  return onGame(data.game);
}

export function onSnapshot(game) {
  // First event of every connection, reconnections included.
  if (view.game && game.version < view.game.version) return;
  gameShown(game);
  draw(game, game.round.circle);
  guard(loadRound(game.id, game.round.number));
  if (game.status === STATUS.FINISHED) showGameOver(game);
}

export function onGame(game) {
  if (view.game && game.version <= view.game.version) return;
  draw(game, game.round.circle);
}

export async function onMove({ move, game }) {
  if (view.game && game.version <= view.game.version) return;
  const who = playerName(view.game, move.player);
  const mine = view.seat?.color === move.player;
  const shown = view.shown;
  view.shown = null;
  quiet(); // what was said of the move before is over now
  say(t(mine ? "move.mine" : "move.theirs", { who, position: move.position }));
  let landed;
  if (shown && shown.version === game.version - 1 && shown.position === move.position) {
    landed = await shown.done; // drawn from the moment it was sent
  } else if (view.waiting > 1) {
    landed = sowAtOnce(move.position); // the next event is already here: no animation
  } else {
    if (!mine) await sleep(reducedMotion ? 0 : PAUSE_MS);
    landed = await animateSowing(move.position);
  }
  const told = [t(mine ? "move.mine" : "move.theirs", { who, position: move.position })];
  if (landed !== null) told.push(t("move.landed", { position: landed }));
  noteMove(move, view.circle.map((stack) => stack.slice()));
  if (move.round_over) {
    // The board keeps the final stack until the round summary is dismissed.
    view.game = game;
    $("board").dataset.version = String(game.version);
  } else {
    const news = [];
    if (move.extra_turn) news.push(t(mine ? "move.extra_mine" : "move.extra", { who }));
    if (move.overflow) news.push(t("move.overflow"));
    if (news.length) announce(news.join(" "));
    told.push(...news);
    draw(game, game.round.circle);
  }
  narrate(told.join(" "));
  // The board at rest after the move, for anything that follows it (tests).
  document.dispatchEvent(new CustomEvent("buttonup:rest", { detail: { version: game.version } }));
}

// How long a docked round summary stays unless closed.
const DOCKED_MS = 8000;
let undock = null;

export async function onRoundOver(summary) {
  const game = view.game;
  clearTimeout(undock);
  $("round-overlay").classList.remove("docked");
  $("round-close").hidden = true;
  showRoundEnd(summary, game);
  if (game.status === STATUS.FINISHED) return; // the game-over screen follows
  if (game.clock) {
    // No pause between rounds (docs/api.md): the next round's clock runs now,
    // so the summary stands aside and the next round is drawn at once.
    $("round-overlay").classList.add("docked");
    $("continue").hidden = true;
    $("round-close").hidden = false;
    const close = () => {
      clearTimeout(undock);
      $("round-end").hidden = true;
    };
    $("round-close").onclick = close;
    undock = setTimeout(close, DOCKED_MS);
    draw(game, game.round.circle);
    return;
  }
  await new Promise((resolve) => {
    $("continue").onclick = () => {
      $("round-end").hidden = true;
      resolve();
    };
  });
  draw(game, game.round.circle);
  focusStack(0); // the keys go on where the summary took them
}

export function onGameOver(game) {
  // Not reconnected once it ends; it stays open while a rematch can be arranged.
  draw(game, view.circle && game.status === STATUS.FINISHED ? view.circle : game.round.circle);
  showGameOver(game);
  gameOverShown(game);
}

// ---- rematch ----------------------------------------------------------------
// "Play again" asks POST /rematch: the first asker waits (202) for the other;
// the second gets its seat in the new game (201, colours swapped). The first
// hears `rematch` on the stream and asks again for its own seat.

export function drawRematch(game) {
  view.game = game.version >= (view.game?.version ?? -1) ? game : view.game;
  const rematch = game.rematch;
  const button = $("play-again");
  const text = $("rematch-text");
  const next = $("next-game");
  next.hidden = true;
  // An aborted game was never played: it has no rematch (409 rematch_closed).
  const aborted = game.end_reason === END.ABORTED;
  // A game whose next game a wing makes (a tournament's): no rematch offered.
  button.hidden = !view.seat || aborted || !rematchOffered(game);
  button.disabled = false;
  button.textContent = t("rematch.play");
  text.textContent = aborted ? t("rematch.aborted") : "";
  if (!rematch) return;
  if (rematch.game_id) {
    if (!view.seat) {
      next.href = `/?game=${encodeURIComponent(rematch.game_id)}`;
      next.hidden = false;
    }
    text.textContent = t("rematch.started");
    button.textContent = t("rematch.go");
    return;
  }
  const mine = view.seat?.color;
  if (mine && rematch.offered_by.includes(mine)) {
    text.textContent = t("rematch.waiting");
    button.disabled = true;
  } else if (rematch.offered_by.length) {
    const asker = rematch.offered_by[0];
    text.textContent = t("rematch.asked", { who: playerName(game, asker) });
    if (mine) button.textContent = t("rematch.accept");
  }
}

export async function playAgain() {
  if (!view.seat) return;
  let answer;
  try {
    answer = await call("POST", `/v1/games/${encodeURIComponent(view.gameId)}/rematch`, {
      token: view.seat.token,
    });
  } catch (error) {
    if (error.code === "rematch_closed") {
      $("rematch-text").textContent = t("problem.rematch_closed");
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

export async function onRematch(data) {
  drawRematch(data.game);
  const mine = view.seat?.color;
  if (mine && data.game.rematch.offered_by[0] === mine) await playAgain(); // asked first: take the seat
}

// ---- acting ----------------------------------------------------------------

export function myTurn() {
  const game = view.game;
  return Boolean(
    game && view.seat && game.status === STATUS.PLAYING && game.round.to_move === view.seat.color,
  );
}

export async function play(position) {
  // One move per drawn position: a second click before the first move is
  // drawn would be refused anyway. The event may come before the answer.
  if (!myTurn() || view.sentAt === view.game.version) return;
  if (!view.game.round.legal_moves.includes(position)) {
    announce(t("move.no_white", { position }));
    return;
  }
  view.sentAt = view.game.version;
  // Drawn at once, as it is sent; its event (or the answer) confirms it.
  view.shown = { version: view.game.version, position, done: animateSowing(position) };
  try {
    const played = await call("POST", `/v1/games/${view.gameId}/moves`, {
      body: { position },
      token: view.seat.token,
    });
    // Other tabs of this browser (its "Your games") hear of one's own move.
    localStorage.setItem(MOVED_KEY, `${view.gameId}:${played.game.version}`);
  } catch (error) {
    // Refused: the board as the service last drew it.
    const shown = view.shown;
    view.sentAt = null;
    view.shown = null;
    if (shown) await shown.done;
    draw(view.game, view.game.round.circle);
    throw error;
  }
}
