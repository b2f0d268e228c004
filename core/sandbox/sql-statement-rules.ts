// What kind of statement a tool's SQL is, and whether the platform lets any tool run it: the
// lexical half of the host's SQL guard (sql-guard.ts adds the cost bound). Read from the text
// alone, so verdicts are cached by SQL text for every episode in the isolate.
//
//   allowed   SELECT / VALUES / WITH ... SELECT (read); INSERT / UPDATE / DELETE / REPLACE and
//             WITH ... those (write); CREATE TABLE of a new, non-reserved name in `main` (write:
//             the SQL-surface environments' create_table); EXPLAIN of anything (it never runs)
//   refused   more than one statement; any name (bare, quoted, bracketed, as a string,
//             schema-qualified) starting `_aw_` (the platform's), `_cf_` (Cloudflare's) or
//             `__miniflare`; `sqlite_*` in a statement that writes; every other statement
//             (DROP, ALTER, CREATE INDEX/VIEW/TRIGGER/TEMP/VIRTUAL, PRAGMA, ATTACH, DETACH, VACUUM,
//             REINDEX, ANALYZE, transactions); WITH RECURSIVE; load_extension(), zeroblob(),
//             randomblob() (a one-call allocation of up to a gigabyte)
import type { Json } from "../base/json";
import { type SqlToken, SqlTokenError, splitStatements, tokenizeSql } from "./sql-tokens";

export type SqlEffect = "read" | "write";
export type StatementKind = "read" | "write" | "explain";

export interface SqlRefusal {
  code: "sql_refused" | "read_only" | "limit_exceeded" | "sql_error";
  message: string;
  details: { reason: string } & Record<string, Json>;
}

export type StatementClass =
  | { ok: true; kind: StatementKind; tokens: readonly SqlToken[] }
  | { ok: false; refusal: SqlRefusal };

/** Prefixes of names no tool may touch: the platform's, the runtime's and the local runtime's. */
export const RESERVED_NAME = /^(_aw_|_cf_|__miniflare)/i;
const SQLITE_NAME = /^sqlite_/i;

const READ_LEADS = new Set(["SELECT", "VALUES", "WITH"]);
const WRITE_LEADS = new Set(["INSERT", "UPDATE", "DELETE", "REPLACE"]);
// Every statement SQLite parses starts with one of these (or EXPLAIN, SELECT, VALUES, WITH...).
const STATEMENT_LEADS = new Set(
  "ALTER ANALYZE ATTACH BEGIN COMMIT CREATE DETACH DROP END PRAGMA REINDEX RELEASE ROLLBACK SAVEPOINT VACUUM".split(
    " ",
  ),
);
const REFUSED_FUNCTIONS = new Set(["LOAD_EXTENSION", "ZEROBLOB", "RANDOMBLOB"]);

const refused = (reason: string, message: string, extra: Record<string, Json> = {}) =>
  ({
    ok: false,
    refusal: { code: "sql_refused", message, details: { reason, ...extra } },
  }) as const;

const CACHE_LIMIT = 2_000;
const cache = new Map<string, StatementClass>();

/** The statement's class (effect-independent), cached by text. */
export function classifyStatement(sql: string): StatementClass {
  const hit = cache.get(sql);
  if (hit) return hit;
  const verdict = classify(sql);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(sql, verdict);
  return verdict;
}

/** The class as it applies to a tool of `effect`: a read tool's write is `read_only`. */
export function statementFor(sql: string, effect: SqlEffect): StatementClass {
  const verdict = classifyStatement(sql);
  if (verdict.ok && verdict.kind === "write" && effect === "read") {
    return {
      ok: false,
      refusal: {
        code: "read_only",
        message:
          "This tool is declared `effect: read`, so it cannot change the database (INSERT, UPDATE, DELETE, REPLACE or CREATE TABLE); declare it `write` to write.",
        details: { reason: "read_only_tool" },
      },
    };
  }
  return verdict;
}

