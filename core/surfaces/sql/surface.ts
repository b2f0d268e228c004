// The SQL surface: a server whose tools run SQL on one database (mcp-server-sqlite's `read_query`,
// `write_query`, `create_table`, `list_tables`, `describe_table`; server-postgres's `query {sql}`).
// Recognised by the tools' arguments, names and descriptions (recognise.ts), never by the
// server's name. It brings no tables of its own: the import request names a published environment
// (`dataFrom`) whose `schemaSql` and seed rows it serves as they are, and every tool runs the
// agent's SQL on them behind the guard in guard.ts, with tests from those rows
// (tests.ts). Without a database it refuses, saying how to name one.
import { AppError } from "../../base/errors";
import type { ToolSpec } from "../../environment/spec";
import { fieldsOf } from "../../mcp/tool-json-schema";
import type { McpSurface, SurfaceDatabase, SurfaceImport, SurfaceInput } from "../surface";
import { sqlImplementation } from "./code";
import { recogniseSqlTools, type SqlToolPlan } from "./recognise";
import { type DatabaseSchema, readDatabaseSchema } from "./schema";
import { sqlToolTests } from "./tests";

export const sqlSurface: McpSurface = {
  name: "sql",
  recognise(input) {
    const found = recogniseSqlTools(input.tools);
    if (!found) return undefined;
    const claimed = [
      ...found.planned.map((p) => p.tool.original.name),
      ...found.leftOut.map((l) => l.tool),
    ];
    const leftOut: SurfaceImport["leftOut"] = found.leftOut.map((l) => ({
      tool: l.tool,
      status: "not yet implemented",
      reason: l.reason,
    }));
    const base = { surface: "sql", claimed, schemaSql: "", seed: { tables: {} }, tables: [] };
    if (found.planned.length === 0) {
      return { ...base, tools: [], implemented: [], leftOut, notes: [] };
    }
    const database = input.database;
    if (!database) {
      throw new AppError(
        "validation_failed",
        `This MCP server runs SQL on a database (${found.planned.map((p) => p.tool.original.name).join(", ")}), and the import names none. Give one with "dataFrom": "<environment>[@version]" in the import request (the CLI: agent-world env import <spec.json> --data <environment>): its tables and rows become this environment's database.`,
        { tools: found.planned.map((p) => p.tool.original.name) },
      );
    }
    return serve(input, database, found.planned, leftOut, claimed);
  },
};

function serve(
  input: SurfaceInput,
  database: SurfaceDatabase,
  planned: readonly SqlToolPlan[],
  leftOut: SurfaceImport["leftOut"],
  claimed: string[],
): SurfaceImport {
  const schema = readDatabaseSchema(database.schemaSql);
  const tools: ToolSpec[] = [];
  const implemented: SurfaceImport["implemented"] = [];
  const notes: string[] = [];
  const names = new Map<SqlToolPlan, string>();
  for (const plan of planned) names.set(plan, input.publishName(plan.tool.original.name));
  const nameOf = (kind: string) => {
    const plan = planned.find((p) => p.kind === kind);
    return plan ? names.get(plan) : undefined;
  };
  const others = { read: nameOf("read"), write: nameOf("write"), ddl: nameOf("ddl") };
  for (const plan of planned) {
    const original = plan.tool.original;
    const name = names.get(plan) ?? original.name;
    const required = fieldsOf(plan.tool.schema).some((f) => f.name === plan.arg && f.required);
    const tests = sqlToolTests({
      kind: plan.kind,
      arg: plan.arg,
      argRequired: required,
      schema,
      seed: database.seed,
    });
    if (!tests.ok) {
      leftOut.push({ tool: original.name, status: "not yet implemented", reason: tests.reason });
      continue;
    }
    if (name !== original.name)
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    if (plan.ignored.length > 0)
      notes.push(
        `${original.name}: its optional ${plan.ignored.join(", ")} are accepted and not used`,
      );
    tools.push({
      name,
      description: (original.description ?? original.name).slice(0, 4000) || original.name,
      inputSchema: original.inputSchema as ToolSpec["inputSchema"],
      effect: plan.kind === "write" || plan.kind === "ddl" ? "write" : "read",
      implementation: sqlImplementation(
        { kind: plan.kind, arg: plan.arg, others: withoutSelf(others, name) },
        name,
      ),
      tests: tests.tests,
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: database.source,
      verb: plan.kind,
      surface: "sql",
    });
  }
  notes.push(
    `the SQL tools run on ${database.source}'s database (SQLite's SQL dialect), one guarded statement per call: see mcp-sql-guard.ts`,
  );
  return {
    surface: "sql",
    claimed,
    schemaSql: tools.length > 0 ? database.schemaSql : "",
    seed: tools.length > 0 ? database.seed : { tables: {} },
    tools,
    tables: tools.length > 0 ? tableReports(schema, database) : [],
    implemented,
    leftOut,
    notes,
  };
}

function withoutSelf(others: Record<string, string | undefined>, self: string) {
  return Object.fromEntries(Object.entries(others).filter(([, name]) => name && name !== self));
}

/** The served tables with their key (joined when composite, "rowid" when none) and seeded rows. */
function tableReports(schema: DatabaseSchema, database: SurfaceDatabase): SurfaceImport["tables"] {
  return schema.tables.map((t) => {
    const seeded = Object.entries(database.seed.tables).find(
      ([name]) => name.toLowerCase() === t.name.toLowerCase(),
    )?.[1];
    return {
      name: t.name,
      key: t.primaryKey.length > 0 ? t.primaryKey.join(",") : "rowid",
      columns: t.columns.map((c) => c.name),
      rows: seeded?.rows.length ?? 0,
    };
  });
}
