// The Chinook reference environment, published from catalog/dist (built by `npm test`), used the
// way a music store's support agent would.
import { describe, expect, it } from "vitest";
import chinook from "../../catalog/dist/chinook.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { api, call, openEpisode, publish } from "./support/platform";

type CallBody = { ok: boolean; result: Record<string, unknown>; error?: { code: string } };

describe("chinook@1.1.0", () => {
  it("publishes with every tool admitted and serves episodes of 15,607 rows", async () => {
    const spec = EnvironmentSpecSchema.parse(chinook);
    const published = await publish(spec);
    expect(published.status, JSON.stringify(published.body).slice(0, 2000)).toBe(201);
    expect(published.body).toMatchObject({
      tools: spec.tools.length,
      tests: { passed: spec.tools.reduce((n, t) => n + t.tests.length, 0) },
    });

    const search = await api<{ environments: { name: string }[] }>(
      "GET",
      "/v1/environments?q=music",
      { key: null },
    );
    expect(search.body.environments.map((e) => e.name)).toContain("chinook");

    const ep = await openEpisode("chinook", { seed: "support-desk" });
    const info = await api<{ rows: number; tables: number }>("GET", `/v1/episodes/${ep}`);
    expect(info.body).toMatchObject({ rows: 15607, tables: 11 });

    const customer = await call<CallBody>(ep, "find_customer", { email: "luisg@embraer.com.br" });
    expect(JSON.stringify(customer.body.result)).toContain("Gonçalves");

    const invoice = await call<CallBody>(ep, "create_invoice", {
      customerId: 1,
      lines: [{ trackId: 1, quantity: 2 }],
    });
    expect(invoice.body.ok, JSON.stringify(invoice.body)).toBe(true);

    const diff = await api<{ tables: Record<string, { inserted: unknown[] }> }>(
      "GET",
      `/v1/episodes/${ep}/diff`,
    );
    expect(Object.keys(diff.body.tables).sort()).toEqual(["Invoice", "InvoiceLine"]);
    expect(diff.body.tables.InvoiceLine?.inserted).toHaveLength(1);

    const notFound = await call<CallBody>(ep, "get_customer", { customerId: 100000 });
    expect(notFound.body).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});
