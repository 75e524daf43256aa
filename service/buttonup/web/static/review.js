// A finished game's rounds, as the game-over card lists them: each round's
// sums and points, then what perfect play made of its deal (GET .../analysis,
// twenty rounds a page), in words.
import { COLORS } from "./vocabulary.js";
import { call } from "./api.js";
import { $, other } from "./dom.js";
import { colorName, t } from "./i18n.js";
import { playerName } from "./drawing.js";
import { view } from "./game.js";
import { analysisKept } from "./wings.js";

export function reviewRounds(game) {
  const list = $("rounds-review");
  const items = game.rounds.map((round) => {
    const item = document.createElement("li");
    const scorer = COLORS.find((color) => round.points[color] > 0);
    const n = round.points[scorer];
    let points = t("review.tie");
    if (scorer && view.seat?.color === scorer) points = t("review.scored_mine", { n });
    else if (scorer) points = t("review.scored", { who: playerName(game, scorer), n });
    const { red, black } = round.strength;
    item.textContent = t("review.round", { n: round.number, red, black, points });
    return item;
  });
  list.replaceChildren(...items);
  const byNumber = new Map(game.rounds.map((round, index) => [round.number, items[index]]));
  // What perfect play made of each deal, page by page as the analysis answers;
  // not asked of a game a wing still keeps from analysis (a par tournament's).
  analysisKept(game)
    .then((kept) => (kept ? undefined : reviewPages(game.id, showReview, showWithheld)))
    .catch(() => {}); // the review is a bonus; the result stands without it
  function showWithheld(number) {
    const item = byNumber.get(number);
    if (!item) return;
    const note = document.createElement("span");
    note.classList.add("review", "withheld");
    note.textContent = ` ${t("review.withheld")}`;
    item.appendChild(note);
  }
  function showReview(review) {
    const item = byNumber.get(review.number);
    if (!item) return;
    const slips = review.moves.filter((move) => move.loss > 0).length;
    const note = document.createElement("span");
    note.className = "review";
    const starter = review.starting_player;
    const perfect = margin(starter, review.opening_value);
    const played = margin(starter, review.final_margin);
    note.textContent = ` ${t("review.perfect", { perfect, played })} ${t("review.slips", { n: slips })}`;
    note.title = t("review.margin");
    item.appendChild(note);
  }
}


// A margin from `color`'s side, in words: "Red ahead by 2", "even".
function margin(color, value) {
  if (value === 0) return t("review.even");
  const ahead = value > 0 ? color : other(color);
  return t("review.ahead", { color: colorName(ahead), n: Math.abs(value) });
}

// The analysis reviews 20 rounds a request; `review_next` asks for the next.
// A round the fair-play gate keeps is listed in `review_withheld` instead.
export async function reviewPages(gameId, show, withheld = () => {}) {
  let after = 0;
  while (after !== null) {
    const analysis = await call(
      "GET",
      `/v1/games/${encodeURIComponent(gameId)}/analysis?after=${after}`,
    );
    analysis.review.forEach(show);
    analysis.review_withheld.forEach(withheld);
    after = analysis.review_next;
  }
}
