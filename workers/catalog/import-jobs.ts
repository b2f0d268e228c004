// Discovery jobs in D1: created by the imports route, moved along by the discovery consumer.
// Status moves queued -> running -> published | failed; a finished job is never run again.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Json } from "../../core/base/json";
import type { CatalogDb } from "./catalog-db";
import { importJobs } from "./schema";

export type ImportJob = typeof importJobs.$inferSelect;
export type ImportJobStatus = ImportJob["status"];

/** The queue message: the job id is the business key, so a redelivery finds the job's state. */
export const DiscoveryMessageSchema = z.object({ jobId: z.string().regex(/^imp_[a-z0-9]+$/) });
export type DiscoveryMessage = z.infer<typeof DiscoveryMessageSchema>;

export async function insertImportJob(
  db: CatalogDb,
  job: Pick<ImportJob, "id" | "request" | "sourceKey" | "createdBy">,
): Promise<ImportJob> {
  const now = new Date().toISOString();
  const row: ImportJob = {
    ...job,
    status: "queued",
    report: null,
    error: null,
    environment: null,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
  };
  await db.insert(importJobs).values(row);
  return row;
}

export async function getImportJob(db: CatalogDb, id: string): Promise<ImportJob | undefined> {
  const rows = await db.select().from(importJobs).where(eq(importJobs.id, id)).limit(1);
  return rows[0];
}

export async function startImportJob(db: CatalogDb, job: ImportJob): Promise<void> {
  await db
    .update(importJobs)
    .set({ status: "running", attempts: job.attempts + 1, updatedAt: new Date().toISOString() })
    .where(eq(importJobs.id, job.id));
}

/** Only a running job is finished: a slower copy of its message never overwrites the outcome. */
export async function finishImportJob(
  db: CatalogDb,
  id: string,
  outcome:
    | { status: "published" | "duplicate"; report: Json; environment: string }
    | { status: "failed"; report: Json | null; error: Json },
): Promise<void> {
  await db
    .update(importJobs)
    .set({ ...outcome, updatedAt: new Date().toISOString() })
    .where(and(eq(importJobs.id, id), eq(importJobs.status, "running")));
}
