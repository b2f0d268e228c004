// A JQL subset, as JavaScript source for the REST surface's issue search (`/search/jql?jql=...`):
// clauses `field = value`, `!=`, `IN (...)`, `NOT IN (...)`, `~` / `!~` (every word of the text
// appears), `<` `<=` `>` `>=` on dates (absolute `2024-11-05`, relative `-7d`/`-2w`/`-4h`/`-30m`,
// `now()`, `startOfDay()`, `endOfDay()`), `IS [NOT] EMPTY`, `currentUser()`, combined with AND, OR,
// NOT and parentheses, then `ORDER BY field [ASC|DESC], ...`. Keywords and field names are
// case-insensitive. Which fields exist and where they live in a document comes from the tool's
// configuration (`cfg.fields`), so the engine knows no Jira field by itself. Anything else is
// refused with a message naming what is supported. Bounded: 2,000 characters, 300 tokens, 50
// values in a list. Declares `jqlCompile(text, cfg, env, fail)` and `jqlRun(docs, query, cfg)`.
export const JQL_SOURCE = String.raw`
const JQL_SUPPORTED = "supported: field = value, !=, IN (a, b), NOT IN (...), ~ \"words\", !~, < <= > >= on dates (2024-11-05, -7d, now()), IS [NOT] EMPTY, currentUser(), AND, OR, NOT, ( ), ORDER BY field [ASC|DESC]";
const JQL_KEYWORDS = ["and", "or", "not", "in", "is", "empty", "null", "order", "by", "asc", "desc"];
function jqlTokens(text, fail) {
  const out = [];
  let i = 0;
  const bad = (what) => fail("invalid_argument", "jql: " + what + " (character " + (i + 1) + "); " + JQL_SUPPORTED);
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    if (out.length >= 300) bad("the query has more than 300 tokens");
    if (c === "(" || c === ")" || c === ",") { out.push({ type: c, at: i }); i++; continue; }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = "";
      while (j < text.length && text[j] !== c) { if (text[j] === "\\" && j + 1 < text.length) j++; value += text[j]; j++; }
      if (j >= text.length) bad("an unterminated string");
      out.push({ type: "string", value: value, at: i }); i = j + 1; continue;
    }
    const op = /^(!=|!~|>=|<=|=|~|>|<)/.exec(text.slice(i, i + 2));
    if (op !== null) { out.push({ type: "op", value: op[1], at: i }); i += op[1].length; continue; }
    if (text.slice(i, i + 2) === "&&" || text.slice(i, i + 2) === "||") {
      out.push({ type: "word", value: text[i] === "&" ? "AND" : "OR", keyword: text[i] === "&" ? "and" : "or", at: i }); i += 2; continue;
    }
    const word = /^[^\s()=!~<>,"']+/.exec(text.slice(i));
    if (word === null) bad("unexpected character " + JSON.stringify(c));
    const lower = word[0].toLowerCase();
    out.push({ type: "word", value: word[0], keyword: JQL_KEYWORDS.indexOf(lower) >= 0 ? lower : null, at: i });
    i += word[0].length;
  }
  out.push({ type: "eof", at: text.length });
  return out;
}
function jqlParse(text, fail) {
  if (text.length > 2000) fail("invalid_argument", "jql: the query is longer than 2,000 characters");
  const tokens = jqlTokens(text, fail);
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos];
  const isKw = (kw, k) => tokens[pos + (k || 0)].type === "word" && tokens[pos + (k || 0)].keyword === kw;
  const shown = (t) => t.type === "eof" ? "the end of the query" : "'" + (t.value === undefined ? t.type : t.value) + "'";
  const bad = (what) => fail("invalid_argument", "jql: " + what + " but got " + shown(peek()) + " (character " + (peek().at + 1) + "); " + JQL_SUPPORTED);
  function orExpr() {
    let left = andExpr();
    while (isKw("or")) { pos++; left = { type: "or", left: left, right: andExpr() }; }
    return left;
  }
  function andExpr() {
    let left = unary();
    while (isKw("and")) { pos++; left = { type: "and", left: left, right: unary() }; }
    return left;
  }
  function unary() {
    if (++depth > 30) bad("expected fewer nested clauses");
    let node;
    if (isKw("not")) { pos++; node = { type: "not", child: unary() }; }
    else if (peek().type === "(") {
      pos++;
      node = orExpr();
      if (peek().type !== ")") bad("expected ')'");
      pos++;
    } else node = clause();
    depth--;
    return node;
  }
  function value() {
    const t = peek();
    if (t.type === "string") { pos++; return { kind: "text", value: t.value }; }
    if (t.type === "word" && (t.keyword === "empty" || t.keyword === "null")) { pos++; return { kind: "empty" }; }
    if (t.type === "word" && t.keyword === null) {
      pos++;
      if (peek().type === "(" && tokens[pos + 1].type === ")") { pos += 2; return { kind: "function", name: t.value }; }
      if (peek().type === "(") bad("expected () after " + t.value + " (function arguments are not supported)");
      return { kind: "text", value: t.value };
    }
    return bad("expected a value, a list or a function");
  }
  function clause() {
    const t = peek();
    if (!(t.type === "string" || (t.type === "word" && t.keyword === null))) bad("expected a field name");
    pos++;
    const field = t.value;
    if (isKw("in") || (isKw("not") && isKw("in", 1))) {
      const negated = isKw("not");
      pos += negated ? 2 : 1;
      if (peek().type !== "(") bad("expected '(' after IN");
      pos++;
      const values = [value()];
      while (peek().type === ",") { pos++; values.push(value()); if (values.length > 50) bad("expected at most 50 values in a list"); }
      if (peek().type !== ")") bad("expected ',' or ')'");
      pos++;
      return { type: "clause", field: field, op: negated ? "not in" : "in", values: values };
    }
    if (isKw("is")) {
      pos++;
      const negated = isKw("not");
      if (negated) pos++;
      if (!(isKw("empty") || isKw("null"))) bad("expected EMPTY or NULL after IS");
      pos++;
      return { type: "clause", field: field, op: negated ? "is not" : "is", values: [{ kind: "empty" }] };
    }
    if (peek().type !== "op") bad("expected an operator (=, !=, ~, !~, <, <=, >, >=, IN, NOT IN, IS, IS NOT)");
    const op = tokens[pos++].value;
    return { type: "clause", field: field, op: op, values: [value()] };
  }
  let where = null;
  if (!(isKw("order") && isKw("by", 1)) && peek().type !== "eof") where = orExpr();
  const order = [];
  if (isKw("order")) {
    pos++;
    if (!isKw("by")) bad("expected BY after ORDER");
    pos++;
    for (;;) {
      const t = peek();
      if (!(t.type === "string" || (t.type === "word" && t.keyword === null))) bad("expected a field to order by");
      pos++;
      let dir = "asc";
      if (isKw("asc") || isKw("desc")) dir = tokens[pos++].keyword;
      order.push({ field: t.value, dir: dir });
      if (peek().type !== ",") break;
      pos++;
    }
  }
  if (peek().type !== "eof") bad(where === null && order.length === 0 ? "expected a clause" : "expected AND, OR or ORDER BY");
  return { where: where, order: order };
}
function jqlEpoch(text) {
  const m = /^(\d{4})[-\/](\d{1,2})[-\/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(String(text));
  if (m === null) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] || 0), Number(m[5] || 0), Number(m[6] || 0));
}
function jqlPath(doc, path) {
  let v = doc;
  for (const p of path) { if (v === null || typeof v !== "object") return null; v = v[p] === undefined ? null : v[p]; }
  return v;
}
function jqlPlain(v, depth) {
  if (typeof v === "string") return v;
  if (v === null || typeof v !== "object" || depth > 20) return "";
  if (Array.isArray(v)) return v.map((x) => jqlPlain(x, depth + 1)).join(" ");
  return (typeof v.text === "string" ? v.text : "") + " " + jqlPlain(v.content || null, depth + 1);
}
// Turns the parsed query into one with each clause's field looked up and its values made
// comparable, so an unknown field or a bad date fails even when no document would be tested.
function jqlCompile(text, cfg, env, fail) {
  const parsed = jqlParse(text, fail);
  const names = Object.keys(cfg.fields).join(", ");
  const fieldOf = (name) => {
    const f = cfg.fields[String(name).toLowerCase()];
    if (f === undefined) fail("invalid_argument", "jql: Field '" + name + "' does not exist or you do not have permission to view it; fields: " + names);
    return f;
  };
  const resolve = (f, v, op) => {
    if (v.kind === "empty") return { empty: true };
    if (v.kind === "function") {
      const fn = v.name.toLowerCase();
      if (fn === "currentuser") return f.kind === "user" ? { text: String(env.actor).toLowerCase() } : fail("invalid_argument", "jql: currentUser() applies to user fields such as assignee");
      if (fn === "now" || fn === "startofday" || fn === "endofday") {
        if (f.kind !== "date") fail("invalid_argument", "jql: " + v.name + "() applies to date fields");
        const day = Math.floor(env.now / 86400000) * 86400000;
        return { time: fn === "now" ? env.now : fn === "startofday" ? day : day + 86399999 };
      }
      return fail("invalid_argument", "jql: the function " + v.name + "() is not supported; functions: currentUser(), now(), startOfDay(), endOfDay()");
    }
    if (f.kind === "date") {
      const rel = /^([+-]?)(\d+)([wdhm])$/.exec(v.value);
      if (rel !== null) {
        const unit = { w: 604800000, d: 86400000, h: 3600000, m: 60000 }[rel[3]];
        return { time: env.now + (rel[1] === "-" ? -1 : 1) * Number(rel[2]) * unit };
      }
      const t = jqlEpoch(v.value);
      if (t === null) fail("invalid_argument", "jql: '" + v.value + "' is not a date; use 2024-11-05, 2024-11-05 14:30, -7d, -2w, -4h or now()");
      return { time: t };
    }
    if (op === "~" || op === "!~") {
      const terms = v.value.toLowerCase().split(/\s+/).map((w) => w.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, "")).filter((w) => w !== "");
      if (terms.length === 0) fail("invalid_argument", "jql: the text after " + op + " has no words");
      return { terms: terms };
    }
    return { text: v.value.toLowerCase() };
  };
  const compile = (node) => {
    if (node === null) return null;
    if (node.type !== "clause") return { type: node.type, left: compile(node.left || null), right: compile(node.right || null), child: compile(node.child || null) };
    const f = fieldOf(node.field);
    const op = node.op;
    const textOp = op === "~" || op === "!~";
    if (f.kind === "text" && !textOp && op !== "is" && op !== "is not") fail("invalid_argument", "jql: the operator '" + op + "' is not supported by the '" + node.field + "' field; use ~ or !~");
    if (f.kind !== "text" && textOp) fail("invalid_argument", "jql: the operator '" + op + "' is supported only by text fields (" + Object.keys(cfg.fields).filter((k) => cfg.fields[k].kind === "text").join(", ") + ")");
    if (f.kind !== "date" && /^[<>]/.test(op)) fail("invalid_argument", "jql: the operator '" + op + "' is supported only by date fields (" + Object.keys(cfg.fields).filter((k) => cfg.fields[k].kind === "date").join(", ") + ")");
    return { type: "clause", f: f, op: op, values: node.values.map((v) => resolve(f, v, op)) };
  };
  const order = parsed.order.map((o) => {
    const f = fieldOf(o.field);
    if (f.kind === "list") fail("invalid_argument", "jql: results cannot be ordered by '" + o.field + "'");
    return { f: f, dir: o.dir };
  });
  return { where: compile(parsed.where), order: order };
}
function jqlStrings(f, doc) {
  if (f.kind === "key") return [doc.key, doc.id].filter((x) => x !== undefined && x !== null).map((x) => String(x).toLowerCase());
  const v = jqlPath(doc, f.path);
  if (v === null) return [];
  if (Array.isArray(v)) return v.map((x) => String(x).toLowerCase());
  if (typeof v === "object") return (f.match || []).map((k) => v[k]).filter((x) => x !== undefined && x !== null).map((x) => String(x).toLowerCase());
  return [String(v).toLowerCase()];
}
function jqlTest(node, doc) {
  if (node === null) return true;
  if (node.type === "and") return jqlTest(node.left, doc) && jqlTest(node.right, doc);
  if (node.type === "or") return jqlTest(node.left, doc) || jqlTest(node.right, doc);
  if (node.type === "not") return !jqlTest(node.child, doc);
  const f = node.f;
  const op = node.op;
  if (f.kind === "text") {
    const text = f.paths.map((p) => jqlPlain(jqlPath(doc, p), 0)).join(" ").toLowerCase();
    if (op === "is" || op === "is not") return (text.trim() === "") === (op === "is");
    const all = node.values[0].terms.every((t) => text.indexOf(t) >= 0);
    return op === "~" ? all : !all;
  }
  if (f.kind === "date") {
    const raw = jqlPath(doc, f.path);
    const t = raw === null ? null : jqlEpoch(raw);
    const want = node.values[0];
    if (want.empty) return (t === null) === (op === "=" || op === "is");
    if (t === null) return false;
    if (op === "=") return t === want.time;
    if (op === "!=") return t !== want.time;
    return op === "<" ? t < want.time : op === "<=" ? t <= want.time : op === ">" ? t > want.time : t >= want.time;
  }
  const have = jqlStrings(f, doc);
  const hit = (want) => want.empty ? have.length === 0 : have.indexOf(want.text) >= 0;
  const any = node.values.some(hit);
  return op === "=" || op === "in" || op === "is" ? any : !any;
}
function jqlSortKey(f, doc) {
  if (f.kind === "key") {
    const m = /^(.*)-(\d+)$/.exec(String(doc.key || ""));
    return m === null ? [String(doc.key || doc.id || ""), 0] : [m[1], Number(m[2])];
  }
  const v = jqlPath(doc, f.path);
  if (v === null) return null;
  if (f.kind === "date") return jqlEpoch(v);
  if (f.kind === "text") return f.paths.map((p) => jqlPlain(jqlPath(doc, p), 0)).join(" ").toLowerCase();
  if (typeof v === "object" && f.rank) { const at = f.rank.indexOf(String(v.id)); return at < 0 ? null : at; }
  if (typeof v === "object") return String(v[f.sort || (f.match || ["name"])[0]] || "").toLowerCase();
  return String(v).toLowerCase();
}
function jqlCompare(a, b) {
  if (Array.isArray(a)) { const c = jqlCompare(a[0], b[0]); return c !== 0 ? c : jqlCompare(a[1], b[1]); }
  return a < b ? -1 : a > b ? 1 : 0;
}
// Documents matching the query, ordered by its ORDER BY (empty values last), then by
// cfg.defaultOrder; ties keep the documents' own order.
function jqlRun(docs, query, cfg) {
  const hits = docs.filter((doc) => jqlTest(query.where, doc));
  const order = query.order.length > 0 ? query.order : cfg.defaultOrder.map((o) => ({ f: cfg.fields[o.field], dir: o.dir }));
  const keyed = hits.map((doc, i) => ({ doc: doc, i: i, keys: order.map((o) => jqlSortKey(o.f, doc)) }));
  keyed.sort((x, y) => {
    for (let k = 0; k < order.length; k++) {
      const a = x.keys[k];
      const b = y.keys[k];
      if (a === null || b === null) { if (a !== b) return a === null ? 1 : -1; continue; }
      const c = jqlCompare(a, b);
      if (c !== 0) return order[k].dir === "desc" ? -c : c;
    }
    return x.i - y.i;
  });
  return keyed.map((k) => k.doc);
}
`;
