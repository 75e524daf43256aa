// A puzzle's page: /?puzzle=ID, /?puzzle (the next near one's puzzle
// rating), /?puzzle=daily (the day's) and /?puzzle=streak (one's streak).
// The position, "find the only move"; each stack tapped is sent with the
// moves before it as the attempt so far, and the service answers with its
// replies (drawn from the circles it gives: the board knows no rules), right
// or wrong said at each move; once the attempt is in, the whole line, the
// rating's change, and the next puzzle.
import { call, loadPlayer } from "/board/api.js";
import { buildCircle, drawStack, readCircle, stackLabel } from "/board/circle.js";
import { $, guard, titled } from "/board/dom.js";
import { colorName, colorWord, listed, t } from "/board/i18n.js";
import { rememberPlayer } from "/board/player.js";

const shown = { puzzle: null, moves: [], legal: [], streak: null, since: 0, busy: false };

export async function showPuzzle(value) {
  for (const id of ["start", "game", "analysis"]) $(id).hidden = true;
  $("puzzle-page").hidden = false;
  titled(t("puzzle.title"));
  buildCircle($("puzzle-board"), { tag: "button", onPick: (position) => guard(pick(position)) });
  if (value === "streak") return showStreak();
  const token = loadPlayer()?.key;
  let path = "/v1/puzzles/next";
  if (value === "daily") path = "/v1/puzzles/daily";
  else if (value) path = `/v1/puzzles/${encodeURIComponent(value)}`;
  present(await call("GET", path, { token }));
  $("puzzle-next").href = "/?puzzle";
}

// ---- a streak -------------------------------------------------------------------

async function showStreak() {
  const me = loadPlayer() ?? (await rememberPlayer(""));
  const streak = await call("GET", "/v1/puzzles/streak", { token: me.key });
  drawStreak(streak);
  if (!streak.over) present(streak.puzzle);
  $("puzzle-streak-start").onclick = () =>
    guard(
      call("POST", "/v1/puzzles/streak", { token: me.key }).then((started) => {
        drawStreak(started);
        if (started.puzzle) present(started.puzzle);
      }),
    );
}

function drawStreak(streak) {
  shown.streak = streak;
  $("puzzle-streak").hidden = false;
  $("puzzle-streak").textContent = t("puzzle.streak_now", { n: streak.length, best: streak.best });
  $("puzzle-streak-start").hidden = !streak.over;
}

// ---- a puzzle ---------------------------------------------------------------------

function present(puzzle) {
  Object.assign(shown, { puzzle, moves: [], legal: puzzle.legal_moves, since: performance.now(), busy: false });
  $("puzzle-view").hidden = false;
  $("puzzle-result").hidden = true;
  $("puzzle-next").hidden = true;
  $("puzzle-game").hidden = true;
  $("puzzle-status").className = "";
  $("puzzle-status").textContent = "";
  $("puzzle-prompt").textContent = t("puzzle.find", { color: colorWord(puzzle.color), n: puzzle.moves_to_find });
  const themes = puzzle.themes.map((theme) => t(`puzzle.theme.${theme}`));
  $("puzzle-about").textContent = t("puzzle.about_this", {
    rating: puzzle.rating,
    themes: themes.length ? listed(themes) : "—",
  });
  $("puzzle-board").dataset.puzzle = puzzle.id; // what is shown, for tests and tools
  drawCircle(readCircle(puzzle.position), null);
}

function drawCircle(circle, played) {
  for (const spot of $("puzzle-board").children) {
    const position = Number(spot.dataset.position);
    drawStack(spot, circle[position]);
    const playable = shown.legal.includes(position) && !shown.busy;
    spot.classList.toggle("legal", playable);
    spot.classList.toggle("played", position === played);
    spot.disabled = !playable;
    spot.setAttribute("aria-label", stackLabel(position, circle[position], playable));
  }
}

async function pick(position) {
  if (shown.busy || !shown.legal.includes(position)) return;
  shown.busy = true;
  const { puzzle } = shown;
  const moves = [...shown.moves, position];
  const seconds = Math.round((performance.now() - shown.since) / 1000);
  const body = { moves, seconds: Math.min(seconds, 86_400) };
  if (shown.streak && !shown.streak.over) body.streak = shown.streak.id;
  let answer;
  try {
    answer = await call("POST", `/v1/puzzles/${encodeURIComponent(puzzle.id)}/attempts`, {
      body,
      token: loadPlayer()?.key,
    });
  } finally {
    shown.busy = false;
  }
  if (!answer.complete) return goOn(moves, answer);
  finish(answer);
}

// A right move, not the last: drawn with the service's replies.
function goOn(moves, answer) {
  shown.moves = moves;
  const last = answer.played.at(-1);
  shown.legal = last.legal_moves;
  const replies = answer.played.slice(answer.played.length - answer.replies.length);
  const said = replies.length
    ? t("puzzle.right_reply", {
        color: colorWord(replies[0].color),
        positions: listed(replies.map((move) => move.position)),
      })
    : t("puzzle.right_again");
  $("puzzle-status").className = "right";
  $("puzzle-status").textContent = said;
  drawCircle(readCircle(last.after), last.position);
}

// The attempt is in: right or wrong, the line, the rating's change, the next.
function finish(answer) {
  shown.legal = [];
  const { puzzle } = shown;
  $("puzzle-status").className = answer.solved ? "right" : "wrong";
  $("puzzle-status").textContent = answer.solved ? t("puzzle.solved") : t("puzzle.wrong");
  const end = answer.solution.at(-1);
  drawCircle(readCircle(end.after), end.position);
  $("puzzle-verdict").textContent = answer.solved ? t("puzzle.solved_text") : t("puzzle.missed_text");
  $("puzzle-line").textContent = listed(
    answer.solution.map((move) =>
      t(move.yours ? "puzzle.line_yours" : "puzzle.line_reply", {
        color: colorName(move.color),
        position: move.position,
      }),
    ),
  );
  const rated = answer.rating_diff !== null;
  $("puzzle-rating").hidden = !rated;
  if (rated) {
    const diff = answer.rating_diff > 0 ? `+${answer.rating_diff}` : String(answer.rating_diff);
    $("puzzle-rating").textContent = t("puzzle.rating_diff", { diff });
  }
  $("puzzle-result").hidden = false;
  $("puzzle-game").href = `/?game=${encodeURIComponent(puzzle.game_id)}`;
  $("puzzle-game").hidden = false;
  if (answer.streak) {
    drawStreak(answer.streak);
    const next = answer.streak.puzzle;
    $("puzzle-next").hidden = !next;
    if (next) $("puzzle-next").onclick = (event) => (event.preventDefault(), present(next));
    return;
  }
  $("puzzle-next").hidden = false;
}
