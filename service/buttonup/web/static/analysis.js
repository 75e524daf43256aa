// The analysis board (/?analyse): a game record or a position pasted, its
// positions stepped through forward and back with each legal move's exact
// value (POST /v1/analysis), and any of them played on against the computer
// or a friend (POST /v1/games with the position). A record is made a game
// for review (POST /v1/games/import) and its positions read from that game's
// events, so the board needs no rules of its own.
import { Problem, call, goToGame, loadPlayer, pastEvents, saveSeat } from "./api.js";
import { buildCircle, drawStack, readCircle, stackWords } from "./circle.js";
import { EVENTS, NOTATION, SEAT } from "./vocabulary.js";
import { $, other } from "./dom.js";
import { colorName, hasWords, t } from "./i18n.js";

// Each step: a position string, the move that led to it (null for the first).
const board = { steps: [], at: 0, analyses: new Map(), shown: 0 };

export function showAnalysis(initial, gameId, report) {
  const guard = (promise) => promise.catch(report);
  $("start").hidden = true;
  $("game").hidden = true;
  $("analysis").hidden = false;
  buildCircle($("analysis-board"), { extra: '<span class="margin"></span>' });
  $("analyse-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(load($("analyse-text").value));
  });
  $("step-first").addEventListener("click", () => guard(step(-Infinity)));
  $("step-back").addEventListener("click", () => guard(step(-1)));
  $("step-next").addEventListener("click", () => guard(step(1)));
  $("step-last").addEventListener("click", () => guard(step(Infinity)));
  $("play-from-here").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(playFromHere(new FormData(event.target)));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("textarea, input, select")) return;
    if (event.key === "ArrowLeft") guard(step(-1));
    else if (event.key === "ArrowRight") guard(step(1));
  });
  if (gameId) guard(loadGame(gameId));
  else if (initial) {
    $("analyse-text").value = initial;
    guard(load(initial));
  }
}

// A game of this service's: its record to copy, its positions from its events.
async function loadGame(gameId) {
  const response = await fetch(`/v1/games/${encodeURIComponent(gameId)}/record`);
  if (!response.ok) throw new Problem(response.status, await response.json());
  $("analyse-text").value = await response.text();
  await showSteps(await stepsOfGame(gameId));
}

async function load(text) {
  const pasted = text.trim();
  if (!pasted) return;
  let steps;
  if (pasted.startsWith("[")) steps = await stepsOfRecord(`${pasted}\n`);
  else {
    await analyse(pasted); // the service reads it first: a wrong one is said, and nothing changes
    steps = [{ position: pasted, move: null }];
  }
  await showSteps(steps);
}

async function showSteps(steps) {
  board.steps = steps;
  board.at = 0;
  $("analysis-view").hidden = false;
  await show();
}

// A record becomes a game of its own, whose events give every position.
async function stepsOfRecord(record) {
  const response = await fetch("/v1/games/import", {
    method: "POST",
    headers: { "Content-Type": "text/plain; charset=utf-8", Accept: "application/json" },
    body: record,
  });
  const game = await response.json();
  if (!response.ok) {
    // The service's reason, by its code, in the board's words, with its line
    // and column (its `detail` is English, for developers).
    const reason = reasonWords(game);
    const { line, column } = game;
    let said = line ? t("analysis.record_at", { reason, line, column }) : t("analysis.record", { reason });
    if (/^\[Result "\*"\]$/m.test(record)) {
      // A game in play (the notation's Result "*"): its own page analyses it
      // when its game allows it; an import takes only a game that is over.
      said = t("analysis.in_play", { said });
    }
    throw new Error(said);
  }
  return stepsOfGame(game.id);
}

// Every version since the game began, from its stream: what came before it
// was opened, which ends with the game's end or, in play, where `presence`
// first comes.
async function stepsOfGame(gameId) {
  const steps = [];
  await pastEvents(gameId, (event, data) => {
    const position = data?.game?.round?.position;
    if (event === EVENTS.MOVE) steps.push({ position, move: data.move });
    else if (position && position !== steps.at(-1)?.position) {
      // Before the first move, the latest version is where the game starts;
      // after it, an ending (nobody to move any more) is a step of its own.
      if (!steps.some((known) => known.move)) steps.length = 0;
      steps.push({ position, move: null });
    }
  });
  if (!steps.length) {
    const game = await call("GET", `/v1/games/${encodeURIComponent(gameId)}`);
    steps.push({ position: game.round.position, move: null });
  }
  return steps;
}

async function step(by) {
  board.at = Math.max(0, Math.min(board.steps.length - 1, board.at + by));
  await show();
}

