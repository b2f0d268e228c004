// The REST passthrough surface: servers that expose an HTTP API through one tool per method.
// Recognised by name and arguments, not by server: a tool whose name ends in an HTTP method
// (`jira_get`, `api-post`, `http_delete`; get/post/put/patch/delete after `_` or `-`) and that
// takes a required string `path`. Tools sharing a prefix form one family (the largest family
// with a GET tool is taken). The API is modelled from the example paths and bodies in the tools'
// descriptions (model.ts) as a store of JSON documents in one table, seeded by a
// profile (tracker.ts for issue trackers, generic.ts otherwise); each tool runs
// the same runtime (runtime.ts) with its own method.
import { validateArguments } from "../../base/json-schema/validate-arguments";
import type { SeedData, ToolSpec } from "../../environment/spec";
import { isJsonObject } from "../../mcp/spec-schema";
import { hashSeed, seededRandom } from "../kit/seed-values";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { REST_TABLE, restConfig, restImplementation } from "./code";
import type { FieldSpec, HttpMethod } from "./config";
import { genericProfile } from "./generic";
import { deriveModel, type Mention, mentionsOf } from "./model";
import type { Profile } from "./profile";
import { restTests } from "./tests";
import { isTracker, trackerProfile } from "./tracker";

const METHOD_NAME = /^(.*?)[_-](get|post|put|patch|delete)$/i;
const COLUMNS = ["collection", "parent", "id", "key", "doc", "created", "updated"];

const SCHEMA_SQL = `CREATE TABLE "${REST_TABLE}" (
  "collection" TEXT NOT NULL,
  "parent" TEXT NOT NULL,
  "id" TEXT NOT NULL,
  "key" TEXT,
  "doc" TEXT NOT NULL,
  "created" TEXT NOT NULL,
  "updated" TEXT NOT NULL,
  PRIMARY KEY ("collection", "parent", "id")
);

CREATE INDEX "${REST_TABLE}_by_key" ON "${REST_TABLE}" ("collection", "key");`;

interface Member {
  tool: SurfaceTool;
  method: HttpMethod;
}

function hasPathArgument(tool: SurfaceTool): boolean {
  const props = tool.schema.properties;
  const required = tool.schema.required;
  const path = isJsonObject(props) ? props.path : undefined;
  return (
    isJsonObject(path) &&
    path.type === "string" &&
    Array.isArray(required) &&
    required.includes("path")
  );
}

/** The largest family of `<prefix>_<method>` tools with a `path`, if it has a GET tool. */
export function familyOf(tools: readonly SurfaceTool[]): Member[] | undefined {
  const families = new Map<string, Member[]>();
  for (const tool of tools) {
    const m = METHOD_NAME.exec(tool.original.name);
    if (!m || !hasPathArgument(tool)) continue;
    const prefix = (m[1] ?? "").toLowerCase();
    const method = (m[2] ?? "").toUpperCase() as HttpMethod;
    families.set(prefix, [...(families.get(prefix) ?? []), { tool, method }]);
  }
  const withGet = [...families.values()].filter((f) => f.some((m) => m.method === "GET"));
  return withGet.sort((a, b) => b.length - a.length)[0];
}

export function pathDescription(tool: SurfaceTool): string {
  const props = tool.schema.properties;
  const path = isJsonObject(props) ? props.path : undefined;
  return isJsonObject(path) && typeof path.description === "string" ? path.description : "";
}

/** References to collections this API does not have are dropped from the layouts. */
function withoutDanglingRefs(profile: Profile): Profile {
  const names = new Set(profile.collections.map((c) => c.name));
  const keep = (f: FieldSpec) => f.ref === undefined || names.has(f.ref);
  return {
    ...profile,
    collections: profile.collections.map((c) => ({
      ...c,
      top: c.top.filter(keep),
      env: c.env.filter(keep),
    })),
  };
}

function recognise(input: SurfaceInput): SurfaceImport | undefined {
  const family = familyOf(input.tools);
  if (!family) return undefined;
  const claimed = family.map((m) => m.tool.original.name);
  const out: SurfaceImport = {
    surface: "rest",
    claimed,
    schemaSql: "",
    seed: { tables: {} },
    tools: [],
    tables: [],
    implemented: [],
    leftOut: [],
    notes: [],
  };
  const leaveAll = (reason: string) => {
    out.leftOut = claimed.map((tool) => ({ tool, status: "not yet implemented", reason }));
    return out;
  };
  const mentions: Mention[] = family.flatMap((m) =>
    mentionsOf(m.method, m.tool.original.description ?? "", pathDescription(m.tool)),
  );
  if (mentions.length === 0)
    return leaveAll("a REST passthrough tool, but no description lists example API paths to model");
  const model = deriveModel(mentions);
  if (model.collections.length === 0)
    return leaveAll("a REST passthrough tool, but the described paths name no collections");
  const profileInput = { model, rnd: seededRandom(hashSeed(`${input.server}/rest`)) };
  const profile = withoutDanglingRefs(
    isTracker(model) ? trackerProfile(profileInput) : genericProfile(profileInput),
  );
  for (const { tool, method } of family) {
    const original = tool.original;
    const schema = original.inputSchema;
    if (!isJsonObject(schema)) {
      out.leftOut.push({
        tool: original.name,
        status: "not yet implemented",
        reason: "its inputSchema is not an object",
      });
      continue;
    }
    const config = restConfig(method, model, profile);
    const tests = restTests(method, config, profile.docs);
    const invalid = tests
      .map((t) => ({ t, verdict: validateArguments(schema, t.args) }))
      .find((v) => !v.verdict.valid);
    const reason = tests.every((t) => t.expect.error !== undefined)
      ? `no described path accepts ${method} with seeded documents to test it on`
      : invalid
        ? `its tests' arguments do not fit its inputSchema (${invalid.t.name})`
        : undefined;
    if (reason) {
      out.leftOut.push({ tool: original.name, status: "not yet implemented", reason });
      continue;
    }
    const name = input.publishName(original.name);
    const spec: ToolSpec = {
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema: schema,
      effect: method === "GET" ? "read" : "write",
      implementation: restImplementation(name, config),
      tests,
    };
    out.tools.push(spec);
    out.implemented.push({
      tool: name,
      original: original.name,
      table: REST_TABLE,
      verb: method.toLowerCase(),
      surface: "rest",
    });
  }
  const seed: SeedData = {
    tables: {
      [REST_TABLE]: {
        columns: COLUMNS,
        rows: profile.docs.map((d) => [
          d.collection,
          d.parent,
          d.id,
          d.key,
          JSON.stringify(d.doc),
          d.created,
          d.updated,
        ]),
      },
    },
  };
  if (out.tools.length > 0) {
    out.schemaSql = SCHEMA_SQL;
    out.seed = seed;
    out.tables.push({
      name: REST_TABLE,
      key: "collection, parent, id",
      columns: COLUMNS,
      rows: profile.docs.length,
    });
  }
  const counts = profile.collections
    .map((c) => `${c.name} (${profile.docs.filter((d) => d.collection === c.name).length})`)
    .join(", ");
  out.notes.push(
    `REST API /${model.base.join("/")} modelled as a ${profile.kind} document store: ${counts}`,
    ...model.skipped.filter((s, i, all) => all.indexOf(s) === i),
    ...profile.notes,
  );
  return out;
}

export const restSurface: McpSurface = { name: "rest", recognise };
