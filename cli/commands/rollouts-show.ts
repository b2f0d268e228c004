// `agent-world rollouts show <rollout-id>`: one rollout's summary, then its conversation (tool
// calls, tool results, final answer) and reward components once its trajectory is stored.
import { RolloutDetail } from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional } from "../command";
import { apiPath } from "../http-client";
import { fields, printJson } from "../output";
import { conversationLines, rewardLines } from "./rollouts-conversation";
import { reward } from "./rollouts-report";

export const rolloutsShow: Command = {
  name: "show",
  summary: "Show a rollout: summary, conversation with tool calls, reward components",
  args: "<rollout-id>",
  arity: { min: 1, max: 1 },
  options: {
    full: {
      type: "boolean",
      description: "do not cut the system prompt, arguments or tool results",
    },
    json: JSON_OPTION,
  },
  async run(input, { client, out }) {
    const detail = await client.request(
      RolloutDetail,
      "GET",
      apiPath`/v1/rollouts/${positional(input, 0)}`,
    );
    if (flagOption(input, "json")) {
      printJson(out, detail);
      return 0;
    }
    const { rollout: r, trajectory } = detail;
    const ms = (value: number | null) => (value === null ? "-" : `${Math.round(value)} ms`);
    out.print(
      fields([
        ["id", r.id],
        ["batch", r.batchId],
        [
          "task",
          `${r.taskId} (${r.environment}, ${r.kind}${trajectory ? `, ${trajectory.task.level}` : ""})`,
        ],
        ["policy", trajectory ? policyText(trajectory.policy) : undefined],
        ["sample", r.sample],
        ["status", `${r.status}${r.attempts > 1 ? ` (attempt ${r.attempts})` : ""}`],
        [
          "reward",
          r.reward === null ? undefined : `${reward(r.reward)}${r.passed ? " (passed)" : ""}`,
        ],
        ["finish", r.finishReason ?? undefined],
        [
          "turns",
          r.turns === null
            ? undefined
            : `${r.turns}, ${r.toolCalls ?? 0} tool calls${trajectory ? `, ${trajectory.toolErrors} tool errors` : ""}`,
        ],
        ["tokens", `${r.usage.promptTokens} prompt, ${r.usage.completionTokens} completion`],
        [
          "time",
          `${ms(r.timings.totalMs)} (model ${ms(r.timings.modelMs)}, overhead ${ms(r.timings.overheadMs)})`,
        ],
        ["episode", r.episodeId ?? undefined],
        [
          "error",
          r.error ??
            (trajectory?.error
              ? `${trajectory.error.code}: ${trajectory.error.message}`
              : undefined),
        ],
      ]),
    );
    if (trajectory === null) {
      const running = r.status === "queued" || r.status === "running";
      out.print(
        running ? "\nno trajectory yet: the rollout has not finished" : "\nno trajectory stored",
      );
      return 0;
    }
    out.print("\nconversation:");
    out.print(conversationLines(trajectory, flagOption(input, "full")).join("\n"));
    out.print("");
    out.print(rewardLines(trajectory).join("\n"));
    return 0;
  },
};

function policyText(policy: { name: string; kind: string; model?: string | undefined }): string {
  return `${policy.name} (${policy.kind}${policy.model ? `, ${policy.model}` : ""})`;
}
