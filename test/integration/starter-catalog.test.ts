/// <reference types="vite/client" />
// The whole starter catalog (catalog/dist, built by `npm test`) publishes through the real
// Worker with every tool admitted inside a Durable Object, and serves episodes.
import { describe, expect, it } from "vitest";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { api, call, openEpisode, publish } from "./support/platform";

type Published = { tools: number; tests: { total: number; passed: number } };

describe("starter catalog", () => {
  // Every environment `npm run catalog:build` wrote (Vite inlines them into the test bundle).
  const built = import.meta.glob<{ default: unknown }>("../../catalog/dist/*.json", {
    eager: true,
  });
  const specs = Object.entries(built)
    .filter(([path]) => !path.endsWith("/index.json"))
    .map(([, module]) => module.default);
  it("has the hand-built, imported and MCP environments", () => {
    expect(specs.length).toBeGreaterThanOrEqual(13);
  });
  for (const raw of specs) {
    const spec = EnvironmentSpecSchema.parse(raw);
    it(`publishes ${spec.name} with every tool admitted and opens an episode of it`, async () => {
      const res = await publish(spec);
      expect(res.status, JSON.stringify(res.body).slice(0, 3000)).toBe(201);
      const body = res.body as Published;
      expect(body.tests.passed).toBe(body.tests.total);
      expect(body.tools).toBe(spec.tools.length);

      const rows = Object.values(spec.seed.tables).reduce((n, t) => n + t.rows.length, 0);
      const ep = await openEpisode(spec.name);
      const info = await api<{ rows: number }>("GET", `/v1/episodes/${ep}`);
      expect(info.body.rows).toBe(rows);

      // The first tool answers its first read test's arguments on the live episode too.
      const [tool] = spec.tools;
      const test = tool?.tests.find((t) => t.expect.result !== undefined && !t.expect.changes);
      if (tool && test) {
        const res2 = await call<{ ok: boolean; result: unknown }>(ep, tool.name, test.args);
        expect(res2.body.ok, JSON.stringify(res2.body)).toBe(true);
      }
    });
  }

  it("lists all three in the catalog", async () => {
    const names = async (domain: string) =>
      (
        await api<{ environments: { name: string }[] }>(
          "GET",
          `/v1/environments?domain=${domain}`,
          { key: null },
        )
      ).body.environments
        .map((e) => e.name)
        .sort();
    expect(await names("commerce")).toEqual(["chinook", "tau2-retail"]);
    expect(await names("travel")).toEqual(["nyc-flights"]);
  });
});
