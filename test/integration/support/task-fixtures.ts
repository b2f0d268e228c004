// Hand-made tasks that pass TaskSchema, for the storage, listing and export tests: they do not
// depend on synthesis, only on the Task contract.
import type { Task } from "../../../core/tasks/task";

export interface TaskInput {
  id: string;
  environment?: { name: string; version: string; contentHash: string };
  kind?: Task["kind"];
  level?: Task["difficulty"]["level"];
  dedupeKey?: string;
  createdAt?: string;
  program?: string;
  jobId?: string;
}

export function makeTask(input: TaskInput): Task {
  return {
    id: input.id,
    environment: input.environment ?? { name: "shop", version: "1.0.0", contentHash: "h-shop" },
    kind: input.kind ?? "graph",
    instruction: `Find the owner of order ${input.id} and report their email.`,
    tools: ["get_order", "get_customer", "list_products"],
    difficulty: {
      level: input.level ?? "easy",
      chainLength: 2,
      branching: 0,
      writes: 0,
      hiddenIds: 1,
      distractors: 1,
    },
    solution: {
      program:
        input.program ??
        "async (args, ctx) => { const o = await ctx.call('get_order', { id: 1 }); return (await ctx.call('get_customer', { id: o.customer_id })).email; }",
      calls: [
        { tool: "get_order", args: { id: 1 } },
        { tool: "get_customer", args: { id: 7 } },
      ],
    },
    groundTruth: {
      answer: { value: "ada@example.com", match: { kind: "exact" } },
      changes: {},
      volatile: {},
      digest: "d".repeat(64),
    },
    verifier: { weights: { state: 1, answer: 1, rubric: 0 }, partialCredit: false },
    episode: { seed: `seed-${input.id}`, clockStart: "2025-01-06T09:00:00.000Z" },
    dedupeKey: input.dedupeKey ?? `dk-${input.id}`,
    createdAt: input.createdAt ?? "2025-02-01T00:00:00.000Z",
    ...(input.jobId ? { jobId: input.jobId } : {}),
  };
}

export const sampleReport = (requested: number, kept: number) => ({
  requested,
  kept,
  attempts: requested * 2,
  rejected: { dead_end: 3 },
  examples: { dead_end: ["get_order -> get_customer needs customer_id"] },
  seconds: 0.5,
});
