// How task synthesis sees an environment whose tools run SQL (an MCP SQL server such as
// mcp-server-sqlite or postgres): the read and write tools, and the database's relations in the
// terms a user would use — each table's label column (the name or title people call a row by), its
// numeric measures, and the foreign keys that make parent/child questions. Solutions are then
// programs whose calls are SQL statements (templates.ts), since such a server has no entity
// tools for the graph walks and the program grammar to chain.
import type { ToolSpec } from "../../../environment/spec";
import type { SqlDatabase } from "../../../episode/sql-database";
import { quoteIdentifier } from "../../../episode/sql-identifiers";
import type { JsonObject } from "../../../mcp/spec-schema";
import { humanize } from "../../../tasks/phrasing/words";
import { type ColumnModel, readSchemaModel, type TableModel } from "../../../toolgen/schema-model";
import { recogniseSqlTools } from "../recognise";

export interface SqlTool {
  name: string;
  /** The argument that carries the statement. */
  arg: string;
}

export interface SqlRelation {
  parent: SqlTable;
  child: SqlTable;
  /** The child's column that points at the parent's key. */
  column: ColumnModel;
}

export interface SqlTable {
  model: TableModel;
  /** The single-column primary key. */
  key: ColumnModel;
  /** How rows are named (`Name`, `Title`, `CompanyName`, first and last name), if they are. */
  label: SqlLabel | undefined;
  /** Numeric columns worth summing or comparing (not keys, not references). */
  measures: ColumnModel[];
  /** Columns a write may set: label-free text with repeats, or measures. */
  settable: ColumnModel[];
}

export interface SqlLabel {
  /** A SQL expression over the table's columns (already quoted). */
  sql: string;
  /** What the label is called, for "answer with its ...": `title`, `name`. */
  words: string;
  /** The columns it reads (a write must not set them). */
  columns: ColumnModel[];
}

export interface SqlLens {
  read: SqlTool;
  write: SqlTool | undefined;
  tables: SqlTable[];
  relations: SqlRelation[];
}

const LABEL_WORDS = /(^|[^a-z])(name|title|company)([^a-z]|$)|name$|title$/i;
const MAX_LABEL_LENGTH = 160;

/** The lens, or undefined when no tool of the environment runs read-only SQL. */
export function sqlLens(db: SqlDatabase, tools: readonly ToolSpec[]): SqlLens | undefined {
  const recognised = recogniseSqlTools(
    tools.map((t) => ({
      original: { name: t.name, description: t.description, inputSchema: t.inputSchema },
      schema: t.inputSchema as JsonObject,
    })),
  );
  const toolOf = (kind: "read" | "write"): SqlTool | undefined => {
    const plan = recognised?.planned.find((p) => p.kind === kind && p.arg !== null);
    return plan?.arg ? { name: plan.tool.original.name, arg: plan.arg } : undefined;
  };
  const read = toolOf("read");
  if (!read) return undefined;
  const tables = readSchemaModel(db).flatMap((model) => {
    const table = sqlTable(model);
    return table ? [table] : [];
  });
  const byName = new Map(tables.map((t) => [t.model.name, t]));
  const relations: SqlRelation[] = [];
  for (const child of tables) {
    for (const fk of child.model.foreignKeys) {
      const parent = byName.get(fk.parentTable);
      const column = child.model.columns.find((c) => c.name === fk.column);
      if (!parent || !column || parent === child || fk.parentColumn !== parent.key.name) continue;
      relations.push({ parent, child, column });
    }
  }
  return { read, write: toolOf("write"), tables, relations };
}

function sqlTable(model: TableModel): SqlTable | undefined {
  const [key, more] = model.key;
  if (!key || more || model.rowCount === 0) return undefined;
  const references = new Set(model.foreignKeys.map((fk) => fk.column));
  const plain = model.columns.filter((c) => c !== key && !references.has(c.name));
  const labels = plain.filter(
    (c) =>
      c.kind === "string" &&
      LABEL_WORDS.test(c.name) &&
      c.distinct >= Math.max(2, c.nonNull * 0.9) &&
      (c.maxDataLength ?? 0) <= MAX_LABEL_LENGTH,
  );
  const label = labelOf(plain, labels);
  const measures = plain.filter(
    (c) => (c.kind === "integer" || c.kind === "number") && !/id$/i.test(c.name) && c.distinct > 3,
  );
  const settable = [
    ...measures,
    ...plain.filter(
      (c) =>
        c.kind === "string" &&
        !label?.columns.includes(c) &&
        c.format === null &&
        c.distinct >= 2 &&
        c.distinct < c.nonNull &&
        (c.maxDataLength ?? 0) <= MAX_LABEL_LENGTH,
    ),
  ];
  return { model, key, label, measures, settable };
}

/** First and last name together when the table has both; else the best single name column. */
function labelOf(plain: ColumnModel[], labels: ColumnModel[]): SqlLabel | undefined {
  const first = plain.find((c) => c.kind === "string" && /^first_?name$/i.test(c.name));
  const last = plain.find((c) => c.kind === "string" && /^last_?name$/i.test(c.name));
  if (first && last) {
    return {
      sql: `${quoteIdentifier(first.name)} || ' ' || ${quoteIdentifier(last.name)}`,
      words: "full name",
      columns: [first, last],
    };
  }
  const single =
    labels.find((c) => /name$|title$/i.test(c.name) && !/^(first|last)_?name$/i.test(c.name)) ??
    labels.find((c) => /name$|title$/i.test(c.name)) ??
    labels[0];
  return single
    ? { sql: quoteIdentifier(single.name), words: humanize(single.name), columns: [single] }
    : undefined;
}

/** A SQL literal: numbers as written, text single-quoted with quotes doubled, NULL for null. */
export function sqlLiteral(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}
