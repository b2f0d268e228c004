// An episode's score on the task it was opened for: its state change since the seed and the
// agent's final answer, judged by the task's verifier against its ground truth.

import type { Json } from "../base/json";
import type { StateDiff } from "../episode/state-diff";
import type { Task } from "./task";
import { type Verification, verifyTask } from "./verify";

export function scoreEpisode(
  task: Task,
  changes: StateDiff,
  answer?: Json,
  rubric?: { score: number; detail: string },
): Verification {
  return verifyTask(task.groundTruth, task.verifier, {
    changes,
    ...(answer === undefined ? {} : { answer }),
    ...(rubric ? { rubricScore: rubric.score, rubricDetail: rubric.detail } : {}),
  });
}

/** Whether scoring this task asks the rubric judge (a rubric weight and a rubric text). */
export function wantsRubricJudge(task: Task): boolean {
  return task.verifier.weights.rubric > 0 && (task.verifier.rubric ?? "").trim() !== "";
}
