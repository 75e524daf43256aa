// "Play anyone": a seek (POST /v1/seeks) waits while this browser's player
// stream is open; when it is paired, the stream's `game_start` brings the
// new game and the seat's token, and the board opens the game.
import { chime, soundOn } from "./alerts.js";
import { STATUS } from "./vocabulary.js";
import { Problem, call, goToGame, pause, saveSeat } from "./api.js";
import { titled } from "./dom.js";
import { t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let seekId = null;

function showSeeking(seeking) {
  $("seeking").hidden = !seeking;
  $("seek-button").hidden = seeking;
}

// `player()`: the player this browser remembers, made first if need be;
// `listening()`: resolves once their stream is open; `clock`: the time control.
export async function seekAnyone(player, listening, clock, rated) {
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

export async function cancelSeek(player) {
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

// The player's stream said a seek was paired: to the game, with the seat.
export function onGameStart(data) {
  seekId = null;
  saveSeat(data.game_id, data.color, data.token);
  titled(t("title.paired"));
  chime("paired");
  // The tone is heard before the page changes.
  setTimeout(() => goToGame(data.game_id), soundOn() ? 400 : 0);
}

// A tournament's game the player is in that the stream's first event lists
// (paired before the stream opened, as a par pairing's second game is as the
// first ends): opened, the player's key as its seat's (it works for their seat).
export async function openTournamentGame(tournamentId, games, player, current = null) {
  for (const listed of games) {
    if (listed.status !== STATUS.PLAYING || listed.id === current) continue;
    const game = await call("GET", `/v1/games/${encodeURIComponent(listed.id)}`);
    if (game.tournament_id !== tournamentId || game.status !== STATUS.PLAYING) continue;
    saveSeat(game.id, listed.color, player.key);
    goToGame(game.id);
    return;
  }
}
