// `agent-world rollouts export <batch>`: the batch's trajectories as JSONL (one per line), streamed
// to a file or stdout as the API sends them, never held whole in memory.
import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { CliError, type Command, flagOption, positional, stringOption } from "../command";
import { apiPath } from "../http-client";
import type { Output } from "../output";

export const rolloutsExport: Command = {
  name: "export",
  summary: "Export a batch's trajectories as JSONL, one OpenAI-format conversation per line",
  args: "<batch-id>",
  arity: { min: 1, max: 1 },
  options: {
    out: { type: "string", value: "FILE", description: "write to FILE (default: stdout)" },
    all: {
      type: "boolean",
      description: "every stored trajectory, not only rollouts that are done",
    },
  },
  notes: ["example: agent-world rollouts export rb_x --out trajectories.jsonl"],
  async run(input, { client, out }) {
    const id = positional(input, 0);
    const response = await client.stream("GET", apiPath`/v1/rollouts/batches/${id}/export`, {
      query: { status: flagOption(input, "all") ? "all" : "done" },
      headers: { accept: "application/x-ndjson" },
    });
    if (!response.body) throw new CliError("the export answered without a body");
    const path = stringOption(input, "out");
    const sink = path ? await openFile(path) : undefined;
    let count = 0;
    const write = async (line: string) => {
      count++;
      if (sink === undefined) out.print(line);
      else if (!sink.write(`${line}\n`)) await once(sink, "drain");
    };
    try {
      await forEachLine(response.body, write);
    } catch (err) {
      sink?.destroy();
      const reason = err instanceof Error ? err.message : String(err);
      throw new CliError(`the export stopped after ${count} trajectories: ${reason}`);
    }
    if (sink) {
      sink.end();
      await once(sink, "finish");
    }
    reportCount(out, count, path);
    return 0;
  },
};

/** Calls `each` with every non-empty line of a streamed body, in order. */
async function forEachLine(
  body: ReadableStream<Uint8Array>,
  each: (line: string) => Promise<void>,
): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") await each(line);
  }
  pending += decoder.decode();
  if (pending.trim() !== "") await each(pending);
}

async function openFile(path: string): Promise<WriteStream> {
  const file = createWriteStream(path);
  try {
    await once(file, "open");
  } catch (err) {
    throw new CliError(`cannot write ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return file;
}

function reportCount(out: Output, count: number, path: string | undefined): void {
  const what = `${count} ${count === 1 ? "trajectory" : "trajectories"}`;
  out.error(path ? `${what} written to ${path}` : `${what} exported`);
}
