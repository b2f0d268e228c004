// The guard every SQL tool runs before it lets an agent's SQL reach the episode's database, as
// guest JavaScript (the tool's code is all that runs per call). It expects `C` (with `kind`, `arg`,
// `limits`, `others`) and `args`/`ctx` in scope, and defines `prepare`, `guardCost`, `onSql`,
// `userTables` and `tablesHint`. What it enforces:
//
// - one statement: comments are stripped and the text is split on `;` outside quotes;
// - its kind: read tools take SELECT / WITH ... SELECT / VALUES, write tools INSERT / UPDATE /
//   DELETE / REPLACE (no RETURNING), DDL tools CREATE TABLE (no TEMP, VIRTUAL, VIEW, INDEX,
//   TRIGGER); PRAGMA, ATTACH, DETACH, VACUUM, transactions and everything else are refused;
// - no name (bare, quoted or as a string) of an internal table: SQLite's `sqlite_*`, Cloudflare's
//   `_cf_*`, the platform's `_aw_*`, miniflare's `__miniflare*`; no `pragma_*` functions;
// - determinism: `random()`/`randomblob()` are refused; `'now'`, `CURRENT_TIMESTAMP/DATE/TIME` and
//   `date()`-style calls with no argument read the episode's virtual clock (`ctx.now()`);
// - boundedness: the SQL is at most `limits.sqlChars` long, has no parameter placeholders, no
//   recursive CTE (`WITH RECURSIVE`, or a self-referencing CTE seen in the plan), no `zeroblob`;
//   and SQLite's own `EXPLAIN QUERY PLAN` must estimate at most `limits.cost` row visits: each
//   SCAN counts the table's rows, each indexed SEARCH the largest group of its first equality
//   column, nested loops multiply, correlated subqueries run once per outer row, materialized
//   CTEs and subqueries once (an estimate: an `IN (...)` list counts as one lookup). Read results
//   stop at `limits.rows` rows and `limits.resultChars` characters of JSON (said as `truncated`).
// Refusals, each a tool error with its code:
//   invalid_argument       no SQL, too long, only comments, a parameter placeholder
//   multiple_statements    more than one statement
//   statement_not_allowed  the wrong kind for this tool, PRAGMA/ATTACH/VACUUM/..., recursion,
//                          RETURNING on a write, zeroblob()/load_extension()
//   internal_table         an internal name
//   not_deterministic      random()/randomblob(), or the current time in a CREATE TABLE
//   query_too_costly       the plan's estimate over `limits.cost` (details: estimate, limit)
// SQL failures come back as the runtime's codes (`sql_error`, `constraint_unique`, ...) with
// SQLite's message, and "no such table" lists the tables.

/** Per-call bounds of the SQL tools (the sandbox's own fuel, memory and result limits still apply). */
export const SQL_LIMITS = {
  /** Characters of SQL a call may send. */
  sqlChars: 10_000,
  /** Rows a read returns before it says `truncated`. */
  rows: 500,
  /** Characters of row JSON a read returns before it says `truncated` (the sandbox allows 1 MiB). */
  resultChars: 256 * 1024,
  /**
   * Row visits the query plan may be estimated at. The host charges every statement's estimate to
   * the call's fuel (core/sandbox/sql-guard.ts, 1 per 1,000 visits of 2,000 fuel) and a read runs
   * the statement twice (measured, then fetched), so this stays well inside the call's fuel and
   * agents get this guard's `query_too_costly`, with its advice, before the host's limit.
   */
  cost: 400_000,
  /** What one scan of a table-valued function (`json_each`...) is counted as. */
  virtualRows: 10_000,
} as const;

