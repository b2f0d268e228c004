// Episode lifecycle: open an episode of `name[@version]`, read it, list its tools, delete it.
import { createRoute, z } from "@hono/zod-openapi";
import { unwrap } from "../../core/base/result";
import { formatTools } from "../../core/environment/tool-formats";
import { callerOf, episodeStub } from "../episodes/episode-client";
import { episodeLinks } from "../episodes/episode-links";
import { episodeSource } from "../episodes/episode-source";
import { openEpisodeWithinCap } from "../limits/episode-slots";
import { createRouter } from "../router";
import {
  CreateEpisodeBody,
  EpisodeIdParams,
  EpisodeInfoSchema,
  ToolFormatQuery,
} from "../schemas/episode-schemas";
import { errorResponses } from "../schemas/error-schemas";

export const episodeRoutes = createRouter();

episodeRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/episodes",
    tags: ["Episodes"],
    summary: "Open an episode: a private copy of an environment version",
    security: [{ apiKey: [] }],
    request: {
      body: { content: { "application/json": { schema: CreateEpisodeBody } }, required: true },
    },
    responses: {
      201: {
        description: "The new episode",
        content: { "application/json": { schema: EpisodeInfoSchema } },
      },
      ...errorResponses(400, 401, 404, 409, 413, 429),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const auth = c.get("auth");
    const source = await episodeSource(c.env, body);
    const info = await openEpisodeWithinCap(c.env, callerOf(auth), source, {
      seed: body.seed,
      clockStart: body.clockStart,
      limits: { ttlSeconds: body.ttlSeconds, maxSteps: body.maxSteps },
    });
    return c.json({ ...info, links: episodeLinks(new URL(c.req.url).origin, info.id) }, 201);
  },
);

episodeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/episodes/{id}",
    tags: ["Episodes"],
    summary: "An episode's status, step, clock and limits",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams },
    responses: {
      200: {
        description: "The episode",
        content: { "application/json": { schema: EpisodeInfoSchema } },
      },
      ...errorResponses(401, 404, 410),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const info = unwrap(await episodeStub(c.env, id).info(callerOf(c.get("auth"))));
    return c.json({ ...info, links: episodeLinks(new URL(c.req.url).origin, id) }, 200);
  },
);

episodeRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/episodes/{id}",
    tags: ["Episodes"],
    summary: "Delete an episode and its data",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams },
    responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 410) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    unwrap(await episodeStub(c.env, id).destroy(callerOf(c.get("auth"))));
    return c.body(null, 204);
  },
);

episodeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/episodes/{id}/tools",
    tags: ["Episodes"],
    summary: "The episode's tools, as OpenAI Chat Completions, OpenAI Responses or MCP tools",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams, query: ToolFormatQuery },
    responses: {
      200: {
        description: "Tools in the requested format",
        content: {
          "application/json": {
            schema: z.object({ format: z.string(), tools: z.array(z.unknown()) }),
          },
        },
      },
      ...errorResponses(401, 404, 410),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { format } = c.req.valid("query");
    const tools = unwrap(await episodeStub(c.env, id).listTools(callerOf(c.get("auth"))));
    return c.json({ format, tools: formatTools(tools, format) }, 200);
  },
);
