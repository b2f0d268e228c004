// The shape every lens-based surface task source shares: recognise the environment by reading its
// tools into a lens (undefined: not this surface), then answer the shard's questions from that
// lens: why it cannot make tasks with so many writes, and one draft per attempt. What a drafter
// remembers between attempts (an exploration read once, what was drafted) lives in the closure
// `drafter` returns, one per recognised environment.
import type { ToolSpec } from "../environment/spec";
import type { SqlDatabase } from "../episode/sql-database";
import type { SurfaceTaskSource, SurfaceTasks } from "./surface-task-source";

export interface LensSourceParts<L> {
  name: string;
  /** The surface's view of these tools, or undefined when they are not this surface's. */
  lens(db: SqlDatabase, tools: readonly ToolSpec[]): L | undefined;
  /** SurfaceTasks.unfit for this lens (often unfitIfReadOnly). */
  unfit(lens: L): SurfaceTasks["unfit"];
  /** A fresh drafter for one recognised environment. */
  drafter(lens: L, db: SqlDatabase): SurfaceTasks["draft"];
}

export function lensTaskSource<L>(parts: LensSourceParts<L>): SurfaceTaskSource {
  return {
    name: parts.name,
    recognise(db, tools) {
      const lens = parts.lens(db, tools);
      if (!lens) return undefined;
      return { unfit: parts.unfit(lens), draft: parts.drafter(lens, db) };
    },
  };
}

/**
 * unfit for a surface whose tasks write only when `canWrite(minWrites)`: `onlyReads` says why not
 * ("this mailbox's tools only read").
 */
export const unfitIfReadOnly =
  (onlyReads: string, canWrite: (minWrites: number) => boolean): SurfaceTasks["unfit"] =>
  (minWrites) =>
    minWrites === 0 || canWrite(minWrites)
      ? undefined
      : `${onlyReads}, so no task can make ${minWrites} write(s)`;
