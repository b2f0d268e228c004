// Synthesis through the API for integration tests: start a job, wait for it, list its tasks.
import { type Task, TaskSchema } from "../../../core/tasks/task";
import { api } from "./platform";

export interface JobView {
  id: string;
  status: string;
  kept: number;
  shards: { total: number; done: number; failed: number };
  report: { requested: number; kept: number; stoppedBecause?: string } | null;
}

export async function waitForJob(id: string): Promise<JobView> {
  for (let i = 0; i < 800; i++) {
    const res = await api<{ job: JobView }>("GET", `/v1/tasks/jobs/${id}`);
    if (!["queued", "running"].includes(res.body.job.status)) return res.body.job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`synthesis job ${id} did not finish`);
}

/** Synthesizes through the queue and returns the finished job and its whole tasks. */
export async function synthesize(body: Record<string, unknown>): Promise<{
  job: JobView;
  tasks: Task[];
}> {
  const started = await api<{ job: JobView }>("POST", "/v1/tasks/synthesize", { body });
  if (started.status !== 202) throw new Error(`synthesize: ${JSON.stringify(started.body)}`);
  const job = await waitForJob(started.body.job.id);
  const listed = await api<{ tasks: { id: string }[] }>("GET", `/v1/tasks?job=${job.id}&limit=100`);
  const tasks: Task[] = [];
  for (const { id } of listed.body.tasks) {
    tasks.push(TaskSchema.parse((await api("GET", `/v1/tasks/${id}`)).body));
  }
  return { job, tasks };
}
