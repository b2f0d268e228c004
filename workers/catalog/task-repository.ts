// Stored tasks: insert a shard's tasks once per (content hash, dedupe key) and only while the shard
// is unrecorded, read one back whole (from D1, or from R2 when its JSON is over 100 KB), and page
// through summaries in (created_at, id) order, the keyset that listing and export share.
import {
  and,
  asc,
  type Column,
  count,
  eq,
  getTableColumns,
  gt,
  inArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { AppError } from "../../core/base/errors";
import { type Task, TaskSchema } from "../../core/tasks/task";
import type { AppEnv } from "../env";
import { type CatalogDb, catalogDb } from "./catalog-db";
import { type Batchable, runBatch } from "./d1-batch";
import { tasks } from "./schema";

/** Bodies larger than this (UTF-8 bytes of the JSON) are kept in R2, not in the D1 row. */
export const INLINE_TASK_MAX_BYTES = 100 * 1024;

export type TaskRow = typeof tasks.$inferSelect;
export type TaskSummary = Omit<TaskRow, "body" | "bodyR2Key" | "dedupeKey" | "shard">;

export interface TaskFilter {
  environment?: { name: string; version?: string };
  kind?: Task["kind"];
  level?: Task["difficulty"]["level"];
  jobId?: string;
}

export interface TaskPageCursor {
  createdAt: string;
  id: string;
}

export function taskBodyKey(id: string): string {
  return `tasks/${id}.json`;
}

/**
 * Stores tasks with INSERT OR IGNORE on the dedupe key and answers the ids really inserted.
 * A large body goes to R2 first; when its row turns out to be a duplicate, the object is removed.
 */
export async function insertTasks(
  env: AppEnv,
  items: readonly Task[],
  origin: { jobId?: string; shard?: number } = {},
): Promise<string[]> {
  if (items.length === 0) return [];
  const db = catalogDb(env.CATALOG);
  const rows = await Promise.all(items.map((task) => rowOf(env, task, origin)));
  const results = await runBatch(
    env.CATALOG,
    rows.map((row) => insertStatement(db, row)),
  );
  const inserted: string[] = [];
  const orphans: string[] = [];
  rows.forEach((row, i) => {
    if ((results[i]?.meta.changes ?? 0) > 0) inserted.push(row.id);
    else if (row.bodyR2Key) orphans.push(row.bodyR2Key);
  });
  // An orphan key may still be a stored task's own body (same id, stored earlier): keep those.
  for (const key of orphans) {
    const id = key.slice("tasks/".length, -".json".length);
    const stored = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, id)).limit(1);
    if (stored.length === 0) await env.ARTIFACTS.delete(key);
  }
  return inserted;
}

/**
 * INSERT OR IGNORE of one row. A synthesis shard's row goes in only while the shard is unrecorded:
 * recordShard counts `kept` from these rows in its batch, so a slower copy of the shard's message
 * can add nothing after that and the recorded `kept` stays the number of its task rows.
 */
function insertStatement(db: CatalogDb, row: TaskRow): Batchable {
  if (row.jobId === null || row.shard === null) {
    return db.insert(tasks).values(row).onConflictDoNothing();
  }
  const columns = Object.entries(getTableColumns(tasks)) as [keyof TaskRow, Column][];
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map(([key]) => sql`${row[key]}`),
    sql`, `,
  );
  return db.run(sql`
    insert or ignore into tasks (${names}) select ${values}
    where not exists (
      select 1 from synthesis_shards s where s.job_id = ${row.jobId} and s.shard = ${row.shard})`);
}

