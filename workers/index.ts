// The Worker's entry: the HTTP API (fetch) and queue consumers (queue). The EpisodeDO class is
// exported from here for the Durable Object binding.
import { createApp } from "./app";
import type { AppEnv } from "./env";
import { dispatchQueueBatch } from "./queues/dispatch";

export { EpisodeDO } from "../durable-objects/episode-do";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue: (batch, env, _ctx) => dispatchQueueBatch(batch, env),
} satisfies ExportedHandler<AppEnv, unknown>;
