// The puzzles wing's part of the board's own screens: the start screen's
// card links to the day's puzzle (saying its rating and themes), the next
// puzzle near one's rating, and the streak.
import { call } from "/board/api.js";
import { $, guard } from "/board/dom.js";
import { t } from "/board/i18n.js";

export function install(board) {
  board.onStart(() => guard(showDaily()));
}

async function showDaily() {
  let daily;
  try {
    daily = await call("GET", "/v1/puzzles/daily");
  } catch {
    return; // none mined yet: the card offers the rest
  }
  $("puzzle-daily-about").textContent = t("puzzle.daily_about", { rating: daily.rating });
  $("puzzle-daily-row").hidden = false;
}
