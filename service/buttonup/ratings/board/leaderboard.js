// The leaderboards (/?leaderboard): the best players of a rating category,
// not provisional, best first (GET /v1/leaderboards/{category}).
import { call } from "/board/api.js";
import { CATEGORY } from "/board/vocabulary.js";
import { $, tableRow } from "/board/dom.js";
import { categoryName, t } from "/board/i18n.js";

export function showLeaderboard(initial, report) {
  $("start").hidden = true;
  $("game").hidden = true;
  $("leaderboard").hidden = false;
  const select = $("leaderboard-category");
  select.replaceChildren(...Object.values(CATEGORY).map((name) => new Option(categoryName(name), name)));
  if (Object.values(CATEGORY).includes(initial)) select.value = initial;
  select.addEventListener("change", () => draw(select.value).catch(report));
  draw(select.value).catch(report);
}

async function draw(category) {
  const board = await call("GET", `/v1/leaderboards/${encodeURIComponent(category)}?limit=50`);
  $("leaderboard-empty").hidden = board.items.length > 0;
  $("leaderboard-rows").replaceChildren(
    ...board.items.map((leader) => {
      const name = document.createElement("a");
      name.href = `/?player=${encodeURIComponent(leader.player_id)}`;
      name.textContent = leader.name || t("player.anonymous");
      return tableRow([leader.rank, name, `${leader.rating} ±${leader.deviation}`, leader.games]);
    }),
  );
}
