// The whole starter catalog (catalog/dist, built by `npm test`) publishes through the real
// Worker with every tool admitted inside a Durable Object, and serves episodes.
import { describe, expect, it } from "vitest";
import chinook from "../../catalog/dist/chinook.json";
import northwind from "../../catalog/dist/northwind.json";
import tau2Retail from "../../catalog/dist/tau2-retail.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { api, call, openEpisode, publish } from "./support/platform";

type Published = { tools: number; tests: { total: number; passed: number } };

describe("starter catalog", () => {
  for (const raw of [chinook, northwind, tau2Retail]) {
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

      const search = spec.tools.find((t) => t.name.startsWith("search_"));
      if (search) {
        const res2 = await call<{ ok: boolean }>(ep, search.name, { limit: 3 });
        expect(res2.body.ok, JSON.stringify(res2.body)).toBe(true);
      }
    });
  }

  it("lists all three in the catalog", async () => {
    const listed = await api<{ environments: { name: string }[] }>(
      "GET",
      "/v1/environments?domain=commerce",
      { key: null },
    );
    expect(listed.body.environments.map((e) => e.name).sort()).toEqual([
      "chinook",
      "northwind",
      "tau2-retail",
    ]);
  });
});
