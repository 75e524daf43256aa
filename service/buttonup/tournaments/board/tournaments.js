// Tournaments (/?tournaments, /?tournament=ID): the lists, a form to make
// one, and a tournament's page: its standings (drawn again at each event of
// its stream), a countdown, join, withdraw and start, the podium and the
// records once it is over. A player in it follows their own stream,
// whose game_start opens each game it pairs them into (seeking.onGameStart).
import { Problem, call, loadPlayer, pause, readBlocks, serverNow } from "/board/api.js";
import { $, tableRow, title, titled } from "/board/dom.js";
import { formatTime } from "/board/drawing.js";
import { t } from "/board/i18n.js";
import { followPlayer, generatedName, rememberPlayer } from "/board/player.js";
import { openTournamentGame } from "./next_game.js";
import { CLOCK_PRESETS, clockText } from "/board/start.js";
import { TOURNAMENT_SCORING, TOURNAMENT_STATUS, TOURNAMENT_SYSTEM } from "/board/vocabulary.js";

const REFRESH_MS = 5000; // the longest wait before a dropped stream is opened again
const membership = (id) => `buttonup:tournament:${id}`;

// The player this browser remembers, or one made now with the name asked
// beside "Join" (a distinct generated one when left empty).
async function me() {
  return loadPlayer() ?? (await rememberPlayer($("tournament-player-name").value.trim()));
}

function kind(tournament) {
  return tournament.system === TOURNAMENT_SYSTEM.ARENA
    ? t("tournaments.kind_arena", { n: tournament.minutes })
    : tournament.scoring === TOURNAMENT_SCORING.PAR
      ? t("tournaments.kind_swiss_par", { n: tournament.rounds })
      : t("tournaments.kind_swiss", { n: tournament.rounds });
}

function summary(tournament) {
  return t("tournaments.item", {
    name: tournament.name,
    kind: kind(tournament),
    clock: clockText(tournament.clock),
    players: t("tournaments.players", { n: tournament.players }),
  });
}

// ---- the lists --------------------------------------------------------------

export function showTournaments(_all, report) {
  $("start").hidden = true;
  $("tournaments").hidden = false;
  titled(t("tournaments.title"));
  const form = $("new-tournament");
  const timed = CLOCK_PRESETS.map((clock, index) => [clock, index]).filter(([clock]) => clock);
  form.elements.clock.replaceChildren(
    ...timed.map(([clock, index]) => new Option(title(clockText(clock)), String(index))),
  );
  form.elements.system.addEventListener("change", () => {
    const arena = form.elements.system.value === TOURNAMENT_SYSTEM.ARENA;
    form.querySelector(".arena-only").hidden = !arena;
    for (const field of form.querySelectorAll(".swiss-only")) field.hidden = arena;
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    create(new FormData(form)).catch(report);
  });
  for (const status of Object.values(TOURNAMENT_STATUS)) list(status).catch(report);
}

