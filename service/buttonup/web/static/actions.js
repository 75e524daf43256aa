// What the player does on the game screen besides sowing: take a seat, ask a
// hint, resign, abort, go berserk, claim a game the opponent left, copy the
// link or the record; and the keys (digits play, arrows move between stacks).
import { call, loadPlayer, saveSeat } from "./api.js";
import { $, announce, guard } from "./dom.js";
import { listed, t } from "./i18n.js";
import { draw, openSeats } from "./drawing.js";
import { myTurn, play, reconnect, view } from "./game.js";

export async function join() {
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

export async function showHint() {
  if (!myTurn()) return;
  const analysis = await call("GET", `/v1/games/${view.gameId}/analysis`);
  if (analysis.version !== view.game.version) return;
  const best = new Set(analysis.best);
  for (const button of $("board").children) {
    button.classList.toggle("hinted", best.has(Number(button.dataset.position)));
  }
  const margin = analysis.value > 0 ? `+${analysis.value}` : String(analysis.value);
  announce(t("hint.best", { positions: listed(analysis.best, "disjunction"), margin }));
}

export async function resign() {
  const button = $("resign");
  if (button.dataset.confirm !== "yes") {
    button.dataset.confirm = "yes";
    button.textContent = t("controls.resign_confirm");
    setTimeout(() => {
      button.dataset.confirm = "";
      button.textContent = t("controls.resign");
    }, 4000);
    return;
  }
  await call("POST", `/v1/games/${view.gameId}/resign`, { token: view.seat.token });
}

export async function berserk() {
  await call("POST", `/v1/games/${view.gameId}/berserk`, { token: view.seat.token });
}

export async function abort() {
  await call("POST", `/v1/games/${view.gameId}/abort`, { token: view.seat.token });
}

export async function claim() {
  try {
    await call("POST", `/v1/games/${view.gameId}/claim-victory`, { token: view.seat.token });
  } catch (error) {
    if (error.code !== "claim_not_allowed") throw error;
    const wait = error.body?.retry_after_seconds;
    if (!wait) throw error;
    // Not yet: say when, and offer it again then.
    $("claim").disabled = true;
    $("opponent-gone-text").textContent = t("gone.wait", { n: wait });
    setTimeout(() => {
      $("claim").disabled = false;
      $("opponent-gone-text").textContent = t("gone.text");
    }, wait * 1000);
  }
}

export function copyLink() {
  const input = $("invite-link");
  input.select();
  navigator.clipboard?.writeText(input.value).catch(() => {});
  announce(t("copied.link"));
}

export async function copyRecord() {
  const response = await fetch(`/v1/games/${encodeURIComponent(view.gameId)}/record`);
  if (!response.ok) throw new Error(t("record.unread"));
  await navigator.clipboard.writeText(await response.text());
  announce(t("copied.record"));
}

// Arrows move through the stacks, clockwise with Right and Down (Enter or
// Space then plays the one focused, as a button does).
const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function focusStack(from, step = 0) {
  const stacks = $("board").children;
  stacks[(from + step + stacks.length) % stacks.length]?.focus();
}

export function onKey(event) {
  const typing = event.target.closest("input, select, textarea");
  if ((typing && typing.offsetParent !== null) || event.ctrlKey || event.metaKey) return;
  const onBoard = event.target.closest("#board .position");
  if (event.key in STEPS && (onBoard || event.target === document.body)) {
    event.preventDefault();
    const from = onBoard ? Number(onBoard.dataset.position) : 0;
    focusStack(from, onBoard ? STEPS[event.key] : 0);
  } else if (/^[0-8]$/.test(event.key)) {
    event.preventDefault();
    $("board").children[Number(event.key)].focus();
    guard(play(Number(event.key)));
  } else if (event.key === "h" || event.key === "H") {
    if (!$("hint").hidden) guard(showHint());
  }
}
