// "Play anyone", the seeks wing's card on the start screen: a seek
// (POST /v1/seeks) waits while this browser's player stream is open; when it
// is paired, the stream's `game_start` brings the new game and the seat's
// token, and the board opens the game (player.js). The seeks waiting show in
// the lobby, each answered with a tap (a seek that `answers` it).
import { Problem, call, loadPlayer } from "/board/api.js";
import { guard, other } from "/board/dom.js";
import { categoryName, colorWord, t } from "/board/i18n.js";
import { openSeatedGame, postWhileListening } from "/board/player.js";
import { anyonesPlayer, clockOf, clockText, showLobby } from "/board/start.js";

const $ = (id) => document.getElementById(id);
let seekId = null;

export function install(board) {
  board.onStart(() => {
    $("vs-anyone").addEventListener("submit", (event) => {
      event.preventDefault();
      const form = new FormData(event.target);
      guard(seekAnyone(clockOf(form), form.get("rated") === "on"));
    });
    $("cancel-seek").addEventListener("click", () => guard(cancelSeek(loadPlayer())));
  });
  board.onLobby(showSeeks);
}

// The seeks waiting, in the lobby (list_seeks): who, their rating, the
// category, clock and colour; a tap answers one. One's own is not listed.
async function showSeeks() {
  const page = await call("GET", "/v1/seeks?limit=20");
  const others = page.items.filter((seek) => seek.id !== seekId);
  $("seek-list").replaceChildren(
    ...others.map((seek) => {
      const item = document.createElement("li");
      item.dataset.seek = seek.id;
      const text = document.createElement("span");
      const rating = `${seek.rating}${seek.provisional ? "?" : ""}`;
      const terms = [`${seek.name || t("anyone.someone")} (${rating})`];
      terms.push(categoryName(seek.category), clockText(seek.clock));
      terms.push(t(seek.rated ? "lobby.rated" : "anyone.casual"));
      if (seek.color) terms.push(t("anyone.plays", { color: colorWord(seek.color) }));
      text.textContent = terms.join(" · ");
      const answer = document.createElement("button");
      answer.type = "button";
      answer.textContent = t("anyone.answer");
      answer.addEventListener("click", () => guard(answerSeek(seek)));
      item.append(text, answer);
      return item;
    }),
  );
  return others.length;
}

// A seek that answers `seek`: the game is made at once, the player's key
// holding their seat; a seek gone meanwhile says so, and the lobby is read again.
async function answerSeek(seek) {
  const me = await anyonesPlayer();
  const color = seek.color ? other(seek.color) : "random"; // the other seat, or either
  const body = { clock: seek.clock, rated: seek.rated, color, answers: seek.id };
  try {
    const placed = await postWhileListening("/v1/seeks", body, me);
    await openSeatedGame(placed.game_id, me);
  } catch (error) {
    guard(showLobby());
    throw error;
  }
}

function showSeeking(seeking) {
  $("seeking").hidden = !seeking;
  $("seek-button").hidden = seeking;
}

// A seek by the player this browser remembers (made first if need be), with
// this clock, rated or not.
async function seekAnyone(clock, rated) {
  const me = await anyonesPlayer();
  const placed = await postWhileListening("/v1/seeks", { clock, rated }, me);
  seekId = placed.id;
  showSeeking(true);
}

async function cancelSeek(player) {
  if (seekId === null) return;
  const id = seekId;
  seekId = null;
  showSeeking(false);
  try {
    await call("DELETE", `/v1/seeks/${encodeURIComponent(id)}`, { token: player.key });
  } catch (error) {
    if (!(error instanceof Problem && error.code === "seek_not_found")) throw error;
  }
}
