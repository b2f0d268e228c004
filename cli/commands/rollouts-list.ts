// `agent-world rollouts list`: the batches, newest first; with `--batch`, one page of a batch's
// rollouts (filtered by status), whose ids `rollouts show` takes.
import { AnyJson, RolloutBatchList, RolloutPage } from "../api-schemas";
import {
  type CliContext,
  type Command,
  type CommandInput,
  flagOption,
  intOption,
  JSON_OPTION,
  stringOption,
  UsageError,
} from "../command";
import { apiPath } from "../http-client";
import { printJson, table } from "../output";
import { reward } from "./rollouts-report";

const STATUSES = ["queued", "running", "done", "failed", "cancelled"];

export const rolloutsList: Command = {
  name: "list",
  summary: "List rollout batches, or with --batch the rollouts of one batch",
  args: "",
  arity: { min: 0, max: 0 },
  options: {
    batch: { type: "string", value: "ID", description: "list this batch's rollouts instead" },
    status: { type: "string", value: "S", description: `with --batch: ${STATUSES.join(" | ")}` },
    limit: { type: "string", value: "N", description: "batches 1-50 (default 20); rollouts 1-500" },
    cursor: {
      type: "string",
      value: "CURSOR",
      description: "with --batch: the next page, as printed",
    },
    json: JSON_OPTION,
  },
  notes: ["example: agent-world rollouts list --batch rb_x --status failed"],
  async run(input, ctx) {
    const batch = stringOption(input, "batch");
    if (batch !== undefined) return listRollouts(input, batch, ctx);
    for (const name of ["status", "cursor"]) {
      if (stringOption(input, name) !== undefined) throw new UsageError(`--${name} needs --batch`);
    }
    const query = { limit: intOption(input, "limit", { min: 1, max: 50 }) };
    if (flagOption(input, "json")) {
      printJson(
        ctx.out,
        await ctx.client.request(AnyJson, "GET", "/v1/rollouts/batches", { query }),
      );
      return 0;
    }
    const { batches } = await ctx.client.request(RolloutBatchList, "GET", "/v1/rollouts/batches", {
      query,
    });
    if (batches.length === 0) {
      ctx.out.print("no rollout batches yet");
      return 0;
    }
    const rows = batches.map((b) => [
      b.id,
      b.status,
      b.policy.name,
      String(b.tasks),
      String(b.groupSize),
      `${b.progress.done}/${b.progress.total}`,
      String(b.progress.failed),
      reward(b.progress.meanReward),
      b.createdAt,
    ]);
    ctx.out.print(
      table(
        ["ID", "STATUS", "POLICY", "TASKS", "GROUP", "DONE", "FAILED", "MEAN REWARD", "CREATED"],
        rows,
      ),
    );
    return 0;
  },
};

async function listRollouts(
  input: CommandInput,
  batch: string,
  { client, out }: CliContext,
): Promise<number> {
  const status = stringOption(input, "status");
  if (status !== undefined && !STATUSES.includes(status))
    throw new UsageError(`--status must be one of ${STATUSES.join(", ")}`);
  const page = await client.request(
    RolloutPage,
    "GET",
    apiPath`/v1/rollouts/batches/${batch}/rollouts`,
    {
      query: {
        status,
        limit: intOption(input, "limit", { min: 1, max: 500 }),
        cursor: stringOption(input, "cursor"),
      },
    },
  );
  if (flagOption(input, "json")) {
    printJson(out, page);
    return 0;
  }
  if (page.rollouts.length === 0) {
    out.print("no rollouts found");
    return 0;
  }
  const rows = page.rollouts.map((r) => [
    r.id,
    r.status,
    r.environment,
    r.kind,
    r.taskId,
    String(r.sample),
    reward(r.reward),
    r.finishReason ?? "-",
    r.turns === null ? "-" : String(r.turns),
    r.error ?? "",
  ]);
  out.print(
    table(
      [
        "ID",
        "STATUS",
        "ENVIRONMENT",
        "KIND",
        "TASK",
        "SAMPLE",
        "REWARD",
        "FINISH",
        "TURNS",
        "ERROR",
      ],
      rows,
      ["ERROR"],
    ),
  );
  if (page.nextCursor) {
    const filter = status === undefined ? "" : ` --status ${status}`;
    out.print(
      `\nmore: agent-world rollouts list --batch ${batch}${filter} --cursor ${page.nextCursor}`,
    );
  }
  return 0;
}
