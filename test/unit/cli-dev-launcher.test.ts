// The reusable pieces of `npm start`: publishing a catalog through the API, reading the built
// catalog index and deciding when to rebuild it, waiting for /health, and port checks.
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { readyBanner } from "../../cli/dev/banner";
import { catalogStaleReason, loadCatalogIndex } from "../../cli/dev/catalog-index";
import { isPortFree } from "../../cli/dev/port";
import { outcomeLines, type PublishOutcome, publishCatalog } from "../../cli/dev/publish-catalog";
import { waitForHealth } from "../../cli/dev/wait-for-health";
import { emptyDir, type FakeApi, startFakeApi } from "./cli-fake-api";

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const SpecName = z.object({ name: z.string(), version: z.string() });

const admissionFailed = {
  status: 422,
  json: {
    error: {
      code: "admission_failed",
      message: "1 of 2 tool tests failed; nothing was published.",
      details: {
        failures: [
          {
            tool: "get_album",
            test: "album 1",
            passed: false,
            reason: 'at /title: expected "A", got "B"',
          },
        ],
        problems: [{ tool: "get_album", problems: ["inputSchema: type must be object"] }],
      },
    },
  },
};

describe("publishCatalog", () => {
  it("publishes every entry with the admin key and reports each outcome in entry order", async () => {
    api = await startFakeApi({
      "POST /v1/environments": (req) => {
        const spec = SpecName.parse(req.body);
        if (spec.name === "broken") return admissionFailed;
        if (spec.name === "taken") {
          return {
            status: 409,
            json: {
              error: {
                code: "conflict",
                message: "taken@1.0.0 is already published with different content.",
              },
            },
          };
        }
        return {
          status: spec.name === "fresh" ? 201 : 200,
          json: { ...spec, created: spec.name === "fresh" },
        };
      },
    });
    const dir = emptyDir();
    writeFileSync(join(dir, "fresh.json"), JSON.stringify({ name: "fresh", version: "1.0.0" }));
    const seen: string[] = [];
    const outcomes = await publishCatalog(
      api.baseUrl,
      "aw_admin_test",
      [
        { name: "fresh", version: "1.0.0", file: join(dir, "fresh.json") },
        { name: "old", version: "1.0.0", spec: { name: "old", version: "1.0.0" } },
        { name: "broken", version: "1.0.0", spec: { name: "broken", version: "1.0.0" } },
        { name: "taken", version: "1.0.0", spec: { name: "taken", version: "1.0.0" } },
        { name: "gone", version: "1.0.0", file: join(dir, "missing.json") },
      ],
      { concurrency: 2, onResult: (o) => seen.push(o.name) },
    );
    expect(api.requests.every((r) => r.headers.authorization === "Bearer aw_admin_test")).toBe(
      true,
    );
    expect(outcomes.map((o) => [o.name, o.status])).toEqual([
      ["fresh", "created"],
      ["old", "unchanged"],
      ["broken", "failed"],
      ["taken", "failed"],
      ["gone", "failed"],
    ]);
    expect(seen.sort()).toEqual(["broken", "fresh", "gone", "old", "taken"]);
    expect(outcomes[2]?.reasons).toEqual([
      "problem get_album: inputSchema: type must be object",
      'FAIL get_album › album 1: at /title: expected "A", got "B"',
    ]);
    expect(outcomes[3]?.message).toBe(
      "conflict: taken@1.0.0 is already published with different content.",
    );
    expect(outcomes[4]?.message).toMatch(/^cannot read the spec: ENOENT/);
  });

  it("prints one line per environment, with the failure reasons indented", () => {
    const failed: PublishOutcome = {
      name: "broken",
      version: "1.0.0",
      status: "failed",
      message: "admission_failed: 1 of 2 tool tests failed",
      reasons: ["FAIL t › x: wrong"],
    };
    expect(outcomeLines({ ...failed, status: "created", message: "", reasons: [] })).toEqual([
      "  + broken@1.0.0  published",
    ]);
    expect(outcomeLines({ ...failed, status: "unchanged", message: "", reasons: [] })).toEqual([
      "  = broken@1.0.0  already published",
    ]);
    expect(outcomeLines(failed)).toEqual([
      "  ✗ broken@1.0.0  FAILED admission_failed: 1 of 2 tool tests failed",
      "      FAIL t › x: wrong",
    ]);
  });

  it("rejects when the server cannot be reached", async () => {
    const port = await freePort();
    await expect(
      publishCatalog(`http://127.0.0.1:${port}`, "k", [{ name: "a", version: "1.0.0", spec: {} }]),
    ).rejects.toThrow(/cannot reach Agent World/);
  });
});

