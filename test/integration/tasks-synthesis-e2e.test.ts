// End to end: a synthesis request on Chinook goes through the queue and the scratch EpisodeDO's
// `synthesize`, and its tasks come back listed and whole, stamped with the job.
import { describe, expect, it } from "vitest";
import chinook from "../../catalog/dist/chinook.json";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import { TaskSchema } from "../../core/tasks/task";
import { api, publish } from "./support/platform";
import { type JobView, waitForJob } from "./support/synthesis";

describe("task synthesis end to end", () => {
  it("synthesizes tasks over the queue, then lists and shows them", {
    timeout: 90_000,
  }, async () => {
    const spec = EnvironmentSpecSchema.parse(chinook);
    expect((await publish(spec)).status).toBeLessThan(300);
    const res = await api<{ job: JobView }>("POST", "/v1/tasks/synthesize", {
      body: { environment: spec.name, count: 30, strategy: "mixed", seed: "e2e" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.job.shards.total).toBe(2);
    const job = await waitForJob(res.body.job.id);
    expect(job.status, JSON.stringify(job.report)).toBe("done");
    expect(job.kept, JSON.stringify(job.report)).toBeGreaterThan(0);
    expect(job.report?.requested).toBe(30);
    if (job.kept < 30) expect(job.report?.stoppedBecause).toEqual(expect.any(String));

    const listed = await api<{ tasks: { id: string }[] }>(
      "GET",
      `/v1/tasks?job=${job.id}&limit=100`,
    );
    expect(listed.body.tasks).toHaveLength(job.kept);
    const first = listed.body.tasks[0];
    if (!first) throw new Error("no task listed");
    const whole = await api("GET", `/v1/tasks/${first.id}`);
    expect(TaskSchema.parse(whole.body).jobId).toBe(job.id);
  });
});
