// Faults in the discovery consumer: a D1 or R2 write that fails once, at each write of an import
// (the source fetched by URL and kept, the job started, the version published, the job finished);
// the worker dying at each of them (its message comes back and redoes the job); a slower copy of
// the job finishing after a redelivery did, or before the redelivery that published finished;
// an old copy after the job finished. Each case ends with the job
// published and exactly one version of its environment, with its tools once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { catalogDb } from "../../workers/catalog/catalog-db";
import { getImportJob, insertImportJob } from "../../workers/catalog/import-jobs";
import type { AppEnv } from "../../workers/env";
import { ImportRequestSchema } from "../../workers/schemas/import-schemas";
import { type FaultPlan, Faults, faultyEnv } from "./support/fault-bindings";
import { deliverTo, playQueue } from "./support/queue-delivery";

const DISCOVERY_QUEUE = "agent-world-discovery";
const origin = (env as unknown as { SOURCE_SERVER_ORIGIN: string }).SOURCE_SERVER_ORIGIN;

/** The writes of one healthy import, in order. */
const WRITES: [string, RegExp][] = [
  ["starting the job", /^update "import_jobs" set "status" = \?, "attempts"/],
  ["keeping the fetched source in R2", /^put imports\/imp_\w+\/cities\.csv$/],
  ["publishing the version", /^batch of \d+$/],
  ["finishing the job", /^update "import_jobs" set "status" = \?, "report"/],
];

const db = () => catalogDb(env.CATALOG);
let serial = 0;

/** A job importing the source server's CSV as a new environment (its own table name, so no
 * other case's environment has the same structure and the job is not linked as a duplicate). */
