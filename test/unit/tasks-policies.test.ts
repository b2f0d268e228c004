// Built-in policies: random calls whose arguments satisfy every catalog tool's input schema, the
// same for the same seed; the schema value generator on keywords the catalog lacks; and the noisy
// runner that refuses a seeded share of calls unexecuted.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { validateArguments } from "../../core/base/json-schema/validate-arguments";
import type { ToolRunner } from "../../core/episode/tool-runner";
import { createPrng } from "../../core/sandbox/determinism";
import { randomValue } from "../../core/tasks/policies/json-schema-values";
import { noisyRunner, ORACLE_NOISE } from "../../core/tasks/policies/noisy-runner";
import {
  type PolicyTool,
  randomCalls,
  randomPolicy,
} from "../../core/tasks/policies/random-policy";

// catalog/dist is built by `npm run catalog:build` (run by `npm test` first).
const catalogTools = (name: string): PolicyTool[] =>
  (JSON.parse(readFileSync(`catalog/dist/${name}.json`, "utf8")) as { tools: PolicyTool[] }).tools;

const toolByName = (tools: PolicyTool[]) => new Map(tools.map((t) => [t.name, t]));

describe("randomCalls", () => {
  for (const env of ["chinook", "nyc-flights"]) {
    it(`gives schema-valid arguments for every ${env} tool`, () => {
      const tools = catalogTools(env);
      const byName = toolByName(tools);
      const rng = createPrng(`random-${env}`);
      for (const tool of tools) {
        for (const call of randomCalls([tool], rng, 25)) {
          const verdict = validateArguments(tool.inputSchema, call.args);
          expect(verdict, `${tool.name} ${JSON.stringify(call.args)}`).toEqual({ valid: true });
        }
      }
      for (const call of randomCalls(tools, rng, 200)) {
        const schema = byName.get(call.tool)?.inputSchema ?? {};
        expect(validateArguments(schema, call.args).valid).toBe(true);
      }
    });
  }

  it("is deterministic per seed", () => {
    const tools = catalogTools("chinook");
    expect(randomCalls(tools, createPrng("s1"), 30)).toEqual(
      randomCalls(tools, createPrng("s1"), 30),
    );
    expect(randomCalls(tools, createPrng("s1"), 30)).not.toEqual(
      randomCalls(tools, createPrng("s2"), 30),
    );
  });

  it("draws from the value pool, keeping only schema-valid values", () => {
    const tool: PolicyTool = {
      name: "get_customer",
      effect: "read",
      inputSchema: {
        type: "object",
        properties: { customerId: { type: "integer", minimum: 1 } },
        required: ["customerId"],
        additionalProperties: false,
      },
    };
    const calls = randomCalls([tool], createPrng("pool"), 40, {
      valuePool: () => [7, -3, "x"],
    });
    const ids = new Set(calls.map((c) => c.args.customerId));
    expect(ids.has(7)).toBe(true);
    expect(ids.has(-3)).toBe(false);
    expect(ids.has("x")).toBe(false);
  });

  it("splits calls between writes and reads by writeShare", () => {
    const tools = catalogTools("chinook");
    const effect = new Map(tools.map((t) => [t.name, t.effect]));
    const calls = randomCalls(tools, createPrng("w"), 200, { writeShare: 1 });
    expect(calls.every((c) => effect.get(c.tool) === "write")).toBe(true);
  });
});

describe("randomValue", () => {
  const schemas: Record<string, Json>[] = [
    { type: ["string", "null"], format: "date-time" },
    { type: "string", format: "email", maxLength: 20 },
    { type: "string", format: "uuid" },
    { type: "number", exclusiveMinimum: 0, maximum: 1 },
    { type: "integer", minimum: 10, maximum: 10 },
    { type: "number", multipleOf: 0.25, minimum: 1, maximum: 3 },
    { enum: ["a", "b", 3] },
    { const: { fixed: true } },
    {
      anyOf: [
        { type: "string", minLength: 2 },
        { type: "integer", maximum: -5 },
      ],
    },
    { oneOf: [{ type: "boolean" }, { type: "null" }] },
    {
      type: "array",
      items: { type: "integer", minimum: 0, maximum: 3 },
      minItems: 2,
      maxItems: 4,
      uniqueItems: true,
    },
    {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer" }, c: { type: "boolean" } },
      required: ["a", "z"],
      minProperties: 3,
      additionalProperties: true,
    },
  ];

  it("satisfies each supported keyword", () => {
    const rng = createPrng("keywords");
    for (const schema of schemas) {
      for (let i = 0; i < 50; i++) {
        const value = randomValue(schema, rng);
        expect(
          validateArguments(schema, value),
          `${JSON.stringify(schema)} ${JSON.stringify(value)}`,
        ).toEqual({
          valid: true,
        });
      }
    }
  });
});

describe("noisyRunner and randomPolicy", () => {
  const echo = (): ToolRunner & { executed: string[] } => {
    const executed: string[] = [];
    return {
      executed,
      call(tool, args) {
        executed.push(tool);
        return { ok: true, result: { tool, args } };
      },
    };
  };

  it("refuses about errorRate of the calls, unexecuted, the same way per seed", () => {
    const inner = echo();
    const runner = noisyRunner(inner, 0.3, createPrng("noise"));
    const outcomes = Array.from({ length: 1000 }, (_, i) => runner.call(`t${i}`, {}));
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused.length).toBeGreaterThan(240);
    expect(refused.length).toBeLessThan(360);
    expect(inner.executed).toHaveLength(1000 - refused.length);
    expect(refused[0]).toMatchObject({ ok: false, error: { code: ORACLE_NOISE } });

    const again = noisyRunner(echo(), 0.3, createPrng("noise"));
    expect(Array.from({ length: 1000 }, (_, i) => again.call(`t${i}`, {}).ok)).toEqual(
      outcomes.map((o) => o.ok),
    );
  });

  it("passes every call through at rate 0 and none at rate 1", () => {
    const inner = echo();
    expect(noisyRunner(inner, 0, createPrng("a")).call("x", {}).ok).toBe(true);
    expect(noisyRunner(inner, 1, createPrng("a")).call("y", {}).ok).toBe(false);
    expect(inner.executed).toEqual(["x"]);
  });

  it("randomPolicy runs its calls through the runner", () => {
    const inner = echo();
    const executed = randomPolicy(inner, catalogTools("nyc-flights"), createPrng("p"), 10);
    expect(executed).toHaveLength(10);
    expect(inner.executed).toEqual(executed.map((c) => c.tool));
    expect(executed.every((c) => c.outcome.ok)).toBe(true);
  });
});
