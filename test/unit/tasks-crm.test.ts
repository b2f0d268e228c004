// Task synthesis on the HubSpot CRM (mcp-hubspot): chains that find a deal, a person, a company,
// a ticket or a task by what the user knows and then write or read one thing; programs that
// sweep a search, loop over a company's contacts with a condition, or total and pick over the
// pipeline. 200 of each kind are kept; every kept task is solved by its own solution and not by
// doing nothing, writes are judged by state and reads by answer, and no instruction names a
// record id, a tool or a raw property name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crmLens } from "../../core/surfaces/hubspot-crm/tasks/lens";
import { CRM_TEMPLATES } from "../../core/surfaces/hubspot-crm/tasks/task-source";
import { readCrmWorld } from "../../core/surfaces/hubspot-crm/tasks/world";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  lookIn,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import type { NodeWorld } from "../support/synthesis-harness";

const RAW_NAMES =
  /\b(hubspot_\w+|objectType|filterGroups|dealstage|hubspot_owner_id|hs_\w+|lifecyclestage|closedwon|closedlost|contractsent|jobtitle|firstname|lastname)\b/;

describe("CRM synthesis on mcp-hubspot", () => {
  let env: NodeWorld;
  let ids: RegExp;
  let writeTools: string[];
  beforeAll(async () => {
    env = await catalogWorld("mcp-hubspot");
    const objectIds = env.world.db.query("SELECT id FROM crm_objects").map((r) => String(r.id));
    const ownerIds = env.world.db.query("SELECT id FROM crm_owners").map((r) => String(r.id));
    ids = new RegExp(`(?<![\\d:])(${[...objectIds, ...ownerIds].join("|")})(?![\\d:])`);
    writeTools = env.spec.tools.filter((t) => t.effect === "write").map((t) => t.name);
  });
  afterAll(() => env.close());

  it("sees every CRM role under the server's own tool names, and the seeded portal", () => {
    const lens = crmLens(env.world.db, env.world.tools);
    expect(lens?.search_objects).toBe("hubspot_search_objects");
    expect(lens?.update_objects).toBe("hubspot_batch_update_objects");
    expect(Object.keys(lens ?? {})).toHaveLength(21);
    const world = readCrmWorld(env.world.db);
    expect(world?.owners.find((o) => o.id === world.me)?.name).toBe("Jordan Reyes");
    expect([world?.deals.length, world?.contacts.length, world?.tickets.length]).toEqual([
      20, 40, 10,
    ]);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps 200 %s tasks the oracle solves and inaction does not, in the user's words",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 200, strategy, seed: `crm-${strategy}` }),
        { leaks: [ids, RAW_NAMES], writeTools, oracleEvery: 5 },
      );
      const { tasks } = run;
      expect(tasks.length).toBe(200);
      expect(run.distinctKeys).toBe(200);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.nothingRewards).toEqual([0]);
      // Writes are judged by the state they leave, reads by the answer.
      expect(run.unjudged).toEqual([]);
      // The solution replays on its own; every fifth is enough to show it outside validation.
      expect(run.oracleRewards).toEqual([1]);
      // Variety: many templates, told apart by the tools they chain; reads and writes among them.
      expect(run.toolSets).toBeGreaterThanOrEqual(strategy === "graph" ? 8 : 5);
      expect(run.writes.some((w) => w === 0)).toBe(true);
      expect(run.writes.filter((w) => w > 0).length).toBeGreaterThan(100);
      if (strategy === "programmatic") {
        expect(run.writes.some((w) => w >= 3)).toBe(true);
        expect(tasks.every((t) => t.difficulty.branching > 0)).toBe(true);
      } else {
        expect(tasks.every((t) => t.difficulty.hiddenIds > 0)).toBe(true);
      }
    },
    300_000,
  );

  it("moves the named deal and nothing else, and answers totals from the pipeline", async () => {
    const graph = await synthesizeTasks(
      env.world,
      shard({ count: 80, strategy: "graph", seed: "crm-check" }),
    );
    const programs = await synthesizeTasks(
      env.world,
      shard({ count: 80, strategy: "programmatic", seed: "crm-check" }),
    );
    const tasks = [...graph.tasks, ...programs.tasks];
    const moves = tasks.flatMap((t) => {
      const m =
        /^(?:Move|Set the stage of) the deal "([^"]+)" to (?:the )?(.+?)(?: stage)?\.$/.exec(
          t.instruction,
        );
      return m ? [{ t, name: m[1] ?? "", stage: m[2] ?? "" }] : [];
    });
    const totals = tasks.flatMap((t) => {
      const m =
        /^What is the total amount of the open deals \(not Closed Won or Closed Lost\) owned by (.+)\?$/.exec(
          t.instruction,
        );
      return m ? [{ t, owner: m[1] ?? "" }] : [];
    });
    expect(moves.length).toBeGreaterThan(0);
    expect(totals.length).toBeGreaterThan(0);
    for (const { t, name } of moves) {
      const updated = t.groundTruth.changes.crm_objects?.updated ?? [];
      expect(updated).toHaveLength(1);
      expect(JSON.parse(String(updated[0]?.after.properties)).dealname).toBe(name);
    }
    for (const { t, owner } of totals) {
      const rows = env.world.db.query(
        "SELECT o.properties FROM crm_objects o JOIN crm_owners w ON json_extract(o.properties, '$.hubspot_owner_id') = CAST(w.id AS TEXT) WHERE o.object_type = 'deals' AND w.first_name || ' ' || w.last_name = ?",
        [owner],
      );
      const expected = rows
        .map((r) => JSON.parse(String(r.properties)) as Record<string, string>)
        .filter((p) => p.dealstage !== "closedwon" && p.dealstage !== "closedlost")
        .reduce((n, p) => n + Number(p.amount), 0);
      expect(t.groundTruth.answer?.value).toBe(expected);
    }
  }, 120_000);

  it("makes tasks with at least the writes asked for", async () => {
    const run = await surveySynthesis(
      env,
      shard({ count: 10, strategy: "programmatic", seed: "crm-w3", difficulty: { minWrites: 3 } }),
      { writeTools, oracleEvery: 1 },
    );
    expect(run.tasks.length).toBe(10);
    expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(3);
    expect(run.oracleRewards).toEqual([1]);
  }, 120_000);

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 12, strategy: "mixed", seed: "crm-same" }),
    );
    expect(b.instructions).toEqual(a.instructions);
    expect(b.ids).toEqual(a.ids);
  }, 120_000);
});

describe("CRM synthesis on a CRM that only reads", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-hubspot", readsOnly);
  });
  afterAll(() => env.close());

  it("still asks questions, and says why when writes are asked for", async () => {
    const reads = await surveySynthesis(
      env,
      shard({ count: 5, strategy: "graph", seed: "crm-reads" }),
    );
    expect(reads.tasks.length).toBe(5);
    expect(reads.unanswered).toEqual([]);
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "crm-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only read/);
  });

  it("is not taken for a CRM without the CRM's tables", async () => {
    const lens = await lookIn("mcp-memory", (other) => crmLens(other.world.db, other.world.tools));
    expect(lens).toBeUndefined();
  });

  it("has templates of both kinds for the whole tool set", () => {
    expect(CRM_TEMPLATES.filter((t) => t.kind === "graph").length).toBeGreaterThanOrEqual(10);
    expect(CRM_TEMPLATES.filter((t) => t.kind === "programmatic").length).toBeGreaterThanOrEqual(8);
  });
});
