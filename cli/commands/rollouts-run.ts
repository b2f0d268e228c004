// `agent-world rollouts run`: start a rollout batch, follow it with a progress bar on stderr, and
// print its report (mean reward and pass rate per environment and task kind). Ctrl-C cancels it.
import { RolloutBatchResponse } from "../api-schemas";
import { type Command, flagOption } from "../command";
import { apiPath } from "../http-client";
import { printJson } from "../output";
import { numberOption } from "./policies-sampling-options";
import { followBatch } from "./rollouts-follow";
import { ProgressReporter } from "./rollouts-progress";
import { printBatchReport } from "./rollouts-report";
import { createRolloutsBody, RUN_OPTIONS } from "./rollouts-run-request";

/** The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells report it. */
const INTERRUPTED_EXIT = 130;

export const rolloutsRun: Command = {
  name: "run",
  summary: "Run a batch of rollouts of a policy on tasks; progress, then a reward report",
  args: "",
  arity: { min: 0, max: 0 },
  options: {
    ...RUN_OPTIONS,
    "no-wait": { type: "boolean", description: "print the batch id and links, and return at once" },
    "poll-interval": {
      type: "string",
      value: "SECS",
      description: "between progress polls (default 1)",
    },
    "poll-timeout": {
      type: "string",
      value: "SECS",
      description: "give up on one poll after SECS and ask again (default 10)",
    },
    json: { type: "boolean", description: "print the finished batch's JSON instead of the report" },
  },
  notes: [
    "examples:",
    "  agent-world rollouts run --env chinook --level easy --limit 50 --policy oracle",
    "  agent-world rollouts run --tasks tsk_a,tsk_b --policy qwen3-8b --group-size 8 --temperature 1",
    "Progress goes to stderr; Ctrl-C cancels the batch (exit 130). The exit code is 0 when the",
    "batch finished, even if some rollouts failed (their count and first errors are printed).",
  ],
  async run(input, { client, out }) {
    const body = createRolloutsBody(input);
    const pollMs = (numberOption(input, "poll-interval", 0, 3600, true) ?? 1) * 1000;
    const pollTimeoutMs = (numberOption(input, "poll-timeout", 0, 3600, true) ?? 10) * 1000;
    const json = flagOption(input, "json");
    const created = await client.request(RolloutBatchResponse, "POST", "/v1/rollouts", { body });
    const { batch } = created;
    if (flagOption(input, "no-wait")) {
      if (json) printJson(out, created);
      else {
        out.print(`${batch.id}: ${batch.status}, ${batch.progress.total} rollouts`);
        for (const [name, link] of Object.entries(created.links)) out.print(`  ${name}  ${link}`);
        out.print(`follow it with \`agent-world rollouts status ${batch.id}\``);
      }
      return 0;
    }
    const reporter = new ProgressReporter({
      out,
      ...(process.stderr.isTTY ? { terminal: process.stderr } : {}),
    });
    const interrupt = new AbortController();
    const onSigint = () => interrupt.abort();
    // Only the first Ctrl-C is ours: a second one while cancelling ends the process as usual.
    process.once("SIGINT", onSigint);
    let followed: Awaited<ReturnType<typeof followBatch>>;
    try {
      followed = await followBatch(client, created, {
        reporter,
        pollMs,
        pollTimeoutMs,
        interrupt: interrupt.signal,
      });
    } catch (err) {
      reporter.close();
      throw err;
    } finally {
      process.off("SIGINT", onSigint);
    }
    if (!followed.ended) {
      reporter.close();
      out.error(`interrupted: cancelling batch ${batch.id}`);
      const cancelled = await client.request(
        RolloutBatchResponse,
        "POST",
        apiPath`/v1/rollouts/batches/${batch.id}/cancel`,
      );
      const { progress } = cancelled.batch;
      out.error(
        `cancelled batch ${batch.id}: ${progress.done} done, ${progress.failed} failed, ${progress.cancelled} cancelled`,
      );
      return INTERRUPTED_EXIT;
    }
    const final = followed.last;
    reporter.finish(final.batch.progress);
    if (json) printJson(out, final);
    else {
      await printBatchReport(client, final.batch, out);
      out.print(
        `export: agent-world rollouts export ${final.batch.id} --out ${final.batch.id}.jsonl`,
      );
    }
    if (final.batch.status === "cancelled") {
      out.error(`batch ${final.batch.id} was cancelled before it finished`);
      return 1;
    }
    return 0;
  },
};