function classify(sql: string): StatementClass {
  let tokens: SqlToken[];
  try {
    tokens = tokenizeSql(sql);
  } catch (error) {
    if (!(error instanceof SqlTokenError)) throw error;
    return refused("unreadable", `The SQL could not be read: ${error.message}.`);
  }
  const statements = splitStatements(tokens);
  const [statement] = statements;
  if (statement === undefined) return refused("empty", "The SQL has no statement.");
  if (statements.length > 1) {
    return refused(
      "multiple_statements",
      `Send one SQL statement per call; this SQL has ${statements.length}.`,
      { statements: statements.length },
    );
  }
  for (const t of statement) {
    if (
      t.kind !== "punct" &&
      t.kind !== "number" &&
      t.kind !== "param" &&
      RESERVED_NAME.test(t.text)
    ) {
      return refused(
        "reserved_name",
        `${JSON.stringify(t.text)} belongs to the platform or the runtime, not to this environment; tool SQL cannot name it.`,
        { name: t.text },
      );
    }
  }
  const lead = statement[0]?.kind === "word" ? (statement[0]?.upper ?? "") : "";
  if (lead === "EXPLAIN") return { ok: true, kind: "explain", tokens: statement };
  let kind: StatementKind;
  if (lead === "CREATE") {
    const table = createTableRefusal(statement);
    if (table) return table;
    kind = "write";
  } else if (WRITE_LEADS.has(lead)) kind = "write";
  else if (READ_LEADS.has(lead)) kind = writesData(statement) ? "write" : "read";
  else if (!STATEMENT_LEADS.has(lead)) {
    // Not a statement SQLite knows: its syntax error, without handing it to SQLite at all.
    const near = statement[0]?.text ?? "";
    return {
      ok: false,
      refusal: {
        code: "sql_error",
        message: `near ${JSON.stringify(near)}: syntax error`,
        details: { reason: "syntax" },
      },
    };
  } else {
    return refused(
      lead === "DROP" || lead === "ALTER" ? "schema_change" : "statement_kind",
      `${lead || "This statement"} is not allowed in tool SQL: tools may run SELECT, INSERT, UPDATE, DELETE, REPLACE and CREATE TABLE (schema changes, PRAGMA, ATTACH, VACUUM and transactions belong to the platform).`,
      { statement: lead },
    );
  }
  for (let n = 0; n < statement.length; n++) {
    const t = statement[n];
    if (t === undefined) continue;
    if (kind === "write" && t.kind !== "punct" && t.kind !== "number" && SQLITE_NAME.test(t.text)) {
      return refused(
        "sqlite_table",
        `${JSON.stringify(t.text)} is SQLite's own; a statement that writes cannot name it.`,
        { name: t.text },
      );
    }
    if (t.kind !== "word") continue;
    if (t.upper === "RECURSIVE") {
      return refused(
        "recursion",
        "Recursive CTEs (WITH RECURSIVE) are not allowed in tool SQL: they can run without bound. Loop in the tool's code instead, where fuel bounds the work.",
      );
    }
    const next = statement[n + 1];
    if (REFUSED_FUNCTIONS.has(t.upper) && next?.kind === "punct" && next.text === "(") {
      return refused("function", `${t.text}() is not allowed in tool SQL.`, { function: t.text });
    }
  }
  return { ok: true, kind, tokens: statement };
}

// `WITH ... INSERT/UPDATE/DELETE/REPLACE`: those words appear in no SELECT (`replace(` is the function).
function writesData(statement: readonly SqlToken[]): boolean {
  return statement.some((t, n) => {
    if (t.kind !== "word" || !WRITE_LEADS.has(t.upper)) return false;
    const next = statement[n + 1];
    return !(t.upper === "REPLACE" && next?.kind === "punct" && next.text === "(");
  });
}

// CREATE TABLE [IF NOT EXISTS] [main.]name ...: nothing else, nothing reserved, nothing temporary.
function createTableRefusal(statement: readonly SqlToken[]) {
  const words = statement.slice(0, 6).map((t) => (t.kind === "word" ? t.upper : ""));
  if (words[1] !== "TABLE") {
    const what = [words[1], words[2]].filter((w) => w).join(" ");
    return refused(
      "schema_change",
      `CREATE ${what || "..."} is not allowed in tool SQL: the only schema change a tool may make is CREATE TABLE of a new table.`,
      { statement: `CREATE ${what}`.trim() },
    );
  }
  let at = 2;
  if (words[2] === "IF" && words[3] === "NOT" && words[4] === "EXISTS") at = 5;
  const first = statement[at];
  const dot = statement[at + 1];
  const qualified = dot?.kind === "punct" && dot.text === ".";
  if (qualified && first?.text.toLowerCase() !== "main") {
    return refused(
      "schema_change",
      "CREATE TABLE may only create a table in the main database (no temp tables).",
    );
  }
  const name = qualified ? statement[at + 2] : first;
  if (name && SQLITE_NAME.test(name.text)) {
    return refused("sqlite_table", `${JSON.stringify(name.text)} is a name SQLite reserves.`, {
      name: name.text,
    });
  }
  return null;
}
