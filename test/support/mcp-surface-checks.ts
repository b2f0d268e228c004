// Checks every MCP surface test makes on its own server's spec: the surface implements the tools
// it should under the server's names and schemas, without splicing arguments into code, and it
// claims no tool of the other shared specs. Each returns what is wrong (empty when all is well), so
// the test states the expectation.
import { readFileSync } from "node:fs";
import type { Json } from "../../core/base/json";
import type { McpImport } from "../../core/mcp/import/spec-import";
import { isJsonObject, parseMcpSpec } from "../../core/mcp/spec-schema";
import { resolveRefs } from "../../core/mcp/tool-json-schema";
import type { McpSurface, SurfaceTool } from "../../core/surfaces/surface";
import { interpolatesArguments } from "./database-harness";

export const SHARED_SPECS = [
  "airtable",
  "atlassian-jira",
  "everything",
  "filesystem",
  "github",
  "gmail",
  "google-calendar",
  "hubspot",
  "kubernetes",
  "memory",
  "notion",
  "postgres",
  "slack",
  "sqlite-npx-chinook",
  "taskmanager",
] as const;

const specsDir = new URL("../../catalog/mcp/specs/", import.meta.url);

/** The text of one shared spec, `catalog/mcp/specs/<name>.json`. */
export function sharedSpecText(name: string): string {
  return readFileSync(new URL(`${name}.json`, specsDir), "utf8");
}

/** A shared spec's tools as the importer offers them to a surface (valid schemas, refs inlined). */
export function sharedSpecTools(name: string): SurfaceTool[] {
  return parseMcpSpec(sharedSpecText(name)).tools.flatMap((t) => {
    const resolved = isJsonObject(t.inputSchema) ? resolveRefs(t.inputSchema) : undefined;
    return resolved?.ok ? [{ original: t, schema: resolved.schema }] : [];
  });
}

/** `{spec, claimed}` for every shared spec other than `own` of which the surface claims a tool. */
export function otherSpecClaims(
  surface: McpSurface,
  own: readonly string[],
): { spec: string; claimed: string[] }[] {
  return SHARED_SPECS.filter((name) => !own.includes(name)).flatMap((spec) => {
    const found = surface.recognise({
      server: spec,
      tools: sharedSpecTools(spec),
      publishName: (n) => n,
    });
    return found && found.claimed.length > 0 ? [{ spec, claimed: found.claimed }] : [];
  });
}

/**
 * What keeps an import from being the whole of `surface` over the spec's tools: a tool not
 * implemented (or out of the spec's order), implemented by another surface, published under
 * another schema, or splicing its arguments into code. `leftOut` names tools the surface is meant
 * to leave out (each still has to be reported with a reason).
 */
export function wholeSurfaceProblems(
  specText: string,
  imported: Pick<McpImport, "report" | "tools">,
  surface: string,
  leftOut: readonly string[] = [],
): string[] {
  const spec = JSON.parse(specText) as { tools: { name: string; inputSchema: Json }[] };
  const { report, tools } = imported;
  const problems: string[] = [];
  const expected = spec.tools.map((t) => t.name).filter((n) => !leftOut.includes(n));
  const implemented = report.implemented.map((t) => t.original);
  if (JSON.stringify(implemented) !== JSON.stringify(expected)) {
    problems.push(
      `implemented ${JSON.stringify(implemented)}, expected ${JSON.stringify(expected)}`,
    );
  }
  for (const t of report.implemented) {
    if (t.surface !== surface) problems.push(`${t.original}: surface ${t.surface}`);
  }
  const reported = report.leftOut.map((t) => t.tool);
  if (JSON.stringify(reported) !== JSON.stringify([...leftOut])) {
    problems.push(`left out ${JSON.stringify(reported)}, expected ${JSON.stringify(leftOut)}`);
  }
  for (const tool of tools) {
    const name = report.implemented.find((t) => t.tool === tool.name)?.original ?? tool.name;
    const original = spec.tools.find((t) => t.name === name);
    if (JSON.stringify(tool.inputSchema) !== JSON.stringify(original?.inputSchema)) {
      problems.push(`${tool.name}: input schema differs from the server's`);
    }
    if (interpolatesArguments(tool.implementation)) {
      problems.push(`${tool.name}: splices its arguments into code`);
    }
  }
  return problems;
}

/** A tool of a look-alike server: its name as description, an object schema of `properties`. */
export function specTool(name: string, properties: Record<string, Json>, required: string[]) {
  return { name, description: name, inputSchema: { type: "object", properties, required } };
}

/** Rows the import seeds, per table name (as the import report counts them). */
export function seededRowCounts(imported: Pick<McpImport, "report">): Record<string, number> {
  return Object.fromEntries(imported.report.tables.map((t) => [t.name, t.rows]));
}

/** A shared spec cut down to the named tools (to reach the entity path with real schemas). */
export function sharedSpecSubset(name: string, tools: readonly string[]): string {
  const spec = JSON.parse(sharedSpecText(name)) as { tools: { name: string }[] };
  const kept = spec.tools.filter((t) => tools.includes(t.name));
  if (kept.length !== tools.length) throw new Error(`${name} lacks one of ${tools.join(", ")}`);
  return JSON.stringify({ ...spec, tools: kept });
}
