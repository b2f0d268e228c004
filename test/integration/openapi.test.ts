// The OpenAPI document covers every route of the real app, and the docs page is served.
import { describe, expect, it } from "vitest";
import { api } from "./support/platform";

describe("OpenAPI", () => {
  it("documents every resource of the API", async () => {
    const res = await api<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(
      "GET",
      "/v1/openapi.json",
      { key: null },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const paths = Object.keys(res.body.paths);
    for (const path of [
      "/v1/environments",
      "/v1/environments/{name}/versions/{version}/tools",
      "/v1/episodes",
      "/v1/episodes/{id}/tools/{tool}",
      "/v1/episodes/{id}/tool_calls",
      "/v1/episodes/{id}/state",
      "/v1/episodes/{id}/diff",
      "/v1/episodes/{id}/mcp",
      "/v1/episodes/{id}/openenv/step",
      "/v1/admin/keys",
    ]) {
      expect(paths).toContain(path);
    }
    expect(Object.keys(res.body.paths["/v1/environments"] ?? {}).sort()).toEqual(["get", "post"]);
  });

  it("serves a docs page that reads the document", async () => {
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch("http://agent-world.test/v1/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("/v1/openapi.json");
  });
});
