// What a surface's task source is: it recognises an environment's tools as its backend kind and
// then drafts every task for it. The sources themselves live with their kind under core/surfaces;
// surface-tasks.ts lists them.
import type { ToolSpec } from "../environment/spec";
import type { SqlDatabase } from "../episode/sql-database";
import type { ToolRunner } from "../episode/tool-runner";
import type { Prng } from "../sandbox/determinism";
import type { DraftAttempt, DraftTarget } from "./draft";
import type { TaskKind } from "./task";

export interface SurfaceDraftContext {
  rng: Prng;
  /** Calls on a fresh copy of the initial state, valid for this one attempt. */
  runner: ToolRunner;
}

export interface SurfaceTasks {
  /** Why nothing can be made for this shard (said once), or undefined. */
  unfit(minWrites: number): string | undefined;
  draft(ctx: SurfaceDraftContext, kind: TaskKind, target: DraftTarget): DraftAttempt;
}

export interface SurfaceTaskSource {
  name: string;
  /** The environment's task source, or undefined when its tools are not this surface's. */
  recognise(db: SqlDatabase, tools: readonly ToolSpec[]): SurfaceTasks | undefined;
}
