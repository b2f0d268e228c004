import { EpisodeDO } from "../durable-objects/episode-do";

export { EpisodeDO };
export default {
  async fetch(req: Request, env: Env) {
    const stub = env.EPISODES.get(env.EPISODES.idFromName("x"));
    const r = await stub.hello();
    const d = await env.CATALOG.prepare("select 1 as one").first();
    return Response.json({ r, d });
  },
} satisfies ExportedHandler<Env>;
