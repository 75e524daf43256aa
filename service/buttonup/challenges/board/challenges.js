// Challenges on the board: a challenge's page (/?challenge=ID, the link its
// notice and its answer give), where its players answer it, its maker waits
// or cancels, and anyone with an open one's link takes a seat; and the form
// that challenges a player (/?challenge-to=PLAYER_ID, from their profile or a
// finished game). An accepted challenge's game opens by itself: the player's
// stream brings `game_start` with the seat (player.js).
import { call, loadPlayer } from "/board/api.js";
import { $, guard, other, titled } from "/board/dom.js";
import { categoryName, colorWord, t } from "/board/i18n.js";
import {
  followPlayer,
  generatedName,
  openSeatedGame,
  postWhileListening,
  rememberPlayer,
} from "/board/player.js";
import { clockOf, clockText, offerClocks } from "/board/start.js";
import { CHALLENGE_STATUS, DECLINE_REASON } from "/board/vocabulary.js";
import { onChallenge } from "./hooks.js";

const path = (id) => `/v1/challenges/${encodeURIComponent(id)}`;

// ---- what a challenge says, to the one reading it -------------------------

const isOpen = (challenge) => challenge.to === null;
export const madeBy = (challenge, me) => Boolean(me) && challenge.from === me.id;

// Whether `me` may accept it: its invitee, one of an open one's two named
// players, or (an open one for anyone) anyone not seated in it yet.
export function mayTake(challenge, me) {
  if (challenge.status !== CHALLENGE_STATUS.PENDING) return false;
  if (!isOpen(challenge)) return Boolean(me) && challenge.to === me.id;
  if (me && challenge.takers.includes(me.id)) return false;
  return challenge.for.length === 0 || (Boolean(me) && challenge.for.includes(me.id));
}

export function headline(challenge, me) {
  const from = challenge.from_name || t("challenge.someone");
  if (isOpen(challenge)) return t("challenge.open_by", { name: from });
  if (madeBy(challenge, me)) return t("challenge.to_them", { name: challenge.to_name || t("challenge.someone") });
  return t("challenge.from_them", { name: from });
}

// "3 min + 2 s · casual · 15 points · you play black".
export function terms(challenge, me) {
  const said = [clockText(challenge.clock), categoryName(challenge.category)];
  said.push(t(challenge.rated ? "challenge.rated" : "challenge.casual"), t("game.target", { n: challenge.target_score }));
  if (challenge.color === "random") said.push(t("challenge.random_colors"));
  else if (isOpen(challenge)) said.push(t("challenge.first_plays", { color: colorWord(challenge.color) }));
  else {
    const mine = madeBy(challenge, me) ? challenge.color : other(challenge.color);
    said.push(t("challenge.you_play", { color: colorWord(mine) }));
  }
  if (challenge.position) said.push(t("challenge.from_position"));
  return said.join(" · ");
}

// Where it stands, in a sentence: a decline's reason as its invitee chose it.
export function stateText(challenge, me) {
  const { status } = challenge;
  if (status === CHALLENGE_STATUS.DECLINED) {
    return t("challenge.declined", { reason: t(`challenge.why.${challenge.decline_reason}`) });
  }
  if (status !== CHALLENGE_STATUS.PENDING) return t(`challenge.status.${status}`);
  if (me && challenge.takers.includes(me.id)) return t("challenge.taken");
  return madeBy(challenge, me) ? t("challenge.waiting") : "";
}

// Accept and decline (with a reason): a card's and the page's row alike.
export function answers(challenge, me, done) {
  const accept = document.createElement("button");
  accept.type = "button";
  accept.classList.add("primary", "challenge-accept");
  accept.textContent = t(isOpen(challenge) ? "challenge.take" : "challenge.accept");
  accept.addEventListener("click", () => {
    accept.disabled = true;
    guard(acceptChallenge(challenge.id).then(done).finally(() => (accept.disabled = false)));
  });
  if (isOpen(challenge)) return [accept]; // an open one is taken or left
  const reason = document.createElement("select");
  reason.className = "challenge-reason";
  reason.setAttribute("aria-label", t("challenge.reason"));
  reason.append(...Object.values(DECLINE_REASON).map((code) => new Option(t(`challenge.reason.${code}`), code)));
  const decline = document.createElement("button");
  decline.type = "button";
  decline.className = "challenge-decline";
  decline.textContent = t("challenge.decline");
  decline.addEventListener("click", () => {
    const body = { reason: reason.value };
    guard(call("POST", `${path(challenge.id)}/decline`, { body, token: me.key }).then(done));
  });
  return [accept, reason, decline];
}

