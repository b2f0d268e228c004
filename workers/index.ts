// The Worker's entry: the HTTP API (fetch). Queue consumers and scheduled jobs join as the issues
// that need them land; the queues are declared in wrangler.toml already.
import { createApp } from "./app";
import type { AppEnv } from "./env";

export { EpisodeDO } from "../durable-objects/episode-do";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<AppEnv>;
