// `agent-world tasks show <id>`: one task: instruction, tools, reference solution, ground truth.
import { TaskDetail } from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional } from "../command";
import { apiPath } from "../http-client";
import { compactJson, fields, printJson } from "../output";

export const tasksShow: Command = {
  name: "show",
  summary: "Show a task with its reference solution and ground truth",
  args: "<id>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const task = await client.request(
      TaskDetail,
      "GET",
      apiPath`/v1/tasks/${positional(input, 0)}`,
    );
    if (flagOption(input, "json")) {
      printJson(out, task);
      return 0;
    }
    out.print(
      fields([
        ["id", task.id],
        ["environment", `${task.environment.name}@${task.environment.version}`],
        ["kind", task.kind],
        ["level", task.difficulty.level],
        ["calls", task.difficulty.chainLength],
        ["writes", task.difficulty.writes],
        ["tools", task.tools.join(", ")],
        ["instruction", task.instruction],
        [
          "answer",
          task.groundTruth.answer === undefined ? undefined : compactJson(task.groundTruth.answer),
        ],
        ["digest", task.groundTruth.digest],
        ["created", task.createdAt],
      ]),
    );
    out.print("\nsolution calls:");
    for (const call of task.solution.calls) out.print(`  ${call.tool} ${compactJson(call.args)}`);
    out.print("\nprogram:");
    out.print(task.solution.program);
    return 0;
  },
};
