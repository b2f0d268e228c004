// The JavaScript of the SQL surface's tools: one body per kind behind the guard (guard.ts),
// configured by a constant object. A SQL tool runs the agent's one statement once the guard has
// accepted it; every other value the code puts into SQL is a quoted name it read from the database
// itself or a bound parameter.
//
// Results, following mcp-server-sqlite (and @modelcontextprotocol/server-postgres for reads):
//   read            the rows as objects, like the servers' JSON arrays; past the row or size cap
//                   `{rows, truncated: true, note}` instead (the real servers have no cap). The
//                   answer is sized inside SQLite first (row count and widest row, through a CTE
//                   over the statement's columns), so rows that would not fit are never fetched
//                   into the Durable Object's memory. Duplicate column names come back as SQLite
//                   names them in a subquery (`Name`, `Name:1`) instead of overwriting each other.
//   write           `[{affected_rows: n}]`, as mcp-server-sqlite answers
//   ddl             "Table created successfully", its text; the episode runtime gives the new
//                   table change tracking when the call returns (trackingCreatedTables), so its
//                   rows count as the call's inserts
//   list-tables     `[{name}]` in creation order, internal tables hidden
//   describe-table  SQLite's `table_info` rows `{cid, name, type, notnull, dflt_value, pk}`;
//                   an unknown table is `not_found` (the real server answers `[]`)
import { SQL_GUARD, SQL_LIMITS } from "./guard";
import type { SqlToolKind } from "./recognise";

export interface SqlCodeConfig {
  kind: SqlToolKind;
  /** The argument holding the SQL (or the table name, for describe-table); null for list-tables. */
  arg: string | null;
  /** The server's other SQL tools, named in refusals ("use write_query for INSERT ..."). */
  others: { read?: string; write?: string; ddl?: string };
}

const bodies: Record<SqlToolKind, string> = {
  read: `
  const stmt = prepare(args[C.arg]);
  guardCost(stmt);
  const inner = "SELECT * FROM (" + stmt.text + ")";
  // Measured inside SQLite before any row reaches this call: how many rows, and the widest one.
  const program = onSql(() => ctx.query("EXPLAIN " + inner));
  const width = Number((program.find((op) => op.opcode === "ResultRow") || { p2: 1 }).p2) || 1;
  const cols = [];
  for (let i = 0; i < width; i++) cols.push("c" + i);
  const size = cols.map((c) => "coalesce(length(CAST(" + c + " AS BLOB)), 0) + 40").join(" + ");
  const before = ctx.one("SELECT total_changes() AS n").n;
  // The CTE's name is one the statement does not use, so nothing in it can read the CTE itself.
  let sized = "sized_rows";
  while (stmt.toks.some((t) => String(t.v).toLowerCase() === sized)) sized += "_";
  const measured = onSql(() => ctx.one("WITH " + sized + "(" + cols.join(", ") + ") AS (" + inner + " LIMIT " + (L.rows + 1) + ") SELECT count(*) AS n, max(" + size + ") AS widest FROM " + sized));
  const fits = Math.min(measured.n, L.rows, Math.floor(L.resultChars / Math.max(1, measured.widest || 1)));
  const rows = fits > 0 ? onSql(() => ctx.query(inner + " LIMIT " + fits)) : [];
  if (ctx.one("SELECT total_changes() AS n").n !== before) refuse("a query that changes the database");
  const kept = [];
  let chars = 2;
  for (const row of rows) {
    const text = JSON.stringify(row).length + 1;
    if (chars + text > L.resultChars) break;
    chars += text;
    kept.push(row);
  }
  if (kept.length === measured.n) return kept;
  return {
    rows: kept,
    truncated: true,
    note: "Only the first " + kept.length + " rows are shown (a call returns at most " + L.rows + " rows and " + L.resultChars + " characters): add a WHERE, LIMIT/OFFSET, an aggregate, or fewer or shorter columns to see the rest.",
  };`,
  write: `
  const stmt = prepare(args[C.arg]);
  guardCost(stmt);
  const done = onSql(() => ctx.run(stmt.text));
  return [{ affected_rows: done.changes }];`,
  ddl: `
  const stmt = prepare(args[C.arg]);
  guardCost(stmt);
  onSql(() => ctx.run(stmt.text));
  return "Table created successfully";`,
  "list-tables": `
  return userTables().map((name) => ({ name }));`,
  "describe-table": `
  const given = args[C.arg];
  if (typeof given !== "string" || given.trim() === "") ctx.fail("invalid_argument", "Give the table's name in " + JSON.stringify(C.arg) + ".");
  const bare = /^\\[(.*)\\]$|^"(.*)"$|^\\x60(.*)\\x60$/.exec(given.trim());
  const wanted = (bare ? bare[1] || bare[2] || bare[3] || "" : given.trim()).toLowerCase();
  const name = userTables().find((n) => n.toLowerCase() === wanted);
  if (name === undefined) ctx.fail("not_found", "No table named " + JSON.stringify(given) + ". The tables are: " + tablesHint() + ".", { table: given });
  return ctx.query("SELECT * FROM pragma_table_info(?)", [name]);`,
};

export function sqlImplementation(config: SqlCodeConfig, functionName: string): string {
  const constants = {
    kind: config.kind,
    arg: config.arg,
    others: config.others,
    limits: SQL_LIMITS,
  };
  return `function ${functionName}(args, ctx) {\n  const C = ${JSON.stringify(constants)};${SQL_GUARD}\n  ${bodies[config.kind].trim()}\n}`;
}
