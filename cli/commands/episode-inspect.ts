// Reading an episode: `show`, `tools`, `state` (digests), `diff` (changes since it opened) and
// `calls` (the call log).
import { z } from "zod";
import {
  CallLog,
  Episode,
  EpisodeDiff,
  EpisodeState,
  ToolList,
  toolNameAndDescription,
} from "../api-schemas";
import { type Command, flagOption, intOption, JSON_OPTION, positional } from "../command";
import { apiPath } from "../http-client";
import { compactJson, printJson, table } from "../output";
import { episodeFields } from "./episode-create";

const ID = "<id>";
const one = { min: 1, max: 1 };

export const episodeShow: Command = {
  name: "show",
  summary: "Show an episode's status, step, clock and limits",
  args: ID,
  arity: one,
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const episode = await client.request(
      Episode,
      "GET",
      apiPath`/v1/episodes/${positional(input, 0)}`,
    );
    out.print(
      flagOption(input, "json") ? JSON.stringify(episode, null, 2) : episodeFields(episode),
    );
    return 0;
  },
};

export const episodeTools: Command = {
  name: "tools",
  summary: "List an episode's tools (--json: OpenAI Chat format)",
  args: ID,
  arity: one,
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const path = apiPath`/v1/episodes/${positional(input, 0)}/tools`;
    const list = await client.request(ToolList, "GET", path, { query: { format: "openai" } });
    if (flagOption(input, "json")) printJson(out, list);
    else
      out.print(
        table(["TOOL", "DESCRIPTION"], list.tools.map(toolNameAndDescription), ["DESCRIPTION"]),
      );
    return 0;
  },
};

export const episodeState: Command = {
  name: "state",
  summary: "Digest of the episode's data, overall and per table",
  args: ID,
  arity: one,
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const state = await client.request(
      EpisodeState,
      "GET",
      apiPath`/v1/episodes/${positional(input, 0)}/state`,
    );
    if (flagOption(input, "json")) {
      printJson(out, state);
      return 0;
    }
    out.print(`digest  ${state.digest}\n`);
    const rows = Object.entries(state.tables).map(([name, t]) => [name, String(t.rows), t.digest]);
    out.print(table(["TABLE", "ROWS", "DIGEST"], rows));
    return 0;
  },
};

export const episodeDiff: Command = {
  name: "diff",
  summary: "What changed in the data since the episode opened",
  args: ID,
  arity: one,
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const diff = await client.request(
      EpisodeDiff,
      "GET",
      apiPath`/v1/episodes/${positional(input, 0)}/diff`,
    );
    if (flagOption(input, "json")) {
      printJson(out, diff);
      return 0;
    }
    const rows = Object.entries(diff.tables).map(([name, change]) => [name, changeSummary(change)]);
    out.print(
      rows.length ? table(["TABLE", "CHANGES"], rows) : "no changes since the episode opened",
    );
    return 0;
  },
};

export const episodeCalls: Command = {
  name: "calls",
  summary: "The episode's call log",
  args: ID,
  arity: one,
  options: {
    after: { type: "string", value: "STEP", description: "only calls after this step" },
    limit: { type: "string", value: "N", description: "at most N calls, 1-500 (default 100)" },
    json: JSON_OPTION,
  },
  async run(input, { client, out }) {
    const log = await client.request(
      CallLog,
      "GET",
      apiPath`/v1/episodes/${positional(input, 0)}/calls`,
      {
        query: {
          after: intOption(input, "after", { min: 0, max: Number.MAX_SAFE_INTEGER }),
          limit: intOption(input, "limit", { min: 1, max: 500 }),
        },
      },
    );
    if (flagOption(input, "json")) {
      printJson(out, log);
      return 0;
    }
    if (log.calls.length === 0) {
      out.print("no calls yet");
      return 0;
    }
    const rows = log.calls.map((call) => [
      String(call.step),
      call.tool,
      outcomeOf(call),
      call.fuel === undefined ? "" : String(call.fuel),
      call.args === undefined ? "" : compactJson(call.args),
    ]);
    out.print(table(["STEP", "TOOL", "OUTCOME", "FUEL", "ARGS"], rows, ["ARGS"]));
    return 0;
  },
};

/** `inserted 2, updated 1` from whatever per-table counts or row lists the diff carries. */
function changeSummary(change: unknown): string {
  if (change === null || typeof change !== "object") return compactJson(change);
  const parts = Object.entries(change).flatMap(([kind, value]) => {
    const count = Array.isArray(value)
      ? value.length
      : typeof value === "number"
        ? value
        : undefined;
    return count === undefined ? [] : [`${kind} ${count}`];
  });
  return parts.length ? parts.join(", ") : compactJson(change);
}

const ErrorShape = z.object({ code: z.string() });
const Outcome = z.looseObject({
  ok: z.boolean().optional(),
  error: ErrorShape.optional(),
  response: z
    .looseObject({
      ok: z.boolean(),
      error: ErrorShape.optional(),
      value: z.looseObject({ ok: z.boolean().optional(), error: ErrorShape.optional() }).optional(),
    })
    .optional(),
});

/** A call log row says how the call ended: `ok`, `failed <code>` (the tool) or `error <code>`. */
function outcomeOf(call: unknown): string {
  const parsed = Outcome.safeParse(call);
  if (!parsed.success) return "?";
  const { ok, error, response } = parsed.data;
  if (response?.ok === false) return `error ${response.error?.code ?? ""}`.trim();
  if (response?.value?.ok === false) return `failed ${response.value.error?.code ?? ""}`.trim();
  if (ok === false) return `failed ${error?.code ?? ""}`.trim();
  return "ok";
}
