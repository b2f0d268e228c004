// The episode as an OpenEnv environment: reset / step / state / schema / health under
// /v1/episodes/:id/openenv, so OpenEnv clients (TRL, SkyRL, ART) use it as their base URL.
// Gymnasium names in every answer; OpenEnv's `done` and top-level `reward` for its client.
import { createRoute, z } from "@hono/zod-openapi";
import {
  OpenEnvStateSchema,
  ResetRequestSchema,
  ResetResponseSchema,
  StepResponseSchema,
} from "../../core/openenv/openenv-schemas";
import { openEnvReset } from "../../core/openenv/reset";
import { openEnvSchemas } from "../../core/openenv/schema";
import { openEnvState } from "../../core/openenv/state";
import { openEnvStep } from "../../core/openenv/step";
import { StepRequestSchema, toStepAction } from "../../core/openenv/step-action";
import { episodePortFor } from "../episodes/episode-client";
import { createRouter } from "../router";
import { EpisodeIdParams } from "../schemas/episode-schemas";
import { errorResponses } from "../schemas/error-schemas";
import type { EpisodePortFor } from "./mcp";

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const base = { tags: ["OpenEnv"], security: [{ apiKey: [] }] };

const resetRoute = createRoute({
  ...base,
  method: "post",
  path: "/v1/episodes/{id}/openenv/reset",
  summary: "Reset the episode to its initial data; the first observation and info",
  request: {
    params: EpisodeIdParams,
    body: { content: { "application/json": { schema: ResetRequestSchema } }, required: false },
  },
  responses: {
    200: json(ResetResponseSchema, "observation, info"),
    ...errorResponses(400, 401, 404, 410),
  },
});

const stepRoute = createRoute({
  ...base,
  method: "post",
  path: "/v1/episodes/{id}/openenv/step",
  summary: "Take one action (a tool call); observation, reward, terminated, truncated, info",
  description:
    "An unknown tool, schema-invalid arguments, the step limit or an expired episode are an observation carrying the error (`ok: false`), not an HTTP error. `request_id` (or `Idempotency-Key`) makes a retried step apply once; reused for a different action it answers 422 `idempotency_key_reused`.",
  request: {
    params: EpisodeIdParams,
    headers: z.object({ "idempotency-key": z.string().min(1).max(200).optional() }),
    body: { content: { "application/json": { schema: StepRequestSchema } }, required: true },
  },
  responses: {
    200: json(StepResponseSchema, "The step"),
    ...errorResponses(400, 401, 404, 413, 422),
  },
});

const stateRoute = createRoute({
  ...base,
  method: "get",
  path: "/v1/episodes/{id}/openenv/state",
  summary: "episode_id, step_count and the canonical digest of the episode's data",
  request: { params: EpisodeIdParams },
  responses: { 200: json(OpenEnvStateSchema, "The state"), ...errorResponses(401, 404, 410) },
});

const schemaRoute = createRoute({
  ...base,
  method: "get",
  path: "/v1/episodes/{id}/openenv/schema",
  summary: "JSON Schemas of this episode's action, observation and state",
  request: { params: EpisodeIdParams },
  responses: {
    200: json(
      z.object({
        action: z.record(z.string(), z.unknown()),
        observation: z.record(z.string(), z.unknown()),
        state: z.record(z.string(), z.unknown()),
      }),
      "The schemas",
    ),
    ...errorResponses(401, 404, 410),
  },
});

const healthRoute = createRoute({
  ...base,
  method: "get",
  path: "/v1/episodes/{id}/openenv/health",
  summary: "OpenEnv's readiness probe: healthy while the episode is active",
  request: { params: EpisodeIdParams },
  responses: {
    200: json(z.object({ status: z.literal("healthy") }), "Ready"),
    ...errorResponses(401, 404, 410),
  },
});

export function createOpenEnvRoutes(portFor: EpisodePortFor) {
  const routes = createRouter();

  routes.openapi(resetRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await openEnvReset(portFor(c, id), c.req.valid("json")), 200);
  });

  routes.openapi(stepRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const idempotencyKey = body.request_id ?? c.req.valid("header")["idempotency-key"];
    const step = await openEnvStep(portFor(c, id), id, toStepAction(body.action), {
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    return c.json(step, 200);
  });

  routes.openapi(stateRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await openEnvState(portFor(c, id)), 200);
  });

  routes.openapi(schemaRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(openEnvSchemas(await portFor(c, id).listTools()), 200);
  });

  routes.openapi(healthRoute, async (c) => {
    const { id } = c.req.valid("param");
    await portFor(c, id).info();
    return c.json({ status: "healthy" as const }, 200);
  });

  return routes;
}

export const openEnvRoutes = createOpenEnvRoutes((c, id) =>
  episodePortFor(c.env, c.get("auth"), id),
);
