// The JavaScript of an MCP-derived tool: one generic body per verb, configured by a constant
// object of table and column names. SQL is assembled from those constants only; every value an
// agent sends travels as a bound parameter.
import { CONTAINS_SQL_JS } from "../../episode/sql-contains";
import { normalize } from "../tool-json-schema";
import { pluralOf } from "../tool-shape";
import type { EntityTable, ToolPlan } from "./entities";

interface ArgColumn {
  arg: string;
  col: string;
}

const prelude = `
  const q = (c) => '"' + String(c).replace(/"/g, '""') + '"';
  const T = q(C.table);
  const enc = (col, v) => v === undefined ? null : C.json.includes(col) ? JSON.stringify(v) : typeof v === "boolean" ? (v ? 1 : 0) : v;
  const dec = (row) => {
    for (const c of C.json) if (typeof row[c] === "string") { try { row[c] = JSON.parse(row[c]); } catch (e) {} }
    for (const c of C.bool) if (typeof row[c] === "number") row[c] = row[c] === 1;
    return row;
  };
  const byKey = (key) => ctx.one("SELECT * FROM " + T + " WHERE " + q(C.keyCol) + " = ?", [key]);
  const find = (key) => {
    const where = [q(C.keyCol) + " = ?"];
    const params = [enc(C.keyCol, key)];
    for (const s of C.scope) { where.push(q(s.col) + " = ?"); params.push(enc(s.col, args[s.arg])); }
    const row = ctx.one("SELECT * FROM " + T + " WHERE " + where.join(" AND "), params);
    if (row === null) return ctx.fail("not_found", C.noun + " " + String(key) + " was not found", { key });
    return row;
  };
  const insert = (row) => {
    if (row[C.keyCol] === undefined || row[C.keyCol] === null) {
      row[C.keyCol] = C.keyKind === "text" ? ctx.id(C.prefix)
        : ctx.one("SELECT COALESCE(MAX(" + q(C.keyCol) + "), 0) + 1 AS n FROM " + T).n;
    }
    const cols = Object.keys(row);
    ctx.run("INSERT INTO " + T + " (" + cols.map(q).join(", ") + ") VALUES (" + cols.map(() => "?").join(", ") + ")", cols.map((c) => row[c]));
    return dec(byKey(row[C.keyCol]));
  };`;

const bodies: Record<string, string> = {
  get: "return dec(find(args[C.keyArg]));",
  list: listBody(),
  search: listBody(),
  create: `
  const row = {};
  for (const s of C.set) if (args[s.arg] !== undefined) row[s.col] = enc(s.col, args[s.arg]);
  if (!C.batch) return insert(row);
  const out = args[C.batch].map((item) => {
    const one = Object.assign({}, row);
    for (const s of C.items) if (item[s.arg] !== undefined) one[s.col] = enc(s.col, item[s.arg]);
    return insert(one);
  });
  return { [C.plural]: out };`,
  update: `
  const found = find(args[C.keyArg]);
  const sets = [];
  const params = [];
  for (const s of C.set) if (args[s.arg] !== undefined) { sets.push(q(s.col) + " = ?"); params.push(enc(s.col, args[s.arg])); }
  if (sets.length > 0) ctx.run("UPDATE " + T + " SET " + sets.join(", ") + " WHERE " + q(C.keyCol) + " = ?", params.concat([found[C.keyCol]]));
  return dec(byKey(found[C.keyCol]));`,
  delete: `
  const keys = C.batch ? args[C.batch] : [args[C.keyArg]];
  for (const key of keys) {
    const found = find(key);
    ctx.run("DELETE FROM " + T + " WHERE " + q(C.keyCol) + " = ?", [found[C.keyCol]]);
  }
  return { deleted: keys };`,
};

function listBody(): string {
  return `
  const where = [];
  const params = [];
  for (const s of C.scope.concat(C.set)) if (args[s.arg] !== undefined) { where.push(q(s.col) + " = ?"); params.push(enc(s.col, args[s.arg])); }
  if (C.query && args[C.query] !== undefined && args[C.query] !== null) {
    ${CONTAINS_SQL_JS}
    // Without text columns nothing can contain the query.
    where.push(C.text.length > 0 ? "(" + C.text.map((c) => contains(q(c))).join(" OR ") + ")" : "0");
    for (const c of C.text) params.push(String(args[C.query]));
  }
  const clause = where.length > 0 ? " WHERE " + where.join(" AND ") : "";
  const total = ctx.one("SELECT COUNT(*) AS n FROM " + T + clause, params).n;
  const limit = C.limit && typeof args[C.limit] === "number" ? Math.max(0, Math.floor(args[C.limit])) : 50;
  const page = C.page && typeof args[C.page] === "number" ? Math.max(1, Math.floor(args[C.page])) : 1;
  const rows = ctx.query("SELECT * FROM " + T + clause + " ORDER BY " + q(C.keyCol) + " LIMIT ? OFFSET ?", params.concat([limit, (page - 1) * limit]));
  return { [C.plural]: rows.map(dec), total };`;
}

export function columnOf(table: EntityTable, arg: string): string {
  const col = table.columns.find((c) => normalize(c.name) === normalize(arg));
  return col ? col.name : arg;
}

/** The text columns a search matches (JSON columns excluded: their text is not the agent's). */
export function textColumns(table: EntityTable): string[] {
  return table.columns.filter((c) => c.kind === "text").map((c) => c.name);
}

export function implementationOf(
  plan: ToolPlan,
  functionName: string,
  batchItems: readonly string[],
): string {
  const t = plan.table;
  const map = (f: { name: string }): ArgColumn => ({ arg: f.name, col: columnOf(t, f.name) });
  const config = {
    table: t.name,
    noun: t.name.replace(/_/g, " "),
    plural: pluralOf(t.name),
    keyCol: t.key.name,
    keyKind: t.key.kind === "text" ? "text" : "number",
    prefix: t.name.replace(/[^a-z]/g, "").slice(0, 4) || "id",
    keyArg: plan.keyArg?.name ?? null,
    batch: plan.batchArg?.name ?? null,
    scope: plan.scope.map(map),
    set: plan.optional.map(map),
    items: batchItems.map((name) => ({ arg: name, col: columnOf(t, name) })),
    query: plan.queryArg?.name ?? null,
    text: textColumns(t),
    limit: plan.limitArg?.name ?? null,
    page: plan.pageArg?.name ?? null,
    json: t.columns.filter((c) => c.kind === "json").map((c) => c.name),
    bool: t.columns.filter((c) => c.kind === "boolean").map((c) => c.name),
  };
  const body = bodies[plan.candidate.shape.verb] ?? "";
  return `function ${functionName}(args, ctx) {\n  const C = ${JSON.stringify(config)};${prelude}\n  ${body.trim()}\n}`;
}
