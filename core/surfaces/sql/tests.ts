// Unit tests for the SQL surface's tools, written from the served database's own rows: a SELECT by
// key returns the seeded row, a COUNT the seeded count, an UPDATE changes exactly one row, an
// INSERT adds one, a DELETE removes one, a CREATE TABLE ... AS SELECT adds the table with its
// rows; and each guard refuses with its code (a write on a read tool, two statements, an internal
// table, a runaway cross join, a recursive query, a syntax error as SQLite's `sql_error`).

import type { Json } from "../../base/json";
import type { SeedData, SqlValue, ToolTest } from "../../environment/spec";
import { columnAffinity } from "../../episode/sql-affinity";
import { quoteIdentifier, quoteString } from "../../episode/sql-identifiers";
import { SQL_LIMITS } from "./guard";
import type { SqlToolKind } from "./recognise";
import type { DatabaseColumn, DatabaseSchema, DatabaseTable } from "./schema";

export interface SqlTestInput {
  kind: SqlToolKind;
  /** The argument the SQL (or table name) goes in; null for list-tables. */
  arg: string | null;
  argRequired: boolean;
  schema: DatabaseSchema;
  seed: SeedData;
}

/** A test's expectation with `match` optional (exact unless said). */
type Expect = Omit<ToolTest["expect"], "match"> & { match?: ToolTest["expect"]["match"] };

export type SqlTests = { ok: true; tests: ToolTest[] } | { ok: false; reason: string };

/** A table with its seed rows, as the tests see it. */
interface Served {
  table: DatabaseTable;
  columns: string[];
  rows: SqlValue[][];
}

const NUMERIC_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

export function sqlToolTests(input: SqlTestInput): SqlTests {
  const served = servedTables(input);
  if (served.length === 0) return { ok: false, reason: "the database has no tables with rows" };
  switch (input.kind) {
    case "read":
      return readTests(input, served);
    case "write":
      return writeTests(input, served);
    case "ddl":
      return ddlTests(input, served);
    case "list-tables":
      return listTests(input);
    case "describe-table":
      return describeTests(input, served);
  }
}

