// Scoring an episode opened for a task over HTTP, and playing it with a built-in policy (oracle or
// random, workers/episodes/play-episode.ts) before scoring it.
import { createRoute } from "@hono/zod-openapi";
import type { Json } from "../../core/base/json";
import { unwrap } from "../../core/base/result";
import { callerOf, episodeStub } from "../episodes/episode-client";
import { taskOfEpisode } from "../episodes/episode-task";
import { playOracle, playRandom, rubricJudgeFrom, verifyEpisode } from "../episodes/play-episode";
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
    const judge = rubricJudgeFrom(c.env as unknown as Record<string, unknown>);
    return c.json(await verifyEpisode(stub, caller, task, parsed.answer, judge), 200);
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
        ? await playOracle(stub, caller, task, { errorRate: body.errorRate, seed })
        : await playRandom(stub, caller, body.calls, seed);
    const verification = body.verify
      ? await verifyEpisode(
          stub,
          caller,
          task,
          played.ok ? played.answer : undefined,
          rubricJudgeFrom(c.env as unknown as Record<string, unknown>),
        )
      : undefined;
    return c.json(
      {
        policy: body.policy,
        calls: played.calls.map((call) => ({ tool: call.tool, ok: call.outcome.ok })),
        answer: played.answer,
        ...(played.error ? { error: played.error } : {}),
        ...(verification ? { verification } : {}),
      },
      200,
    );
  },
);
