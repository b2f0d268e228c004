// `agent-world tasks synth <env>`: start a synthesis job, follow it with a progress line, and
// print its report (kept, rejected by reason, why it stopped short).
import { SynthesisJobReport, SynthesisJobResponse } from "../api-schemas";
import {
  CliError,
  type Command,
  flagOption,
  intOption,
  JSON_OPTION,
  positional,
  stringOption,
  UsageError,
} from "../command";
import { apiPath } from "../http-client";
import { type Output, printJson } from "../output";
import { pollPatiently } from "../patient-poll";

const POLL_MS = 1000;
const TIMEOUT_MS = 30 * 60 * 1000;
/** Starting the job: bounded, never undici's 300 s headers timeout (not retried: a second job). */
const SUBMIT_TIMEOUT_MS = 120_000;
const STRATEGIES = ["graph", "programmatic", "mixed"];
const LEVELS = ["easy", "medium", "hard"];

export const tasksSynth: Command = {
  name: "synth",
  summary: "Synthesize verified tasks on an environment (a job; progress shown)",
  args: "<env>",
  arity: { min: 1, max: 1 },
  options: {
    count: { type: "string", value: "N", description: "tasks to make, 1-5000 (default 100)" },
    strategy: { type: "string", value: "S", description: "graph | programmatic | mixed (default)" },
    level: { type: "string", value: "L", description: "easy | medium | hard" },
    seed: { type: "string", value: "SEED", description: "same seed, same tasks" },
    rewrite: {
      type: "boolean",
      description: "reword the instructions with the platform's configured LLM (checked for leaks)",
    },
    "no-wait": { type: "boolean", description: "print the job id and return at once" },
    json: JSON_OPTION,
  },
  notes: [
    "example: agent-world tasks synth chinook --count 200 --strategy graph --level medium",
    "Needs a key with the catalog:write scope. <env> is name or name@version.",
  ],
  async run(input, { client, config, out }) {
    const strategy = stringOption(input, "strategy");
    if (strategy !== undefined && !STRATEGIES.includes(strategy))
      throw new UsageError(`--strategy must be one of ${STRATEGIES.join(", ")}`);
    const level = stringOption(input, "level");
    if (level !== undefined && !LEVELS.includes(level))
      throw new UsageError(`--level must be one of ${LEVELS.join(", ")}`);
    const seed = stringOption(input, "seed");
    const body = {
      environment: positional(input, 0),
      count: intOption(input, "count", { min: 1, max: 5000 }) ?? 100,
      ...(strategy ? { strategy } : {}),
      ...(level ? { difficulty: { level } } : {}),
      ...(seed ? { seed } : {}),
      ...(flagOption(input, "rewrite") ? { rewrite: true } : {}),
    };
    const json = flagOption(input, "json");
    let { job } = await client.request(SynthesisJobResponse, "POST", "/v1/tasks/synthesize", {
      body,
      timeoutMs: SUBMIT_TIMEOUT_MS,
    });
    if (flagOption(input, "no-wait")) {
      if (json) printJson(out, { job });
      else
        out.print(
          `${job.id}: ${job.status}; follow it with \`agent-world tasks list --job ${job.id}\``,
        );
      return 0;
    }
    const started = Date.now();
    let shown = "";
    while (job.status === "queued" || job.status === "running") {
      if (Date.now() - started > TIMEOUT_MS)
        throw new CliError(`job ${job.id} is still ${job.status}; check it later`);
      const line = `${job.id}: ${job.status}, shards ${job.shards.done + job.shards.failed}/${job.shards.total}, ${job.kept} tasks kept`;
      if (!json && line !== shown) {
        out.print(line);
        shown = line;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      // A poll that goes unanswered (a busy local server can drop one) is asked again, with backoff.
      ({ job } = await pollPatiently(
        client,
        {
          schema: SynthesisJobResponse,
          path: apiPath`/v1/tasks/jobs/${job.id}`,
          what: `synthesis job ${job.id}`,
          later: `agent-world tasks list --job ${job.id}`,
        },
        config.poll,
      ));
    }
    if (json) {
      printJson(out, { job });
      return job.status === "failed" ? 1 : 0;
    }
    const env = `${job.environment.name}@${job.environment.version}`;
    out.print(`${job.status === "failed" ? "failed" : "done"}: ${job.kept} tasks kept on ${env}`);
    printReport(job.report, out);
    if (job.kept > 0) out.print(`list them: agent-world tasks list --job ${job.id}`);
    return job.status === "failed" ? 1 : 0;
  },
};

function printReport(report: unknown, out: Output): void {
  const parsed = SynthesisJobReport.safeParse(report);
  if (!parsed.success) return;
  const r = parsed.data;
  out.print(`  requested ${r.requested}, kept ${r.kept}`);
  const rejected = Object.entries(r.rejected ?? {}).sort((a, b) => b[1] - a[1]);
  for (const [reason, n] of rejected) {
    const example = r.examples?.[reason]?.[0];
    out.print(`  rejected ${n} ${reason}${example ? ` (e.g. ${example})` : ""}`);
  }
  for (const failed of r.failedShards ?? [])
    out.print(`  shard ${failed.shard} failed: ${failed.error}`);
  if (r.stoppedBecause) out.print(`  stopped because ${r.stoppedBecause}`);
  if (r.rewrite && r.rewrite.status !== "not requested") {
    const refused = Object.entries(r.rewrite.reasons)
      .map(([reason, n]) => `${n} ${reason}`)
      .join(", ");
    out.print(
      r.rewrite.status === "ran"
        ? `  instructions reworded by the LLM: ${r.rewrite.rewritten}, kept as templated: ${r.rewrite.kept}${refused ? ` (refused: ${refused})` : ""}`
        : "  instructions not reworded: no LLM is configured (LLM_BASE_URL, LLM_MODEL)",
    );
  }
  if (r.seconds !== undefined) out.print(`  took ${r.seconds.toFixed(1)} s`);
}