// The player's stream, followed once on a page: it brings the challenge's
// changes and its game's game_start.
let following = false;

function listen(me) {
  if (following) return;
  following = true;
  guard(followPlayer(me));
}

// Accepting makes the game once its two seats are taken: then to it, the
// player's key holding their seat (the stream's game_start says the same,
// and so opens it for an open challenge's first taker, who waits).
export async function acceptChallenge(id) {
  const me = loadPlayer() || (await rememberPlayer(generatedName()));
  listen(me);
  const accepted = await call("POST", `${path(id)}/accept`, { token: me.key });
  if (accepted.game_id) await openSeatedGame(accepted.game_id, me);
  return accepted;
}

// ---- the challenge's page --------------------------------------------------

function showPage() {
  for (const id of ["start", "game", "analysis"]) $(id).hidden = true;
  $("challenge-page").hidden = false;
}

export async function showChallenge(id) {
  showPage();
  const me = loadPlayer();
  const challenge = await call("GET", path(id), { token: me?.key });
  drawChallenge(challenge);
  // Its changes come on the player's stream (and its game's game_start).
  onChallenge((heard) => heard.id === id && drawChallenge(heard));
  if (me) listen(me);
}

function drawChallenge(challenge) {
  const me = loadPlayer();
  $("challenge-form").hidden = true;
  $("challenge-shown").hidden = false;
  $("challenge-title").textContent = headline(challenge, me);
  titled(headline(challenge, me));
  $("challenge-terms").textContent = terms(challenge, me);
  $("challenge-note").textContent = challenge.message;
  $("challenge-note").hidden = !challenge.message;
  $("challenge-state").textContent = stateText(challenge, me);
  const pending = challenge.status === CHALLENGE_STATUS.PENDING;
  const linkShown = pending && isOpen(challenge);
  $("challenge-link-row").hidden = !linkShown;
  if (linkShown) {
    $("challenge-link").value = new URL(challenge.url, window.location.origin).href;
    $("challenge-copy").onclick = () => guard(navigator.clipboard.writeText($("challenge-link").value));
  }
  const refresh = (changed) => changed && drawChallenge(changed);
  $("challenge-answers").replaceChildren(...(mayTake(challenge, me) ? answers(challenge, me, refresh) : []));
  $("challenge-cancel").hidden = !(pending && madeBy(challenge, me));
  $("challenge-cancel").onclick = () =>
    guard(call("POST", `${path(challenge.id)}/cancel`, { token: me.key }).then(refresh));
  const game = $("challenge-game");
  game.hidden = !challenge.game_id;
  if (challenge.game_id) game.href = `/?game=${encodeURIComponent(challenge.game_id)}`;
}

// ---- the form that challenges a player -------------------------------------

export async function showChallengeForm(playerId) {
  showPage();
  const them = await call("GET", `/v1/players/${encodeURIComponent(playerId)}`);
  const name = them.name || t("challenge.someone");
  $("challenge-title").textContent = t("challenge.title", { name });
  titled(t("challenge.title", { name }));
  offerClocks();
  const form = $("challenge-form");
  form.hidden = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const fields = new FormData(form);
    const body = {
      to: playerId,
      clock: clockOf(fields),
      color: fields.get("color"),
      rated: fields.get("rated") === "on",
      target_score: Number(fields.get("target")),
    };
    const message = fields.get("message").trim();
    if (message) body.message = message;
    guard(sendChallenge(body));
  });
}

// A real-time challenge stands while its maker's stream is open: it is
// opened first, and kept open as the challenge shows in place.
async function sendChallenge(body) {
  const me = loadPlayer() || (await rememberPlayer(generatedName()));
  onChallenge((heard) => heard.from === me.id && heard.to === body.to && drawChallenge(heard));
  listen(me);
  const made = await postWhileListening("/v1/challenges", body, me);
  window.history.replaceState(null, "", `/?challenge=${encodeURIComponent(made.id)}`);
  drawChallenge(made);
}
