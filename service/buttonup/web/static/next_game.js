// A tournament's game: the way back to the tournament once it is over, and
// the next game it pairs the player into, opened by itself.
import { loadPlayer } from "./api.js";
import { $, guard } from "./dom.js";
import { view } from "./game.js";
import { followPlayer } from "./player.js";
import { openTournamentGame } from "./seeking.js";

// For a player in it, their stream is followed from the start: the next game
// it pairs them into (game_start, or listed first if paired before the stream
// opened) opens at once, however long this game's end takes to be drawn.
export function toTheTournament(tournamentId) {
  const back = $("back-to-tournament");
  back.href = `/?tournament=${encodeURIComponent(tournamentId)}`;
  back.hidden = false;
  followTournament(tournamentId);
}

let followingTournament = false;

export function followTournament(tournamentId) {
  const player = loadPlayer();
  if (followingTournament || !view.seat || !player) return;
  followingTournament = true;
  guard(followPlayer(player, (games) => openTournamentGame(tournamentId, games, player, view.gameId)));
}
