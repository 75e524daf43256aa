// The tournaments wing's part of a game's screen: a tournament's game shows
// the way back to the tournament once it is over, offers no rematch (the
// tournament pairs the next game), opens the next game it pairs the player
// into by itself, and asks no analysis a par tournament still keeps.
import { call, goToGame, loadPlayer, saveSeat } from "/board/api.js";
import { $, guard } from "/board/dom.js";
import { view } from "/board/game.js";
import { followPlayer } from "/board/player.js";
import { STATUS, TOURNAMENT_SCORING, TOURNAMENT_STATUS } from "/board/vocabulary.js";

export function install(board) {
  board.onGame((game) => {
    if (game.tournament_id) followTournament(game.tournament_id);
  });
  board.onGameOver((game) => {
    if (game.tournament_id) toTheTournament(game.tournament_id);
  });
  board.makesNextGame((game) => Boolean(game.tournament_id));
  board.keepsAnalysis(analysisKept);
}

// For a player in it, their stream is followed from the start: the next game
// it pairs them into (game_start, or listed first if paired before the stream
// opened) opens at once, however long this game's end takes to be drawn.
function toTheTournament(tournamentId) {
  const back = $("back-to-tournament");
  back.href = `/?tournament=${encodeURIComponent(tournamentId)}`;
  back.hidden = false;
  followTournament(tournamentId);
}

let followingTournament = false;

function followTournament(tournamentId) {
  const player = loadPlayer();
  if (followingTournament || !view.seat || !player) return;
  followingTournament = true;
  guard(followPlayer(player, (games) => openTournamentGame(tournamentId, games, player, view.gameId)));
}

// A tournament's game the player is in that the stream's first event lists
// (paired before the stream opened, as a par pairing's second game is as the
// first ends): opened, the player's key as its seat's (it works for their seat).
export async function openTournamentGame(tournamentId, games, player, current = null) {
  for (const listed of games) {
    if (listed.status !== STATUS.PLAYING || listed.id === current) continue;
    const game = await call("GET", `/v1/games/${encodeURIComponent(listed.id)}`);
    if (game.tournament_id !== tournamentId || game.status !== STATUS.PLAYING) continue;
    saveSeat(game.id, listed.color, player.key);
    goToGame(game.id);
    return;
  }
}

// A par-scored tournament's games are kept from analysis until it is over.
async function analysisKept(game) {
  if (!game.tournament_id) return false;
  const tournament = await call("GET", `/v1/tournaments/${encodeURIComponent(game.tournament_id)}`);
  return tournament.status !== TOURNAMENT_STATUS.FINISHED && tournament.scoring === TOURNAMENT_SCORING.PAR;
}
