// The Worker's entry: the HTTP API (fetch), queue consumers (queue) and the cron (scheduled). The EpisodeDO class is
// exported from here for the Durable Object binding.
import { createApp } from "./app";
import { catalogDb } from "./catalog/catalog-db";
import type { AppEnv } from "./env";
import { dispatchQueueBatch } from "./queues/dispatch";
import { reviveStalledBatches } from "./rollouts/revive-stalled";

export { EpisodeDO } from "../durable-objects/episode-do";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue: (batch, env, _ctx) => dispatchQueueBatch(batch, env),
  // The cron trigger: rollouts whose queue messages were lost are sent again.
  scheduled: async (_controller, env, _ctx) => {
    await reviveStalledBatches(env, catalogDb(env.CATALOG));
  },
} satisfies ExportedHandler<AppEnv, unknown>;
