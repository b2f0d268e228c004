// The Worker's entry: the HTTP API (fetch), queue consumers (queue) and the cron (scheduled). The EpisodeDO class is
// exported from here for the Durable Object binding.
import { createApp } from "./app";
import type { AppEnv } from "./env";
import { dispatchQueueBatch } from "./queues/dispatch";
import { sweepStuckWork } from "./queues/sweep-stuck-work";

export { EpisodeDO } from "../durable-objects/episode-do";
export { KeyQuotaDO } from "../durable-objects/key-quota-do";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue: (batch, env, _ctx) => dispatchQueueBatch(batch, env),
  // The cron trigger: imports, synthesis shards and rollouts whose messages were lost or whose
  // workers died are sent again, or failed once out of attempts (queues/sweep-stuck-work.ts).
  scheduled: async (controller, env, _ctx) => {
    await sweepStuckWork(env, new Date(controller.scheduledTime));
  },
} satisfies ExportedHandler<AppEnv, unknown>;
