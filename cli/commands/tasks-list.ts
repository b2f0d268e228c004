// `agent-world tasks list`: one page of stored tasks, filtered by environment, kind, level, job.
import { TaskList } from "../api-schemas";
import { type Command, flagOption, intOption, JSON_OPTION, stringOption } from "../command";
import { printJson, table } from "../output";

export const tasksList: Command = {
  name: "list",
  summary: "List stored tasks (oldest first)",
  args: "",
  arity: { min: 0, max: 0 },
  options: {
    env: { type: "string", value: "NAME[@VER]", description: "only this environment" },
    kind: { type: "string", value: "KIND", description: "graph | programmatic" },
    level: { type: "string", value: "L", description: "easy | medium | hard" },
    job: { type: "string", value: "JOB", description: "only tasks of this synthesis job" },
    limit: { type: "string", value: "N", description: "page size, 1-100 (default 20)" },
    cursor: { type: "string", value: "CURSOR", description: "the next page, as printed" },
    json: JSON_OPTION,
  },
  notes: ["example: agent-world tasks list --env chinook --level hard"],
  async run(input, { client, out }) {
    const page = await client.request(TaskList, "GET", "/v1/tasks", {
      query: {
        environment: stringOption(input, "env"),
        kind: stringOption(input, "kind"),
        level: stringOption(input, "level"),
        job: stringOption(input, "job"),
        limit: intOption(input, "limit", { min: 1, max: 100 }),
        cursor: stringOption(input, "cursor"),
      },
    });
    if (flagOption(input, "json")) {
      printJson(out, page);
      return 0;
    }
    if (page.tasks.length === 0) {
      out.print("no tasks found");
      return 0;
    }
    const rows = page.tasks.map((t) => [
      t.id,
      `${t.environment.name}@${t.environment.version}`,
      t.kind,
      t.level,
      String(t.chainLength),
      String(t.writes),
      t.instruction,
    ]);
    out.print(
      table(["ID", "ENVIRONMENT", "KIND", "LEVEL", "CALLS", "WRITES", "INSTRUCTION"], rows, [
        "INSTRUCTION",
      ]),
    );
    if (page.nextCursor) out.print(`\nmore: agent-world tasks list --cursor ${page.nextCursor}`);
    return 0;
  },
};
