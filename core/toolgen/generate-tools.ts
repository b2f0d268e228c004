// Schema-driven tool generation: from a loaded database, a domain tool set (lookups, searches,
// relations, writes, aggregates) with unit tests computed from the real rows, plus a report of
// what was generated and what was left out, and why. Pure and synchronous: runs inside a DO.
import type { ToolSpec } from "../environment/spec";
import type { SqlDatabase } from "../episode/sql-database";
import { countColumns, countTool, sumTools } from "./aggregate-tools";
import { createTool } from "./create-tool";
import { deleteTool } from "./delete-tool";
import { type Generated, isGenerated, type ToolKind } from "./generated-tool";
import { findTool, getTool, naturalKeys } from "./lookup-tools";
import { ToolNamer } from "./naming";
import { listTool, relationsOf } from "./relation-tools";
import { readSchemaModel, type TableModel } from "./schema-model";
import { searchTool } from "./search-tools";
import { updateTool } from "./update-tool";

export interface GenerateToolsOptions {
  /** Keep at most this many tools per table, in priority order (lookups and search first). */
  maxToolsPerTable?: number;
  /** Only these tables (names as in the database); all user tables by default. */
  tables?: readonly string[];
}

export interface TableToolReport {
  table: string;
  entity: string;
  rows: number;
  tools: { name: string; kind: ToolKind }[];
  skipped: { kind: ToolKind; reason: string }[];
  notes: string[];
}

export interface ToolgenReport {
  tables: TableToolReport[];
  /** Requested tables that are not user tables (views, missing names). */
  skippedTables: { table: string; reason: string }[];
  totals: {
    tables: number;
    tools: number;
    tests: number;
    skipped: number;
    byKind: Partial<Record<ToolKind, number>>;
  };
}

/** Tool kinds in the order they are kept when `maxToolsPerTable` cuts a table's list short. */
const PRIORITY: readonly ToolKind[] = [
  "get",
  "search",
  "find",
  "list",
  "create",
  "update",
  "delete",
  "count",
  "sum",
];

export function generateTools(
  db: SqlDatabase,
  options: GenerateToolsOptions = {},
): { tools: ToolSpec[]; report: ToolgenReport } {
  const all = readSchemaModel(db);
  const wanted = options.tables ? new Set(options.tables.map((t) => t.toLowerCase())) : null;
  const selected = wanted ? all.filter((t) => wanted.has(t.name.toLowerCase())) : all;
  const skippedTables = (options.tables ?? [])
    .filter((t) => !all.some((m) => m.name.toLowerCase() === t.toLowerCase()))
    .map((table) => ({
      table,
      reason: "not a user table (a view, an internal table, or no such name)",
    }));
  const namer = new ToolNamer();
  const tools: ToolSpec[] = [];
  const tables: TableToolReport[] = [];
  for (const table of selected) {
    const generated = generateForTable(db, table, all, namer);
    const limit = options.maxToolsPerTable ?? Number.POSITIVE_INFINITY;
    const made = generated
      .filter(isGenerated)
      .sort((a, b) => PRIORITY.indexOf(a.kind) - PRIORITY.indexOf(b.kind));
    const kept = made.slice(0, limit);
    const skipped = generated.flatMap((g) =>
      isGenerated(g) ? [] : [{ kind: g.kind, reason: g.reason }],
    );
    for (const dropped of made.slice(kept.length)) {
      skipped.push({
        kind: dropped.kind,
        reason: `${dropped.spec.name} left out: maxToolsPerTable is ${limit}`,
      });
    }
    tools.push(...kept.map((g) => g.spec));
    tables.push({
      table: table.name,
      entity: table.names.singular,
      rows: table.rowCount,
      tools: kept.map((g) => ({ name: g.spec.name, kind: g.kind })),
      skipped,
      notes: tableNotes(table),
    });
  }
  const byKind: Partial<Record<ToolKind, number>> = {};
  for (const t of tables)
    for (const tool of t.tools) byKind[tool.kind] = (byKind[tool.kind] ?? 0) + 1;
  return {
    tools,
    report: {
      tables,
      skippedTables,
      totals: {
        tables: tables.length,
        tools: tools.length,
        tests: tools.reduce((n, t) => n + t.tests.length, 0),
        skipped: tables.reduce((n, t) => n + t.skipped.length, 0),
        byKind,
      },
    },
  };
}

function generateForTable(
  db: SqlDatabase,
  table: TableModel,
  all: readonly TableModel[],
  namer: ToolNamer,
): Generated[] {
  if (table.rowCount === 0) {
    return (["get", "search", "create", "update", "delete"] as const).map((kind) => ({
      kind,
      table: table.name,
      reason: "the table has no rows, so no test could be computed from real data",
    }));
  }
  const relations = relationsOf(table, all);
  return [
    getTool(db, table, namer),
    searchTool(db, table, namer),
    ...naturalKeys(table).map((c) => findTool(db, table, c, namer)),
    ...relations.map((r) => listTool(db, r, namer)),
    createTool(db, table, all, namer),
    updateTool(db, table, all, namer),
    deleteTool(db, table, all, namer),
    ...countColumns(table).map((c) => countTool(db, table, c, namer)),
    ...sumTools(db, relations, namer),
  ];
}

function tableNotes(table: TableModel): string[] {
  const notes: string[] = [];
  const blobs = table.columns.filter((c) => c.kind === "blob").map((c) => c.name);
  if (blobs.length > 0) notes.push(`BLOB columns are not returned or written: ${blobs.join(", ")}`);
  const mixed = table.columns.filter((c) => c.kind === "mixed").map((c) => c.name);
  if (mixed.length > 0)
    notes.push(`columns holding mixed types are not filtered on: ${mixed.join(", ")}`);
  if (table.compositeForeignKeys > 0) {
    notes.push(
      `${table.compositeForeignKeys} multi-column foreign key(s) are enforced by SQLite but get no list tool`,
    );
  }
  if (table.key.length === 0)
    notes.push("no primary key: read by search only, rows are never updated or deleted by a tool");
  return notes;
}