describe("the built catalog", () => {
  it("reads index.json (a list, or {environments}) with files resolved against it", () => {
    const dist = join(emptyDir(), "dist");
    mkdirSync(dist);
    writeFileSync(
      join(dist, "index.json"),
      JSON.stringify([{ name: "chinook", version: "1.0.0", file: "chinook.json" }]),
    );
    expect(loadCatalogIndex(join(dist, "index.json"))).toEqual([
      { name: "chinook", version: "1.0.0", file: join(dist, "chinook.json") },
    ]);
    writeFileSync(
      join(dist, "index.json"),
      JSON.stringify({ environments: [{ name: "a", version: "1.0.0", file: "a.json" }] }),
    );
    expect(loadCatalogIndex(join(dist, "index.json"))[0]?.name).toBe("a");
  });

  it("is stale when the index is missing or older than a source outside dist/", () => {
    const dir = emptyDir();
    mkdirSync(join(dir, "dist"));
    mkdirSync(join(dir, "chinook"));
    const index = join(dir, "dist", "index.json");
    writeFileSync(join(dir, "chinook", "tools.ts"), "");
    expect(catalogStaleReason(dir, index)).toBe("catalog/dist/index.json is missing");
    writeFileSync(index, "[]");
    writeFileSync(join(dir, "dist", "chinook.json"), "{}");
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, "chinook", "tools.ts"), past, past);
    expect(catalogStaleReason(dir, index)).toBeUndefined();
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(dir, "chinook", "tools.ts"), future, future);
    expect(catalogStaleReason(dir, index)).toBe(
      `${join(dir, "chinook", "tools.ts")} changed since the last build`,
    );
  });
});

describe("waitForHealth and isPortFree", () => {
  it("waits until /health answers {ok:true}", async () => {
    let calls = 0;
    api = await startFakeApi({
      "GET /health": () =>
        ++calls < 3 ? { status: 503, text: "starting" } : { status: 200, json: { ok: true } },
    });
    const result = await waitForHealth(api.baseUrl, { intervalMs: 5, timeoutMs: 5_000 });
    expect(result.ok).toBe(true);
    expect(calls).toBe(3);
  });

  it("gives up on timeout or when aborted", async () => {
    const port = await freePort();
    expect(
      await waitForHealth(`http://127.0.0.1:${port}`, { intervalMs: 5, timeoutMs: 30 }),
    ).toEqual({
      ok: false,
      reason: "timeout",
    });
    const aborted = new AbortController();
    aborted.abort();
    expect(await waitForHealth(`http://127.0.0.1:${port}`, { signal: aborted.signal })).toEqual({
      ok: false,
      reason: "aborted",
    });
  });

  it("sees a port in use", async () => {
    api = await startFakeApi({});
    const port = Number(new URL(api.baseUrl).port);
    expect(await isPortFree(port, "127.0.0.1")).toBe(false);
    expect(await isPortFree(await freePort(), "127.0.0.1")).toBe(true);
  });
});

describe("readyBanner", () => {
  it("shows the URL, docs, key location and a curl that reads the key from .dev.vars", () => {
    const text = readyBanner({
      baseUrl: "http://127.0.0.1:8792",
      devVarsPath: "/repo/.dev.vars",
      defaultUrl: false,
      persistDir: "/repo/.wrangler/state",
      outcomes: [
        { name: "chinook", version: "1.0.0", status: "created", message: "", reasons: [] },
      ],
    });
    expect(text).toContain("Agent World is ready at http://127.0.0.1:8792");
    expect(text).toContain("API docs    http://127.0.0.1:8792/v1/docs");
    expect(text).toContain("catalog     1 environment (1 new)");
    expect(text).toContain("AGENT_WORLD_URL=http://127.0.0.1:8792 npx agent-world env list");
    expect(text).toContain(
      `-H "Authorization: Bearer $(sed -n 's/^AGENT_WORLD_ADMIN_KEY=//p' /repo/.dev.vars)"`,
    );
    expect(text).toContain(`-d '{"environment":"chinook"}'`);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  return address.port;
}
