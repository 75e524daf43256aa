// A player's page (/?player=ID): name, the rating in each category with its
// deviation, the rating's history drawn as a chart (SVG, nothing fetched from
// elsewhere), and the rated games, newest first, each a link to its game
// (GET /v1/players/{id}, GET /v1/players/{id}/ratings); below the name, what
// the installed wings offer to do with the player (a challenge).
import { call } from "/board/api.js";
import { CATEGORY } from "/board/vocabulary.js";
import { $, tableRow, titled } from "/board/dom.js";
import { categoryName, categoryWord, language, t } from "/board/i18n.js";
import { playerShown } from "/board/wings.js";

const SVG = "http://www.w3.org/2000/svg";
const RECENT = 20;

export async function showProfile(playerId) {
  $("start").hidden = true;
  $("game").hidden = true;
  $("profile").hidden = false;
  const path = `/v1/players/${encodeURIComponent(playerId)}`;
  const [player, history] = await Promise.all([call("GET", path), call("GET", `${path}/ratings`)]);
  $("profile-name").textContent = player.name || t("profile.unnamed");
  if (player.bot) {
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = t("profile.bot");
    $("profile-name").append(" ", tag);
  }
  titled(player.name || t("profile.player"));
  const { rated, wins, losses } = player.counts;
  // Each count with its own plural ("1 partida puntuada: 0 ganadas, 1 perdida").
  $("profile-counts").textContent = t("profile.counts", {
    games: t("profile.games", { n: rated }),
    wins: t("profile.wins", { n: wins }),
    losses: t("profile.losses", { n: losses }),
  });
  $("profile-actions").replaceChildren();
  playerShown(player, $("profile-actions"));
  $("profile-ratings").replaceChildren(
    ...Object.values(CATEGORY).map((category) => {
      const rating = player.ratings[category];
      const mark = rating.provisional ? "?" : "";
      // The rating with its deviation, as the leaderboard shows it.
      const shown = `${rating.rating}${mark} ±${rating.deviation}`;
      return tableRow([categoryName(category), shown, rating.games]);
    }),
  );
  const games = history.items;
  // The chart follows the category played most.
  const played = Object.values(CATEGORY).map((category) => [
    category,
    games.filter((game) => game.category === category),
  ]);
  const [category, line] = played.reduce((most, next) => (next[1].length > most[1].length ? next : most));
  const named = categoryWord(category); // within a sentence
  $("profile-chart-title").textContent = line.length ? t("profile.chart", { category: named }) : "";
  $("profile-chart").replaceChildren(...(line.length ? chart(line) : []));
  $("profile-games").replaceChildren(
    ...games.slice(-RECENT).reverse().map((game) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `/?game=${encodeURIComponent(game.game_id)}`;
      const result = t(game.won ? "profile.won" : "profile.lost");
      link.textContent = `${result} · ${categoryName(game.category)} · ${game.rating}`;
      item.append(link, ` ${new Date(game.ended_at).toLocaleDateString(language)}`);
      return item;
    }),
  );
  $("profile-none").hidden = games.length > 0;
}

// The ratings after each game as a line, the band of their deviation behind.
function chart(games) {
  const width = 600;
  const height = 200;
  const low = Math.min(...games.map((game) => game.rating - game.deviation));
  const high = Math.max(...games.map((game) => game.rating + game.deviation));
  const x = (index) => (games.length === 1 ? width / 2 : (index / (games.length - 1)) * (width - 40) + 20);
  const y = (rating) => height - 20 - ((rating - low) / Math.max(1, high - low)) * (height - 40);
  const element = (name, attributes) => {
    const made = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
    return made;
  };
  const upper = games.map((game, index) => `${x(index)},${y(game.rating + game.deviation)}`);
  const lower = games.map((game, index) => `${x(index)},${y(game.rating - game.deviation)}`).reverse();
  const band = element("polygon", { points: [...upper, ...lower].join(" "), class: "band" });
  const points = games.map((game, index) => `${x(index)},${y(game.rating)}`).join(" ");
  const line = element("polyline", { points, class: "line" });
  const dots = games.map((game, index) => {
    const dot = element("circle", { cx: x(index), cy: y(game.rating), r: 3, class: "dot" });
    const tip = element("title", {});
    tip.textContent = `${game.rating} ±${game.deviation}`;
    dot.append(tip);
    return dot;
  });
  // The scale: the highest and lowest rating the band reaches.
  const scale = [high, low].map((rating) => {
    const label = element("text", { x: 4, y: y(rating) + (rating === high ? 12 : -4), class: "scale" });
    label.textContent = String(Math.round(rating));
    return label;
  });
  const svg = element("svg", { viewBox: `0 0 ${width} ${height}`, role: "img" });
  const span = { first: games[0].rating, last: games.at(-1).rating, n: games.length };
  svg.setAttribute("aria-label", t("profile.chart_label", span));
  svg.append(band, line, ...dots, ...scale);
  return [svg];
}
