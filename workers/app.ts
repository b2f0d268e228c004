// The HTTP API: one Hono app, one sub-app per resource, auth by scope, body limits, OpenAPI at
// /v1/openapi.json with a docs page, and every error mapped once in `onError`.
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../core/base/errors";
import { inputErrorResponse } from "../core/mcp/json-rpc";
import { requireScope } from "./auth/require-scope";
import { docsPage } from "./docs-page";
import { errorResponse } from "./http-errors";
import { createRouter } from "./router";
import { adminKeyRoutes } from "./routes/admin-keys";
import { environmentRoutes } from "./routes/environments";
import { episodeCallRoutes } from "./routes/episode-calls";
import { episodeStateRoutes } from "./routes/episode-state";
import { episodeVerifyRoutes } from "./routes/episode-verify";
import { episodeRoutes } from "./routes/episodes";
import { importRoutes } from "./routes/imports";
import { isMcpPath, mcpRoutes } from "./routes/mcp";
import { openEnvRoutes } from "./routes/openenv";
import { policyRoutes } from "./routes/policies";
import { publishRoutes } from "./routes/publish";
import { rolloutRoutes } from "./routes/rollouts";
import { taskSynthesisRoutes } from "./routes/task-synthesis";
import { taskRoutes } from "./routes/tasks";
import { toolGraphRoutes } from "./routes/tool-graph";
import { strictJsonBody } from "./strict-json-body";

/** Tool calls and episode requests are small; a published environment carries its seed rows. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
// Parsed JSON takes several times its text size, and an isolate has 128 MB.
export const PUBLISH_BODY_LIMIT_BYTES = 24 * 1024 * 1024;

export function createApp() {
  const app = createRouter();
  app.use("/v1/environments", limitBody(PUBLISH_BODY_LIMIT_BYTES));
  app.use("/v1/environments/imports", limitBody(PUBLISH_BODY_LIMIT_BYTES));
  for (const path of [
    "/v1/episodes",
    "/v1/episodes/*",
    "/v1/admin/*",
    "/v1/tasks/*",
    "/v1/rollouts",
    "/v1/rollouts/*",
    "/v1/policies",
    "/v1/policies/*",
  ]) {
    app.use(path, limitBody(BODY_LIMIT_BYTES));
  }

  app.use("/v1/episodes", requireScope("episodes"));
  app.use("/v1/episodes/*", requireScope("episodes"));
  app.use("/v1/admin/*", requireScope("admin"));
  // Reading tasks is for trainers (episodes); synthesizing writes to the catalog.
  app.on("GET", ["/v1/tasks", "/v1/tasks/*"], requireScope("episodes"));
  app.on("POST", "/v1/tasks/*", requireScope("catalog:write"));
  // Rollouts and the policies that play them are a trainer's work.
  for (const path of ["/v1/rollouts", "/v1/rollouts/*", "/v1/policies", "/v1/policies/*"]) {
    app.use(path, requireScope("episodes"));
  }
  // After the body limits and auth; MCP reads its own body to answer failures in JSON-RPC.
  app.use("*", strictJsonBody({ maxBytes: PUBLISH_BODY_LIMIT_BYTES, skip: isMcpPath }));

  // Before the catalog routes, whose `/v1/environments/{name}` would match `imports`.
  app.route("/", importRoutes);
  app.route("/", environmentRoutes);
  app.route("/", toolGraphRoutes);
  app.route("/", publishRoutes);
  app.route("/", episodeRoutes);
  app.route("/", episodeVerifyRoutes);
  app.route("/", episodeCallRoutes);
  app.route("/", episodeStateRoutes);
  app.route("/", mcpRoutes);
  app.route("/", openEnvRoutes);
  app.route("/", adminKeyRoutes);
  app.route("/", taskSynthesisRoutes);
  app.route("/", taskRoutes);
  app.route("/", policyRoutes);
  app.route("/", rolloutRoutes);

  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An Agent World API key (`aw_...`), also accepted as `X-API-Key`",
  });
  app.doc31("/v1/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Agent World API",
      version: "0.1.0",
      description:
        "Verifiable tool-use environments for training LLM agents: catalog, episodes, MCP and OpenEnv.",
    },
    servers: [{ url: new URL(c.req.url).origin }],
  }));
  app.get("/v1/docs", (c) => c.html(docsPage("/v1/openapi.json")));
  app.get("/", (c) =>
    c.json({
      name: "agent-world",
      docs: "/v1/docs",
      openapi: "/v1/openapi.json",
      environments: "/v1/environments",
    }),
  );
  app.get("/health", (c) => c.json({ ok: true }));

  app.notFound((c) => {
    throw new AppError("not_found", `No route for ${c.req.method} ${new URL(c.req.url).pathname}.`);
  });
  app.onError(errorResponse);
  return app;
}

function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      const tooLarge = new AppError(
        "payload_too_large",
        `The request body is larger than ${maxSize} bytes.`,
        { limitBytes: maxSize },
      );
      // An MCP client reads JSON-RPC errors only.
      if (isMcpPath(c.req.path)) return c.json(inputErrorResponse(tooLarge), 413);
      throw tooLarge;
    },
  });
}
