// Hand-made tasks on the ledger fixture, stored as synthesis would store them, for tests that need
// tasks to start rollouts on but not the synthesizer (ownership, yank).
import { env } from "cloudflare:workers";
import { contentHash } from "../../../core/base/json";
import type { EnvironmentSpec } from "../../../core/environment/spec";
import type { Task } from "../../../core/tasks/task";
import { insertTasks } from "../../../workers/catalog/task-repository";
import { makeTask } from "./task-fixtures";

/** One task per id on `spec` (a ledger spec): read account 1 and report it. */
export async function storeLedgerTasks(spec: EnvironmentSpec, ids: string[]): Promise<Task[]> {
  const environment = {
    name: spec.name,
    version: spec.version,
    contentHash: await contentHash(spec),
  };
  const made = ids.map((id) => ({
    ...makeTask({
      id,
      environment,
      program: "async (args, ctx) => (await ctx.call('get_account', { id: 1 })).balance",
    }),
    tools: ["get_account"],
    solution: {
      program: "async (args, ctx) => (await ctx.call('get_account', { id: 1 })).balance",
      calls: [{ tool: "get_account", args: { id: 1 } }],
    },
  }));
  await insertTasks(env, made);
  return made;
}
