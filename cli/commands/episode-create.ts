// `agent-world episode create env[@version]`: open an episode (a private copy of the environment).
import type { z } from "zod";
import { Episode } from "../api-schemas";
import {
  type Command,
  flagOption,
  intOption,
  JSON_OPTION,
  positional,
  stringOption,
} from "../command";
import { fields, printJson } from "../output";

export const episodeCreate: Command = {
  name: "create",
  summary: "Open an episode (a private copy of an environment)",
  args: "<env[@version]>",
  arity: { min: 1, max: 1 },
  options: {
    seed: { type: "string", value: "SEED", description: "seed for random numbers and ids" },
    ttl: { type: "string", value: "SECS", description: "lifetime in seconds (default 3600)" },
    "max-steps": { type: "string", value: "N", description: "tool-call limit (default 500)" },
    quiet: { type: "boolean", description: "print only the episode id" },
    json: JSON_OPTION,
  },
  notes: ["example: EP=$(agent-world episode create chinook --seed 7 --quiet)"],
  async run(input, { client, out }) {
    const seed = stringOption(input, "seed");
    const ttlSeconds = intOption(input, "ttl", { min: 10, max: 604_800 });
    const maxSteps = intOption(input, "max-steps", { min: 1, max: 100_000 });
    const episode = await client.request(Episode, "POST", "/v1/episodes", {
      body: { environment: positional(input, 0), seed, ttlSeconds, maxSteps },
    });
    if (flagOption(input, "json")) {
      printJson(out, episode);
      return 0;
    }
    if (flagOption(input, "quiet")) {
      out.print(episode.id);
      return 0;
    }
    out.print(episodeFields(episode));
    out.print(`\nnext: agent-world episode call ${episode.id} <tool> '<json args>'`);
    return 0;
  },
};

export function episodeFields(episode: z.infer<typeof Episode>): string {
  return fields([
    ["episode", episode.id],
    ["environment", `${episode.environment.name}@${episode.environment.version}`],
    ["status", episode.status],
    ["step", `${episode.step} of ${episode.maxSteps}`],
    ["data", `${episode.tables} tables, ${episode.rows} rows`],
    ["seed", episode.seed],
    ["clock", episode.clock],
    ["expires", episode.expiresAt],
  ]);
}
