// What a new episode opens on: an environment version as asked, or the one a task was made on,
// with the task's seed, clock start and tool selection, so its reference solution replays byte
// for byte and verify can score against its ground truth.
import { AppError } from "../../core/base/errors";
import type { Task } from "../../core/tasks/task";
import { getTask } from "../catalog/task-repository";
import type { AppEnv } from "../env";
import { type EpisodeEnvironment, resolveEnvironment } from "./resolve-environment";

export interface EpisodeSource {
  environment: EpisodeEnvironment;
  seed?: string;
  clockStart?: string;
  task?: Task;
}

export async function episodeSource(
  env: AppEnv,
  request: { environment?: string | undefined; task?: string | undefined },
): Promise<EpisodeSource> {
  if (!request.task)
    return { environment: await resolveEnvironment(env, request.environment ?? "") };
  const task = await getTask(env, request.task);
  if (!task) throw new AppError("not_found", `No task ${request.task}.`, { task: request.task });
  const ref = `${task.environment.name}@${task.environment.version}`;
  if (request.environment && !sameEnvironment(request.environment, task)) {
    throw new AppError("validation_failed", `Task ${task.id} belongs to ${ref}.`, {
      task: task.id,
      environment: ref,
    });
  }
  const environment = await resolveEnvironment(env, ref);
  if (environment.contentHash !== task.environment.contentHash) {
    throw new AppError("conflict", `The content of ${ref} no longer matches task ${task.id}.`);
  }
  const exposed = new Set(task.tools);
  return {
    environment: { ...environment, tools: environment.tools.filter((t) => exposed.has(t.name)) },
    seed: task.episode.seed,
    clockStart: task.episode.clockStart,
    task,
  };
}

function sameEnvironment(ref: string, task: Task): boolean {
  const [name, version] = ref.split("@");
  return name === task.environment.name && (!version || version === task.environment.version);
}
