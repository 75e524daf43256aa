// What every page of the board shares: the API's calls, the server's clock,
// and what this browser keeps (its seats' tokens, its player's key).

import { EVENTS } from "./vocabulary.js";

// ---- the API -------------------------------------------------------------

export class Problem extends Error {
  constructor(status, body) {
    super(body?.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code;
    this.body = body;
  }
}

// The service did not answer at all (no connection): said in the board's words.
export class Unreachable extends Error {}

// Every write carries an Idempotency-Key and is sent again with the same key
// after a lost answer or a 503, so that it is applied exactly once.
const WRITE_ATTEMPTS = 3;

export function newIdempotencyKey() {
  // crypto.randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const write = method === "POST";
  if (write) headers["Idempotency-Key"] = newIdempotencyKey();
  let response;
  for (let attempt = 1; ; attempt += 1) {
    const retry = write && attempt < WRITE_ATTEMPTS;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (!retry) throw new Unreachable(error.message);
      await pause(500);
      continue;
    }
    if (response.status !== 503 || !retry) break;
    await pause(1000 * Math.min(Number(response.headers.get("Retry-After")) || 1, 5));
  }
  noteServerTime(response);
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Problem(response.status, data);
  return data;
}

// The server's clock minus this one's, from the Date header of its answers
// (whole seconds: an offset under a second is the header's rounding).
let serverOffsetMs = 0;

export function noteServerTime(response) {
  const date = Date.parse(response.headers.get("Date") || "");
  if (Number.isNaN(date)) return;
  const offset = date + 500 - Date.now();
  serverOffsetMs = Math.abs(offset) < 1500 ? 0 : offset;
}

export const serverNow = () => Date.now() + serverOffsetMs;

// ---- seats kept in the browser ---------------------------------------------

const seatKey = (gameId) => `buttonup:seat:${gameId}`;

export function loadSeat(gameId) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(gameId)));
  } catch {
    return null;
  }
}

export function saveSeat(gameId, color, token) {
  localStorage.setItem(seatKey(gameId), JSON.stringify({ color, token }));
}

export const PLAYER_KEY = "buttonup:player";

export function loadPlayer() {
  try {
    return JSON.parse(localStorage.getItem(PLAYER_KEY));
  } catch {
    return null;
  }
}

// The game this page is leaving for: one navigation a game, however many
// signals say it (an accepted challenge's answer and the player's stream's
// game_start both do), so that a second never aborts the first's load.
let leavingFor = null;

export function goToGame(gameId) {
  if (leavingFor === gameId) return;
  leavingFor = gameId;
  window.location.assign(`/?game=${encodeURIComponent(gameId)}`);
}

// ---- event streams -----------------------------------------------------------

// Server-Sent Events read from a fetch body, a block at a time: `onEvent`
// gets each event's fields; returning true from it stops the reading.
export async function readBlocks(body, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      if (onEvent(parseBlock(buffer.slice(0, end))) === true) {
        await reader.cancel();
        return;
      }
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
    }
  }
}

// What a game's stream tells from the game's start until the stream was
// opened (in play it then sends `presence` first) or the game ended: each
// event's name and data, in order. A Problem when the game is not there.
export async function pastEvents(gameId, onEvent) {
  const events = await fetch(`/v1/games/${encodeURIComponent(gameId)}/events?after=0`, {
    headers: { Accept: "text/event-stream" },
  });
  if (!events.ok) throw new Problem(events.status, await events.json());
  await readBlocks(events.body, (fields) => {
    if (fields.event === EVENTS.PRESENCE || fields.event === EVENTS.GAME_OVER) return true;
    onEvent(fields.event, fields.data === undefined ? null : JSON.parse(fields.data));
    return false;
  });
}

function parseBlock(block) {
  const fields = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue; // a keep-alive
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const value = line.slice(colon + 1).replace(/^ /, "");
    const name = line.slice(0, colon);
    fields[name] = name === "data" && fields.data !== undefined ? `${fields.data}\n${value}` : value;
  }
  return fields;
}

