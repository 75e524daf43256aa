// Follows a game's events, written only against the types openapi-typescript
// generates from openapi/openapi.json (./schema.d.ts, made by the test), and
// compiled with --strict: one type per event, narrowed by `event`.
import type { components } from "./schema.js";

type Schemas = components["schemas"];
type StreamEvent =
  | Schemas["GameEvent"]
  | Schemas["JoinedEvent"]
  | Schemas["MoveEvent"]
  | Schemas["RoundOverEvent"]
  | Schemas["ResignedEvent"]
  | Schemas["AbortedEvent"]
  | Schemas["TimeoutEvent"]
  | Schemas["AbandonedEvent"]
  | Schemas["GameOverEvent"]
  | Schemas["RematchOfferedEvent"]
  | Schemas["RematchEvent"]
  | Schemas["PresenceEvent"];

function describe(event: StreamEvent): string {
  switch (event.event) {
    case "game": {
      const game: Schemas["Game"] = JSON.parse(event.data);
      return `${event.id} game ${game.status}`;
    }
    case "joined": {
      const joined: Schemas["JoinedEventData"] = JSON.parse(event.data);
      return `${event.id} joined ${joined.color}`;
    }
    case "move": {
      const moved: Schemas["MoveEventData"] = JSON.parse(event.data);
      return `${event.id} move ${moved.move.number} ${moved.move.player} ${moved.move.position}`;
    }
    case "round_over": {
      const round: Schemas["RoundResult"] = JSON.parse(event.data);
      return `${event.id} round_over ${round.number}`;
    }
    case "resigned": {
      const resigned: Schemas["ResignedEventData"] = JSON.parse(event.data);
      return `${event.id} resigned ${resigned.color}`;
    }
    case "aborted": {
      const aborted: Schemas["AbortedEventData"] = JSON.parse(event.data);
      return `${event.id} aborted ${aborted.color ?? "-"}`;
    }
    case "timeout": {
      const timedOut: Schemas["TimeoutEventData"] = JSON.parse(event.data);
      return `${event.id} timeout ${timedOut.color}`;
    }
    case "abandoned": {
      const abandoned: Schemas["AbandonedEventData"] = JSON.parse(event.data);
      return `${event.id} abandoned ${abandoned.color}`;
    }
    case "presence": {
      // No id: presence changes nothing of the game.
      const seats: Schemas["Presence"] = JSON.parse(event.data);
      return `- presence ${seats.red.connected} ${seats.black.connected}`;
    }
    case "game_over": {
      const game: Schemas["Game"] = JSON.parse(event.data);
      return `${event.id} game_over ${game.winner}`;
    }
    case "rematch_offered": {
      const offered: Schemas["RematchOfferedEventData"] = JSON.parse(event.data);
      return `${event.id} rematch_offered ${offered.color}`;
    }
    case "rematch": {
      const made: Schemas["RematchEventData"] = JSON.parse(event.data);
      return `${event.id} rematch ${made.game_id}`;
    }
    default: {
      const unknown: never = event; // every event type is handled above
      throw new Error(`unknown event ${JSON.stringify(unknown)}`);
    }
  }
}

function parse(block: string): StreamEvent | null {
  const fields: Record<string, string> = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":") || !line.includes(": ")) continue;
    const colon = line.indexOf(": ");
    fields[line.slice(0, colon)] = line.slice(colon + 2);
  }
  if (fields["event"] === undefined) return null;
  return { event: fields["event"], id: fields["id"], data: fields["data"] } as StreamEvent;
}

async function main(): Promise<void> {
  const [base, gameId] = process.argv.slice(2);
  const response = await fetch(`${base}/v1/games/${gameId}/events`);
  if (!response.ok || response.body === null) {
    const problem: Schemas["Problem"] = await response.json();
    throw new Error(`${response.status} ${problem.code}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const event = parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event !== null) console.log(describe(event));
      // The stream stays open for a rematch; this program wants the game only.
      if (event?.event === "game_over") {
        await reader.cancel();
        return;
      }
      end = buffer.indexOf("\n\n");
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