function readTests(input: SqlTestInput, served: Served[]): SqlTests {
  const t = (name: string, sql: string, expect: Expect): ToolTest => test(input, name, sql, expect);
  const lookup = lookupRow(served);
  if (!lookup) return { ok: false, reason: "no table has a single-column key to look a row up by" };
  const { s, key, row, columns } = lookup;
  const T = quoteIdentifier(s.table.name);
  const K = quoteIdentifier(key.name);
  const keyValue = cellOf(s, row, key.name);
  const tests: ToolTest[] = [
    t(
      `selects ${s.table.name} ${key.name} = ${String(keyValue)} by its key`,
      `SELECT ${columns.map(quoteIdentifier).join(", ")} FROM ${T} WHERE ${K} = ${literal(keyValue)}`,
      { result: [Object.fromEntries(columns.map((c) => [c, cellOf(s, row, c) as Json]))] },
    ),
  ];
  const counted = served.find((x) => x !== s) ?? s;
  tests.push(
    t(
      `counts the ${counted.rows.length} rows of ${counted.table.name}`,
      `SELECT COUNT(*) AS n FROM ${quoteIdentifier(counted.table.name)}`,
      { result: [{ n: counted.rows.length }] },
    ),
  );
  const keys = s.rows.map((r) => cellOf(s, r, key.name));
  if (keys.every((k) => typeof k === "number") && columnAffinity(key.type) !== "text") {
    const top = (keys as number[]).sort((a, b) => b - a).slice(0, 3);
    tests.push(
      t(
        `orders ${s.table.name} by ${key.name}, highest first, and keeps three`,
        `SELECT ${K} FROM ${T} ORDER BY ${K} DESC LIMIT 3`,
        { result: top.map((k) => ({ [key.name]: k })) },
      ),
    );
  }
  const big = largest(served);
  if (big.rows.length > SQL_LIMITS.rows) {
    tests.push(
      t(
        `says the ${big.rows.length} rows of ${big.table.name} are truncated`,
        `SELECT * FROM ${quoteIdentifier(big.table.name)}`,
        { result: { truncated: true }, match: "subset" },
      ),
    );
  }
  tests.push(
    t("refuses a DELETE", `DELETE FROM ${T} WHERE ${K} = ${literal(keyValue)}`, refused()),
    t(
      "refuses two statements in one call",
      `SELECT COUNT(*) FROM ${T}; DROP TABLE ${T}`,
      error("multiple_statements"),
    ),
    t("refuses SQLite's internal catalog", "SELECT name, sql FROM sqlite_master", internal()),
    t("gives SQLite's syntax error as sql_error", `SELECT * FROM ${T} WHERE`, error("sql_error")),
    t(
      "refuses a recursive query",
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n LIMIT 5",
      refused(),
    ),
    t(
      "refuses random(), which would not replay",
      `SELECT ${K} FROM ${T} ORDER BY random() LIMIT 1`,
      error("not_deterministic"),
    ),
  );
  const cross = crossJoin(big);
  if (cross) tests.push(t("refuses a runaway cross join", cross, error("query_too_costly")));
  if (!input.argRequired && input.arg) {
    tests.push({
      name: `refuses a call without ${input.arg}`,
      args: {},
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
  }
  return { ok: true, tests };
}

function writeTests(input: SqlTestInput, served: Served[]): SqlTests {
  const t = (name: string, sql: string, expect: Expect): ToolTest => test(input, name, sql, expect);
  const tests: ToolTest[] = [];
  const free = served.filter((s) => !s.table.tricky && !input.schema.triggered.has(lower(s)));
  const update = free
    .map((s) => ({ s, found: lookupRow([s]) }))
    .map(({ s, found }) => ({ s, found, column: found && editableText(s, found.row) }))
    .find((x) => x.found && x.column);
  if (update?.found && update.column) {
    const { key, row } = update.found;
    const old = String(cellOf(update.s, row, update.column.name));
    tests.push(
      t(
        `updates one ${update.s.table.name} row's ${update.column.name}`,
        `UPDATE ${quoteIdentifier(update.s.table.name)} SET ${quoteIdentifier(update.column.name)} = ${quoteString(`${old} (updated)`)} WHERE ${quoteIdentifier(key.name)} = ${literal(cellOf(update.s, row, key.name))}`,
        affected(update.s, "updated"),
      ),
    );
  }
  const insert = insertable(free);
  if (insert) {
    const { s, row, columns } = insert;
    const text = editableText(s, row);
    const values = columns.map((c) =>
      c === text?.name
        ? quoteString(`${String(cellOf(s, row, c))} (copy)`)
        : literal(cellOf(s, row, c)),
    );
    const T = quoteIdentifier(s.table.name);
    tests.push(
      t(
        `inserts one ${s.table.name} row`,
        `INSERT INTO ${T} (${columns.map(quoteIdentifier).join(", ")}) VALUES (${values.join(", ")})`,
        affected(s, "inserted"),
      ),
    );
    const key = s.table.rowidAlias ?? "";
    tests.push(
      t(
        `refuses a second ${s.table.name} row with an existing ${key}`,
        `INSERT INTO ${T} (${[key, ...columns].map(quoteIdentifier).join(", ")}) VALUES (${[cellOf(s, row, key), ...columns.map((c) => cellOf(s, row, c))].map(literal).join(", ")})`,
        error("constraint_unique"),
      ),
    );
  }
  const referenced = new Set(input.schema.tables.flatMap((x) => x.references));
  const removable = free
    .filter((s) => !referenced.has(lower(s)))
    .map((s) => ({ s, found: lookupRow([s]) }))
    .find((x) => x.found);
  if (removable?.found) {
    const { s, found } = removable;
    tests.push(
      t(
        `deletes one ${s.table.name} row by its key`,
        `DELETE FROM ${quoteIdentifier(s.table.name)} WHERE ${quoteIdentifier(found.key.name)} = ${literal(cellOf(s, found.row, found.key.name))}`,
        affected(s, "deleted"),
      ),
    );
  }
  if (tests.length === 0) {
    return {
      ok: false,
      reason:
        "no table allows a checkable write (a keyed row with a free text column, or an INTEGER PRIMARY KEY table with no other unique column, or a row nothing refers to)",
    };
  }
  const any = served[0] as Served;
  const T = quoteIdentifier(any.table.name);
  const big = largest(served);
  tests.push(
    t("refuses a SELECT", `SELECT * FROM ${T}`, refused()),
    t(
      "refuses two statements in one call",
      `DELETE FROM ${T}; DROP TABLE ${T}`,
      error("multiple_statements"),
    ),
    t("refuses SQLite's internal catalog", "UPDATE sqlite_master SET sql = NULL", internal()),
    t("gives SQLite's syntax error as sql_error", `UPDATE ${T} SET WHERE 1`, error("sql_error")),
    t("refuses RETURNING", `DELETE FROM ${T} WHERE 0 RETURNING *`, refused()),
  );
  const cross = crossJoin(big);
  if (cross) {
    tests.push(
      t(
        "refuses a runaway cross join",
        `DELETE FROM ${T} WHERE EXISTS (${cross.replace("COUNT(*) AS n", "1")})`,
        error("query_too_costly"),
      ),
    );
  }
  return { ok: true, tests };
}

function ddlTests(input: SqlTestInput, served: Served[]): SqlTests {
  const t = (name: string, sql: string, expect: Expect): ToolTest => test(input, name, sql, expect);
  const lookup = lookupRow(served);
  if (!lookup) return { ok: false, reason: "no table has a single-column key to copy" };
  const { s, key, columns } = lookup;
  const taken = new Set(input.schema.tables.map((x) => x.name.toLowerCase()));
  const fresh = (base: string) => {
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    taken.add(name.toLowerCase());
    return name;
  };
  const base = s.table.name.toLowerCase().replace(/[^a-z0-9]+/g, "_");
  const copy = fresh(`${base}_snapshot`);
  const empty = fresh(`${base}_notes`);
  const T = quoteIdentifier(s.table.name);
  const created = "Table created successfully";
  const tests: ToolTest[] = [
    t(
      `creates ${copy} from a query over ${s.table.name}`,
      `CREATE TABLE ${quoteIdentifier(copy)} AS SELECT ${columns.map(quoteIdentifier).join(", ")} FROM ${T}`,
      { result: created, changes: { [copy]: { inserted: s.rows.length, updated: 0, deleted: 0 } } },
    ),
    t(
      `creates an empty ${empty} table`,
      `CREATE TABLE ${quoteIdentifier(empty)} (id INTEGER PRIMARY KEY, ${quoteIdentifier(`${key.name}_ref`)} INTEGER, note TEXT NOT NULL)`,
      { result: created },
    ),
    t(
      `gives SQLite's error for an existing table name (${s.table.name})`,
      `CREATE TABLE ${T} (id INTEGER PRIMARY KEY)`,
      error("sql_error"),
    ),
    t("refuses DROP TABLE", `DROP TABLE ${T}`, refused()),
    t(
      "refuses CREATE INDEX",
      `CREATE INDEX ${quoteIdentifier(`${base}_by_${key.name.toLowerCase()}`)} ON ${T} (${quoteIdentifier(key.name)})`,
      refused(),
    ),
    t("refuses an internal table name", "CREATE TABLE _aw_notes (id INTEGER)", internal()),
    t(
      "refuses a default of the current time",
      `CREATE TABLE ${quoteIdentifier(fresh(`${base}_log`))} (id INTEGER PRIMARY KEY, at TEXT DEFAULT CURRENT_TIMESTAMP)`,
      error("not_deterministic"),
    ),
  ];
  const cross = crossJoin(largest(served));
  if (cross) {
    tests.push(
      t(
        "refuses a runaway cross join",
        `CREATE TABLE ${quoteIdentifier(fresh(`${base}_cross`))} AS ${cross}`,
        error("query_too_costly"),
      ),
    );
  }
  return { ok: true, tests };
}

function listTests(input: SqlTestInput): SqlTests {
  if (input.schema.tables.some((t) => t.tricky && t.columns.length === 0)) {
    return { ok: false, reason: "the database has a table whose definition could not be read" };
  }
  const names = input.schema.tables
    .map((t) => t.name)
    .filter((n) => !/^(sqlite_|_aw_|_cf_|__miniflare)/i.test(n));
  return {
    ok: true,
    tests: [
      {
        name: `lists the ${names.length} tables`,
        args: {},
        expect: { result: names.map((name) => ({ name })), match: "exact" },
      },
    ],
  };
}

function describeTests(input: SqlTestInput, served: Served[]): SqlTests {
  const arg = input.arg ?? "table_name";
  // A table whose definition was read right: its columns are the seed's, in the same order.
  const s = served.find(
    (x) =>
      !x.table.tricky &&
      x.table.columns.length > 0 &&
      x.table.columns.map((c) => c.name.toLowerCase()).join("\u0000") ===
        x.columns.map((c) => c.toLowerCase()).join("\u0000"),
  );
  if (!s) return { ok: false, reason: "no table's definition could be read" };
  const columns = s.table.columns.map((c, cid) => ({
    cid,
    name: c.name,
    ...(c.typeAsWritten ? { type: c.type } : {}),
    notnull: c.notNull ? 1 : 0,
    pk: c.pk,
  }));
  return {
    ok: true,
    tests: [
      {
        name: `describes ${s.table.name}'s ${columns.length} columns`,
        args: { [arg]: s.table.name },
        expect: { result: columns, match: "subset" },
      },
      {
        name: "answers not_found for a table that does not exist",
        args: { [arg]: `${s.table.name}_archive_1999` },
        expect: { error: { code: "not_found" }, match: "exact" },
      },
      {
        name: "does not describe SQLite's internal catalog",
        args: { [arg]: "sqlite_master" },
        expect: { error: { code: "not_found" }, match: "exact" },
      },
    ],
  };
}

// ---------------------------------------------------------------- choosing rows and values

function servedTables(input: SqlTestInput): Served[] {
  return input.schema.tables.flatMap((table) => {
    const seeded = Object.entries(input.seed.tables).find(
      ([name]) => name.toLowerCase() === table.name.toLowerCase(),
    )?.[1];
    if (!seeded || seeded.rows.length === 0) return [];
    return [{ table, columns: seeded.columns, rows: seeded.rows }];
  });
}

function cellOf(s: Served, row: readonly SqlValue[], column: string): SqlValue {
  const at = s.columns.findIndex((c) => c.toLowerCase() === column.toLowerCase());
  return at < 0 ? null : (row[at] ?? null);
}

/** A value SQLite gives back exactly as the seed has it, whatever the column's affinity. */
function stable(column: DatabaseColumn, value: SqlValue): boolean {
  if (value === null) return true;
  if (typeof value === "string") return plainText(value);
  if (typeof value === "number") {
    return Number.isSafeInteger(value) && columnAffinity(column.type) !== "text";
  }
  return false;
}

function plainText(value: string): boolean {
  return !NUMERIC_TEXT.test(value) && !value.includes("\u0000") && value.length <= 200;
}

/**
 * The biggest table with a single-column key whose seeded values are distinct, a row a third of
 * the way in, and up to four of its columns whose values come back exactly.
 */
function lookupRow(served: readonly Served[]) {
  const candidates = served
    .map((s) => {
      const key = s.table.primaryKey.length === 1 ? column(s.table, s.table.primaryKey[0]) : null;
      if (!key) return null;
      const keys = s.rows.map((r) => cellOf(s, r, key.name));
      const usable = keys.every(
        (k) =>
          (typeof k === "number" && Number.isSafeInteger(k)) ||
          (typeof k === "string" && plainText(k)),
      );
      if (!usable || new Set(keys).size !== keys.length) return null;
      const row = s.rows[Math.floor(s.rows.length / 3)] ?? [];
      if (!stable(key, cellOf(s, row, key.name))) return null;
      const others = s.table.columns.filter(
        (c) => c !== key && s.columns.some((x) => x.toLowerCase() === c.name.toLowerCase()),
      );
      const shown = others.filter((c) => stable(c, cellOf(s, row, c.name))).slice(0, 3);
      return { s, key, row, columns: [key.name, ...shown.map((c) => c.name)] };
    })
    .filter((c) => c !== null);
  return candidates.sort((a, b) => b.s.rows.length - a.s.rows.length)[0];
}

/** A text column of `row` that is not part of a key or a foreign key, with plain text in it. */
function editableText(s: Served, row: readonly SqlValue[]): DatabaseColumn | undefined {
  return s.table.columns.find((c) => {
    const value = cellOf(s, row, c.name);
    return (
      c.pk === 0 &&
      !c.unique &&
      !s.table.foreignKeyColumns.includes(c.name.toLowerCase()) &&
      columnAffinity(c.type) === "text" &&
      typeof value === "string" &&
      plainText(value)
    );
  });
}

/** The narrowest INTEGER PRIMARY KEY table with no other unique column, and a row to copy. */
function insertable(served: readonly Served[]) {
  return served
    .filter((s) => s.table.rowidAlias !== null && !s.table.columns.some((c) => c.unique))
    .flatMap((s) => {
      const columns = s.table.columns.map((c) => c.name).filter((c) => c !== s.table.rowidAlias);
      const row = s.rows.find((r) => columns.every((c) => literalOk(cellOf(s, r, c))));
      return row && columns.length > 0 ? [{ s, row, columns }] : [];
    })
    .sort(
      (a, b) => a.columns.length - b.columns.length || compare(a.s.table.name, b.s.table.name),
    )[0];
}

function largest(served: readonly Served[]): Served {
  return [...served].sort((a, b) => b.rows.length - a.rows.length)[0] as Served;
}

/** A cross join of `s` with itself that SQLite's plan puts over the cost limit, if one is short. */
function crossJoin(s: Served): string | undefined {
  const rows = s.rows.length;
  if (rows < 2) return undefined;
  let k = 1;
  while (rows ** k <= SQL_LIMITS.cost * 4) k++;
  if (k > 6) return undefined;
  const T = quoteIdentifier(s.table.name);
  const from = Array.from({ length: k }, (_, i) => `${T} AS t${i + 1}`).join(", ");
  return `SELECT COUNT(*) AS n FROM ${from}`;
}

function column(table: DatabaseTable, name: string | undefined): DatabaseColumn | null {
  return table.columns.find((c) => c.name.toLowerCase() === name?.toLowerCase()) ?? null;
}

function literalOk(value: SqlValue): boolean {
  if (value === null) return true;
  if (typeof value === "number") return Number.isFinite(value);
  return typeof value === "string" && !value.includes("\u0000");
}

function literal(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return quoteString(value);
  throw new Error("a BLOB is not written as a literal here");
}

function lower(s: Served): string {
  return s.table.name.toLowerCase();
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function test(input: SqlTestInput, name: string, sql: string, expect: Expect): ToolTest {
  return {
    name,
    args: { [input.arg ?? "sql"]: sql },
    expect: { ...expect, match: expect.match ?? "exact" },
  };
}

function affected(s: Served, change: "inserted" | "updated" | "deleted"): Expect {
  const counts = { inserted: 0, updated: 0, deleted: 0 };
  counts[change] = 1;
  return { result: [{ affected_rows: 1 }], changes: { [s.table.name]: counts } };
}

function error(code: string): Expect {
  return { error: { code } };
}

function refused(): Expect {
  return error("statement_not_allowed");
}

function internal(): Expect {
  return error("internal_table");
}