async function newJob(): Promise<{ id: string; name: string }> {
  serial += 1;
  const name = `faulty-cities-${serial}`;
  const id = `imp_faults${serial}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const request = ImportRequestSchema.parse({
    name,
    license: "CC-BY-4.0",
    category: { domain: "reference", subdomain: "geography" },
    source: {
      format: "csv",
      filename: "cities.csv",
      tableName: `cities_${serial}`,
      url: `${origin}/cities.csv`,
    },
  });
  await insertImportJob(db(), {
    id,
    request,
    sourceKey: `imports/${id}/cities.csv`,
    createdBy: "bootstrap-admin",
  });
  return { id, name };
}

async function playWithFault(plan: FaultPlan | null) {
  const job = await newJob();
  const faults = new Faults();
  if (plan) faults.arm(plan);
  const first = faultyEnv(env as AppEnv, faults);
  const log = await playQueue(
    { jobId: job.id },
    {
      queue: DISCOVERY_QUEUE,
      first,
      healthy: faultyEnv(env as AppEnv, new Faults(), first.outbox),
      outbox: first.outbox,
      producer: "DISCOVERY_QUEUE",
      firstDied: () => plan?.mode === "dead" && faults.injected.length > 0,
    },
  );
  return { ...job, faults, log };
}

/** A new job whose first delivery fetched the source and is held before it keeps it; `first` is
 * that delivery, which ends once `slow` is released. */
async function heldAfterFetch() {
  const job = await newJob();
  const body = { jobId: job.id };
  const slow = new Faults().arm({ at: 2, mode: "hold" });
  const first = deliverTo(faultyEnv(env as AppEnv, slow), DISCOVERY_QUEUE, [
    { id: "slow", body, attempts: 1 },
  ]);
  expect((await slow.reached()).what).toMatch(WRITES[1]?.[1] ?? /x/);
  return { job, body, slow, first };
}

async function count(sql: string, ...values: unknown[]): Promise<number> {
  const row = await env.CATALOG.prepare(sql)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Published once: the job says so, one version, its tools once, one search row, the source. */
async function expectPublishedOnce(job: { id: string; name: string }, log: string[]) {
  const why = log.join("; ");
  const stored = await getImportJob(db(), job.id);
  expect(stored, why).toMatchObject({ status: "published", environment: `${job.name}@1.0.0` });
  expect(
    await count("SELECT count(*) AS n FROM environment_versions WHERE name = ?", job.name),
    why,
  ).toBe(1);
  expect(await count("SELECT count(*) AS n FROM environments WHERE name = ?", job.name), why).toBe(
    1,
  );
  expect(
    await count("SELECT count(*) AS n FROM environments_fts WHERE name = ?", job.name),
    why,
  ).toBe(1);
  const tools = await env.CATALOG.prepare(
    "SELECT name, count(*) AS n FROM tools WHERE version_id = ? GROUP BY name",
  )
    .bind(`${job.name}@1.0.0`)
    .all<{ name: string; n: number }>();
  expect(tools.results.length, why).toBeGreaterThan(0);
  expect(
    tools.results.filter((t) => t.n !== 1),
    why,
  ).toEqual([]);
  const sources = await env.ARTIFACTS.list({ prefix: `imports/${job.id}/` });
  expect(
    sources.objects.map((o) => o.key),
    why,
  ).toEqual([`imports/${job.id}/cities.csv`]);
  return { stored, tools: tools.results.length };
}

describe("imports under faults", () => {
  let tools = 0;

  it("imports a healthy job with the four writes the fault cases aim at", async () => {
    const job = await playWithFault(null);
    expect(job.log).toEqual([`t+0s ${DISCOVERY_QUEUE} attempt 1: acked`]);
    const writes = job.faults.writes().map((op) => op.what);
    expect(writes).toHaveLength(WRITES.length);
    WRITES.forEach(([, pattern], i) => {
      expect(writes[i]).toMatch(pattern);
    });
    const outcome = await expectPublishedOnce(job, job.log);
    expect(outcome.stored?.attempts).toBe(1);
    tools = outcome.tools;
  });

  it.each(WRITES.map(([name], i) => [name, i + 1] as const))(
    "recovers from %s failing once, and publishes one version",
    async (_name, at) => {
      const job = await playWithFault({ at, mode: "once" });
      expect(job.faults.injected, job.log.join("; ")).toHaveLength(1);
      const outcome = await expectPublishedOnce(job, job.log);
      expect(outcome.tools).toBe(tools);
    },
  );

  it.each(WRITES.map(([name], i) => [name, i + 1] as const))(
    "recovers from the worker dying at %s, and publishes one version",
    async (_name, at) => {
      const job = await playWithFault({ at, mode: "dead" });
      expect(job.faults.injected.length, job.log.join("; ")).toBeGreaterThan(0);
      const outcome = await expectPublishedOnce(job, job.log);
      expect(outcome.tools).toBe(tools);
    },
  );

  it("keeps the outcome when a slower copy of the job finishes after it", async () => {
    // The first worker fetched the source and stops before it keeps it...
    const { job, body, slow, first } = await heldAfterFetch();
    // ...a redelivery fetches it again (another retrievedAt, so other content) and publishes...
    const healthy = faultyEnv(env as AppEnv, new Faults());
    const fresh = await deliverTo(healthy, DISCOVERY_QUEUE, [{ id: "fresh", body, attempts: 2 }]);
    expect(fresh.acked).toEqual(["fresh"]);
    expect(await getImportJob(db(), job.id)).toMatchObject({ status: "published" });
    // ...then the slow one carries on: its version conflicts, and the job stays published.
    slow.release();
    expect((await first).acked).toEqual(["slow"]);
    await expectPublishedOnce(job, ["slow copy finished last"]);
  });

  it("publishes when a copy that fetched the source too finishes before the one that published", async () => {
    // The first worker fetched the source and stops before it keeps it...
    const { job, body, slow, first } = await heldAfterFetch();
    // ...a redelivery fetches it again, keeps it, publishes, and stops before it finishes the job...
    const late = new Faults().arm({ at: 4, mode: "hold" });
    const fresh = deliverTo(faultyEnv(env as AppEnv, late), DISCOVERY_QUEUE, [
      { id: "fresh", body, attempts: 2 },
    ]);
    expect((await late.reached()).what).toMatch(WRITES[3]?.[1] ?? /x/);
    // ...then the first one carries on and finishes first: it must import the kept source (the
    // same spec), not its own fetch (another retrievedAt: a version conflict, and a failed job).
    slow.release();
    expect((await first).acked).toEqual(["slow"]);
    late.release();
    expect((await fresh).acked).toEqual(["fresh"]);
    await expectPublishedOnce(job, ["the copy that published finished last"]);
  });

  it("changes nothing when an old copy of a finished job comes last", async () => {
    const job = await playWithFault({ at: 4, mode: "once" });
    const before = await getImportJob(db(), job.id);
    const healthy = faultyEnv(env as AppEnv, new Faults());
    const old = await deliverTo(healthy, DISCOVERY_QUEUE, [
      { id: "old", body: { jobId: job.id }, attempts: 1 },
    ]);
    expect(old.acked).toEqual(["old"]);
    expect(await getImportJob(db(), job.id)).toEqual(before);
    await expectPublishedOnce(job, job.log);
  });
});