async function list(status) {
  const page = await call("GET", `/v1/tournaments?status=${status}&limit=20`);
  const items = page.items.map((tournament) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/?tournament=${encodeURIComponent(tournament.id)}`;
    link.textContent = summary(tournament);
    item.append(link);
    return item;
  });
  if (!items.length) {
    const none = document.createElement("li");
    none.textContent = t("tournaments.none");
    items.push(none);
  }
  $(`tournaments-${status}`).replaceChildren(...items);
}

async function create(form) {
  const player = await me();
  const arena = form.get("system") === TOURNAMENT_SYSTEM.ARENA;
  const body = {
    name: form.get("name").trim(),
    system: form.get("system"),
    clock: CLOCK_PRESETS[Number(form.get("clock"))],
    rated: form.get("rated") === "on",
    [arena ? "minutes" : "rounds"]: Number(form.get(arena ? "minutes" : "rounds")),
  };
  if (!arena && form.get("par") === "on") body.scoring = TOURNAMENT_SCORING.PAR;
  const made = await call("POST", "/v1/tournaments", { body, token: player.key });
  window.location.assign(`/?tournament=${encodeURIComponent(made.id)}`);
}

// ---- a tournament --------------------------------------------------------------

const shown = { tournament: null, following: false };

export function showTournament(id, report) {
  $("start").hidden = true;
  $("tournament").hidden = false;
  const act = (action) => () => perform(id, action).catch(report);
  $("tournament-join").addEventListener("click", act("join"));
  $("tournament-withdraw").addEventListener("click", act("withdraw"));
  $("tournament-start").addEventListener("click", act("start"));
  $("tournament-record").href = `/v1/tournaments/${encodeURIComponent(id)}/record`;
  $("tournament-record").download = `buttonup-tournament-${id}.txt`;
  if (!loadPlayer()) {
    $("tournament-player-name").value = generatedName(); // theirs to change
  }
  setInterval(countdown, 1000);
  follow(id).catch(report);
}

// The tournament's stream: each event draws it again (one drawing at a time,
// the latest wins); a dropped stream is opened again after its last event.
async function follow(id) {
  let lastEventId = null;
  let failures = 0;
  let drawing = Promise.resolve();
  const redraw = () => {
    drawing = drawing.then(() => draw(id));
  };
  while (shown.tournament?.status !== TOURNAMENT_STATUS.FINISHED) {
    const headers = { Accept: "text/event-stream" };
    if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
    try {
      const response = await fetch(`/v1/tournaments/${encodeURIComponent(id)}/events`, { headers });
      if (response.status === 404) throw new Problem(404, await response.json());
      if (response.ok) {
        failures = 0;
        await readBlocks(response.body, (fields) => {
          if (fields.id) lastEventId = fields.id;
          if (fields.event) redraw();
        });
      }
    } catch (error) {
      if (error instanceof Problem) throw error;
    }
    await drawing;
    failures += 1;
    await pause(Math.min(250 * 2 ** failures, REFRESH_MS));
  }
}

async function perform(id, action) {
  const player = await me();
  await call("POST", `/v1/tournaments/${encodeURIComponent(id)}/${action}`, { token: player.key });
  if (action === "join") localStorage.setItem(membership(id), "in");
  if (action === "withdraw") localStorage.removeItem(membership(id));
  await draw(id);
}

async function draw(id) {
  const path = `/v1/tournaments/${encodeURIComponent(id)}`;
  const [tournament, standings] = await Promise.all([
    call("GET", path),
    call("GET", `${path}/standings?limit=50`),
  ]);
  shown.tournament = tournament;
  titled(tournament.name);
  $("tournament-name").textContent = tournament.name;
  const running = tournament.status === TOURNAMENT_STATUS.RUNNING;
  const round = tournament.system === TOURNAMENT_SYSTEM.SWISS && running
    ? ` · ${t("tournament.round", { n: tournament.round, rounds: tournament.rounds })}`
    : "";
  $("tournament-about").textContent =
    `${t(`tournament_status.${tournament.status}`)} · ${summary(tournament)}${round}`;
  const player = loadPlayer();
  const inIt = localStorage.getItem(membership(id)) === "in";
  const over = tournament.status === TOURNAMENT_STATUS.FINISHED;
  $("tournament-join").hidden = over || inIt;
  $("tournament-name-asked").hidden = over || inIt || Boolean(player);
  $("tournament-par").hidden = tournament.scoring !== TOURNAMENT_SCORING.PAR;
  // What its system means, a tap away (its scoring, par, is said above).
  $("tournament-what-arena").hidden = tournament.system !== TOURNAMENT_SYSTEM.ARENA;
  $("tournament-what-swiss").hidden = tournament.system !== TOURNAMENT_SYSTEM.SWISS;
  $("tournament-withdraw").hidden = over || !inIt;
  $("tournament-start").hidden =
    tournament.status !== TOURNAMENT_STATUS.UPCOMING || player?.id !== tournament.created_by;
  $("tournament-record").hidden = !over;
  $("tournament-waiting").hidden = over || !inIt || !running;
  if (inIt && player && !over && !shown.following) {
    shown.following = true;
    // Its game_start opens each game; one paired before it opened, its first event.
    followPlayer(player, (games) => openTournamentGame(id, games, player)).catch(() => {});
  }
  drawStandings(standings.items, over, player?.id);
  countdown();
}

function drawStandings(items, over, mine) {
  $("tournament-standings").replaceChildren(
    ...items.map((entry) => {
      const name = document.createElement("a");
      name.href = `/?player=${encodeURIComponent(entry.player.id)}`;
      name.textContent = entry.player.name || t("player.anonymous");
      const cells = [entry.rank, name, entry.score, entry.games, `${entry.wins}–${entry.losses}`];
      const row = tableRow(cells);
      if (entry.player.id === mine) {
        // One's own row: marked, and said (not by colour alone).
        row.classList.add("me");
        row.setAttribute("aria-current", "true");
        name.append(` (${t("tournament.you")})`);
      }
      return row;
    }),
  );
  const podium = $("tournament-podium");
  podium.hidden = !over || !items.length;
  podium.replaceChildren(
    ...items.slice(0, 3).map((entry) => {
      const place = document.createElement("li");
      place.textContent = `${entry.player.name || t("player.anonymous")} · ${entry.score}`;
      return place;
    }),
  );
}

function countdown() {
  const tournament = shown.tournament;
  const element = $("tournament-countdown");
  if (!tournament) return;
  let text = "";
  if (tournament.status === TOURNAMENT_STATUS.UPCOMING) {
    text = tournament.starts_at
      ? t("tournament.starts_in", { time: formatTime(Date.parse(tournament.starts_at) - serverNow()) })
      : t("tournament.waits_for_start");
  } else if (tournament.status === TOURNAMENT_STATUS.RUNNING && tournament.ends_at) {
    text = t("tournament.ends_in", { time: formatTime(Date.parse(tournament.ends_at) - serverNow()) });
  }
  element.textContent = text;
}
