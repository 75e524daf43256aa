// The challenges wing's part of the board's own screens: a challenge heard on
// the player's stream shows as a card wherever that stream is followed (the
// start screen, a challenge's page), with accept and decline; the answer to
// one's own challenge shows there too. A player's page and a finished game
// offer to challenge the player (or the opponent); the start screen makes an
// open challenge's link.
import { call, loadPlayer } from "/board/api.js";
import { $, guard, other } from "/board/dom.js";
import { view } from "/board/game.js";
import { t } from "/board/i18n.js";
import { anyonesPlayer, clockOf } from "/board/start.js";
import { CHALLENGE_NOTICE, CHALLENGE_STATUS, COLORS } from "/board/vocabulary.js";

const heardBy = [];

// What a page of the wing does with each challenge heard (its own page's).
export const onChallenge = (handle) => heardBy.push(handle);

export function install(board) {
  board.onNotice(CHALLENGE_NOTICE.CHALLENGE, (challenge) => {
    heardBy.forEach((handle) => handle(challenge));
    guard(showCard(challenge));
  });
  board.onPlayerShown(offerChallenge);
  board.onGameOver(challengeOpponent);
  board.onStart(() => {
    $("challenge-open").addEventListener("submit", (event) => {
      event.preventDefault();
      guard(makeOpenChallenge(new FormData(event.target)));
    });
  });
}

const challengeLink = (playerId) => `/?challenge-to=${encodeURIComponent(playerId)}`;

// On a player's page: a link to challenge them (not oneself).
function offerChallenge(player, place) {
  if (loadPlayer()?.id === player.id) return;
  const link = document.createElement("a");
  link.classList.add("button", "primary");
  link.id = "challenge-player";
  link.href = challengeLink(player.id);
  link.textContent = t("challenge.player");
  place.append(link);
}

// A finished game its player sat in: a link to challenge the opponent, when
// the opponent played as a player (a seat taken with a player's key).
function challengeOpponent(game) {
  const me = loadPlayer();
  const link = $("challenge-opponent");
  const mine = me && COLORS.find((color) => game.players[color].player_id === me.id);
  const opponent = mine && game.players[other(mine)];
  link.hidden = !opponent?.player_id || !view.seat;
  if (link.hidden) return;
  link.href = challengeLink(opponent.player_id);
  link.textContent = t("challenge.opponent", { name: opponent.name || t("challenge.someone") });
}

async function makeOpenChallenge(form) {
  const me = await anyonesPlayer();
  const body = { to: null, clock: clockOf(form), color: form.get("color"), rated: form.get("rated") === "on" };
  const made = await call("POST", "/v1/challenges", { body, token: me.key });
  window.location.assign(`/?challenge=${encodeURIComponent(made.id)}`);
}

// ---- cards -------------------------------------------------------------------

const cardOf = (id) => $("challenge-cards").querySelector(`[data-challenge="${CSS.escape(id)}"]`);

// A pending challenge to the player: a card to answer it (its page, when
// shown, answers it itself). Its end takes the card down; the end of one the
// player made shows why, until closed.
async function showCard(challenge) {
  const { answers, headline, madeBy, mayTake, stateText, terms } = await import("./challenges.js");
  const me = loadPlayer();
  cardOf(challenge.id)?.remove();
  const onItsPage = new URLSearchParams(window.location.search).get("challenge") === challenge.id;
  const ended = challenge.status !== CHALLENGE_STATUS.PENDING;
  const answered = madeBy(challenge, me) && ended && challenge.status !== CHALLENGE_STATUS.ACCEPTED;
  if (onItsPage || !(mayTake(challenge, me) || answered)) return;
  const card = document.createElement("section");
  card.classList.add("card", "challenge-card");
  card.dataset.challenge = challenge.id;
  const title = document.createElement("h3");
  const open = document.createElement("a");
  open.href = challenge.url;
  open.textContent = headline(challenge, me);
  title.append(open);
  const said = document.createElement("p");
  said.textContent = terms(challenge, me);
  card.append(title, said);
  if (challenge.message) {
    const note = document.createElement("blockquote");
    note.textContent = challenge.message;
    card.append(note);
  }
  const row = document.createElement("div");
  row.className = "row";
  if (answered) {
    said.textContent = stateText(challenge, me);
    const close = document.createElement("button");
    close.type = "button";
    close.textContent = t("challenge.close");
    close.addEventListener("click", () => card.remove());
    row.append(close);
  } else {
    row.append(...answers(challenge, me, () => card.remove()));
  }
  card.append(row);
  $("challenge-cards").append(card);
}
