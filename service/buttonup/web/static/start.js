// The start screen: against the computer, a friend or anyone; the lobby.
import { CLOCK, COLORS, SEAT, VISIBILITY } from "./vocabulary.js";
import { PLAYER_KEY, call, goToGame, loadPlayer, saveSeat } from "./api.js";
import { $, guard, other, title } from "./dom.js";
import { colorName, colorWord, listed, t } from "./i18n.js";
import { rememberPlayer, showPlayer } from "./player.js";
import { lobbyShown, startShown } from "./wings.js";

// ---- start screen ----------------------------------------------------------

export function showStart() {
  $("start").hidden = false;
  $("game").hidden = true;
  offerClocks();
  $("remember").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(rememberPlayer($("me-name").value.trim()).then(showPlayer));
  });
  $("forget").addEventListener("click", () => {
    localStorage.removeItem(PLAYER_KEY);
    window.location.reload();
  });
  showPlayer();
  $("vs-bot").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(startAgainstBot(new FormData(event.target)));
  });
  $("vs-friend").addEventListener("submit", (event) => {
    event.preventDefault();
    guard(startAgainstFriend(new FormData(event.target)));
  });
  startShown(); // the wings' parts of it
  $("lobby-refresh").addEventListener("click", () => guard(showLobby()));
  guard(showLobby());
}

// The player a wing's part of the start screen acts as (a seek's): the one
// remembered, or one made now.
export async function anyonesPlayer() {
  const known = loadPlayer();
  if (known) return known;
  const made = await rememberPlayer($("me-name").value.trim());
  showPlayer();
  return made;
}

// Public games with an open seat (list_games), and what the wings list beside
// them (players seeking a game); refreshed on demand, not polled.
export async function showLobby() {
  const [page, listedByWings] = await Promise.all([
    call("GET", "/v1/games?status=waiting&limit=20"),
    lobbyShown(),
  ]);
  $("lobby-empty").hidden = page.items.length + listedByWings > 0;
  $("lobby-list").replaceChildren(
    ...page.items.map((game) => {
      const item = document.createElement("li");
      const waiting = COLORS.filter((color) => game.players[color].joined).map((color) =>
        t("lobby.seat", { name: game.players[color].name || colorName(color), color: colorWord(color) }),
      );
      const text = document.createElement("span");
      const terms = [t("game.target", { n: game.target_score }), clockText(game.clock)];
      if (game.rated) terms.push(t("lobby.rated"));
      if (!game.hints) terms.push(t("lobby.no_hints"));
      text.textContent = [waiting.length ? listed(waiting) : t("lobby.nobody"), ...terms].join(" · ");
      const join = document.createElement("a");
      join.className = "button";
      join.href = `/?game=${encodeURIComponent(game.id)}`;
      join.textContent = t("lobby.play", { color: colorWord(game.open_seats[0]) });
      item.append(text, join);
      return item;
    }),
  );
}

// A time control in a few words: "3 min + 2 s", "1 day a move", "untimed";
// the lobby and the start screen's choices say it alike.
export function clockText(clock) {
  if (!clock) return t("clock.untimed");
  if (clock.type === CLOCK.FISCHER) {
    const minutes = clock.initial_seconds / 60;
    if (!clock.increment_seconds) return t("clock.sudden_death", { minutes });
    return t("clock.fischer", { minutes, seconds: clock.increment_seconds });
  }
  const { seconds } = clock;
  if (seconds % 86400 === 0) return t("clock.days", { n: seconds / 86400 });
  if (seconds % 3600 === 0) return t("clock.hours", { n: seconds / 3600 });
  if (seconds % 60 === 0) return t("clock.minutes", { n: seconds / 60 });
  return t("clock.seconds", { n: seconds });
}

// The time controls the start screen offers, by the index of their option.
export const CLOCK_PRESETS = [
  null,
  { type: CLOCK.FISCHER, initial_seconds: 180, increment_seconds: 2 },
  { type: CLOCK.FISCHER, initial_seconds: 300, increment_seconds: 0 },
  { type: CLOCK.PER_MOVE, seconds: 86400 },
];

export function offerClocks() {
  for (const select of document.querySelectorAll("select[name=clock]")) {
    select.replaceChildren(
      ...CLOCK_PRESETS.map((clock, index) => new Option(title(clockText(clock)), String(index))),
    );
  }
}

export function clockOf(form) {
  return CLOCK_PRESETS[Number(form.get("clock") || 0)] ?? null;
}

export async function startAgainstBot(form) {
  let color = form.get("color");
  if (color === "random") color = COLORS[Math.floor(Math.random() * 2)];
  const game = await call("POST", "/v1/games", {
    body: {
      target_score: Number(form.get("target")),
      hints: form.get("hints") === "on",
      clock: clockOf(form),
      players: {
        [color]: { type: SEAT.HUMAN },
        [other(color)]: { type: SEAT.BOT, level: form.get("level") },
      },
    },
  });
  const player = loadPlayer();
  const joined = await call("POST", `/v1/games/${game.id}/players`, {
    // No name for an anonymous seat: this page calls its own seat "You", and
    // anyone else opening the link reads "Red" or "Black", not "You".
    body: { color },
    token: player?.key,
  });
  saveSeat(game.id, color, joined.token);
  goToGame(game.id);
}

export async function startAgainstFriend(form) {
  const color = form.get("color");
  const name = form.get("name").trim();
  const game = await call("POST", "/v1/games", {
    body: {
      target_score: Number(form.get("target")),
      hints: form.get("hints") === "on",
      clock: clockOf(form),
      visibility: form.get("public") === "on" ? VISIBILITY.PUBLIC : VISIBILITY.PRIVATE,
    },
  });
  const joined = await call("POST", `/v1/games/${game.id}/players`, {
    body: name ? { color, name } : { color },
    token: loadPlayer()?.key,
  });
  saveSeat(game.id, color, joined.token);
  goToGame(game.id);
}
