// `agent-world tasks export`: stored tasks as JSONL (one full task per line), to stdout or a file,
// streamed as the API sends them.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { CliError, type Command, stringOption } from "../command";

export const tasksExport: Command = {
  name: "export",
  summary: "Export tasks as JSONL, one full task per line",
  args: "",
  arity: { min: 0, max: 0 },
  options: {
    env: { type: "string", value: "NAME[@VER]", description: "only this environment" },
    job: { type: "string", value: "JOB", description: "only tasks of this synthesis job" },
    kind: { type: "string", value: "KIND", description: "graph | programmatic" },
    level: { type: "string", value: "L", description: "easy | medium | hard" },
    out: { type: "string", value: "FILE", description: "write to FILE (default: stdout)" },
  },
  notes: ["example: agent-world tasks export --env chinook --out chinook-tasks.jsonl"],
  async run(input, { client, out }) {
    const response = await client.stream("GET", "/v1/tasks/export", {
      query: {
        environment: stringOption(input, "env"),
        job: stringOption(input, "job"),
        kind: stringOption(input, "kind"),
        level: stringOption(input, "level"),
      },
      headers: { accept: "application/x-ndjson" },
    });
    if (!response.body) throw new CliError("the export answered without a body");
    const path = stringOption(input, "out");
    const file = path ? createWriteStream(path) : undefined;
    const decoder = new TextDecoder();
    let pending = "";
    let count = 0;
    for await (const chunk of response.body) {
      pending += decoder.decode(chunk, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "") continue;
        count++;
        if (file) {
          if (!file.write(`${line}\n`)) await once(file, "drain");
        } else out.print(line);
      }
    }
    if (pending.trim() !== "") {
      count++;
      if (file) file.write(`${pending}\n`);
      else out.print(pending);
    }
    if (file) {
      file.end();
      await once(file, "finish");
      out.error(`${count} tasks written to ${path}`);
    }
    return 0;
  },
};
