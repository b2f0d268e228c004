// Task synthesis on the modelled Kubernetes cluster (mcp-kubernetes): chains that find the
// workload, node, image or revision behind what the request names and act on it, and programs that
// loop over pods, logs, deployments and nodes; every kept task is solved by its own solution and
// not by doing nothing, and a cluster whose tools only read gets read tasks and says why it cannot
// make writes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceLens } from "../../core/tasks/resource-lens";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import { catalogSpec, type NodeWorld, nodeWorld, oracleScore } from "../support/synthesis-harness";

/** Each synthesis below replays every kept solution three times in QuickJS. */
const SLOW = 60_000;

const shard = (input: Record<string, unknown>) => SynthesisShardSchema.parse(input);

/** Argument names of the kubectl tools that a request must never spell out. */
const ARGUMENT_NAMES = /resourceType|labelSelector|allNamespaces|patchData|subCommand|nodeName/;

describe("resource task synthesis on mcp-kubernetes", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await nodeWorld(catalogSpec("mcp-kubernetes"));
  });
  afterAll(() => env.close());

  it("finds each kubectl operation's tool and its argument names", () => {
    const lens = resourceLens(env.world.tools);
    expect(lens?.get.name).toBe("kubectl_get");
    expect(lens?.get.args).toMatchObject({
      kind: "resourceType",
      namespace: "namespace",
      labelSelector: "labelSelector",
      allNamespaces: "allNamespaces",
    });
    expect(lens?.logs?.name).toBe("kubectl_logs");
    expect(lens?.scale?.args.replicas).toBe("replicas");
    expect(lens?.rollout?.args.subCommand).toBe("subCommand");
    expect(lens?.nodes).toMatchObject({ name: "node_management", args: { nodeName: "nodeName" } });
    expect(resourceLens(catalogSpec("mcp-sqlite-npx-chinook").tools)).toBeUndefined();
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps %s tasks that read and write, the oracle solves and inaction does not",
    async (strategy) => {
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({ count: 16, strategy, seed: `k8s-${strategy}` }),
      );
      expect(tasks.length).toBe(16);
      const tools = env.world.tools.map((t) => t.name);
      for (const task of tasks) {
        expect(task.kind).toBe(strategy);
        expect(task.solution.calls.length).toBeGreaterThanOrEqual(2);
        expect(task.instruction).not.toMatch(ARGUMENT_NAMES);
        for (const tool of tools) expect(task.instruction).not.toContain(tool);
        expect(await oracleScore(env, task)).toBe(1);
        expect(scoreEpisode(task, {}, undefined).reward).toBe(0);
      }
      expect(tasks.some((t) => t.groundTruth.answer !== undefined)).toBe(true);
      expect(tasks.some((t) => Object.keys(t.groundTruth.changes).length > 0)).toBe(true);
      expect(new Set(tasks.map((t) => t.dedupeKey)).size).toBe(tasks.length);
    },
    SLOW,
  );

  it(
    "hides the node a chain has to look up behind the pod it names",
    async () => {
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({ count: 30, strategy: "graph", seed: "k8s-nodes" }),
      );
      const viaNode = tasks.filter((t) => /the node that runs the pod/.test(t.instruction));
      expect(viaNode.length).toBeGreaterThan(0);
      for (const task of viaNode) {
        expect(task.instruction).not.toMatch(/ip-10-0-\d+-\d+/);
        const first = task.solution.calls[0];
        expect(first?.tool).toBe("kubectl_get");
        expect(first?.args.resourceType).toBe("pod");
      }
    },
    SLOW,
  );

  it(
    "makes write tasks when writes are asked for",
    async () => {
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({ count: 8, strategy: "mixed", seed: "k8s-writes", difficulty: { minWrites: 1 } }),
      );
      expect(tasks.length).toBe(8);
      const writes = new Set(
        env.world.tools.filter((t) => t.effect === "write").map((t) => t.name),
      );
      for (const task of tasks) {
        expect(task.solution.calls.some((c) => writes.has(c.tool))).toBe(true);
        expect(Object.keys(task.groundTruth.changes).length).toBeGreaterThan(0);
        expect(await oracleScore(env, task)).toBe(1);
      }
    },
    SLOW,
  );

  it(
    "is deterministic",
    async () => {
      const request = shard({ count: 8, strategy: "mixed", seed: "k8s-same" });
      const a = await synthesizeTasks(env.world, request);
      const b = await synthesizeTasks(env.world, request);
      expect(b.tasks.map((t) => t.id)).toEqual(a.tasks.map((t) => t.id));
    },
    SLOW,
  );
});

describe("resource task synthesis when the cluster's tools only read", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    const spec = catalogSpec("mcp-kubernetes");
    env = await nodeWorld({ ...spec, tools: spec.tools.filter((t) => t.effect === "read") });
  });
  afterAll(() => env.close());

  it(
    "makes read tasks only",
    async () => {
      const { tasks } = await synthesizeTasks(
        env.world,
        shard({ count: 6, strategy: "mixed", seed: "k8s-read-only" }),
      );
      expect(tasks.length).toBe(6);
      for (const task of tasks) {
        expect(task.groundTruth.answer).toBeDefined();
        expect(task.groundTruth.changes).toEqual({});
        expect(await oracleScore(env, task)).toBe(1);
      }
    },
    SLOW,
  );

  it(
    "says why when writes are asked for",
    async () => {
      const { tasks, report } = await synthesizeTasks(
        env.world,
        shard({ count: 4, strategy: "graph", seed: "k8s-no-writes", difficulty: { minWrites: 1 } }),
      );
      expect(tasks).toEqual([]);
      expect(report.stoppedBecause).toMatch(/only read/);
    },
    SLOW,
  );
});
