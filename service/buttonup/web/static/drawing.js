// Drawing a game: the board, its clocks and presence, the sowing button
// by button, a round's end and the game's.
import { turnIs } from "./alerts.js";
import { COLORS, END, SEAT, STATUS } from "./vocabulary.js";
import { POSITIONS, drawStack, stackLabel } from "./circle.js";
import { serverNow } from "./api.js";
import { $, narrate, other, reducedMotion, sleep } from "./dom.js";
import { colorName, colorWord, language, t } from "./i18n.js";
import { drawRematch, myTurn, view } from "./game.js";
import { reviewRounds } from "./review.js";

const STEP_MS = 90; // one sown button, at most
const SOWING_MS = 300; // a whole sowing, at most

// ---- drawing ---------------------------------------------------------------

export function draw(game, circle) {
  view.game = game;
  view.circle = circle.map((stack) => stack.slice());
  drawStacks(view.circle);
  $("board").dataset.version = String(game.version); // what is drawn, for tests and tools
  for (const color of COLORS) {
    const seat = game.players[color];
    showName($(`name-${color}`), playerName(game, color), seat.player_id);
    $(`rating-${color}`).hidden = seat.rating === null;
    $(`rating-${color}`).textContent = seat.rating === null ? "" : `${seat.rating}${seat.provisional ? "?" : ""}`;
    $(`score-${color}`).textContent = String(game.score[color]);
    $(`score-${color}`).setAttribute("aria-label", t("game.score_of", { color: colorName(color) }));
    $(`clock-${color}`).setAttribute("aria-label", t("game.time_of", { color: colorName(color) }));
    $(`player-${color}`).classList.toggle("to-move", game.round.to_move === color);
    $(`player-${color}`).classList.toggle("me", view.seat?.color === color);
  }
  $("round-number").textContent = t("game.round", { n: game.round.number });
  $("target").textContent = t("game.target", { n: game.target_score });
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
  // The same words as a list anyone can read: the board as text.
  $("board-text").replaceChildren(
    ...view.circle.map((stack, position) => {
      const item = document.createElement("li");
      item.textContent = stackLabel(position, stack, legal.has(position));
      return item;
    }),
  );
  $("turn").textContent = turnText(game);
  turnIs(mine && game.status === STATUS.PLAYING);
  $("hint").hidden = !(game.hints && view.seat && game.status === STATUS.PLAYING);
  $("hint").disabled = !mine;
  // No perfect play for a game without hints (a rated one) while it is played.
  $("analyse-game").hidden = !game.hints && game.status !== STATUS.FINISHED;
  const playing = view.seat && game.status === STATUS.PLAYING;
  const unmoved = game.round.number === 1 && game.round.moves_played === 0;
  $("resign").hidden = !playing;
  $("abort").hidden = !playing || !unmoved; // before the first move: no loser
  $("go-berserk").hidden = !playing || !game.clock?.berserk_open.includes(view.seat.color);
  $("berserk-what").hidden = $("go-berserk").hidden;
  drawSeatPanels(game);
  drawPresence();
  tickClocks();
}

// ---- clocks and presence ----------------------------------------------------

