// The per-key limits as configured: every env of wrangler.toml binds both rate limiters with the
// period the Worker answers as Retry-After, binds KEY_QUOTAS and sets the caps; the caps read from
// [vars] fall back to their defaults; and which requests count as tool calls.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import {
  DEFAULT_MAX_OPEN_EPISODES_PER_KEY,
  DEFAULT_MAX_ROLLOUTS_IN_FLIGHT_PER_KEY,
  keyLimitsOf,
} from "../../workers/limits/key-limits";
import { RATE_LIMITERS, rateLimiterFor } from "../../workers/limits/rate-limit";

const configPath = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));

/** The part of wrangler's resolved config these tests read. */
interface LimitsConfig {
  ratelimits: { name: string; simple: { period: number } }[];
  durable_objects: { bindings: { name: string }[] };
  migrations: { new_sqlite_classes?: string[] }[];
  vars: Record<string, string>;
}

describe("wrangler.toml", () => {
  for (const envName of [undefined, "staging", "production"]) {
    it(`binds the limits in ${envName ?? "the top level"}`, () => {
      const config: LimitsConfig = unstable_readConfig({
        config: configPath,
        ...(envName ? { env: envName } : {}),
      });
      const periods = Object.fromEntries(config.ratelimits.map((r) => [r.name, r.simple.period]));
      expect(periods).toEqual(
        Object.fromEntries(Object.entries(RATE_LIMITERS).map(([n, l]) => [n, l.periodSeconds])),
      );
      expect(config.durable_objects.bindings.map((b) => b.name)).toContain("KEY_QUOTAS");
      expect(config.migrations.flatMap((m) => m.new_sqlite_classes ?? [])).toContain("KeyQuotaDO");
      const vars = config.vars;
      expect(keyLimitsOf(vars)).toEqual({
        maxOpenEpisodes: Number(vars.MAX_OPEN_EPISODES_PER_KEY),
        maxRolloutsInFlight: Number(vars.MAX_ROLLOUTS_IN_FLIGHT_PER_KEY),
      });
    });
  }
});

describe("keyLimitsOf", () => {
  it("reads whole numbers and falls back on missing or unusable values", () => {
    expect(
      keyLimitsOf({ MAX_OPEN_EPISODES_PER_KEY: "3", MAX_ROLLOUTS_IN_FLIGHT_PER_KEY: "7" }),
    ).toEqual({ maxOpenEpisodes: 3, maxRolloutsInFlight: 7 });
    const defaults = {
      maxOpenEpisodes: DEFAULT_MAX_OPEN_EPISODES_PER_KEY,
      maxRolloutsInFlight: DEFAULT_MAX_ROLLOUTS_IN_FLIGHT_PER_KEY,
    };
    expect(keyLimitsOf({})).toEqual(defaults);
    expect(
      keyLimitsOf({ MAX_OPEN_EPISODES_PER_KEY: "0", MAX_ROLLOUTS_IN_FLIGHT_PER_KEY: "x" }),
    ).toEqual(defaults);
  });
});

describe("rateLimiterFor", () => {
  it("counts tool calls, MCP messages and OpenEnv steps as tool calls, the rest as requests", () => {
    for (const path of [
      "/v1/episodes/ep_1/tools/get_order",
      "/v1/episodes/ep_1/tool_calls",
      "/v1/episodes/ep_1/mcp",
      "/v1/episodes/ep_1/openenv/step",
    ]) {
      expect(rateLimiterFor("POST", path)).toBe("TOOL_CALL_RATE_LIMIT");
    }
    for (const [method, path] of [
      ["GET", "/v1/episodes/ep_1/tools"],
      ["POST", "/v1/episodes"],
      ["POST", "/v1/episodes/ep_1/openenv/reset"],
      ["POST", "/v1/rollouts"],
      ["GET", "/v1/episodes/ep_1/mcp"],
    ] as const) {
      expect(rateLimiterFor(method, path)).toBe("API_RATE_LIMIT");
    }
  });
});
