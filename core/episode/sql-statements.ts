// Splits a schema script into statements and says what each creates, so the loader can create
// tables first and build indexes, views and triggers after the rows are in.

export type StatementKind = "table" | "unique-index" | "index" | "view" | "trigger" | "other";

export interface SchemaStatement {
  sql: string;
  kind: StatementKind;
}

/**
 * Splits on `;` outside quotes (`'` `"` `` ` `` `[]`) and comments. Inside a trigger body
 * (`BEGIN ... END`) semicolons end inner statements, not the trigger; `CASE ... END` is counted
 * so an `END` closing a CASE is not taken for the body's end.
 */
export function splitSqlStatements(script: string): SchemaStatement[] {
  const out: SchemaStatement[] = [];
  let start = 0;
  let words: string[] = [];
  let hasContent = false;
  let bodyDepth = 0;
  let i = 0;
  // Where the statement's first token is: comments before it are not part of the statement.
  const begin = () => {
    if (!hasContent) start = i;
    hasContent = true;
  };
  const finish = (end: number) => {
    if (hasContent) out.push({ sql: script.slice(start, end).trim(), kind: classify(words) });
    start = end + 1;
    words = [];
    hasContent = false;
    bodyDepth = 0;
  };
  while (i < script.length) {
    const ch = script.charAt(i);
    const next = script.charAt(i + 1);
    if (ch === "-" && next === "-") {
      i = indexOrEnd(script, "\n", i + 2);
      continue;
    }
    if (ch === "/" && next === "*") {
      i = indexOrEnd(script, "*/", i + 2) + 2;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === "`" || ch === "[") {
      begin();
      i = skipQuoted(script, i, ch === "[" ? "]" : ch);
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      begin();
      let end = i + 1;
      while (end < script.length && /[A-Za-z0-9_$]/.test(script.charAt(end))) end++;
      const word = script.slice(i, end).toUpperCase();
      if (words.length < 4) words.push(word);
      if (isTrigger(words)) bodyDepth = nextDepth(bodyDepth, word);
      i = end;
      continue;
    }
    if (ch === ";" && bodyDepth === 0) finish(i);
    else if (!/\s/.test(ch)) begin();
    i++;
  }
  finish(script.length);
  return out;
}

function nextDepth(depth: number, word: string): number {
  if (word === "BEGIN" && depth === 0) return 1;
  if (depth > 0 && word === "CASE") return depth + 1;
  if (depth > 0 && word === "END") return depth - 1;
  return depth;
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at < 0 ? text.length : at;
}

/** Returns the index after the closing quote; a doubled quote inside is an escaped one. */
function skipQuoted(text: string, open: number, close: string): number {
  let i = open + 1;
  while (i < text.length) {
    if (text.charAt(i) === close) {
      if (close !== "]" && text.charAt(i + 1) === close) i += 2;
      else return i + 1;
    } else i++;
  }
  return i;
}

function isTrigger(words: readonly string[]): boolean {
  return words[0] === "CREATE" && (words[1] === "TRIGGER" || words[2] === "TRIGGER");
}

function classify(words: readonly string[]): StatementKind {
  if (words[0] !== "CREATE") return "other";
  const rest = words[1] === "TEMP" || words[1] === "TEMPORARY" ? words.slice(2) : words.slice(1);
  const [first, second] = rest;
  if (first === "TABLE" || (first === "VIRTUAL" && second === "TABLE")) return "table";
  if (first === "UNIQUE" && second === "INDEX") return "unique-index";
  if (first === "INDEX") return "index";
  if (first === "VIEW") return "view";
  if (first === "TRIGGER") return "trigger";
  return "other";
}
