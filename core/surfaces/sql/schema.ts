// What the SQL surface needs to know of a served database without opening it (the import is pure):
// its tables in creation order, each column's declared type, NOT NULL and primary-key position,
// UNIQUE columns, foreign-key targets and which tables carry triggers. Read from `schemaSql`
// with a small tokenizer; a table whose definition it cannot read is listed with no columns.
import { splitSqlStatements } from "../../episode/sql-statements";

export interface SqlToken {
  kind: "word" | "ident" | "string" | "number" | "punct";
  /** The name or text without its quotes (a word as written). */
  text: string;
  start: number;
  end: number;
}

export interface DatabaseColumn {
  name: string;
  /** The declared type as written (`NVARCHAR(160)`), "" when none. */
  type: string;
  /** False when the type is quoted: SQLite reports it unquoted, not as written. */
  typeAsWritten: boolean;
  notNull: boolean;
  /** 1-based position in the primary key, 0 when not part of it. */
  pk: number;
  /** Part of a UNIQUE constraint or unique index (alone or with other columns). */
  unique: boolean;
}

export interface DatabaseTable {
  name: string;
  columns: DatabaseColumn[];
  primaryKey: string[];
  /** The `INTEGER PRIMARY KEY` column that is the rowid (new rows get MAX + 1 when it is left out). */
  rowidAlias: string | null;
  /** Tables its foreign keys point at (lower case). */
  references: string[];
  /** Its columns that are foreign keys (lower case). */
  foreignKeyColumns: string[];
  /** Generated columns, CHECK constraints or an unreadable definition: tests stay away from it. */
  tricky: boolean;
}

export interface DatabaseSchema {
  tables: DatabaseTable[];
  /** Tables (lower case) that some trigger fires on. */
  triggered: Set<string>;
}

export function readDatabaseSchema(schemaSql: string): DatabaseSchema {
  const tables: DatabaseTable[] = [];
  const triggered = new Set<string>();
  const uniqueIndexes: { table: string; columns: string[] }[] = [];
  for (const statement of splitSqlStatements(schemaSql)) {
    const tokens = sqlTokens(statement.sql);
    if (statement.kind === "table") {
      const table = readTable(statement.sql, tokens);
      if (table) tables.push(table);
    } else if (statement.kind === "trigger") {
      const on = tokens.findIndex((t) => t.kind === "word" && t.text.toUpperCase() === "ON");
      const target = on >= 0 ? tokens[on + 1] : undefined;
      if (target) triggered.add(target.text.toLowerCase());
    } else if (statement.kind === "unique-index") {
      const on = tokens.findIndex((t) => t.kind === "word" && t.text.toUpperCase() === "ON");
      const target = tokens[on + 1];
      const open = tokens.findIndex((t, i) => i > on && t.text === "(");
      if (on >= 0 && target && open >= 0) {
        const columns = splitTopLevel(tokens, open).map((part) => part[0]?.text ?? "");
        uniqueIndexes.push({ table: target.text.toLowerCase(), columns });
      }
    }
  }
  for (const index of uniqueIndexes) {
    const table = tables.find((t) => t.name.toLowerCase() === index.table);
    // A column of a composite UNIQUE counts too: a copied row would repeat the whole key.
    for (const column of table ? index.columns : []) if (table) markUnique(table, column);
  }
  return { tables, triggered };
}

function readTable(sql: string, tokens: readonly SqlToken[]): DatabaseTable | null {
  let i = 0;
  const word = (at: number) => (tokens[at]?.kind === "word" ? tokens[at].text.toUpperCase() : "");
  while (i < tokens.length && word(i) !== "TABLE") i++;
  i++;
  if (word(i) === "IF") i += 3;
  let nameToken = tokens[i];
  if (tokens[i + 1]?.text === ".") {
    i += 2;
    nameToken = tokens[i];
  }
  if (!nameToken) return null;
  const table: DatabaseTable = {
    name: nameToken.text,
    columns: [],
    primaryKey: [],
    rowidAlias: null,
    references: [],
    foreignKeyColumns: [],
    tricky: false,
  };
  const open = i + 1;
  if (tokens[open]?.text !== "(") return { ...table, tricky: true };
  for (const part of splitTopLevel(tokens, open)) readDefinition(sql, part, table);
  const withoutRowid = tokens.some(
    (t, at) => t.kind === "word" && t.text.toUpperCase() === "WITHOUT" && word(at + 1) === "ROWID",
  );
  if (table.primaryKey.length === 0) {
    table.primaryKey = table.columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
  }
  const key = table.primaryKey.length === 1 ? table.columns.find((c) => c.pk === 1) : undefined;
  if (key && !withoutRowid && key.type.toUpperCase() === "INTEGER") table.rowidAlias = key.name;
  return table;
}

const CONSTRAINT_WORDS = new Set([
  "CONSTRAINT",
  "PRIMARY",
  "NOT",
  "NULL",
  "UNIQUE",
  "CHECK",
  "DEFAULT",
  "COLLATE",
  "REFERENCES",
  "GENERATED",
  "AS",
]);

