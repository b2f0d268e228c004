// Shared by the catalog and auth tests (not a setup file): a small app made of the catalog and
// admin sub-apps, environment specs that pass the spec schema, and publishing them the way the
// publish route does (seed to the seed store, then one catalog batch).
import { env } from "cloudflare:workers";
import { contentHash } from "../../../core/base/json";
import {
  type EnvironmentSpec,
  EnvironmentSpecSchema,
  type ToolSpec,
} from "../../../core/environment/spec";
import { catalogDb } from "../../../workers/catalog/catalog-db";
import {
  insertPublishedVersion,
  type PublishedVersion,
} from "../../../workers/catalog/publish-version";
import { putSeed } from "../../../workers/catalog/seed-store";
import type { ToolTestResult } from "../../../workers/catalog/tool-test-result";
import { errorResponse } from "../../../workers/http-errors";
import { createRouter } from "../../../workers/router";
import { adminKeyRoutes } from "../../../workers/routes/admin-keys";
import { environmentRoutes } from "../../../workers/routes/environments";

export function catalogTestApp() {
  const app = createRouter();
  app.route("/", environmentRoutes);
  app.route("/", adminKeyRoutes);
  app.onError(errorResponse);
  return app;
}

export function tool(name: string, effect: "read" | "write" = "read"): ToolSpec {
  return {
    name,
    description: `The ${name.replaceAll("_", " ")} tool.`,
    inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: [] },
    ...(effect === "write" ? { outputSchema: { type: "object" } } : {}),
    effect,
    implementation: "(args, ctx) => ctx.query('select 1 as one', [])",
    tests: [
      { name: `${name} answers`, args: {}, expect: { result: [{ one: 1 }], match: "exact" } },
    ],
  };
}

export interface SpecInput {
  name: string;
  version?: string;
  title?: string;
  description?: string;
  domain?: string;
  subdomain?: string;
  tools?: ToolSpec[];
  rows?: number;
}

export function makeSpec(input: SpecInput): EnvironmentSpec {
  const rows = Array.from({ length: input.rows ?? 3 }, (_, i) => [i + 1, `item ${i + 1}`]);
  return EnvironmentSpecSchema.parse({
    name: input.name,
    version: input.version ?? "1.0.0",
    title: input.title ?? `The ${input.name} environment`,
    description: input.description ?? `Tools over the ${input.name} database.`,
    category: { domain: input.domain ?? "misc", subdomain: input.subdomain ?? "general" },
    provenance: [{ kind: "handwritten", name: "test fixture", license: "MIT" }],
    schemaSql: "CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL);",
    seed: { tables: { items: { columns: ["id", "label"], rows } } },
    tools: input.tools ?? [tool("get_item")],
  });
}

export function passingResults(spec: EnvironmentSpec): ToolTestResult[] {
  return spec.tools.flatMap((t) =>
    t.tests.map((test) => ({ tool: t.name, test: test.name, passed: true, fuel: 120 })),
  );
}

export async function publish(
  spec: EnvironmentSpec,
  testResults: ToolTestResult[] = passingResults(spec),
): Promise<PublishedVersion> {
  const hash = await contentHash(spec);
  const seed = await putSeed(env, hash, spec.seed);
  return insertPublishedVersion(catalogDb(env.CATALOG), {
    spec,
    contentHash: hash,
    testResults,
    ...seed,
  });
}
