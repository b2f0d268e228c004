// `agent-world rollouts status <batch>` and `rollouts cancel <batch>`: a batch's progress and report,
// and stopping it (rollouts already running finish; queued ones are cancelled).
import { RolloutBatchResponse } from "../api-schemas";
import { type Command, flagOption, JSON_OPTION, positional } from "../command";
import { apiPath } from "../http-client";
import { printJson } from "../output";
import { progressLine } from "./rollouts-progress";
import { printBatchReport } from "./rollouts-report";

export const rolloutsStatus: Command = {
  name: "status",
  summary: "Show a batch's progress and its reward report so far",
  args: "<batch-id>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const id = positional(input, 0);
    const answer = await client.request(
      RolloutBatchResponse,
      "GET",
      apiPath`/v1/rollouts/batches/${id}`,
    );
    if (flagOption(input, "json")) {
      printJson(out, answer);
      return 0;
    }
    if (answer.batch.status === "running") out.print(progressLine(answer.batch.progress));
    await printBatchReport(client, answer.batch, out);
    return 0;
  },
};

export const rolloutsCancel: Command = {
  name: "cancel",
  summary: "Cancel a batch: queued rollouts are cancelled, running ones stop at their next turn",
  args: "<batch-id>",
  arity: { min: 1, max: 1 },
  options: { json: JSON_OPTION },
  async run(input, { client, out }) {
    const id = positional(input, 0);
    const answer = await client.request(
      RolloutBatchResponse,
      "POST",
      apiPath`/v1/rollouts/batches/${id}/cancel`,
    );
    if (flagOption(input, "json")) {
      printJson(out, answer);
      return 0;
    }
    const { batch } = answer;
    const { progress } = batch;
    out.print(
      `${batch.id}: ${batch.status}; ${progress.done} done, ${progress.failed} failed, ${progress.cancelled} cancelled of ${progress.total}`,
    );
    return 0;
  },
};
