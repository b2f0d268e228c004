// The tasks a batch plays: the ids it names (every one must exist) or those a filter selects,
// oldest first, paged through D1 so no task body is held longer than its page.
import type { z } from "@hono/zod-openapi";
import { AppError } from "../../core/base/errors";
import { parseEnvironmentRef } from "../../core/environment/spec";
import type { CatalogDb } from "../catalog/catalog-db";
import {
  listTaskRefsByIds,
  listTaskRows,
  type TaskFilter,
  type TaskPageCursor,
  type TaskRef,
} from "../catalog/task-repository";
import type { TaskSelectionSchema } from "../schemas/rollout-schemas";

const FILTER_PAGE = 100;

export type TaskSelection =
  | { ids: readonly string[] }
  | { filter: z.infer<typeof TaskSelectionSchema> };

export async function selectTasks(db: CatalogDb, selection: TaskSelection): Promise<TaskRef[]> {
  return "ids" in selection ? byIds(db, selection.ids) : byFilter(db, selection.filter);
}

/** In the order given, each id once; unknown ids are a 404 that lists them. */
async function byIds(db: CatalogDb, ids: readonly string[]): Promise<TaskRef[]> {
  const wanted = [...new Set(ids)];
  const found = new Map((await listTaskRefsByIds(db, wanted)).map((ref) => [ref.id, ref]));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new AppError(
      "not_found",
      `No task${missing.length === 1 ? "" : "s"} ${missing.slice(0, 10).join(", ")}${missing.length > 10 ? ` and ${missing.length - 10} more` : ""}.`,
      { missing },
    );
  }
  return wanted.flatMap((id) => found.get(id) ?? []);
}

/** Oldest first; with a list of environments, up to `limit` tasks of each, in the list's order. */
async function byFilter(
  db: CatalogDb,
  selection: z.infer<typeof TaskSelectionSchema>,
): Promise<TaskRef[]> {
  const base: TaskFilter = {
    ...(selection.kind ? { kind: selection.kind } : {}),
    ...(selection.level ? { level: selection.level } : {}),
    ...(selection.job ? { jobId: selection.job } : {}),
  };
  const { environment } = selection;
  if (environment === undefined) return pageThrough(db, base, selection.limit);
  const refs = [...new Set(typeof environment === "string" ? [environment] : environment)];
  const selected: TaskRef[] = [];
  for (const ref of refs) {
    const filter = { ...base, environment: parseEnvironmentRef(ref) };
    selected.push(...(await pageThrough(db, filter, selection.limit)));
  }
  return selected;
}

async function pageThrough(db: CatalogDb, filter: TaskFilter, wanted: number): Promise<TaskRef[]> {
  const selected: TaskRef[] = [];
  let after: TaskPageCursor | undefined;
  while (selected.length < wanted) {
    const limit = Math.min(FILTER_PAGE, wanted - selected.length);
    const rows = await listTaskRows(db, filter, { limit, ...(after ? { after } : {}) });
    for (const row of rows) {
      const { id, environmentName, environmentVersion, kind } = row;
      selected.push({ id, environmentName, environmentVersion, kind });
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < limit) break;
    after = { createdAt: last.createdAt, id: last.id };
  }
  return selected;
}
