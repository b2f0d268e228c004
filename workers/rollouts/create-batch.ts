// `POST /v1/rollouts` behind the route: resolve the policy and the tasks, check the size, insert
// the batch with one `queued` row per (task, sample), then enqueue one message per rollout. A
// batch whose messages could not be sent is cancelled, so it never sits `running` with no work.
import { AppError } from "../../core/base/errors";
import { type CatalogDb, catalogDb } from "../catalog/catalog-db";
import { yankedAmong } from "../catalog/live-version";
import type { TaskRef } from "../catalog/task-repository";
import type { AppEnv } from "../env";
import { policySnapshot, resolvePolicy } from "../policies/policy-repository";
import { type CreateRolloutsRequest, MAX_BATCH_ROLLOUTS } from "../schemas/rollout-schemas";
import { type BatchRow, cancelBatch, insertBatch, type NewRollout } from "./batch-repository";
import { batchSettingsOf } from "./batch-settings";
import { newRolloutBatchId, newRolloutId } from "./rollout-ids";
import { enqueueRollouts } from "./rollout-messages";
import { selectTasks } from "./select-tasks";

/** `maxInFlight`: the owner's cap on rollouts queued or running (none for admin keys). */
export async function createRolloutBatch(
  env: AppEnv,
  body: CreateRolloutsRequest,
  ownerKeyId: string,
  maxInFlight?: number,
): Promise<BatchRow> {
  const db = catalogDb(env.CATALOG);
  // Only the caller's own policies: a name another key uses is "no such policy".
  const policy = policySnapshot(await resolvePolicy(env, { ownerKeyId, name: body.policy }));
  // The body schema already demands exactly one of the two.
  const selection = body.tasks ? { ids: body.tasks } : body.filter && { filter: body.filter };
  if (!selection)
    throw new AppError("validation_failed", "Give exactly one of `tasks` or `filter`.");
  const tasks = await onLiveVersions(db, "ids" in selection, await selectTasks(db, selection));
  if (tasks.length === 0) {
    throw new AppError("bad_request", "The filter selects no task; synthesize some first.", {
      filter: body.filter,
    });
  }
  const total = tasks.length * body.groupSize;
  if (total > MAX_BATCH_ROLLOUTS) {
    throw new AppError(
      "bad_request",
      `${tasks.length} tasks x group size ${body.groupSize} = ${total} rollouts; a batch holds at most ${MAX_BATCH_ROLLOUTS}.`,
      { tasks: tasks.length, groupSize: body.groupSize, max: MAX_BATCH_ROLLOUTS },
    );
  }
  const items: NewRollout[] = tasks.flatMap((task) =>
    Array.from({ length: body.groupSize }, (_, sample) => ({
      id: newRolloutId(),
      taskId: task.id,
      environmentName: task.environmentName,
      taskKind: task.kind,
      sample,
    })),
  );
  const batch = await insertBatch(
    db,
    {
      id: newRolloutBatchId(),
      ownerKeyId,
      policy,
      settings: batchSettingsOf(body),
      createdAt: new Date().toISOString(),
    },
    items,
    maxInFlight,
  );
  try {
    await enqueueRollouts(
      env.ROLLOUTS_QUEUE,
      items.map((item) => item.id),
    );
  } catch (err) {
    console.error(`rollouts: batch ${batch.id} could not be enqueued; cancelled`, err);
    await cancelBatch(db, batch.id);
    throw new AppError("unavailable", "The rollouts queue did not accept the batch; try again.");
  }
  return batch;
}

/**
 * No new rollout plays a yanked version: tasks named by id on one are refused (410); a filter
 * skips them, and is refused only when every task it chose was on a yanked version.
 */
async function onLiveVersions(db: CatalogDb, named: boolean, tasks: TaskRef[]): Promise<TaskRef[]> {
  const yanked = await yankedAmong(
    db,
    tasks.map((t) => ({ name: t.environmentName, version: t.environmentVersion })),
  );
  if (yanked.size === 0) return tasks;
  const live = tasks.filter((t) => !yanked.has(`${t.environmentName}@${t.environmentVersion}`));
  if (named || live.length === 0) {
    const versions = [...yanked.keys()];
    throw new AppError(
      "environment_yanked",
      `Tasks on yanked environment version${versions.length === 1 ? "" : "s"} ${versions.join(", ")}: a yanked version takes no new rollouts.`,
      { yanked: Object.fromEntries(yanked) },
    );
  }
  return live;
}
