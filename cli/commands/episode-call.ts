// `agent-world episode call <id> <tool> '<json>'`: one tool call. A tool-level failure is a
// recorded step (HTTP 200, ok: false); the CLI prints it and exits 1 so scripts notice.
import { ToolCallResult } from "../api-schemas";
import {
  type Command,
  flagOption,
  JSON_OPTION,
  positional,
  stringOption,
  UsageError,
} from "../command";
import { apiPath } from "../http-client";
import { printJson } from "../output";

export const episodeCall: Command = {
  name: "call",
  summary: "Call a tool in an episode with JSON arguments",
  args: "<id> <tool> [json-args]",
  arity: { min: 2, max: 3 },
  options: {
    "idempotency-key": {
      type: "string",
      value: "KEY",
      description: "a retry with the same key is applied once",
    },
    json: JSON_OPTION,
  },
  notes: [
    `example: agent-world episode call ep_... search_tracks '{"query":"love","limit":3}'`,
    "Arguments default to {}. Exits 1 when the tool fails (the failure is still a step).",
  ],
  async run(input, { client, out }) {
    const id = positional(input, 0);
    const tool = positional(input, 1);
    const args = parseArgsJson(input.positionals[2]);
    const key = stringOption(input, "idempotency-key");
    const result = await client.request(
      ToolCallResult,
      "POST",
      apiPath`/v1/episodes/${id}/tools/${tool}`,
      { body: args, headers: key === undefined ? {} : { "idempotency-key": key } },
    );
    if (flagOption(input, "json")) {
      printJson(out, result);
      return result.ok ? 0 : 1;
    }
    const timing = [
      `step ${result.step}`,
      result.fuel === undefined ? undefined : `fuel ${result.fuel}`,
      result.durationMs === undefined ? undefined : `${result.durationMs.toFixed(1)} ms`,
      result.replayed ? "replayed" : undefined,
    ].filter((part) => part !== undefined);
    out.error(`${result.tool}: ${result.ok ? "ok" : "failed"} (${timing.join(", ")})`);
    if (!result.ok) {
      const error = result.error;
      out.error(error ? `tool error ${error.code}: ${error.message}` : "tool error");
      return 1;
    }
    printJson(out, result.result ?? null);
    return 0;
  },
};

function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(
      `the tool arguments are not valid JSON (${err instanceof Error ? err.message : String(err)}); quote them: '{"key":"value"}'`,
    );
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new UsageError("the tool arguments must be a JSON object, e.g. '{\"limit\":5}'");
  }
  return Object.fromEntries(Object.entries(value));
}
