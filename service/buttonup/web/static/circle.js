// The circle on screen, as the game board and the analysis board both draw
// it: nine positions around it, each a stack of chips, bottom first.
import { colorWord, t } from "./i18n.js";
import { NOTATION } from "./vocabulary.js";

export const POSITIONS = 9;

// Puts the nine positions into `container`: elements of `tag` (buttons on
// the game board, which calls `onPick` with the position clicked), each with
// its stack, its number and `extra` markup.
export function buildCircle(container, { tag = "div", extra = "", onPick = null } = {}) {
  for (let position = 0; position < POSITIONS; position += 1) {
    const spot = document.createElement(tag);
    if (tag === "button") spot.type = "button";
    spot.className = "position";
    spot.dataset.position = String(position);
    spot.style.setProperty("--angle", `${(360 / POSITIONS) * position}deg`);
    spot.innerHTML = `<span class="stack"></span><span class="number">${position}</span>${extra}`;
    if (onPick) spot.addEventListener("click", () => onPick(position));
    container.appendChild(spot);
  }
}

// Shows `stack` (colours, bottom first) in a position's element.
export function drawStack(spot, stack) {
  spot.querySelector(".stack").replaceChildren(
    ...stack.map((color) => {
      const chip = document.createElement("span");
      chip.className = `chip ${color}`;
      return chip;
    }),
  );
}

// A circle as the notation writes it (a position's first part, or a whole
// position): each stack's colours, bottom first.
export function readCircle(text) {
  return text
    .split("_")[0]
    .split(".")
    .map((stack) => (stack === NOTATION.EMPTY ? [] : [...stack].map((letter) => NOTATION.BUTTONS[letter])));
}

// A position's label, for a screen reader: its number, its stack, and
// whether it may be played.
export function stackLabel(position, stack, playable) {
  const contents = stackWords(stack);
  return t(playable ? "stack.label_playable" : "stack.label", { position, contents });
}

// A stack in words, for a screen reader: "3 buttons, bottom to top: red, …".
export function stackWords(stack) {
  if (!stack.length) return t("stack.empty");
  return t("stack.contents", { n: stack.length, list: stack.map(colorWord).join(", ") });
}
