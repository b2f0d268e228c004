// The task an episode was opened for, loaded for verify and the built-in policies.

import { AppError } from "../../core/base/errors";
import type { EpisodeInfo } from "../../core/episode/episode-port";
import type { Task } from "../../core/tasks/task";
import { getTask } from "../catalog/task-repository";
import type { AppEnv } from "../env";

export async function taskOfEpisode(env: AppEnv, info: EpisodeInfo): Promise<Task> {
  if (!info.task) {
    throw new AppError(
      "conflict",
      "This episode was not opened for a task, so there is nothing to verify against. " +
        'Open one with POST /v1/episodes {"task": "<task id>"}.',
      { episode: info.id },
    );
  }
  const task = await getTask(env, info.task);
  if (!task) {
    throw new AppError("not_found", `Task ${info.task} of this episode no longer exists.`, {
      task: info.task,
    });
  }
  return task;
}
