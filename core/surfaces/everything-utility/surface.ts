// The utilities surface: a server's stand-alone helper tools (the MCP reference "everything"
// server and its look-alikes), recognised one by one by what the tool is, not by the server:
//
//   echo             `echo`/`<x>_echo`, or described "echoes back", one required string property
//   arithmetic       two required numbers; described as the sum/product/difference of two numbers
//   toggle           `toggle-<setting>` / `toggle_<setting>` with no properties: flips a row of
//                    `utility_setting`
//   environment      no properties, a name with env/environment/vars, described as about
//                    environment variables: rows of `utility_env_var`
//   resource-reference / resource-links
//                    `...resource...reference` with a numeric id and a Text/Blob type enum;
//                    `...resource...links` with one numeric count capped <= 100: rows of
//                    `utility_resource` (ids 1-100, each as a Text and a Blob resource)
//   lookup           one required string enum property and an outputSchema of scalars: one row
//                    per enum value in `utility_<arg>_lookup`, answered with structuredContent
//   image            no properties, `image` in the name, described as returning an image
//   annotated-message  an error/success/debug enum (and maybe an image flag), described as about
//                    annotations
//   long-running     long-running by name or description, only numeric duration/steps
//   gzip             gzip by name or description, a URI content property, maybe name/output type:
//                    writes `utility_session_resource`
// Each kind's file says its criterion and answers in full (the other files here).
//
// Results: every tool returns the MCP CallToolResult the reference server sends, as JSON:
// `{content: [...]}` with its text, image, resource and resource_link blocks, plus
// `structuredContent` where the real server sends it, and `_meta` for what a real call would
// have streamed (progress notifications). The servers' outputSchemas are not published: the
// platform's MCP endpoint wraps this whole object, so they would not describe it.
//
// Left out (claimed, with the reason): tools that need the client, recognised by their
// description: task-based execution, elicitation, sampling.
import type { SeedData, ToolSpec } from "../../environment/spec";
import { isJsonObject } from "../../mcp/spec-schema";
import { hashSeed, seededRandom } from "../kit/seed-values";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { arithmeticKind } from "./arithmetic";
import { echoKind } from "./echo";
import { envKind } from "./env";
import { gzipKind } from "./gzip";
import { annotatedMessageKind, imageKind } from "./image";
import type { UtilityContext, UtilityKind, UtilityTable } from "./kind";
import { longRunningKind } from "./long-running";
import { lookupKind } from "./lookup";
import { resourceLinksKind, resourceReferenceKind } from "./resources";
import { toggleKind } from "./toggle";

/** Most specific first: a tool is built by the first kind that matches it. */
const KINDS: readonly UtilityKind[] = [
  resourceReferenceKind,
  resourceLinksKind,
  gzipKind,
  lookupKind,
  annotatedMessageKind,
  imageKind,
  longRunningKind,
  toggleKind,
  envKind,
  arithmeticKind,
  echoKind,
];

/** Tools that cannot be one synchronous call with no client behind it, and why. */
const NEEDS_THE_CLIENT: ReadonlyArray<[RegExp, string]> = [
  [
    /\btask-based\b/i,
    "it runs as an MCP task: tools/call answers with a task handle and the result arrives later through tasks/get and tasks/result (with an elicitation request to the client when the query is ambiguous); an environment tool is one synchronous call with no client to ask",
  ],
  [
    /\belicitation\b/i,
    "it sends the client an elicitation request and waits for the user's answer; an environment tool runs with no client to ask",
  ],
  [
    /\bsampling\b/i,
    "it asks the client's LLM for a completion (sampling); an environment tool runs with no client model behind it",
  ],
];

export const utilitySurface: McpSurface = {
  name: "utilities",
  recognise(input) {
    const tables = new Map<string, UtilityTable>();
    const out: SurfaceImport = {
      surface: "utilities",
      claimed: [],
      schemaSql: "",
      seed: { tables: {} },
      tools: [],
      tables: [],
      implemented: [],
      leftOut: [],
      notes: [],
    };
    const sessionId = sessionIdOf(input.server);
    for (const tool of input.tools) {
      const kind = KINDS.find((k) => k.matches(tool));
      if (kind && isJsonObject(tool.original.inputSchema)) {
        const context = contextFor(input, tool, tables, sessionId);
        out.tools.push(publish(input, tool, kind, context, out));
        out.claimed.push(tool.original.name);
        continue;
      }
      const refusal = NEEDS_THE_CLIENT.find(([pattern]) =>
        pattern.test(tool.original.description ?? ""),
      );
      if (refusal) {
        out.claimed.push(tool.original.name);
        out.leftOut.push({
          tool: tool.original.name,
          status: "not yet implemented",
          reason: refusal[1],
        });
      }
    }
    if (out.claimed.length === 0) return undefined;
    finishTables(out, tables);
    if (out.tools.length > 0) {
      out.notes.push(
        "utility tools return the MCP CallToolResult the reference server sends ({content, structuredContent?}) as their JSON result",
      );
    }
    return out;
  },
};

function publish(
  input: SurfaceInput,
  tool: SurfaceTool,
  kind: UtilityKind,
  context: UtilityContext,
  out: SurfaceImport,
): ToolSpec {
  const original = tool.original;
  const built = kind.build(tool, context);
  const name = input.publishName(original.name);
  if (name !== original.name)
    out.notes.push(
      `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
    );
  out.implemented.push({
    tool: name,
    original: original.name,
    table: built.table,
    verb: kind.name,
    surface: "utilities",
  });
  return {
    name,
    description: (original.description ?? original.name).slice(0, 4000) || original.name,
    inputSchema: isJsonObject(original.inputSchema) ? original.inputSchema : tool.schema,
    effect: built.effect,
    implementation: built.implementation(name),
    tests: built.tests,
  };
}

function contextFor(
  input: SurfaceInput,
  tool: SurfaceTool,
  tables: Map<string, UtilityTable>,
  sessionId: string,
): UtilityContext {
  return {
    rnd: seededRandom(hashSeed(`${input.server}/${tool.original.name}`)),
    sessionId,
    table(name, make) {
      const known = tables.get(name);
      if (known) return known;
      const made = { name, ...make(seededRandom(hashSeed(`${input.server}/${name}`))) };
      tables.set(name, made);
      return made;
    },
    freshTableName(base) {
      let name = base;
      for (let n = 2; tables.has(name); n++) name = `${base}_${n}`;
      return name;
    },
  };
}

function finishTables(out: SurfaceImport, tables: Map<string, UtilityTable>): void {
  const seed: SeedData = { tables: {} };
  for (const t of tables.values()) {
    seed.tables[t.name] = { columns: t.columns, rows: t.rows };
    out.tables.push({ name: t.name, key: t.key, columns: t.columns, rows: t.rows.length });
  }
  out.seed = seed;
  out.schemaSql = [...tables.values()].map((t) => t.ddl).join("\n\n");
}

/** A stable, UUID-shaped id for the episode's one MCP session (the server names it in messages). */
function sessionIdOf(server: string): string {
  const rnd = seededRandom(hashSeed(`${server}/session`));
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}