async function rowOf(
  env: AppEnv,
  task: Task,
  origin: { jobId?: string; shard?: number },
): Promise<TaskRow> {
  const jobId = origin.jobId ?? task.jobId ?? null;
  const stored: Task = jobId ? { ...task, jobId } : task;
  const json = JSON.stringify(stored);
  const large = new TextEncoder().encode(json).byteLength > INLINE_TASK_MAX_BYTES;
  if (large) {
    await env.ARTIFACTS.put(taskBodyKey(task.id), json, {
      httpMetadata: { contentType: "application/json" },
    });
  }
  return {
    id: task.id,
    environmentName: task.environment.name,
    environmentVersion: task.environment.version,
    contentHash: task.environment.contentHash,
    kind: task.kind,
    level: task.difficulty.level,
    chainLength: task.difficulty.chainLength,
    writes: task.difficulty.writes,
    instruction: task.instruction,
    jobId,
    shard: origin.shard ?? null,
    dedupeKey: task.dedupeKey,
    body: large ? null : json,
    bodyR2Key: large ? taskBodyKey(task.id) : null,
    createdAt: task.createdAt,
  };
}

/** The full task, or null when there is none with this id. */
export async function getTask(env: AppEnv, id: string): Promise<Task | null> {
  const rows = await catalogDb(env.CATALOG).select().from(tasks).where(eq(tasks.id, id)).limit(1);
  const row = rows[0];
  return row ? taskOfRow(env, row) : null;
}

export async function taskOfRow(
  env: AppEnv,
  row: Pick<TaskRow, "id" | "body" | "bodyR2Key">,
): Promise<Task> {
  let json = row.body;
  if (json === null && row.bodyR2Key)
    json = (await (await env.ARTIFACTS.get(row.bodyR2Key))?.text()) ?? null;
  if (json === null) throw new AppError("internal", `The body of task ${row.id} is missing.`);
  return TaskSchema.parse(JSON.parse(json));
}

/** One page in (created_at, id) order after `after`; `limit + 1` rows tell whether more follow. */
export async function listTaskRows(
  db: CatalogDb,
  filter: TaskFilter,
  page: { limit: number; after?: TaskPageCursor },
): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(...conditions(filter, page.after)))
    .orderBy(asc(tasks.createdAt), asc(tasks.id))
    .limit(page.limit);
}

/** IDs bound per query: D1 allows 100 parameters per statement. */
const IDS_PER_QUERY = 90;

export type TaskRef = Pick<TaskRow, "id" | "environmentName" | "environmentVersion" | "kind">;

/** Which of these ids exist (no bodies read), in no particular order. */
export async function listTaskRefsByIds(db: CatalogDb, ids: readonly string[]): Promise<TaskRef[]> {
  const found: TaskRef[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await db
      .select({
        id: tasks.id,
        environmentName: tasks.environmentName,
        environmentVersion: tasks.environmentVersion,
        kind: tasks.kind,
      })
      .from(tasks)
      .where(inArray(tasks.id, ids.slice(i, i + IDS_PER_QUERY)));
    found.push(...rows);
  }
  return found;
}

/** How many tasks a job's shard stored (a redelivered shard counts what it kept before). */
export async function countShardTasks(
  db: CatalogDb,
  jobId: string,
  shard: number,
): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.jobId, jobId), eq(tasks.shard, shard)));
  return rows[0]?.n ?? 0;
}

export function summaryOf(row: TaskRow): TaskSummary {
  const { body: _b, bodyR2Key: _k, dedupeKey: _d, shard: _s, ...summary } = row;
  return summary;
}

function conditions(filter: TaskFilter, after: TaskPageCursor | undefined): SQL[] {
  const where: (SQL | undefined)[] = [
    filter.environment ? eq(tasks.environmentName, filter.environment.name) : undefined,
    filter.environment?.version
      ? eq(tasks.environmentVersion, filter.environment.version)
      : undefined,
    filter.kind ? eq(tasks.kind, filter.kind) : undefined,
    filter.level ? eq(tasks.level, filter.level) : undefined,
    filter.jobId ? eq(tasks.jobId, filter.jobId) : undefined,
    after
      ? or(
          gt(tasks.createdAt, after.createdAt),
          and(eq(tasks.createdAt, after.createdAt), gt(tasks.id, after.id)),
        )
      : undefined,
  ];
  return where.filter((c): c is SQL => c !== undefined);
}
