// MCP `tools/list` answer -> environment parts: entity tables derived from the tools' schemas,
// deterministic seed rows, and implementations with unit tests for the recognisable tools. The
// report names every tool left out and why; nothing is stubbed.

import { checkToolSchema } from "../../base/json-schema/check-tool-schema";
import type { SeedData, SqlValue, ToolSpec } from "../../environment/spec";
import { quoteIdentifier } from "../../episode/sql-identifiers";
import { MCP_SURFACES } from "../../surfaces/index";
import { hashSeed, seededRandom } from "../../surfaces/kit/seed-values";
import type { SurfaceDatabase, SurfaceImport, SurfaceTool } from "../../surfaces/surface";
import type { McpImportReport } from "../import-report";
import { isJsonObject, type JsonObject, type McpTool, parseMcpSpec } from "../spec-schema";
import { fieldsOf, normalize, resolveRefs } from "../tool-json-schema";
import { recogniseTool } from "../tool-shape";
import { type Candidate, type Column, deriveTables, type EntityTable, planTool } from "./entities";
import { linkSeedRows } from "./seed-links";
import { implementationOf } from "./tool-code";
import { batchItemNames, seedRows, toolTests } from "./tool-tests";

export type { McpImportReport };

export interface McpImport {
  schemaSql: string;
  seed: SeedData;
  tools: ToolSpec[];
  report: McpImportReport;
  /** The entity tables seeded here (not the surfaces'), with each column's kind and schema. */
  entityTables: readonly EntityTable[];
}

export interface McpImportOptions {
  /** The database a SQL surface serves (`query`, `read_query` ...); see core/surfaces/sql/surface.ts. */
  database?: SurfaceDatabase;
  /**
   * Rows for entity tables (columns in `entityTables` order), e.g. written by an LLM and checked
   * by llm-seed-rows.ts: they replace the generated rows of their table, before the rows are
   * linked and the tools' tests are computed from them.
   */
  seedRows?: Readonly<Record<string, readonly (readonly SqlValue[])[]>>;
}

