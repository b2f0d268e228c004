// Graph walks on environments whose tools mostly write (a Slack-like fixture; the real memory,
// Slack and task-manager servers now have their own task sources): a later write reads the key the earlier one made (the reaction's
// message is the posted one, a tag's `message` inside a list of objects too), the chain is rendered
// into a program that passes the value along, the instruction says "the new message" instead of
// the hidden key, and the kept tasks score 1.0 for the reference solution and 0 for doing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observeTools } from "../../core/tasks/observe-tools";
import { scoreEpisode } from "../../core/tasks/score-episode";
import { SynthesisShardSchema } from "../../core/tasks/synthesis-request";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
import { buildToolGraph } from "../../core/tasks/tool-graph";
import { profileTools } from "../../core/tasks/tool-profiles";
import { messagingSpec } from "../support/messaging-fixture";
import { type NodeWorld, nodeWorld, oracleScore } from "../support/synthesis-harness";

function graphShard(count: number, seed: string) {
  return SynthesisShardSchema.parse({ count, strategy: "graph", seed });
}

/** The value each call of the gold run returned, by step. */
function results(task: Task, env: NodeWorld) {
  return env.world.fresh(task.episode, (runner) =>
    task.solution.calls.map((call) => runner.call(call.tool, call.args)),
  ).value;
}

describe("a Slack-like write chain", () => {
  let env: NodeWorld;
  let tasks: Task[];
  beforeAll(async () => {
    env = await nodeWorld(messagingSpec());
    tasks = (await synthesizeTasks(env.world, graphShard(10, "messaging"))).tasks;
  });
  afterAll(() => env.close());

  it("links the reaction's timestamp to the key the post returns, by its description", () => {
    // Outputs as the tools really return them (the fixture's tests check only the changes).
    const graph = buildToolGraph(profileTools(observeTools(env.world)));
    const edge = graph.edges.find((e) => e.from === "post_message" && e.to === "add_reaction");
    expect(edge?.strength).toBe("strong");
    expect(edge?.via).toContainEqual({ output: "id", input: "timestamp" });
    const tags = graph.edges.find((e) => e.from === "post_message" && e.to === "add_tags");
    expect(tags?.via).toContainEqual({ output: "id", input: "tags[].message" });
  });

  it("binds the reaction to the posted message and validates it", async () => {
    const chained = tasks.filter((t) =>
      (t.solution.chain ?? []).some(
        (step, i) =>
          step.tool === "add_reaction" &&
          step.bindings.timestamp?.path === "id" &&
          t.solution.chain?.[step.bindings.timestamp.step]?.tool === "post_message" &&
          i > step.bindings.timestamp.step,
      ),
    );
    expect(chained.length).toBeGreaterThanOrEqual(2);
    for (const task of chained) {
      const chain = task.solution.chain ?? [];
      const index = chain.findIndex((s) => s.tool === "add_reaction" && s.bindings.timestamp);
      const from = chain[index]?.bindings.timestamp?.step ?? -1;
      // The program passes the post's result along rather than a literal key.
      expect(task.solution.program).toContain(`"timestamp": s${from}.id`);
      const gold = results(task, env);
      const posted = gold[from];
      expect(posted?.ok).toBe(true);
      const key = posted?.ok ? (posted.result as { id: string }).id : "";
      expect(task.solution.calls[index]?.args.timestamp).toBe(key);
      // The user is told what they know: the message they posted, never its generated key.
      expect(task.instruction).toMatch(/the new message/);
      expect(task.instruction).not.toContain(key);
      expect(await oracleScore(env, task)).toBe(1);
      expect(scoreEpisode(task, {}, undefined).reward).toBe(0);
    }
  });

  it("binds a field inside a list of objects (a tag's message) the same way", async () => {
    const tagged = tasks.filter((t) =>
      (t.solution.chain ?? []).some((s) => s.tool === "add_tags" && s.bindings["tags[0].message"]),
    );
    expect(tagged.length).toBeGreaterThanOrEqual(1);
    for (const task of tagged) {
      expect(task.solution.program).toMatch(/"tags": \[\{"message":s\d+\.id,"label":"[^"]+"\}\]/);
      expect(await oracleScore(env, task)).toBe(1);
      expect(scoreEpisode(task, {}, undefined).reward).toBe(0);
    }
  });
});
