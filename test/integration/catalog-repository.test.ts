// The catalog repository against real D1 and R2: publishing atomically, immutable versions,
// `latest` by semver, chunked inserts, the search index kept in step, and the seed store.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { contentHash } from "../../core/base/json";
import { catalogDb } from "../../workers/catalog/catalog-db";
import { getEnvironment, listEnvironments } from "../../workers/catalog/environment-repository";
import { insertPublishedVersion } from "../../workers/catalog/publish-version";
import { loadSeed, putSeed, seedKeyFor } from "../../workers/catalog/seed-store";
import { listTools, summarizeTestResults } from "../../workers/catalog/tool-repository";
import { compareVersions } from "../../workers/catalog/version-order";
import {
  findVersion,
  getVersionByHash,
  listVersions,
} from "../../workers/catalog/version-repository";
import { makeSpec, passingResults, publish, tool } from "./setup/catalog-fixtures";

const db = catalogDb(env.CATALOG);

async function countRows(table: string, where: string, value: string): Promise<number> {
  const row = await env.CATALOG.prepare(`select count(*) as n from ${table} where ${where} = ?`)
    .bind(value)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("semver ordering", () => {
  it("orders versions by precedence, not as text", () => {
    const sorted = [
      "1.10.0",
      "1.9.0",
      "1.0.0",
      "1.0.0-rc.1",
      "1.0.0-alpha",
      "1.0.0-alpha.1",
      "1.0.0-alpha.beta",
      "1.0.0-beta.11",
      "1.0.0-beta.2",
      "1.0.0-beta",
      "10.0.0",
      "2.0.0",
      "1.0.0-alpha-x",
    ].sort(compareVersions);
    expect(sorted).toEqual([
      "1.0.0-alpha",
      "1.0.0-alpha.1",
      "1.0.0-alpha.beta",
      "1.0.0-alpha-x",
      "1.0.0-beta",
      "1.0.0-beta.2",
      "1.0.0-beta.11",
      "1.0.0-rc.1",
      "1.0.0",
      "1.9.0",
      "1.10.0",
      "2.0.0",
      "10.0.0",
    ]);
  });
});

describe("insertPublishedVersion", () => {
  it("writes the version, its tools, test results, environment row and search row", async () => {
    const spec = makeSpec({
      name: "bookshop",
      tools: [tool("search_books"), tool("place_order", "write"), tool("get_author")],
      rows: 7,
    });
    const published = await publish(spec);
    expect(published.created).toBe(true);
    expect(published.version).toMatchObject({
      id: "bookshop@1.0.0",
      name: "bookshop",
      version: "1.0.0",
      contentHash: await contentHash(spec),
      tableCount: 1,
      rowCount: 7,
      toolCount: 3,
      seedKey: null,
    });
    expect(await findVersion(db, "bookshop", "1.0.0")).toEqual(published.version);
    expect(await getVersionByHash(db, published.version.contentHash)).toEqual(published.version);

    const tools = await listTools(db, published.version.id);
    expect(tools.map((t) => t.name)).toEqual(["search_books", "place_order", "get_author"]);
    expect(tools[1]).toMatchObject({
      effect: "write",
      outputSchema: { type: "object" },
      implementation: spec.tools[1]?.implementation,
      tests: spec.tools[1]?.tests,
    });
    expect(await summarizeTestResults(db, published.version.id)).toEqual({
      total: 3,
      passed: 3,
      failed: 0,
    });
    expect(await getEnvironment(db, "bookshop")).toMatchObject({
      latestVersion: "1.0.0",
      toolCount: 3,
      domain: "misc",
    });
    const fts = await env.CATALOG.prepare("select tools from environments_fts where name = ?")
      .bind("bookshop")
      .first<{ tools: string }>();
    expect(fts?.tools.split(" ").sort()).toEqual(["get_author", "place_order", "search_books"]);
  });

  it("is a no-op returning the existing row when the same content is published again", async () => {
    const spec = makeSpec({ name: "repeat-me" });
    const first = await publish(spec);
    const second = await publish(spec);
    expect(second).toEqual({ created: false, version: first.version });
    expect(await countRows("tools", "version_id", first.version.id)).toBe(1);
    expect(await countRows("tool_test_results", "version_id", first.version.id)).toBe(1);
    expect(await countRows("environments_fts", "name", "repeat-me")).toBe(1);
  });

  it("refuses other content under a published version with a conflict", async () => {
    await publish(makeSpec({ name: "immutable", title: "First" }));
    const changed = makeSpec({ name: "immutable", title: "Second" });
    await expect(publish(changed)).rejects.toMatchObject({ code: "conflict", status: 409 });
    expect((await findVersion(db, "immutable", "1.0.0"))?.title).toBe("First");
  });

  it("refuses the same content hash under another version", async () => {
    const first = makeSpec({ name: "hash-owner" });
    const published = await publish(first);
    const other = makeSpec({ name: "hash-owner", version: "1.0.1" });
    const attempt = insertPublishedVersion(db, {
      spec: other,
      contentHash: published.version.contentHash,
      testResults: passingResults(other),
      seedInline: JSON.stringify(other.seed),
    });
    await expect(attempt).rejects.toMatchObject({ code: "conflict" });
  });

  it("chunks big multi-row inserts under D1's 100-parameter limit", async () => {
    const many = Array.from({ length: 40 }, (_, i) => tool(`tool_${String(i).padStart(2, "0")}`));
    const spec = makeSpec({ name: "many-tools", tools: many });
    const results = passingResults(spec).flatMap((r) => [r, { ...r, test: `${r.test} again` }]);
    const published = await publish(spec, results);
    expect(await countRows("tools", "version_id", published.version.id)).toBe(40);
    expect(await countRows("tool_test_results", "version_id", published.version.id)).toBe(80);
    const tools = await listTools(db, published.version.id);
    expect(tools.map((t) => t.name)).toEqual(many.map((t) => t.name));
  });

  it("writes nothing when any statement of the batch fails", async () => {
    // Two tools with one name break the tools primary key halfway through the batch.
    const spec = { ...makeSpec({ name: "half-written" }), tools: [tool("twin"), tool("twin")] };
    await expect(publish(spec)).rejects.toThrow();
    expect(await countRows("environments", "name", "half-written")).toBe(0);
    expect(await countRows("environment_versions", "name", "half-written")).toBe(0);
    expect(await countRows("tools", "version_id", "half-written@1.0.0")).toBe(0);
    expect(await countRows("environments_fts", "name", "half-written")).toBe(0);
  });
});

describe("latest", () => {
  it("resolves by semver precedence, preferring releases, whatever the publish order", async () => {
    for (const version of ["1.9.0", "1.10.0", "1.2.0", "2.0.0-rc.1"]) {
      await publish(makeSpec({ name: "semver-demo", version, title: `Title ${version}` }));
    }
    expect((await findVersion(db, "semver-demo"))?.version).toBe("1.10.0");
    expect((await findVersion(db, "semver-demo", "latest"))?.version).toBe("1.10.0");
    const environment = await getEnvironment(db, "semver-demo");
    expect(environment).toMatchObject({ latestVersion: "1.10.0", title: "Title 1.10.0" });
    expect((await listVersions(db, "semver-demo")).map((v) => v.version)).toEqual([
      "2.0.0-rc.1",
      "1.10.0",
      "1.9.0",
      "1.2.0",
    ]);

    await publish(makeSpec({ name: "semver-demo", version: "2.0.0", title: "Title 2.0.0" }));
    expect((await findVersion(db, "semver-demo"))?.version).toBe("2.0.0");
    expect((await getEnvironment(db, "semver-demo"))?.title).toBe("Title 2.0.0");
    const fts = await env.CATALOG.prepare("select title from environments_fts where name = ?")
      .bind("semver-demo")
      .all<{ title: string }>();
    expect(fts.results).toEqual([{ title: "Title 2.0.0" }]);
  });

  it("falls back to the highest pre-release when there is no release", async () => {
    await publish(makeSpec({ name: "only-previews", version: "0.1.0-beta.2" }));
    await publish(makeSpec({ name: "only-previews", version: "0.1.0-beta.10" }));
    expect((await findVersion(db, "only-previews"))?.version).toBe("0.1.0-beta.10");
  });

  it("finds nothing for an unknown environment or version", async () => {
    expect(await findVersion(db, "no-such-env")).toBeUndefined();
    expect(await findVersion(db, "semver-demo", "9.9.9")).toBeUndefined();
    expect(await listVersions(db, "no-such-env")).toEqual([]);
  });
});

describe("search ranking", () => {
  it("ranks a hit in the name above a hit in the description", async () => {
    await publish(makeSpec({ name: "garden-center", description: "Plants, orchids and seeds." }));
    await publish(makeSpec({ name: "orchid", title: "Orchid house" }));
    const page = await listEnvironments(db, { q: "orchid", limit: 10 });
    expect(page.environments.map((e) => e.name)).toEqual(["orchid", "garden-center"]);
  });
});

describe("seed store", () => {
  it("keeps small seeds inline and reads them back", async () => {
    const spec = makeSpec({ name: "small-seed", rows: 10 });
    const location = await putSeed(env, "f".repeat(64), spec.seed);
    expect(location).toEqual({ seedInline: JSON.stringify(spec.seed) });
    const published = await publish(spec);
    expect(await loadSeed(env, published.version)).toEqual(spec.seed);
  });

  it("puts big seeds in R2 under their content hash", async () => {
    const spec = makeSpec({ name: "big-seed", rows: 20_000 });
    const published = await publish(spec);
    const hash = published.version.contentHash;
    expect(published.version.seedKey).toBe(seedKeyFor(hash));
    expect(published.version.seedKey).toBe(`seeds/${hash}.json`);
    const object = await env.ARTIFACTS.head(`seeds/${hash}.json`);
    expect(object?.size).toBeGreaterThan(256 * 1024);
    const inline = await env.CATALOG.prepare(
      "select seed_inline from environment_versions where id = ?",
    )
      .bind(published.version.id)
      .first<{ seed_inline: string | null }>();
    expect(inline?.seed_inline).toBeNull();
    expect(await loadSeed(env, published.version)).toEqual(spec.seed);
  });
});
