// An episode's score on the task it was opened for: its state change since the seed and the
// agent's final answer, judged by the task's verifier against its ground truth.
import type { StateDiff } from "../episode/state-diff";
import type { Json } from "../json";
import type { Task } from "./task";
import { type Verification, verifyTask } from "./verify";

export function scoreEpisode(task: Task, changes: StateDiff, answer?: Json): Verification {
  return verifyTask(task.groundTruth, task.verifier, {
    changes,
    ...(answer === undefined ? {} : { answer }),
  });
}
