// The player this browser remembers, their games and their stream.
import { COLORS, PLAYER_EVENTS, STATUS } from "./vocabulary.js";
import { chime, soundOn } from "./alerts.js";
import { PLAYER_KEY, Problem, call, goToGame, loadPlayer, pause, readBlocks, saveSeat } from "./api.js";
import { $, guard, other, titled } from "./dom.js";
import { colorName, t } from "./i18n.js";
import { noticeHeard } from "./wings.js";

const OWN_EVENTS = new Set(Object.values(PLAYER_EVENTS));

// A wing's pairing made a game for the player (a seek's, a tournament's): to
// it, with the seat taken for them.
function onGameStart(data) {
  saveSeat(data.game_id, data.color, data.token);
  titled(t("title.paired"));
  chime("paired");
  // The tone is heard before the page changes.
  setTimeout(() => goToGame(data.game_id), soundOn() ? 400 : 0);
}

// A game the player holds a seat in by their key (a seek answered, a
// challenge accepted): the seat kept for the game's page, then to it.
export async function openSeatedGame(gameId, player) {
  const game = await call("GET", `/v1/games/${encodeURIComponent(gameId)}`);
  const color = COLORS.find((seat) => game.players[seat].player_id === player.id);
  if (color) saveSeat(game.id, color, player.key);
  goToGame(game.id);
}

// A POST that lasts only while the player's stream is open (a seek, a
// real-time challenge): sent once it is open, and again while the service
// has not yet seen it open (409 stream_required).
export async function postWhileListening(path, body, player) {
  await playerListening;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call("POST", path, { body, token: player.key });
    } catch (error) {
      if (!(error instanceof Problem && error.code === "stream_required") || attempt > 3) throw error;
      await pause(500);
    }
  }
}

// ---- the player this browser remembers ---------------------------------------
// One identity across games: its key (shown once by POST /v1/players) is kept
// here, seats are taken with it, and "Your games" follows the player's stream.

export async function rememberPlayer(name) {
  const player = await call("POST", "/v1/players", { body: { name: name || generatedName() } });
  localStorage.setItem(PLAYER_KEY, JSON.stringify({ id: player.id, name: player.name, key: player.key }));
  return player;
}

// A name for a player who gave none: distinct, so that two such players never
// show as the same placeholder in a tournament's standings.
export function generatedName() {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  const n = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("").toUpperCase();
  return t("me.generated", { n });
}

// A move made in another tab of this browser: the player's stream tells of
// the opponent's moves, and this of one's own.
export const MOVED_KEY = "buttonup:moved";

export function showPlayer() {
  const player = loadPlayer();
  $("remember").hidden = Boolean(player);
  $("known").hidden = !player;
  if (!player) return;
  $("me-shown").textContent = player.name || t("me.unnamed");
  const friendName = document.querySelector("#vs-friend input[name=name]");
  if (!friendName.value) friendName.value = player.name || "";
  window.addEventListener("storage", (event) => {
    if (event.key === MOVED_KEY) guard(refreshMyGames(player));
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") guard(refreshMyGames(player));
  });
  guard(followPlayer(player));
}

export function drawMyGames(games) {
  $("my-games-empty").hidden = games.length > 0;
  $("my-games").replaceChildren(
    ...games.map((game) => {
      const item = document.createElement("li");
      item.dataset.game = game.id;
      item.classList.toggle("my-turn", game.my_turn);
      const text = document.createElement("span");
      const against =
        game.opponent.name || (game.opponent.joined ? colorName(other(game.color)) : t("mine.nobody"));
      const state =
        game.status === STATUS.WAITING ? "mine.waiting" : game.my_turn ? "mine.your_turn" : "mine.their_turn";
      text.textContent = t("mine.summary", {
        color: colorName(game.color),
        who: against,
        red: game.score.red,
        black: game.score.black,
        state: t(state),
      });
      const open = document.createElement("a");
      open.className = "button";
      open.href = `/?game=${encodeURIComponent(game.id)}`;
      open.textContent = t(game.my_turn ? "mine.play" : "mine.open");
      item.append(text, open);
      return item;
    }),
  );
}

export async function refreshMyGames(player) {
  const page = await call("GET", "/v1/players/me/games?limit=50", { token: player.key });
  drawMyGames(page.items);
}

// Resolved once the player's stream is open (a seek lives while it is).
export let streamOpened;
export const playerListening = new Promise((resolve) => {
  streamOpened = resolve;
});

// The player's stream: `games` first, then a notice whenever one of the
// player's games needs them (started, their turn, over, a rematch, a seek
// paired); the list is read again at each. A wing's notice (a challenge) goes
// to the wings that hear it. Resumed with Last-Event-ID after a drop.
// `onGames`: what to do with the games a new connection lists first (a game
// paired before the stream opened is among them).
export async function followPlayer(player, onGames = null) {
  let lastEventId = null;
  let failures = 0;
  for (;;) {
    const headers = { Accept: "text/event-stream", Authorization: `Bearer ${player.key}` };
    if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
    try {
      const response = await fetch("/v1/players/me/events", { headers });
      if (response.status === 401) {
        localStorage.removeItem(PLAYER_KEY); // expired: made again when asked
        showPlayer();
        return;
      }
      if (response.ok) {
        failures = 0;
        await readBlocks(response.body, (fields) => {
          if (fields.id) lastEventId = fields.id;
          if (fields.event === PLAYER_EVENTS.GAMES) {
            const games = JSON.parse(fields.data);
            drawMyGames(games);
            streamOpened();
            if (onGames) guard(onGames(games));
          } else if (fields.event === PLAYER_EVENTS.GAME_START) onGameStart(JSON.parse(fields.data));
          else if (OWN_EVENTS.has(fields.event)) guard(refreshMyGames(player));
          else if (fields.event && fields.data !== undefined) {
            noticeHeard(fields.event, JSON.parse(fields.data)); // a wing's
          }
        });
      }
    } catch {
      // dropped: open it again below
    }
    failures += 1;
    await pause(Math.min(250 * 2 ** failures, 5000));
  }
}
