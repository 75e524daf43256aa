// The round in play as the notation writes it (docs/notation.md, "Record"):
// each move the position played, "+" when its player moves again. A move
// can be picked to show the position it left, until "Back to the game" (or
// the next move) draws the game again.
import { Problem, pastEvents } from "./api.js";
import { EVENTS } from "./vocabulary.js";
import { $ } from "./dom.js";
import { drawStacks } from "./drawing.js";
import { colorName, t } from "./i18n.js";

const round = { number: null, moves: [] }; // moves: { number, text, player, circle }
let back = null; // draws the game again, while a move's position is shown

function notation(move) {
  return `${move.position}${move.extra_turn ? "+" : ""}`;
}

// The moves of the round in play before this page opened, each with the
// circle it left, read from the game's event stream from its start (what a
// stream sends before `presence` is what came before it was opened).
export async function loadRound(gameId, number) {
  if (round.number === number) return;
  const moves = [];
  try {
    await pastEvents(gameId, (event, data) => {
      if (event !== EVENTS.MOVE) return;
      const { move, game } = data;
      // A round's last move leaves one stack: its circle is the next round's.
      if (move.round === number && !move.round_over) {
        const { circle } = game.round;
        moves.push({ number: move.number, text: notation(move), player: move.player, circle });
      }
    });
  } catch (error) {
    if (error instanceof Problem) return; // the list starts with the next move
    throw error;
  }
  if (round.number !== null && round.number !== number) return; // the round ended meanwhile
  // Moves seen live meanwhile stay, each once.
  const known = new Set(moves.map((move) => move.number));
  round.moves = [...moves, ...round.moves.filter((move) => !known.has(move.number))];
  round.number = number;
  render();
}

// A move seen live, and the circle it left (the whole round's last stack for
// the move that ends it).
export function noteMove(move, circle) {
  if (round.number !== move.round) {
    round.number = move.round;
    round.moves = [];
  }
  round.moves.push({ number: move.number, text: notation(move), player: move.player, circle });
  leave();
  render();
}

export function onBack(drawGame) {
  back = drawGame;
  $("move-back").addEventListener("click", leave);
}

function leave() {
  if (!$("board").classList.contains("previewing")) return;
  $("board").classList.remove("previewing");
  $("move-preview").hidden = true;
  back?.();
}

function render() {
  $("moves-title").textContent = round.number ? t("moves.title", { n: round.number }) : "";
  $("move-list").replaceChildren(
    ...round.moves.map((move, index) => {
      const item = document.createElement("li");
      item.className = move.player;
      if (!move.circle) {
        item.textContent = move.text;
        return item;
      }
      const pick = document.createElement("button");
      pick.type = "button";
      pick.textContent = move.text;
      const words = { n: index + 1, color: colorName(move.player), move: move.text };
      pick.setAttribute("aria-label", t("moves.show", words));
      pick.addEventListener("click", () => {
        $("board").classList.add("previewing");
        drawStacks(move.circle);
        $("move-preview-text").textContent = t("moves.preview", words);
        $("move-preview").hidden = false;
      });
      item.append(pick);
      return item;
    }),
  );
}
