// Stored tasks through the repository and the API: one row per dedupe key, bodies over 100 KB in
// R2, listing with filters and keyset pages, one task whole, and NDJSON export.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { TaskSchema } from "../../core/tasks/task";
import { getTask, insertTasks, taskBodyKey } from "../../workers/catalog/task-repository";
import { ADMIN_KEY, api } from "./support/platform";
import { makeTask } from "./support/task-fixtures";

type Page = {
  tasks: { id: string; kind: string; level: string; environment: { name: string } }[];
  nextCursor: string | null;
};

const movies = { name: "movies", version: "2.0.0", contentHash: "h-movies" };

beforeAll(async () => {
  const tasks = [
    makeTask({ id: "tsk_a1", createdAt: "2025-02-01T00:00:01.000Z" }),
    makeTask({ id: "tsk_a2", kind: "programmatic", createdAt: "2025-02-01T00:00:02.000Z" }),
    makeTask({ id: "tsk_a3", level: "hard", createdAt: "2025-02-01T00:00:02.000Z" }),
    makeTask({
      id: "tsk_a4",
      level: "hard",
      kind: "programmatic",
      createdAt: "2025-02-01T00:00:03.000Z",
    }),
    makeTask({ id: "tsk_m1", environment: movies, createdAt: "2025-02-01T00:00:04.000Z" }),
  ];
  expect(await insertTasks(env, tasks, { jobId: "syn_fixture", shard: 0 })).toHaveLength(5);
});

describe("task storage", () => {
  it("stores a dedupe key once per environment version", async () => {
    const again = await insertTasks(env, [
      makeTask({ id: "tsk_a1" }),
      makeTask({ id: "tsk_other", dedupeKey: "dk-tsk_a2" }),
      makeTask({ id: "tsk_m_same_key", environment: movies, dedupeKey: "dk-tsk_a1" }),
    ]);
    // Only the movies task is new: the same key on another version is another task.
    expect(again).toEqual(["tsk_m_same_key"]);
    expect(await getTask(env, "tsk_other")).toBeNull();
  });

  it("keeps a body over 100 KB in R2 and reads it back whole", async () => {
    const program = `async (args, ctx) => ctx.call('get_order', { id: 1 }) /* ${"x".repeat(120_000)} */`;
    const big = makeTask({ id: "tsk_big", program, createdAt: "2025-03-01T00:00:00.000Z" });
    expect(await insertTasks(env, [big])).toEqual(["tsk_big"]);
    const row = await env.CATALOG.prepare("SELECT body, body_r2_key FROM tasks WHERE id = ?")
      .bind("tsk_big")
      .first<{ body: string | null; body_r2_key: string | null }>();
    expect(row).toEqual({ body: null, body_r2_key: taskBodyKey("tsk_big") });
    expect(await env.ARTIFACTS.head(taskBodyKey("tsk_big"))).not.toBeNull();
    expect((await getTask(env, "tsk_big"))?.solution.program).toBe(program);
    const res = await api<{ solution: { program: string } }>("GET", "/v1/tasks/tsk_big");
    expect(res.body.solution.program.length).toBe(program.length);
    await env.CATALOG.prepare("DELETE FROM tasks WHERE id = 'tsk_big'").run();
  });

  it("removes the R2 body of a large duplicate it did not store", async () => {
    const program = `async () => 1 /* ${"y".repeat(110_000)} */`;
    const dup = makeTask({ id: "tsk_big_dup", dedupeKey: "dk-tsk_a1", program });
    expect(await insertTasks(env, [dup])).toEqual([]);
    expect(await env.ARTIFACTS.head(taskBodyKey("tsk_big_dup"))).toBeNull();
  });
});

describe("GET /v1/tasks", () => {
  it("lists summaries oldest first and filters by environment, kind, level and job", async () => {
    const all = await api<Page>("GET", "/v1/tasks?environment=shop");
    expect(all.status).toBe(200);
    expect(all.body.tasks.map((t) => t.id)).toEqual(["tsk_a1", "tsk_a2", "tsk_a3", "tsk_a4"]);
    expect(all.body.tasks[0]).toMatchObject({
      environment: { name: "shop", version: "1.0.0" },
      kind: "graph",
      level: "easy",
      chainLength: 2,
      writes: 0,
      jobId: "syn_fixture",
    });
    const hardProgrammatic = await api<Page>("GET", "/v1/tasks?level=hard&kind=programmatic");
    expect(hardProgrammatic.body.tasks.map((t) => t.id)).toEqual(["tsk_a4"]);
    const versioned = await api<Page>("GET", "/v1/tasks?environment=movies@2.0.0");
    expect(versioned.body.tasks.map((t) => t.id)).toEqual(["tsk_m_same_key", "tsk_m1"]);
    const byJob = await api<Page>("GET", "/v1/tasks?job=syn_fixture");
    expect(byJob.body.tasks).toHaveLength(5);
  });

  it("pages with a keyset cursor, ties on created_at broken by id", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const page = await api<Page>("GET", `/v1/tasks?environment=shop&limit=2${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.tasks.map((t) => t.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["tsk_a1", "tsk_a2", "tsk_a3", "tsk_a4"]);
  });

  it("refuses a bad cursor, a bad filter and a missing key", async () => {
    expect((await api("GET", "/v1/tasks?cursor=nope")).status).toBe(400);
    expect((await api("GET", "/v1/tasks?kind=essay")).status).toBe(400);
    expect((await api("GET", "/v1/tasks?limit=0")).status).toBe(400);
    expect((await api("GET", "/v1/tasks", { key: null })).status).toBe(401);
  });
});

describe("GET /v1/tasks/{id}", () => {
  it("answers the full task, or 404", async () => {
    const res = await api("GET", "/v1/tasks/tsk_a2");
    expect(res.status).toBe(200);
    expect(TaskSchema.parse(res.body)).toMatchObject({ id: "tsk_a2", jobId: "syn_fixture" });
    const missing = await api<{ error: { code: string } }>("GET", "/v1/tasks/tsk_nope");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
  });
});

describe("GET /v1/tasks/export", () => {
  async function exportLines(query: string): Promise<{ type: string | null; ids: string[] }> {
    const res = await fetchRaw(`/v1/tasks/export${query}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const lines = text.split("\n").filter((line) => line !== "");
    return {
      type: res.headers.get("content-type"),
      ids: lines.map((line) => TaskSchema.parse(JSON.parse(line)).id),
    };
  }

  it("streams one full task per line, filtered", async () => {
    const shop = await exportLines("?environment=shop");
    expect(shop.type).toMatch(/^application\/x-ndjson/);
    expect(shop.ids).toEqual(["tsk_a1", "tsk_a2", "tsk_a3", "tsk_a4"]);
    expect((await exportLines("?kind=programmatic")).ids).toEqual(["tsk_a2", "tsk_a4"]);
    expect((await exportLines("?job=syn_none")).ids).toEqual([]);
  });

  it("pages through more tasks than one D1 page", async () => {
    const many = Array.from({ length: 230 }, (_, i) =>
      makeTask({
        id: `tsk_bulk_${String(i).padStart(3, "0")}`,
        environment: { name: "bulk", version: "1.0.0", contentHash: "h-bulk" },
      }),
    );
    for (let i = 0; i < many.length; i += 50) await insertTasks(env, many.slice(i, i + 50));
    const { ids } = await exportLines("?environment=bulk");
    expect(ids).toHaveLength(230);
    expect(new Set(ids).size).toBe(230);
  });
});

async function fetchRaw(path: string): Promise<Response> {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch(`http://agent-world.test${path}`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
  });
}
