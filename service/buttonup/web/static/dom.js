// What every screen of the board shares: the page's elements, small
// helpers, and the messages it shows.
import { COLORS } from "./vocabulary.js";
import { Problem, Unreachable } from "./api.js";
import { hasWords, t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const other = (color) => (color === COLORS[0] ? COLORS[1] : COLORS[0]);
export const title = (text) => text.charAt(0).toUpperCase() + text.slice(1);
export const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// The tab's title: `text` before the board's name, or the name alone.
const NAME = document.title;
export function titled(text = null) {
  document.title = text ? `${text} · ${NAME}` : NAME;
}

// A table's row: each cell a text, or an element (a link) as it is.
export function tableRow(cells) {
  const row = document.createElement("tr");
  for (const shown of cells) {
    const cell = document.createElement("td");
    cell.append(shown instanceof Node ? shown : String(shown));
    row.append(cell);
  }
  return row;
}

// ---- messages --------------------------------------------------------------

export let announceTimer = null;

export function announce(text) {
  const element = $("announce");
  element.textContent = text;
  element.classList.add("visible");
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => element.classList.remove("visible"), 2500);
}

// An announcement taken down before its time: the play it was about moved on.
export function quiet() {
  clearTimeout(announceTimer);
  $("announce").classList.remove("visible");
}

// A line for a screen reader's log of the game (moves, where the last button
// landed, a round's end and the score, a low clock); the last few are kept.
const SPOKEN_KEPT = 12;

export function narrate(text) {
  const line = document.createElement("p");
  line.textContent = text;
  const log = $("spoken");
  log.append(line);
  while (log.children.length > SPOKEN_KEPT) log.firstElementChild.remove();
}

export function say(text) {
  $("turn").textContent = text;
}

// What went wrong, in the board's words: a problem's by its code (the
// server's `detail` is English, for developers), else the error's own message.
export function spoken(error) {
  if (error instanceof Unreachable) return t("problem.network");
  if (error instanceof Problem && hasWords(`problem.${error.code}`)) {
    return t(`problem.${error.code}`, { status: error.status });
  }
  if (error instanceof Problem) return t("problem.http_error", { status: error.status });
  return error.message;
}

export function report(error, { sticky = false } = {}) {
  const element = $("error");
  element.textContent = spoken(error);
  element.hidden = false;
  if (!sticky) {
    setTimeout(() => {
      element.hidden = true;
    }, 5000);
  }
}

export function guard(promise) {
  promise.catch(report);
}