export function formatTime(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds >= 86400) return `${Math.floor(seconds / 86400)} d ${Math.floor((seconds % 86400) / 3600)} h`;
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${String(Math.floor((seconds % 3600) / 60)).padStart(2, "0")}`;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// Counts down from the game's deadline, by the server's clock; the server
// ends the game at zero by itself, and its timeout event redraws the board.
// One's own clock said aloud as it runs low, once at each of these.
const LOW_CLOCK_MS = [30_000, 10_000];
let lowSaid = Infinity;

function sayLowClock(left) {
  const crossed = LOW_CLOCK_MS.filter((mark) => left < mark && mark < lowSaid);
  if (left >= LOW_CLOCK_MS[0]) lowSaid = Infinity; // an increment lifted it
  if (!crossed.length || left <= 0) return;
  lowSaid = Math.min(...crossed);
  narrate(t("clock.low", { n: Math.ceil(left / 1000) }));
}

export function tickClocks() {
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
    if (running && view.seat?.color === color) sayLowClock(left);
    element.classList.toggle("berserked", clock.berserk.includes(color));
  }
}

export function onPresence(presence) {
  view.presence = presence;
  drawPresence();
}

export function drawPresence() {
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

export function drawStacks(circle, { lifted = null, landed = null } = {}) {
  for (const button of $("board").children) {
    const position = Number(button.dataset.position);
    drawStack(button, circle[position]);
    button.classList.toggle("lifted", position === lifted);
    button.classList.toggle("landed", position === landed);
  }
}

export function openSeats(game) {
  return COLORS.filter((color) => !game.players[color].joined);
}

// A seat's name, a link to the player's page when a player holds the seat.
function showName(element, name, playerId) {
  if (!playerId) {
    element.textContent = name;
    return;
  }
  const link = document.createElement("a");
  link.href = `/?player=${encodeURIComponent(playerId)}`;
  link.textContent = name;
  element.replaceChildren(link);
}

export function playerName(game, color) {
  const seat = game?.players[color];
  if (view.seat?.color === color) return t("you");
  // A bot is named in the board's language (the service names it in English).
  if (seat?.type === SEAT.BOT && seat.level) return t(`bot_name.${seat.level}`);
  if (seat?.name) return seat.name;
  return colorName(color);
}

export function turnText(game) {
  if (game.status === STATUS.WAITING) {
    return t(view.seat ? "turn.waiting_opponent" : "turn.waiting");
  }
  if (game.status === STATUS.FINISHED) return t("turn.over");
  const toMove = game.round.to_move;
  if (view.seat?.color === toMove) return t("turn.mine");
  const who = playerName(game, toMove);
  if (game.players[toMove].type === SEAT.BOT) return t("turn.bot", { who });
  return t("turn.theirs", { who, color: colorWord(toMove) });
}

export function drawSeatPanels(game) {
  const open = openSeats(game);
  const inviting = view.seat && game.status === STATUS.WAITING;
  $("invite").hidden = !inviting;
  if (inviting) $("invite-link").value = window.location.href;
  const canJoin = !view.seat && open.length > 0;
  $("join").hidden = !canJoin;
  if (canJoin) $("join-text").textContent = t("join.invited", { color: colorName(open[0]) });
}

// Sowing `position`: its buttons dropped from the bottom one on each next
// non-empty stack clockwise (when there are more buttons than stacks, an
// overflow, the last stack takes all that remain); each drop, the stacks
// after, and where the last button landed. Drawn only: the service decides
// every move, and its answer replaces this.
function sown(circle, position) {
  const after = circle.map((stack) => stack.slice());
  const lifted = after[position];
  after[position] = [];
  const targets = [];
  for (let step = 1; step < POSITIONS; step += 1) {
    const index = (position + step) % POSITIONS;
    if (after[index].length) targets.push(index);
  }
  const drops = lifted.map((color, i) => ({ color, target: targets[Math.min(i, targets.length - 1)] }));
  for (const { color, target } of drops) after[target].push(color);
  return { drops, after, landed: drops.at(-1)?.target ?? null };
}

// The sowing, button by button, over SOWING_MS at most whatever the stack's
// height: lift the stack, then drop its buttons one by one. Returns where the
// last button landed.
export async function animateSowing(position) {
  const { drops, after, landed } = sown(view.circle, position);
  const step = reducedMotion ? 0 : Math.min(STEP_MS, SOWING_MS / (drops.length + 1));
  const stacks = view.circle.map((stack) => stack.slice());
  stacks[position] = [];
  drawStacks(stacks, { lifted: position });
  await sleep(step);
  for (const { color, target } of drops) {
    stacks[target].push(color);
    drawStacks(stacks, { landed: target });
    // Each drop, for anything that follows the animation (tests, sounds).
    document.dispatchEvent(new CustomEvent("buttonup:drop", { detail: { from: position, to: target, color } }));
    await sleep(step);
  }
  drawStacks(after);
  view.circle = after;
  return landed;
}

// The circle after sowing `position`, at once (no animation): a move whose
// next event is already waiting.
export function sowAtOnce(position) {
  const { after, landed } = sown(view.circle, position);
  drawStacks(after);
  view.circle = after;
  return landed;
}

export function showRoundEnd(summary, game) {
  const list = $("final-stack");
  list.replaceChildren(
    ...summary.final_stack.map((color, index) => {
      const item = document.createElement("li");
      item.className = color;
      const height = index + 1;
      const scores = COLORS.includes(color)
        ? t("round.scores", { n: height, color: colorWord(color) })
        : t("round.scores_nothing");
      item.setAttribute("aria-label", t("round.height", { height, color: colorWord(color), scores }));
      item.innerHTML = `<span class="height">${index + 1}</span><span class="chip ${color}"></span>`;
      return item;
    }),
  );
  const { red, black } = summary.strength;
  $("round-sums").textContent = t("round.sums", { red, black });
  const scorer = COLORS.find((color) => summary.points[color] > 0);
  $("round-points").textContent = scorer
    ? t(view.seat?.color === scorer ? "round.points_mine" : "round.points", {
        who: playerName(game, scorer),
        color: colorWord(scorer),
        n: summary.points[scorer],
      })
    : t("round.tie");
  $("round-end-title").textContent = t("round.over", { n: summary.number });
  const over = t("round.spoken", { n: summary.number, red, black });
  narrate(`${over} ${$("round-points").textContent} ${t("game.score_spoken", game.score)}`);
  $("round-end").hidden = false;
  $("continue").hidden = game.status === STATUS.FINISHED;
  $("continue").focus();
}

// A finished rated game's exact review, a line a seat (docs/api.md, "Fair play").
function drawAccuracy(game) {
  const line = $("game-review");
  line.hidden = !game.review;
  if (!game.review) return;
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 });
  line.textContent = COLORS.map((color) => {
    const seat = game.review[color];
    const who = playerName(game, color);
    if (seat.accuracy === null) return t("accuracy.no_choice", { who });
    return t("accuracy.seat", {
      who,
      accuracy: percent.format(seat.accuracy / 100),
      perfect: seat.perfect,
      mattered: seat.mattered,
      n: seat.lost,
    });
  }).join(" · ");
}

export function showGameOver(game) {
  const winner = game.winner;
  const loser = winner ? other(winner) : null;
  // The winner's score first ("You won, 19 to 0"); red's when nobody won.
  const first = winner ?? COLORS[0];
  $("game-over-text").textContent = t("over.score", {
    text: resultText(game, winner, loser),
    first: game.score[first],
    second: game.score[other(first)],
  });
  $("rating-diff").hidden = !game.rating_diff;
  if (game.rating_diff) {
    const signed = (diff) => (diff > 0 ? `+${diff}` : String(diff));
    $("rating-diff").textContent = COLORS.map(
      (color) => `${playerName(game, color)} ${game.players[color].rating} ${signed(game.rating_diff[color])}`,
    ).join(" · ");
  }
  drawAccuracy(game);
  $("opponent-gone").hidden = true;
  $("abort").hidden = true;
  $("go-berserk").hidden = true;
  // One card: the last round's summary gives way to the review of every round.
  $("round-end").hidden = true;
  reviewRounds(game);
  $("game-over").hidden = false;
  drawRematch(game);
  $("turn").textContent = t("turn.over");
  $("hint").hidden = true;
  $("resign").hidden = true;
}

// Who won and how, as the game-over card says it.
function resultText(game, winner, loser) {
  if (game.end_reason === END.ABORTED) return t("over.aborted");
  let text = t("over.won", { who: playerName(game, winner), color: colorWord(winner) });
  if (view.seat) text = t(view.seat.color === winner ? "over.you_won" : "over.you_lost");
  if (game.end_reason === END.RESIGNATION && view.seat?.color === game.resigned) {
    return t("over.you_resigned", { text });
  }
  if (game.end_reason === END.RESIGNATION) {
    return t("over.resigned", { text, who: playerName(game, game.resigned) });
  }
  if (game.end_reason === END.TIMEOUT && view.seat?.color === loser) return t("over.your_time", { text });
  if (game.end_reason === END.TIMEOUT) return t("over.their_time", { text, who: playerName(game, loser) });
  if (game.end_reason === END.ABANDONED && view.seat?.color === loser) return t("over.you_left", { text });
  if (game.end_reason === END.ABANDONED) return t("over.left", { text, who: playerName(game, loser) });
  return text;
}
