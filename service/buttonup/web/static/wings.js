// What the installed wings add to the board's own screens. Each wing's hooks
// module (pages.js: HOOKS, from its manifest) registers here before the board
// starts; the core's screens ask here and name no wing.
import { HOOKS } from "./pages.js";

const added = { start: [], game: [], gameOver: [], ownNextGame: [], keptAnalysis: [], player: [], notices: {}, lobby: [] };

// What a wing's `install(board)` is given.
const board = Object.freeze({
  // Its start screen's part: `show()` as the start screen shows.
  onStart: (show) => added.start.push(show),
  // A game as it is first drawn on each connection, and as it ends.
  onGame: (seen) => added.game.push(seen),
  onGameOver: (seen) => added.gameOver.push(seen),
  // Whether the wing makes a game's next game itself (then no rematch is offered).
  makesNextGame: (test) => added.ownNextGame.push(test),
  // Whether the wing keeps a finished game's analysis for now (then not asked).
  keepsAnalysis: (test) => added.keptAnalysis.push(test),
  // A notice the wing adds to the player's stream (its manifest's inbox), each
  // time it is heard on a page that follows the stream: `heard(data)`.
  onNotice: (event, heard) => (added.notices[event] ??= []).push(heard),
  // A player's page as it is drawn: `show(player, place)` may add to `place`,
  // the page's row of things to do with that player.
  onPlayerShown: (show) => added.player.push(show),
  // The start screen's lobby, as it is drawn: `show()` lists the wing's part
  // and resolves to how many it listed.
  onLobby: (show) => added.lobby.push(show),
});

export async function loadWings() {
  const modules = await Promise.all(HOOKS.map((path) => import(path)));
  for (const module of modules) module.install(board);
}

export const startShown = () => added.start.forEach((show) => show());
export const gameShown = (game) => added.game.forEach((seen) => seen(game));
export const gameOverShown = (game) => added.gameOver.forEach((seen) => seen(game));
export const playerShown = (player, place) => added.player.forEach((show) => show(player, place));
export const noticeHeard = (event, data) => (added.notices[event] ?? []).forEach((heard) => heard(data));
export const rematchOffered = (game) => !added.ownNextGame.some((test) => test(game));

// How many the wings listed in the lobby, once they have.
export async function lobbyShown() {
  const counts = await Promise.all(added.lobby.map((show) => show()));
  return counts.reduce((sum, count) => sum + count, 0);
}

export async function analysisKept(game) {
  for (const test of added.keptAnalysis) if (await test(game)) return true;
  return false;
}
