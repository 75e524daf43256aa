// "Play anyone", the seeks wing's card on the start screen: a seek
// (POST /v1/seeks) waits while this browser's player stream is open; when it
// is paired, the stream's `game_start` brings the new game and the seat's
// token, and the board opens the game (player.js).
import { Problem, call, loadPlayer, pause } from "/board/api.js";
import { guard } from "/board/dom.js";
import { playerListening } from "/board/player.js";
import { anyonesPlayer, clockOf } from "/board/start.js";

const $ = (id) => document.getElementById(id);
let seekId = null;

export function install(board) {
  board.onStart(() => {
    $("vs-anyone").addEventListener("submit", (event) => {
      event.preventDefault();
      const form = new FormData(event.target);
      guard(seekAnyone(anyonesPlayer, () => playerListening, clockOf(form), form.get("rated") === "on"));
    });
    $("cancel-seek").addEventListener("click", () => guard(cancelSeek(loadPlayer())));
  });
}

function showSeeking(seeking) {
  $("seeking").hidden = !seeking;
  $("seek-button").hidden = seeking;
}

// `player()`: the player this browser remembers, made first if need be;
// `listening()`: resolves once their stream is open; `clock`: the time control.
async function seekAnyone(player, listening, clock, rated) {
  const me = await player();
  await listening();
  let placed;
  for (let attempt = 1; ; attempt += 1) {
    try {
      placed = await call("POST", "/v1/seeks", { body: { clock, rated }, token: me.key });
      break;
    } catch (error) {
      // The stream is open here but its mark may not be seen yet: once more.
      if (!(error instanceof Problem && error.code === "stream_required") || attempt > 3) throw error;
      await pause(500);
    }
  }
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
