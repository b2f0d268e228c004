// `POST /v1/rollouts` behind the route: resolve the policy and the tasks, check the size, insert
// the batch with one `queued` row per (task, sample), then enqueue one message per rollout. A
// batch whose messages could not be sent is cancelled, so it never sits `running` with no work.
import { AppError } from "../../core/errors";
import { catalogDb } from "../catalog/catalog-db";
import type { AppEnv } from "../env";
import { policySnapshot, resolvePolicy } from "../policies/policy-repository";
import { type CreateRolloutsRequest, MAX_BATCH_ROLLOUTS } from "../schemas/rollout-schemas";
import { type BatchRow, cancelBatch, insertBatch, type NewRollout } from "./batch-repository";
import { batchSettingsOf } from "./batch-settings";
import { newRolloutBatchId, newRolloutId } from "./rollout-ids";
import { enqueueRollouts } from "./rollout-messages";
import { selectTasks } from "./select-tasks";

export async function createRolloutBatch(
  env: AppEnv,
  body: CreateRolloutsRequest,
  ownerKeyId: string,
): Promise<BatchRow> {
  const db = catalogDb(env.CATALOG);
  const policy = policySnapshot(await resolvePolicy(env, body.policy));
  // The body schema already demands exactly one of the two.
  const selection = body.tasks ? { ids: body.tasks } : body.filter && { filter: body.filter };
  if (!selection)
    throw new AppError("validation_failed", "Give exactly one of `tasks` or `filter`.");
  const tasks = await selectTasks(db, selection);
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
