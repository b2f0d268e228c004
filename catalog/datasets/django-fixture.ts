// Loads a Django fixture (`[{model: "app.name", pk, fields}]`, what `manage.py dumpdata` writes)
// into the tables of an existing SQLite schema. Foreign keys are checked when the caller's transaction commits. Names are matched the way Django derives them:
// model `app.invoiceline` is table `InvoiceLine`, field `support_rep` is column `SupportRepId`
// (a foreign key's field names the related model), `pk` is the table's one-column primary key.
// Matching ignores case and underscores; a model, field or column that matches nothing is an
// error, so no value is dropped silently. DATETIME columns get SQLite's `YYYY-MM-DD HH:MM:SS`.
import { z } from "zod";
import type { BetterSqliteDatabase } from "../better-sqlite-database";

const FixtureSchema = z.array(
  z.object({
    model: z.string().min(1),
    pk: z.union([z.number(), z.string()]),
    fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  }),
);

interface TableInfo {
  name: string;
  columns: { name: string; type: string; pk: number }[];
}

const normal = (name: string) => name.toLowerCase().replaceAll("_", "");

/** Inserts every record; returns the row count per table. */
export function loadDjangoFixture(
  db: BetterSqliteDatabase,
  fixtureText: string,
): Record<string, number> {
  const records = FixtureSchema.parse(JSON.parse(fixtureText));
  // Fixtures list models alphabetically, not in dependency order: keys are checked at commit.
  db.raw.pragma("defer_foreign_keys = ON");
  const tables = new Map(readTables(db).map((table) => [normal(table.name), table]));
  const counts: Record<string, number> = {};
  const statements = new Map<string, { sql: string; columns: string[] }>();
  for (const record of records) {
    const modelName = record.model.split(".").at(-1) ?? record.model;
    const table = tables.get(normal(modelName));
    if (!table) throw new Error(`fixture model ${record.model} matches no table`);
    const row = rowOf(table, record.pk, record.fields, record.model);
    const key = `${table.name}:${Object.keys(row).join(",")}`;
    let statement = statements.get(key);
    if (!statement) {
      const columns = Object.keys(row);
      statement = {
        columns,
        sql: `INSERT INTO "${table.name}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      };
      statements.set(key, statement);
    }
    db.raw.prepare(statement.sql).run(...statement.columns.map((column) => row[column]));
    counts[table.name] = (counts[table.name] ?? 0) + 1;
  }
  return counts;
}

function rowOf(
  table: TableInfo,
  pk: number | string,
  fields: Record<string, string | number | boolean | null>,
  model: string,
): Record<string, string | number | null> {
  const row: Record<string, string | number | null> = {};
  const keyColumns = table.columns.filter((column) => column.pk > 0);
  if (keyColumns.length === 1 && keyColumns[0]) row[keyColumns[0].name] = pk;
  for (const [field, value] of Object.entries(fields)) {
    const column = table.columns.find(
      (c) => normal(c.name) === normal(field) || normal(c.name) === `${normal(field)}id`,
    );
    if (!column)
      throw new Error(`fixture field ${model}.${field} matches no column of ${table.name}`);
    row[column.name] = cell(value, column.type);
  }
  return row;
}

function cell(value: string | number | boolean | null, type: string): string | number | null {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" && /^DATETIME$/i.test(type)) {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?Z?$/.exec(value);
    if (match) return `${match[1]} ${match[2]}`;
  }
  return value;
}

function readTables(db: BetterSqliteDatabase): TableInfo[] {
  const names = db.raw
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  return names.map(({ name }) => ({
    name,
    columns: db.raw.prepare(`SELECT name, type, pk FROM pragma_table_info(?)`).all(name) as {
      name: string;
      type: string;
      pk: number;
    }[],
  }));
}
