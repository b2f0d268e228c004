// An episode's state: canonical digest, diff against the initial data, snapshots and reset.
import { createRoute, z } from "@hono/zod-openapi";
import { unwrap } from "../../core/base/result";
import { callerOf, episodeStub } from "../episodes/episode-client";
import { createRouter } from "../router";
import {
  EpisodeIdParams,
  EpisodeInfoSchema,
  EpisodeStateSchema,
  SnapshotParams,
} from "../schemas/episode-schemas";
import { errorResponses } from "../schemas/error-schemas";

export const episodeStateRoutes = createRouter();

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

episodeStateRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/episodes/{id}/state",
    tags: ["Episode state"],
    summary: "Canonical SHA-256 digest of every table's contents, and per table",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams },
    responses: { 200: json(EpisodeStateSchema, "The digest"), ...errorResponses(401, 404, 410) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(unwrap(await episodeStub(c.env, id).state(callerOf(c.get("auth")))), 200);
  },
);

episodeStateRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/episodes/{id}/diff",
    tags: ["Episode state"],
    summary: "Rows inserted, updated and deleted per table since the episode opened",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams },
    responses: {
      200: json(z.object({ tables: z.record(z.string(), z.unknown()) }), "The diff"),
      ...errorResponses(401, 404, 410),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const diff = unwrap(await episodeStub(c.env, id).diff(callerOf(c.get("auth"))));
    return c.json({ tables: diff }, 200);
  },
);

episodeStateRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/episodes/{id}/reset",
    tags: ["Episode state"],
    summary: "Back to the initial data, step 0 and the start of the virtual clock",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams },
    responses: {
      200: json(EpisodeInfoSchema, "The reset episode"),
      ...errorResponses(401, 404, 410),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(unwrap(await episodeStub(c.env, id).reset(callerOf(c.get("auth")))), 200);
  },
);

const SnapshotSchema = z
  .object({ snapshotId: z.string(), step: z.number().int() })
  .openapi("Snapshot");

episodeStateRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/episodes/{id}/snapshots",
    tags: ["Episode state"],
    summary: "Snapshot the episode's tables, clock and randomness",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams },
    responses: { 201: json(SnapshotSchema, "The snapshot"), ...errorResponses(401, 404, 410) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(unwrap(await episodeStub(c.env, id).snapshot(callerOf(c.get("auth")))), 201);
  },
);

episodeStateRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/episodes/{id}/snapshots",
    tags: ["Episode state"],
    summary: "The episode's snapshots",
    security: [{ apiKey: [] }],
    request: { params: EpisodeIdParams },
    responses: {
      200: json(z.object({ snapshots: z.array(SnapshotSchema) }), "Snapshots, oldest first"),
      ...errorResponses(401, 404, 410),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    return c.json(
      { snapshots: unwrap(await episodeStub(c.env, id).snapshots(callerOf(c.get("auth")))) },
      200,
    );
  },
);

episodeStateRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/episodes/{id}/snapshots/{snapshotId}/restore",
    tags: ["Episode state"],
    summary: "Restore a snapshot (tables, step, clock and randomness)",
    security: [{ apiKey: [] }],
    request: { params: SnapshotParams },
    responses: {
      200: json(EpisodeInfoSchema, "The restored episode"),
      ...errorResponses(401, 404, 410),
    },
  }),
  async (c) => {
    const { id, snapshotId } = c.req.valid("param");
    return c.json(
      unwrap(await episodeStub(c.env, id).restore(callerOf(c.get("auth")), snapshotId)),
      200,
    );
  },
);