/** One column definition or table constraint of a CREATE TABLE body. */
function readDefinition(sql: string, part: readonly SqlToken[], table: DatabaseTable): void {
  const words = part.map((t) => (t.kind === "word" ? t.text.toUpperCase() : ""));
  const first = words[0] ?? "";
  const referencesAt = words.indexOf("REFERENCES");
  if (referencesAt >= 0) {
    const target = part[referencesAt + 1];
    if (target) table.references.push(target.text.toLowerCase());
  }
  if (["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"].includes(first)) {
    if (words.includes("CHECK")) table.tricky = true;
    const foreignAt = words.indexOf("FOREIGN");
    if (foreignAt >= 0) {
      const open = part.findIndex((t, i) => i > foreignAt && t.text === "(");
      for (const p of splitTopLevel(part, open)) {
        if (p[0]) table.foreignKeyColumns.push(p[0].text.toLowerCase());
      }
    }
    const pkAt = words.indexOf("PRIMARY");
    const uniqueAt = words.indexOf("UNIQUE");
    const listAt = (from: number) => part.findIndex((t, i) => i > from && t.text === "(");
    if (pkAt >= 0) {
      const open = listAt(pkAt);
      table.primaryKey = splitTopLevel(part, open).map((p) => p[0]?.text ?? "");
      table.primaryKey.forEach((name, i) => {
        const column = table.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
        if (column) column.pk = i + 1;
      });
    } else if (uniqueAt >= 0) {
      for (const p of splitTopLevel(part, listAt(uniqueAt))) markUnique(table, p[0]?.text ?? "");
    }
    return;
  }
  const name = part[0];
  if (!name) return;
  let end = 1;
  while (end < part.length && !CONSTRAINT_WORDS.has(words[end] ?? "")) {
    if (part[end]?.text === "(") end = closingParen(part, end);
    end++;
  }
  const typeTokens = part.slice(1, end);
  const type =
    typeTokens.length === 0
      ? ""
      : sql.slice(typeTokens[0]?.start ?? 0, typeTokens[typeTokens.length - 1]?.end ?? 0);
  const rest = words.slice(end);
  if (rest.includes("CHECK") || rest.includes("GENERATED") || rest.includes("AS")) {
    table.tricky = true;
  }
  const notNull = rest.some((w, i) => w === "NOT" && rest[i + 1] === "NULL");
  if (rest.includes("REFERENCES")) table.foreignKeyColumns.push(name.text.toLowerCase());
  table.columns.push({
    name: name.text,
    type,
    typeAsWritten: typeTokens.every((t) => t.kind !== "ident" && t.kind !== "string"),
    notNull,
    pk: rest.includes("PRIMARY") ? 1 : 0,
    unique: rest.includes("UNIQUE"),
  });
}

function markUnique(table: DatabaseTable, column: string): void {
  const found = table.columns.find((c) => c.name.toLowerCase() === column.toLowerCase());
  if (found) found.unique = true;
}

/** The comma-separated items inside the parenthesis that opens at `open`. */
function splitTopLevel(tokens: readonly SqlToken[], open: number): SqlToken[][] {
  const parts: SqlToken[][] = [];
  if (open < 0) return parts;
  let current: SqlToken[] = [];
  let depth = 0;
  for (let i = open + 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t) break;
    if (t.text === "(" && t.kind === "punct") depth++;
    if (t.text === ")" && t.kind === "punct") {
      if (depth === 0) break;
      depth--;
    }
    if (t.text === "," && t.kind === "punct" && depth === 0) {
      parts.push(current);
      current = [];
    } else current.push(t);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

function closingParen(tokens: readonly SqlToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i]?.text === "(") depth++;
    if (tokens[i]?.text === ")" && --depth === 0) return i;
  }
  return tokens.length - 1;
}

/** SQLite's tokens, comments dropped: quoted names (`"` `` ` `` `[]`), strings, words, numbers. */
export function sqlTokens(sql: string): SqlToken[] {
  const out: SqlToken[] = [];
  let i = 0;
  while (i < sql.length) {
    const ch = sql.charAt(i);
    const next = sql.charAt(i + 1);
    if (ch === "-" && next === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end + 1;
    } else if (ch === "/" && next === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (/\s/.test(ch)) i++;
    else if (ch === "'" || ch === '"' || ch === "`" || ch === "[") {
      const close = ch === "[" ? "]" : ch;
      let j = i + 1;
      let text = "";
      while (j < sql.length) {
        const c = sql.charAt(j);
        if (c === close && close !== "]" && sql.charAt(j + 1) === close) {
          text += c;
          j += 2;
        } else if (c === close) break;
        else {
          text += c;
          j++;
        }
      }
      out.push({ kind: ch === "'" ? "string" : "ident", text, start: i, end: j + 1 });
      i = j + 1;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(ch)) {
      let j = i + 1;
      while (j < sql.length && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql.charAt(j))) j++;
      out.push({ kind: "word", text: sql.slice(i, j), start: i, end: j });
      i = j;
    } else if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(next))) {
      let j = i + 1;
      while (j < sql.length && /[0-9A-Za-z_.]/.test(sql.charAt(j))) j++;
      out.push({ kind: "number", text: sql.slice(i, j), start: i, end: j });
      i = j;
    } else {
      out.push({ kind: "punct", text: ch, start: i, end: i + 1 });
      i++;
    }
  }
  return out;
}