/** Imports a `tools/list` answer (text or parsed JSON); throws `validation_failed` on a bad spec. */
export function importMcpSpec(input: unknown, options: McpImportOptions = {}): McpImport {
  const spec = parseMcpSpec(input);
  const server = spec.serverInfo
    ? `${spec.serverInfo.name}@${spec.serverInfo.version ?? "0"}`
    : "mcp-server";
  const leftOut: McpImportReport["leftOut"] = [];
  const skip = (tool: string, reason: string) =>
    leftOut.push({ tool, status: "not yet implemented", reason });
  const valid: SurfaceTool[] = [];
  for (const tool of spec.tools) {
    const problems = checkToolSchema(tool.inputSchema);
    if (problems.length > 0 || !isJsonObject(tool.inputSchema)) {
      skip(
        tool.name,
        `invalid inputSchema: ${problems.map((p) => `${p.path || "/"} ${p.message}`).join("; ")}`,
      );
      continue;
    }
    const resolved = resolveRefs(tool.inputSchema);
    if (!resolved.ok) {
      skip(tool.name, `inputSchema cannot be resolved: ${resolved.reason}`);
      continue;
    }
    valid.push({ original: tool, schema: resolved.schema });
  }
  const used = new Set<string>();
  const surfaces = claimSurfaces(server, valid, options.database, (n) => toolName(n, used));
  const claimed = new Set(surfaces.flatMap((s) => s.claimed));
  const surfaceTables = new Set(surfaces.flatMap((s) => s.tables.map((t) => t.name)));
  const candidates: Candidate[] = [];
  const originals = new Map<string, McpTool>();
  for (const { original: tool, schema } of valid) {
    if (claimed.has(tool.name)) continue;
    const resolved = { schema };
    const language = languageArgument(resolved.schema);
    if (language !== undefined) {
      skip(tool.name, `its input "${language}" is a query or command language, not entity fields`);
      continue;
    }
    const shape = recogniseTool(tool.name);
    if (!shape.ok) {
      skip(tool.name, shape.reason);
      continue;
    }
    candidates.push({ name: tool.name, shape: shape.shape, schema: resolved.schema });
    originals.set(tool.name, tool);
  }
  const { tables, refused } = deriveTables(candidates);
  const rnd = seededRandom(hashSeed(server));
  const seed: SeedData = { tables: {} };
  for (const t of tables.values()) {
    // Generated even when replaced, so the other tables' rows are the same either way.
    const generated = seedRows(t, rnd);
    const given = options.seedRows?.[t.name];
    const rows = given ? given.map((row) => [...row]) : generated;
    seed.tables[t.name] = { columns: t.columns.map((c) => c.name), rows };
  }
  const notes = linkSeedRows([...tables.values()], seed, listFilters(candidates));
  const tools: ToolSpec[] = surfaces.flatMap((s) => s.tools);
  const implemented: McpImportReport["implemented"] = surfaces.flatMap((s) => s.implemented);
  leftOut.push(...surfaces.flatMap((s) => s.leftOut));
  notes.push(...surfaces.flatMap((s) => s.notes));
  for (const c of candidates) {
    const table = tables.get(c.shape.noun);
    const original = originals.get(c.name);
    if (table && surfaceTables.has(table.name)) {
      skip(c.name, `its table "${table.name}" is already served by another part of this server`);
      continue;
    }
    if (!table || !original || !isJsonObject(original.inputSchema)) {
      skip(c.name, refused.get(c.shape.noun) ?? `no table for "${c.shape.noun}"`);
      continue;
    }
    const planned = planTool(c, table);
    if (!planned.ok) {
      skip(c.name, planned.reason);
      continue;
    }
    const rows = seed.tables[table.name]?.rows ?? [];
    const tests = toolTests(
      planned.plan,
      rows,
      seededRandom(hashSeed(`${server}/${c.name}`)),
      original.inputSchema,
    );
    if (!tests.ok) {
      skip(c.name, tests.reason);
      continue;
    }
    const name = toolName(c.name, used);
    if (name !== c.name)
      notes.push(`${c.name} is published as ${name} (tool names allow letters, digits and _)`);
    const verb = c.shape.verb;
    tools.push({
      name,
      description: (original.description ?? c.name).slice(0, 4000) || c.name,
      inputSchema: original.inputSchema,
      effect: verb === "get" || verb === "list" || verb === "search" ? "read" : "write",
      implementation: implementationOf(planned.plan, name, batchItemNames(planned.plan)),
      tests: tests.tests,
    });
    implemented.push({ tool: name, original: c.name, table: table.name, verb });
  }
  // A table no admitted-to-be tool touches would be seeded noise.
  for (const noun of [...tables.keys()]) {
    if (implemented.some((t) => t.table === noun && t.surface === undefined)) continue;
    tables.delete(noun);
    delete seed.tables[noun];
  }
  const entityOriginals = new Set(implemented.filter((t) => !t.surface).map((t) => t.original));
  if (spec.tools.some((t) => t.outputSchema !== undefined && entityOriginals.has(t.name))) {
    notes.push("the servers' outputSchemas are not kept: the derived tools return table rows");
  }
  for (const s of surfaces) Object.assign(seed.tables, s.seed.tables);
  const schemaSql = [...surfaces.map((s) => s.schemaSql), ...[...tables.values()].map(createTable)]
    .filter((sql) => sql.trim() !== "")
    .join("\n\n");
  const report: McpImportReport = {
    server,
    tables: [...surfaces.flatMap((s) => s.tables), ...tableReports(tables, seed)],
    implemented,
    leftOut: ordered(leftOut, spec.tools),
    notes,
    ...(options.database && surfaces.some((s) => s.surface === "sql")
      ? { database: options.database.source }
      : {}),
  };
  return { schemaSql, seed, tools, report, entityTables: [...tables.values()] };
}

