/// <reference types="vite/client" />
// Every starter environment, end to end through the platform: published, tasks of both kinds
// synthesized over the queue, an episode opened for each task, the oracle replay scored 1.0 by
// the verify path with its components, and doing nothing scored 0.
import { describe, expect, it } from "vitest";
import { EnvironmentSpecSchema } from "../../core/environment/spec";
import type { Task } from "../../core/tasks/task";
import { api, publish } from "./support/platform";
import { synthesize } from "./support/synthesis";

// Every environment `npm run catalog:build` wrote (Vite inlines them into the test bundle).
const built = import.meta.glob<{ default: unknown }>("../../catalog/dist/*.json", { eager: true });
const specs = Object.entries(built)
  .filter(([path]) => !path.endsWith("/index.json"))
  .map(([, module]) => EnvironmentSpecSchema.parse(module.default));

interface Verification {
  reward: number;
  components: Record<string, { score: number; weight: number; detail: string }>;
  diff: { missing: unknown[]; unexpected: unknown[] };
}

async function openFor(task: Task): Promise<string> {
  const res = await api<{ id: string }>("POST", "/v1/episodes", { body: { task: task.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

describe("tasks on every starter environment", () => {
  it("has all 18 environments built", () => {
    expect(specs).toHaveLength(18);
  });

  for (const spec of specs) {
    const name = spec.name;
    it(`${name}: synthesizes both kinds, the oracle earns 1.0 and doing nothing 0`, {
      timeout: 120_000,
    }, async () => {
      expect((await publish(spec)).status).toBeLessThan(300);
      const { job, tasks } = await synthesize({
        environment: name,
        count: 4,
        strategy: "mixed",
        seed: "catalog-verify",
      });
      expect(job.status, JSON.stringify(job.report)).toBe("done");
      expect(new Set(tasks.map((t) => t.kind))).toEqual(new Set(["graph", "programmatic"]));
      for (const task of tasks) {
        const played = await api<{ verification?: Verification }>(
          "POST",
          `/v1/episodes/${await openFor(task)}/autoplay`,
          { body: { policy: "oracle" } },
        );
        const verification = played.body.verification;
        expect(verification?.reward, `${task.instruction}: ${JSON.stringify(verification)}`).toBe(
          1,
        );
        expect(verification?.components.state).toBeDefined();
        const idle = await api<Verification>("POST", `/v1/episodes/${await openFor(task)}/verify`);
        expect(idle.body.reward, task.instruction).toBe(0);
      }
    });
  }
});