export const SQL_GUARD = String.raw`
  const L = C.limits;
  const INTERNAL = /^(sqlite_|_aw_|_cf_|__miniflare)/i;
  const q = (n) => '"' + String(n).replace(/"/g, '""') + '"';
  const qs = (s) => "'" + String(s).replace(/'/g, "''") + "'";
  const userTables = () => ctx.query("SELECT name FROM sqlite_master WHERE type = 'table'")
    .map((r) => String(r.name)).filter((n) => !INTERNAL.test(n));
  const tablesHint = () => {
    const names = userTables();
    return names.slice(0, 100).join(", ") + (names.length > 100 ? ", ..." : "");
  };
  const onSql = (fn) => {
    try {
      return fn();
    } catch (e) {
      if (!e || e.name !== "SqlError") throw e;
      const hint = /no such table/i.test(String(e.message)) ? " (the tables are: " + tablesHint() + ")" : "";
      return ctx.fail(e.code, "SQLite: " + e.message + hint, { dialect: "SQLite" });
    }
  };
  const RECURSIVE = "Recursive queries (WITH RECURSIVE, or a CTE that reads itself) are not allowed here: they can run without bound, and every tool call must finish in bounded time. Use joins, GROUP BY or several queries instead.";
  const STARTS = { read: ["SELECT", "WITH", "VALUES"], write: ["INSERT", "UPDATE", "DELETE", "REPLACE"], ddl: ["CREATE"] };
  const NEVER = ["PRAGMA", "ATTACH", "DETACH", "VACUUM", "REINDEX", "ANALYZE", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"];
  const WRITES = ["INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER"];
  const NOW_FNS = ["DATE", "TIME", "DATETIME", "JULIANDAY", "UNIXEPOCH", "STRFTIME"];
  const STOP = new Set(["AS", "ON", "USING", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "OUTER", "CROSS", "NATURAL", "WHERE", "GROUP", "ORDER", "HAVING", "LIMIT", "OFFSET", "UNION", "EXCEPT", "INTERSECT", "WINDOW", "INDEXED", "NOT", "SET", "VALUES", "DEFAULT", "SELECT", "FROM", "RETURNING", "AND", "OR", "IS", "IN", "LIKE", "GLOB", "BETWEEN", "WHEN", "THEN", "ELSE", "END", "CASE", "COLLATE", "ASC", "DESC", "NULLS", "ESCAPE", "MATCH", "REGEXP", "FILTER", "OVER", "DO"]);
  let nowText = null;
  // A table's DEFAULT would read the clock at each later insert, outside any call: refused there.
  const now = () => {
    if (C.kind === "ddl") ctx.fail("not_deterministic", "A CREATE TABLE cannot use the current time (CURRENT_TIMESTAMP, 'now'): rows written later would take the machine's clock, and an episode must replay identically. Give times explicitly when you insert rows.");
    return nowText || (nowText = ctx.now().slice(0, 19).replace("T", " "));
  };
  const kindText = { read: "one read-only query (SELECT, WITH ... SELECT or VALUES)", write: "one INSERT, UPDATE, DELETE or REPLACE statement", ddl: "one CREATE TABLE statement" };
  const refuse = (what) => {
    const tips = [];
    if (C.kind !== "read" && C.others.read) tips.push("use " + C.others.read + " to read");
    if (C.kind !== "write" && C.others.write) tips.push("use " + C.others.write + " for INSERT, UPDATE and DELETE");
    if (C.kind !== "ddl" && C.others.ddl) tips.push("use " + C.others.ddl + " for CREATE TABLE");
    return ctx.fail("statement_not_allowed", "This tool runs " + kindText[C.kind] + "; " + what + " is refused here" + (tips.length ? " (" + tips.join("; ") + ")." : "."));
  };
  const internal = (name) => ctx.fail("internal_table", JSON.stringify(name) + " belongs to the database engine or the platform, not to this database, and cannot be used here. The tables are: " + tablesHint() + ".", { name });

  const lex = (sql) => {
    const toks = [];
    let i = 0;
    while (i < sql.length) {
      const c = sql[i];
      const d = sql[i + 1];
      if (c === "-" && d === "-") {
        const e = sql.indexOf("\n", i);
        i = e < 0 ? sql.length : e;
      } else if (c === "/" && d === "*") {
        const e = sql.indexOf("*/", i + 2);
        i = e < 0 ? sql.length : e + 2;
      } else if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v") {
        i++;
      } else if (c === "'" || c === '"' || c === "\x60" || c === "[") {
        const close = c === "[" ? "]" : c;
        let j = i + 1;
        let v = "";
        for (;;) {
          if (j >= sql.length) ctx.fail("sql_error", "SQLite: unterminated " + (c === "'" ? "string" : "quoted name") + " in the SQL", { dialect: "SQLite" });
          const e = sql[j];
          if (e === close && close !== "]" && sql[j + 1] === close) { v += e; j += 2; continue; }
          if (e === close) break;
          v += e;
          j++;
        }
        toks.push({ k: c === "'" ? "s" : "i", v, a: i, b: j + 1 });
        i = j + 1;
      } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
        let j = i + 1;
        while (j < sql.length && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[j])) j++;
        const v = sql.slice(i, j);
        toks.push({ k: "w", v, u: v.toUpperCase(), a: i, b: j });
        i = j;
      } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(d || ""))) {
        let j = i + 1;
        while (j < sql.length && (/[0-9A-Za-z_.]/.test(sql[j]) || ((sql[j] === "+" || sql[j] === "-") && /[eE]/.test(sql[j - 1])))) j++;
        toks.push({ k: "n", v: sql.slice(i, j), a: i, b: j });
        i = j;
      } else if (c === "?" || c === ":" || c === "@" || c === "$") {
        ctx.fail("invalid_argument", "The SQL has a parameter placeholder (" + c + "): this tool takes no parameters, so write the values into the SQL as literals.");
      } else {
        toks.push({ k: "p", v: c, a: i, b: i + 1 });
        i++;
      }
    }
    return toks;
  };

  const prepare = (sql) => {
    if (typeof sql !== "string" || sql.trim() === "") ctx.fail("invalid_argument", "Give the SQL statement to run in " + JSON.stringify(C.arg) + ".");
    if (sql.length > L.sqlChars) ctx.fail("invalid_argument", "The SQL is " + sql.length + " characters long; a call takes at most " + L.sqlChars + ".");
    const parts = [[]];
    for (const t of lex(sql)) {
      if (t.k === "p" && t.v === ";") parts.push([]);
      else parts[parts.length - 1].push(t);
    }
    const statements = parts.filter((p) => p.length > 0);
    if (statements.length === 0) ctx.fail("invalid_argument", "The SQL has no statement, only comments or semicolons.");
    if (statements.length > 1) ctx.fail("multiple_statements", "Send one SQL statement per call; this SQL has " + statements.length + ".");
    const toks = statements[0];
    const first = toks[0];
    const lead = first.k === "w" ? first.u : first.v;
    if (NEVER.includes(lead)) refuse(lead + " (it changes how the database runs, not its data)");
    if (!STARTS[C.kind].includes(lead)) refuse("a statement starting with " + JSON.stringify(lead));
    if (C.kind === "ddl" && !(toks[1] && toks[1].k === "w" && toks[1].u === "TABLE")) refuse("CREATE " + (toks[1] ? toks[1].v.toUpperCase() : ""));
    const edits = new Map();
    const open = [];
    for (let n = 0; n < toks.length; n++) {
      const t = toks[n];
      const next = toks[n + 1];
      if (t.k === "p") {
        if (t.v === "(") open.push(n > 0 && toks[n - 1].k === "w" ? toks[n - 1].u : "");
        if (t.v === ")") open.pop();
        continue;
      }
      if (t.k === "n") continue;
      if (INTERNAL.test(t.v)) internal(t.v);
      if (t.k === "s") {
        if (t.v.trim().toLowerCase() === "now" && NOW_FNS.includes(open[open.length - 1])) edits.set(t, qs(now()));
        continue;
      }
      if (/^pragma_/i.test(t.v)) refuse("PRAGMA (including " + t.v + "())");
      if (t.k !== "w") continue;
      const call = next && next.k === "p" && next.v === "(";
      if (t.u === "RECURSIVE") ctx.fail("statement_not_allowed", RECURSIVE);
      if (call && (t.u === "RANDOM" || t.u === "RANDOMBLOB")) ctx.fail("not_deterministic", t.v + "() is not allowed: an episode must give the same answers when its calls are replayed. Order or pick rows by their columns instead.");
      if (call && (t.u === "ZEROBLOB" || t.u === "LOAD_EXTENSION")) refuse(t.v + "()");
      if (t.u === "CURRENT_TIMESTAMP") edits.set(t, qs(now()));
      if (t.u === "CURRENT_DATE") edits.set(t, qs(now().slice(0, 10)));
      if (t.u === "CURRENT_TIME") edits.set(t, qs(now().slice(11)));
      if (call && NOW_FNS.includes(t.u) && t.u !== "STRFTIME" && toks[n + 2] && toks[n + 2].v === ")") edits.set(next, "(" + qs(now()));
      if (C.kind === "read" && WRITES.includes(t.u) && !(t.u === "REPLACE" && call)) refuse("a query containing " + t.u);
      if (C.kind === "write" && t.u === "RETURNING") refuse("RETURNING (the tool answers the number of rows it changed; read rows back with a SELECT)");
    }
    let text = "";
    for (let n = 0; n < toks.length; n++) {
      const t = toks[n];
      if (n > 0 && t.a > toks[n - 1].b) text += " ";
      text += edits.has(t) ? edits.get(t) : sql.slice(t.a, t.b);
    }
    return { text, toks };
  };

  const guardCost = (stmt) => {
    const plan = onSql(() => ctx.query("EXPLAIN QUERY PLAN " + stmt.text));
    const tables = userTables();
    const byLower = {};
    for (const n of tables) byLower[n.toLowerCase()] = n;
    const aliases = {};
    const toks = stmt.toks;
    for (let n = 0; n < toks.length; n++) {
      const t = toks[n];
      if ((t.k !== "w" && t.k !== "i") || byLower[t.v.toLowerCase()] === undefined) continue;
      let at = n + 1;
      if (toks[at] && toks[at].k === "w" && toks[at].u === "AS") at++;
      const a = toks[at];
      if (a && (a.k === "i" || (a.k === "w" && !STOP.has(a.u)))) aliases[a.v.toLowerCase()] = byLower[t.v.toLowerCase()];
    }
    const counts = {};
    const rowsOf = (name) => {
      const key = name.toLowerCase();
      if (counts[key] === undefined) counts[key] = Number(ctx.one("SELECT count(*) AS n FROM " + q(name)).n);
      return counts[key];
    };
    let largest = null;
    const largestRows = () => {
      if (largest === null) largest = tables.reduce((m, n) => Math.max(m, rowsOf(n)), 1);
      return largest;
    };
    const groups = {};
    const maxGroup = (table, col) => {
      const key = table.toLowerCase() + "/" + col.toLowerCase();
      if (groups[key] === undefined) {
        const found = ctx.query("SELECT name FROM pragma_table_info(?)", [table])
          .map((r) => String(r.name)).find((c) => c.toLowerCase() === col.toLowerCase());
        groups[key] = found === undefined ? rowsOf(table)
          : Number(ctx.one("SELECT max(c) AS m FROM (SELECT count(*) AS c FROM " + q(table) + " GROUP BY " + q(found) + ")").m || 0);
      }
      return groups[key];
    };
    const sizes = {};
    const factor = (detail) => {
      if (/ VIRTUAL TABLE/.test(detail)) return L.virtualRows;
      const m = /^(SCAN|SEARCH) (.+?)(?: USING (.*))?$/.exec(detail.replace(/ [A-Z]+-JOIN$/, ""));
      if (!m) return largestRows();
      const name = m[2];
      if (name === "CONSTANT ROW") return 1;
      const values = /^(\d+)-ROW VALUES CLAUSE$/.exec(name);
      if (values) return Number(values[1]);
      const lower = name.toLowerCase();
      const table = sizes[lower] === undefined ? aliases[lower] || byLower[lower] : undefined;
      const size = sizes[lower] !== undefined ? sizes[lower] : table ? rowsOf(table) : largestRows();
      if (m[1] === "SCAN") return size;
      const cond = /\((.*)\)$/.exec(m[3] || "");
      const eq = cond ? cond[1].split(" AND ").map((c) => /^(.+)=\?$/.exec(c)).find((x) => x) : null;
      if (!eq) return size;
      if (/^(rowid|_rowid_|oid)$/i.test(eq[1])) return 1;
      return table ? maxGroup(table, eq[1]) : size;
    };
    const kids = {};
    for (const r of plan) (kids[r.parent] || (kids[r.parent] = [])).push(r);
    const walk = (id, outer) => {
      let rows = 1;
      let cost = 0;
      for (const r of kids[id] || []) {
        const d = String(r.detail);
        if (/^(SETUP|RECURSIVE STEP)/.test(d)) ctx.fail("statement_not_allowed", RECURSIVE);
        if (/^(SCAN|SEARCH) /.test(d)) {
          rows *= factor(d);
          cost += outer * rows + walk(r.id, outer * rows).cost;
        } else if (/^(MATERIALIZE|CO-ROUTINE) /.test(d)) {
          const inner = walk(r.id, 1);
          sizes[d.replace(/^\S+ /, "").toLowerCase()] = Math.max(1, inner.rows);
          cost += inner.cost;
        } else if (/^COMPOUND/.test(d)) {
          let sum = 0;
          for (const part of kids[r.id] || []) {
            const w = walk(part.id, outer);
            sum += w.rows;
            cost += w.cost;
          }
          rows *= Math.max(1, sum);
        } else if (/^MULTI-INDEX OR/.test(d)) {
          let sum = 0;
          for (const part of kids[r.id] || []) sum += walk(part.id, 1).rows;
          rows *= Math.max(1, sum);
          cost += outer * rows;
        } else if (/^CORRELATED /.test(d)) {
          cost += walk(r.id, outer * rows).cost;
        } else if (/SUBQUERY/.test(d)) {
          cost += walk(r.id, 1).cost;
        } else {
          cost += walk(r.id, outer * rows).cost;
        }
      }
      return { rows, cost };
    };
    const estimate = walk(0, 1).cost;
    if (estimate > L.cost) {
      const shown = estimate > 1e15 ? "more than 10^15" : String(Math.round(estimate));
      ctx.fail("query_too_costly", "SQLite's query plan for this statement visits about " + shown + " rows (full scans and index lookups multiplied through its joins and subqueries); a call may visit at most " + L.cost + ". Join on key columns, filter earlier, or split the work into smaller queries.", { estimate: estimate > 1e15 ? 1e15 : Math.round(estimate), limit: L.cost });
    }
  };`;
