// The board: plays Button Up! through the public API only (see /docs/).
// Changes arrive on the game's event stream, read with fetch so that it
// carries the seat's bearer token (the seat then shows as connected); moves
// are POSTed with that token, kept in localStorage per game so that a reload
// keeps the seat.
import { offerLanguages, translatePage } from "./i18n.js";
import { offerSound } from "./alerts.js";
import { showAnalysis } from "./analysis.js";
import { PAGES } from "./pages.js";
import { loadWings } from "./wings.js";
import { report } from "./dom.js";
import { showStart } from "./start.js";
import { showGame } from "./game.js";

// ---- start -----------------------------------------------------------------

translatePage();
offerLanguages(document.getElementById("language"));
offerSound(document.getElementById("sound"));
const params = new URLSearchParams(window.location.search);
const gameId = params.get("game");
// A wing's page (pages.js: the installed wings'), its module loaded when asked for.
const page = PAGES.find((candidate) => params.has(candidate.param));

async function route() {
  await loadWings(); // what the wings add to the board's own screens, first
  if (params.has("analyse")) showAnalysis(params.get("analyse"), gameId, report);
  else if (page) await (await import(page.module))[page.show](params.get(page.param), report);
  else if (gameId) showGame(gameId);
  else showStart();
}
route().catch(report);