// A position string's parts (docs/notation.md), to draw; the service reads it.
function parts(position) {
  const [circle, mover, score, target, round] = position.split("_");
  const [red, black] = score.split("-");
  return {
    circle: readCircle(circle),
    mover: NOTATION.PLAYERS[mover] || null,
    score: { red, black },
    target,
    round: Number(round.slice(0, -1)),
  };
}

async function show() {
  const shown = (board.shown += 1);
  const { position, move } = board.steps[board.at];
  const next = board.steps[board.at + 1]?.move || null;
  const seen = parts(position);
  $("analysis-position").textContent = position;
  $("analysis-board").dataset.position = position; // what is drawn, for tests and tools
  $("step-count").textContent = `${board.at} / ${board.steps.length - 1}`;
  $("step-first").disabled = $("step-back").disabled = board.at === 0;
  $("step-next").disabled = $("step-last").disabled = board.at === board.steps.length - 1;
  const said = [];
  if (move) said.push(t("analysis.played", { color: colorName(move.player), position: move.position }));
  said.push(seen.mover ? t("analysis.to_move", { color: colorName(seen.mover) }) : t("analysis.over"));
  const { red, black } = seen.score;
  said.push(t("analysis.where", { round: seen.round, red, black, target: seen.target }));
  $("analysis-status").textContent = said.join(" ");
  drawCircle(seen.circle, {}, null, next?.position ?? null);
  $("play-from-here").hidden = !seen.mover;
  if (seen.mover) $("play-from-here").elements.color.value = seen.mover;
  const analysis = await analyse(position);
  if (shown !== board.shown) return; // a later step is on screen already
  const margins = Object.fromEntries(analysis.moves.map((m) => [m.position, m.margin]));
  drawCircle(seen.circle, margins, new Set(analysis.best), next?.position ?? null);
  $("analysis-moves").replaceChildren(
    ...analysis.moves.map(({ position: at, margin }) => {
      const item = document.createElement("li");
      item.dataset.position = String(at);
      const words = analysis.best.includes(at) ? "analysis.move_best" : "analysis.move";
      item.textContent = t(words, { position: at, margin: signed(margin) });
      return item;
    }),
  );
  $("analysis-played").textContent =
    next && next.position in margins
      ? t("analysis.played_next", {
          position: next.position,
          margin: signed(margins[next.position]),
          best: signed(Math.max(...Object.values(margins))),
        })
      : "";
}

// A refusal's reason in the board's words, by its code (docs/notation.md#reasons);
// a code this board does not know yet, in the service's English.
function reasonWords(problem) {
  return hasWords(`notation.${problem.reason}`) ? t(`notation.${problem.reason}`) : problem.detail;
}

const signed = (margin) => (margin > 0 ? `+${margin}` : String(margin));

async function analyse(position) {
  if (!board.analyses.has(position)) {
    let analysis;
    try {
      analysis = await call("POST", "/v1/analysis", { body: { position } });
    } catch (error) {
      // The service says what is wrong with the position, and where, as data.
      const body = error instanceof Problem ? error.body : null;
      if (body?.reason) {
        throw new Error(t("analysis.position_at", { reason: reasonWords(body), column: body.column }));
      }
      const said = body?.errors?.position;
      if (said?.length) throw new Error(t("analysis.position_unread", { reason: said.at(-1) }));
      throw error;
    }
    board.analyses.set(position, analysis);
  }
  return board.analyses.get(position);
}

function drawCircle(circle, margins, best, played) {
  for (const spot of $("analysis-board").children) {
    const position = Number(spot.dataset.position);
    drawStack(spot, circle[position]);
    const margin = margins[position];
    spot.querySelector(".margin").textContent = margin === undefined ? "" : signed(margin);
    spot.classList.toggle("best", Boolean(best?.has(position)));
    spot.classList.toggle("played", position === played);
    const contents = stackWords(circle[position]);
    const words = margin === undefined ? "analysis.spot" : "analysis.spot_value";
    spot.setAttribute("aria-label", t(words, { position, contents, margin: signed(margin) }));
  }
}

async function playFromHere(form) {
  const { position } = board.steps[board.at];
  const color = form.get("color");
  const opponent = form.get("opponent");
  const players = { [color]: { type: SEAT.HUMAN } };
  if (opponent !== "friend") players[other(color)] = { type: SEAT.BOT, level: opponent };
  const game = await call("POST", "/v1/games", { body: { position, players } });
  const joined = await call("POST", `/v1/games/${game.id}/players`, {
    body: { color },
    token: loadPlayer()?.key,
  });
  saveSeat(game.id, color, joined.token);
  goToGame(game.id);
}
