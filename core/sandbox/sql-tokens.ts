// SQLite's tokens as the statement guard sees them: comments dropped, quoted names and strings
// unquoted (so `"_aw_calls"`, `[_aw_calls]` and `'_aw_calls'` all read as `_aw_calls`), and `;`
// kept so statements can be counted. Follows SQLite's tokenizer where it matters for the guard:
// `--` and `/* */` comments (an unterminated one runs to the end), '' "" `` escapes, [] without.

export type SqlTokenKind = "word" | "name" | "string" | "number" | "param" | "punct";

export interface SqlToken {
  kind: SqlTokenKind;
  /** Unquoted text; for words also `upper`. */
  text: string;
  upper: string;
}

export class SqlTokenError extends Error {}

const SPACE = /[ \t\n\r\f\v]/;
const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const PARAM_PART = /[A-Za-z0-9_$:\u0080-\uffff]/;

export function tokenizeSql(sql: string): SqlToken[] {
  if (sql.includes("\u0000")) throw new SqlTokenError("SQL text cannot contain NUL characters");
  const tokens: SqlToken[] = [];
  const push = (kind: SqlTokenKind, text: string) =>
    tokens.push({ kind, text, upper: text.toUpperCase() });
  let i = 0;
  while (i < sql.length) {
    const c = sql.charAt(i);
    const d = sql.charAt(i + 1);
    if (c === "-" && d === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end;
    } else if (c === "/" && d === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (SPACE.test(c)) {
      i++;
    } else if (c === "'" || c === '"' || c === "`" || c === "[") {
      const close = c === "[" ? "]" : c;
      let j = i + 1;
      let text = "";
      for (;;) {
        if (j >= sql.length)
          throw new SqlTokenError(`unterminated ${c === "'" ? "string" : "quoted name"}`);
        const e = sql.charAt(j);
        if (e === close && close !== "]" && sql.charAt(j + 1) === close) {
          text += e;
          j += 2;
        } else if (e === close) break;
        else {
          text += e;
          j++;
        }
      }
      push(c === "'" ? "string" : "name", text);
      i = j + 1;
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < sql.length && WORD_PART.test(sql.charAt(j))) j++;
      push("word", sql.slice(i, j));
      i = j;
    } else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(d))) {
      let j = i + 1;
      while (j < sql.length && /[0-9A-Za-z_.]/.test(sql.charAt(j))) j++;
      push("number", sql.slice(i, j));
      i = j;
    } else if (c === "?" || c === ":" || c === "@" || c === "$" || c === "#") {
      let j = i + 1;
      while (j < sql.length && PARAM_PART.test(sql.charAt(j))) j++;
      push("param", sql.slice(i, j));
      i = j;
    } else {
      push("punct", c);
      i++;
    }
  }
  return tokens;
}

/** The statements of a token list, split on `;` (empty ones dropped). */
export function splitStatements(tokens: readonly SqlToken[]): SqlToken[][] {
  const statements: SqlToken[][] = [[]];
  for (const token of tokens) {
    if (token.kind === "punct" && token.text === ";") statements.push([]);
    else statements[statements.length - 1]?.push(token);
  }
  return statements.filter((s) => s.length > 0);
}
