// Task synthesis on the modelled Kubernetes cluster (mcp-kubernetes): chains that find the
// workload, node, image or revision behind what the request names and act on it, and programs that
// loop over pods, logs, deployments and nodes; every kept task is solved by its own solution and
// not by doing nothing, and a cluster whose tools only read gets read tasks and says why it cannot
// make writes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceLens } from "../../core/surfaces/kubernetes/tasks/lens";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import {
  catalogWorld,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import { catalogSpec, type NodeWorld } from "../support/synthesis-harness";

/** Each synthesis below replays every kept solution three times in QuickJS. */
const SLOW = 60_000;

/** Argument names of the kubectl tools that a request must never spell out. */
const ARGUMENT_NAMES = /resourceType|labelSelector|allNamespaces|patchData|subCommand|nodeName/;

describe("resource task synthesis on mcp-kubernetes", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-kubernetes");
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
      const run = await surveySynthesis(
        env,
        shard({ count: 16, strategy, seed: `k8s-${strategy}` }),
        { leaks: [ARGUMENT_NAMES, ...env.world.tools.map((t) => t.name)], oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(16);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      expect(run.nothingRewards).toEqual([0]);
      expect(run.unanswered.length).toBeLessThan(run.tasks.length);
      expect(run.unchanged.length).toBeLessThan(run.tasks.length);
      expect(run.distinctKeys).toBe(run.tasks.length);
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
      // Writes are counted on the tools whose effect is "write".
      const run = await surveySynthesis(
        env,
        shard({ count: 8, strategy: "mixed", seed: "k8s-writes", difficulty: { minWrites: 1 } }),
        { oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(8);
      expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(1);
      expect(run.unchanged).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
    },
    SLOW,
  );

  it(
    "is deterministic",
    async () => {
      const [a, b] = await synthesizeTwice(
        env,
        shard({ count: 8, strategy: "mixed", seed: "k8s-same" }),
      );
      expect(b.ids).toEqual(a.ids);
    },
    SLOW,
  );
});

describe("resource task synthesis when the cluster's tools only read", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-kubernetes", readsOnly);
  });
  afterAll(() => env.close());

  it(
    "makes read tasks only",
    async () => {
      const run = await surveySynthesis(
        env,
        shard({ count: 6, strategy: "mixed", seed: "k8s-read-only" }),
        { oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(6);
      expect(run.unanswered).toEqual([]);
      for (const task of run.tasks) expect(task.groundTruth.changes).toEqual({});
      expect(run.oracleRewards).toEqual([1]);
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
