// The round in play as the notation writes it (docs/notation.md, "Record"):
// each move the position played, "+" when its player moves again. A move
// seen on this page can be picked to show the position it left, until
// "Back to the game" (or the next move) draws the game again.
import { call } from "./api.js";
import { $ } from "./dom.js";
import { drawStacks } from "./drawing.js";

const round = { number: null, moves: [] }; // moves: { text, player, circle | null }
let back = null; // draws the game again, while a move's position is shown

function notation(move) {
  return `${move.position}${move.extra_turn ? "+" : ""}`;
}

// The moves of the round in play before this page opened (no positions kept).
export async function loadRound(gameId, number) {
  if (round.number === number) return;
  const moves = await call("GET", `/v1/games/${encodeURIComponent(gameId)}/moves`);
  round.number = number;
  round.moves = moves
    .filter((move) => move.round === number)
    .map((move) => ({ text: notation(move), player: move.player, circle: null }));
  render();
}

// A move seen live, and the circle it left (the whole round's last stack for
// the move that ends it).
export function noteMove(move, circle) {
  if (round.number !== move.round) {
    round.number = move.round;
    round.moves = [];
  }
  round.moves.push({ text: notation(move), player: move.player, circle });
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
  $("moves-title").textContent = round.number ? `Round ${round.number}, move by move` : "";
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
      pick.setAttribute("aria-label", `Show the position after move ${index + 1}, ${move.player} ${move.text}`);
      pick.addEventListener("click", () => {
        $("board").classList.add("previewing");
        drawStacks(move.circle);
        $("move-preview-text").textContent = `The position after ${move.player}'s ${move.text}.`;
        $("move-preview").hidden = false;
      });
      item.append(pick);
      return item;
    }),
  );
}
