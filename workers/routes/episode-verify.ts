// Scoring an episode opened for a task, and the built-in policies that play one: `oracle` replays
// the task's reference solution (optionally with dropped calls), `random` makes schema-valid
// random calls. Both go through the episode's normal call path, so the call log shows them.
import { createRoute } from "@hono/zod-openapi";
import type { Json } from "../../core/json";
import { unwrap } from "../../core/result";
import { createPrng } from "../../core/sandbox/determinism";
import { randomCalls } from "../../core/tasks/policies/random-policy";
import { scoreEpisode } from "../../core/tasks/score-episode";
import type { Task } from "../../core/tasks/task";
import type { Caller, EpisodeRpc } from "../../durable-objects/episode-rpc";
import { callerOf, episodeStub } from "../episodes/episode-client";
import { taskOfEpisode } from "../episodes/episode-task";
import { createRouter } from "../router";
import { EpisodeIdParams } from "../schemas/episode-schemas";
import { errorResponses } from "../schemas/error-schemas";
import {
  AutoplayBody,
  AutoplayResultSchema,
  VerificationSchema,
  VerifyBody,
} from "../schemas/verify-schemas";

export const episodeVerifyRoutes = createRouter();

episodeVerifyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/episodes/{id}/verify",
    tags: ["Tasks"],
    summary: "Score the episode against its task: reward, named components and the state diff",
    security: [{ apiKey: [] }],
    request: {
      params: EpisodeIdParams,
      body: { content: { "application/json": { schema: VerifyBody } }, required: false },
    },
    responses: {
      200: {
        description: "The verification",
        content: { "application/json": { schema: VerificationSchema } },
      },
      ...errorResponses(400, 401, 404, 409, 410),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const parsed = (c.req.valid("json") as { answer?: Json } | undefined) ?? {};
    const stub = episodeStub(c.env, id);
    const caller = callerOf(c.get("auth"));
    const task = await taskOfEpisode(c.env, unwrap(await stub.info(caller)));
    return c.json(await verifyEpisode(stub, caller, task, parsed.answer), 200);
  },
);

episodeVerifyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/episodes/{id}/autoplay",
    tags: ["Tasks"],
    summary: "Play the episode's task with a built-in policy (oracle or random), then verify",
    security: [{ apiKey: [] }],
    request: {
      params: EpisodeIdParams,
      body: { content: { "application/json": { schema: AutoplayBody } }, required: true },
    },
    responses: {
      200: {
        description: "What the policy did, and the verification",
        content: { "application/json": { schema: AutoplayResultSchema } },
      },
      ...errorResponses(400, 401, 404, 409, 410),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const stub = episodeStub(c.env, id);
    const caller = callerOf(c.get("auth"));
    const task = await taskOfEpisode(c.env, unwrap(await stub.info(caller)));
    const seed = body.seed ?? `${id}:${body.policy}`;
    const played =
      body.policy === "oracle"
        ? unwrap(
            await stub.runSolution(caller, {
              program: task.solution.program,
              errorRate: body.errorRate,
              seed,
            }),
          )
        : await playRandom(stub, caller, body.calls, seed);
    const verification = body.verify
      ? await verifyEpisode(stub, caller, task, played.ok ? played.answer : undefined)
      : undefined;
    return c.json(
      {
        policy: body.policy,
        calls: played.calls,
        answer: played.answer,
        ...(played.error ? { error: played.error } : {}),
        ...(verification ? { verification } : {}),
      },
      200,
    );
  },
);

async function verifyEpisode(stub: EpisodeRpc, caller: Caller, task: Task, answer?: Json) {
  const changes = unwrap(await stub.diff(caller));
  return { task: task.id, ...scoreEpisode(task, changes, answer) };
}

async function playRandom(stub: EpisodeRpc, caller: Caller, count: number, seed: string) {
  const tools = unwrap(await stub.listTools(caller));
  const requests = randomCalls(tools, createPrng(seed), count);
  const results = unwrap(await stub.callTools(caller, requests));
  return {
    ok: true,
    answer: null,
    calls: requests.map((r, i) => {
      const result = results[i];
      return { tool: r.tool, ok: result?.ok === true && result.value.ok };
    }),
  } as { ok: boolean; answer: Json; calls: { tool: string; ok: boolean }[]; error?: undefined };
}