/** Offers the tools to each surface in turn; a tool claimed by one is not offered to the next. */
function claimSurfaces(
  server: string,
  tools: readonly SurfaceTool[],
  database: SurfaceDatabase | undefined,
  publishName: (original: string) => string,
): SurfaceImport[] {
  const out: SurfaceImport[] = [];
  let open = [...tools];
  for (const surface of MCP_SURFACES) {
    const found = surface.recognise({
      server,
      tools: open,
      ...(database ? { database } : {}),
      publishName,
    });
    if (!found || found.claimed.length === 0) continue;
    const taken = new Set(found.claimed);
    const tables = new Set(out.flatMap((s) => s.tables.map((t) => t.name)));
    const clash = found.tables.find((t) => tables.has(t.name));
    if (clash) throw new Error(`surface ${surface.name} reuses table ${clash.name}`);
    out.push(found);
    open = open.filter((t) => !taken.has(t.original.name));
  }
  return out;
}

/** Left-out tools in the spec's order, so a report reads like the server's own list. */
function ordered(
  leftOut: McpImportReport["leftOut"],
  tools: readonly McpTool[],
): McpImportReport["leftOut"] {
  const at = new Map(tools.map((t, i) => [t.name, i]));
  return [...leftOut].sort((a, b) => (at.get(a.tool) ?? 0) - (at.get(b.tool) ?? 0));
}

function createTable(t: EntityTable): string {
  const sqlType = {
    text: "TEXT",
    integer: "INTEGER",
    real: "REAL",
    boolean: "INTEGER",
    json: "TEXT",
  };
  // A numeric key holds whole numbers (new ones are MAX + 1), whatever JSON type named it.
  const typeOf = (c: Column) => (c === t.key && c.kind === "real" ? "INTEGER" : sqlType[c.kind]);
  const cols = t.columns.map(
    (c) => `  ${quoteIdentifier(c.name)} ${typeOf(c)}${c === t.key ? " NOT NULL PRIMARY KEY" : ""}`,
  );
  return `CREATE TABLE ${quoteIdentifier(t.name)} (\n${cols.join(",\n")}\n);`;
}

function tableReports(tables: Map<string, EntityTable>, seed: SeedData): McpImportReport["tables"] {
  return [...tables.values()].map((t) => ({
    name: t.name,
    key: t.key.name,
    columns: t.columns.map((c) => c.name),
    rows: seed.tables[t.name]?.rows.length ?? 0,
  }));
}

function toolName(original: string, used: Set<string>): string {
  let name = original.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 64);
  if (!/^[A-Za-z]/.test(name)) name = `t_${name}`.slice(0, 64);
  for (let n = 2; used.has(name); n++) name = `${name.slice(0, 60)}_${n}`;
  used.add(name);
  return name;
}

const languageArgs = new Set(["sql", "command", "script", "manifest", "jq"]);

/**
 * A required argument carrying SQL, a shell command or a manifest: the tool runs a language, and
 * a row-per-call model of it would pretend. A `query` counts only when described as SQL, since
 * most are search text.
 */
function languageArgument(schema: JsonObject): string | undefined {
  for (const f of fieldsOf(schema)) {
    if (!f.required) continue;
    const name = f.name.toLowerCase();
    const about = typeof f.schema.description === "string" ? f.schema.description : "";
    if (languageArgs.has(name)) return f.name;
    if (name === "query" && /\b(sql|statement)\b/i.test(about)) return f.name;
  }
  return undefined;
}

/** Normalized names of the required scalar arguments of list and search tools. */
function listFilters(candidates: readonly Candidate[]): Set<string> {
  const names = new Set<string>();
  for (const c of candidates) {
    if (c.shape.verb !== "list" && c.shape.verb !== "search") continue;
    for (const f of fieldsOf(c.schema))
      if (f.required && f.kind === "text") names.add(normalize(f.name));
  }
  return names;
}
