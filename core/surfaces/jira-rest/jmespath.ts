// A JMESPath subset, as JavaScript source for the REST surface's `jq` argument: identifiers
// (bare or "quoted"), dotted paths, `[n]` (negative too), slices `[a:b:c]`, `[*]` and `.*`
// projections, `[]` flatten, filters `[?a == 'x']` with == != < <= > >= && || ! and literals
// ('raw', `json`), multiselect lists `[a, b]` and hashes `{k: a}`, `@` and pipes `|`. The parser
// and evaluator follow jmespath.js's grammar and semantics (null propagation, projections that
// drop nulls, a pipe ending a projection). Functions (`length(x)`), expression references (`&x`)
// are refused with a message listing what is supported. Bounded: expressions of at most 500
// characters and nesting 40 deep. Declares `jmesSearch(data, expression, fail)`.
export const JMESPATH_SOURCE = String.raw`
const JMES_SUPPORTED = "supported: fields (a, \"quoted\"), dotted paths (a.b), [n], slices [a:b], [*], .*, [] flatten, filters [?a == 'x'] (== != < <= > >= && || !), multiselect [a, b] and {k: a}, @ and pipes (a | b)";
const JMES_BP = { eof: 0, expref: 0, ident: 0, quoted: 0, rbracket: 0, rparen: 0, comma: 0, rbrace: 0, number: 0,
  current: 0, colon: 0, literal: 0, pipe: 1, or: 2, and: 3, eq: 5, ne: 5, lt: 5, lte: 5, gt: 5, gte: 5,
  flatten: 9, star: 20, filter: 21, dot: 40, not: 45, lbrace: 50, lbracket: 55, lparen: 60 };
function jmesTokens(text, fail) {
  const out = [];
  let i = 0;
  const bad = (what) => fail("invalid_argument", "jq: " + what + " at position " + i + " of " + JSON.stringify(text) + "; " + JMES_SUPPORTED);
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") { i++; continue; }
    if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j])) j++;
      out.push({ type: "ident", value: text.slice(i, j), at: i }); i = j; continue;
    }
    if (c === '"' || c === "'" || c === String.fromCharCode(96)) {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) bad("an unterminated " + (c === '"' ? "quoted identifier" : "literal"));
      const body = text.slice(i + 1, j);
      if (c === '"') {
        let name;
        try { name = JSON.parse('"' + body + '"'); } catch (e) { bad("a bad quoted identifier"); }
        out.push({ type: "quoted", value: name, at: i });
      } else if (c === "'") {
        out.push({ type: "literal", value: body.replace(/\\'/g, "'"), at: i });
      } else {
        let value;
        try { value = JSON.parse(body.replace(/\\\u0060/g, String.fromCharCode(96))); } catch (e) { bad("a JSON literal that does not parse"); }
        out.push({ type: "literal", value: value, at: i });
      }
      i = j + 1; continue;
    }
    if (/[0-9]/.test(c) || (c === "-" && /[0-9]/.test(text[i + 1] || ""))) {
      let j = i + 1;
      while (j < text.length && /[0-9]/.test(text[j])) j++;
      out.push({ type: "number", value: Number(text.slice(i, j)), at: i }); i = j; continue;
    }
    const two = text.slice(i, i + 2);
    const pairs = { "[]": "flatten", "[?": "filter", "==": "eq", "!=": "ne", "<=": "lte", ">=": "gte", "&&": "and", "||": "or" };
    if (pairs[two]) { out.push({ type: pairs[two], at: i }); i += 2; continue; }
    const singles = { ".": "dot", "*": "star", "[": "lbracket", "]": "rbracket", "{": "lbrace", "}": "rbrace",
      "(": "lparen", ")": "rparen", ",": "comma", ":": "colon", "|": "pipe", "@": "current", "<": "lt", ">": "gt", "!": "not" };
    if (singles[c]) { out.push({ type: singles[c], at: i }); i++; continue; }
    if (c === "&") { out.push({ type: "expref", at: i }); i++; continue; }
    bad("unexpected character " + JSON.stringify(c));
  }
  out.push({ type: "eof", at: text.length });
  return out;
}
function jmesParse(text, fail) {
  const tokens = jmesTokens(text, fail);
  let pos = 0;
  let depth = 0;
  const peek = (k) => tokens[pos + (k || 0)].type;
  const bad = (what) => fail("invalid_argument", "jq: " + what + " at position " + tokens[pos].at + " of " + JSON.stringify(text) + "; " + JMES_SUPPORTED);
  const take = (type) => { if (peek() !== type) bad("expected " + type + ", found " + (peek() === "eof" ? "the end" : peek())); return tokens[pos++]; };
  function expression(rbp) {
    if (++depth > 40) bad("the expression nests too deeply");
    const token = tokens[pos++];
    let left = nud(token);
    while (rbp < JMES_BP[peek()]) left = led(tokens[pos++], left);
    depth--;
    return left;
  }
  function nud(token) {
    switch (token.type) {
      case "literal": return { type: "Literal", value: token.value };
      case "ident":
        if (peek() === "lparen") bad("functions such as " + token.value + "() are not supported");
        return { type: "Field", name: token.value };
      case "quoted": return { type: "Field", name: token.value };
      case "not": return { type: "Not", child: expression(JMES_BP.not) };
      case "star": return { type: "ValueProjection", left: { type: "Identity" }, right: peek() === "rbracket" ? { type: "Identity" } : projectionRhs(JMES_BP.star) };
      case "filter": return led(token, { type: "Identity" });
      case "lbrace": return multiselectHash();
      case "flatten": return { type: "Projection", left: { type: "Flatten", child: { type: "Identity" } }, right: projectionRhs(JMES_BP.flatten) };
      case "lbracket":
        if (peek() === "number" || peek() === "colon") return projectIfSlice({ type: "Identity" }, indexExpression());
        if (peek() === "star" && peek(1) === "rbracket") { pos += 2; return { type: "Projection", left: { type: "Identity" }, right: projectionRhs(JMES_BP.star) }; }
        return multiselectList();
      case "current": return { type: "Identity" };
      case "expref": pos--; return bad("expression references (&expr) are not supported");
      case "lparen": { const inner = expression(0); take("rparen"); return inner; }
      default: pos--; bad(token.type === "eof" ? "the expression ends too early" : "unexpected " + token.type);
    }
  }
  function led(token, left) {
    switch (token.type) {
      case "dot":
        if (peek() !== "star") return { type: "Subexpression", left: left, right: dotRhs(JMES_BP.dot) };
        pos++;
        return { type: "ValueProjection", left: left, right: projectionRhs(JMES_BP.dot) };
      case "pipe": return { type: "Pipe", left: left, right: expression(JMES_BP.pipe) };
      case "or": return { type: "Or", left: left, right: expression(JMES_BP.or) };
      case "and": return { type: "And", left: left, right: expression(JMES_BP.and) };
      case "lparen": pos--; return bad("functions are not supported");
      case "filter": {
        const condition = expression(0);
        take("rbracket");
        const right = peek() === "flatten" ? { type: "Identity" } : projectionRhs(JMES_BP.filter);
        return { type: "FilterProjection", left: left, right: right, condition: condition };
      }
      case "flatten": return { type: "Projection", left: { type: "Flatten", child: left }, right: projectionRhs(JMES_BP.flatten) };
      case "eq": case "ne": case "lt": case "lte": case "gt": case "gte":
        return { type: "Comparator", op: token.type, left: left, right: expression(JMES_BP[token.type]) };
      case "lbracket":
        if (peek() === "number" || peek() === "colon") return projectIfSlice(left, indexExpression());
        if (peek() !== "star") bad("expected a number, : or * after [");
        take("star"); take("rbracket");
        return { type: "Projection", left: left, right: projectionRhs(JMES_BP.star) };
      default: pos--; return bad("unexpected " + token.type);
    }
  }
  function dotRhs(rbp) {
    const next = peek();
    if (next === "ident" || next === "quoted" || next === "star") return expression(rbp);
    if (next === "lbracket") { pos++; return multiselectList(); }
    if (next === "lbrace") { pos++; return multiselectHash(); }
    return bad("expected a field, [ or { after .");
  }
  function projectionRhs(rbp) {
    const next = peek();
    if (JMES_BP[next] < 10) return { type: "Identity" };
    if (next === "lbracket" || next === "filter") return expression(rbp);
    if (next === "dot") { pos++; return dotRhs(rbp); }
    return bad("unexpected " + next + " after a projection");
  }
  function indexExpression() {
    const parts = [null, null, null];
    let part = 0;
    while (peek() !== "rbracket") {
      if (peek() === "colon") { part++; if (part > 2) bad("too many colons in a slice"); pos++; }
      else if (peek() === "number") { if (parts[part] !== null) bad("a slice needs : between numbers"); parts[part] = tokens[pos++].value; }
      else bad("expected a number or : in [ ]");
    }
    pos++;
    if (part === 0) return { type: "Index", index: parts[0] };
    if (parts[2] === 0) bad("a slice step cannot be 0");
    return { type: "Slice", start: parts[0], stop: parts[1], step: parts[2] === null ? 1 : parts[2] };
  }
  function projectIfSlice(left, right) {
    const index = { type: "IndexExpression", left: left, right: right };
    return right.type === "Slice" ? { type: "Projection", left: index, right: projectionRhs(JMES_BP.star) } : index;
  }
  function multiselectList() {
    const items = [];
    for (;;) {
      items.push(expression(0));
      if (peek() === "rbracket") { pos++; return { type: "List", items: items }; }
      take("comma");
    }
  }
  function multiselectHash() {
    const pairs = [];
    for (;;) {
      const key = peek() === "ident" || peek() === "quoted" ? tokens[pos++].value : bad("expected a key in { }");
      take("colon");
      pairs.push({ key: key, value: expression(0) });
      if (peek() === "rbrace") { pos++; return { type: "Hash", pairs: pairs }; }
      take("comma");
    }
  }
  const ast = expression(0);
  if (peek() !== "eof") bad("unexpected " + peek());
  return ast;
}
function jmesFalse(v) {
  return v === null || v === false || v === "" || (Array.isArray(v) && v.length === 0) ||
    (typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
}
function jmesIsObject(v) { return typeof v === "object" && v !== null && !Array.isArray(v); }
function jmesEqual(a, b) { return JSON.stringify(jmesCanonical(a)) === JSON.stringify(jmesCanonical(b)); }
function jmesCanonical(v) {
  if (Array.isArray(v)) return v.map(jmesCanonical);
  if (!jmesIsObject(v)) return v;
  const out = {};
  for (const k of Object.keys(v).sort()) out[k] = jmesCanonical(v[k]);
  return out;
}
function jmesSlice(items, node) {
  const n = items.length;
  const step = node.step;
  const clamp = (v, dflt) => {
    if (v === null) return dflt;
    if (v < 0) { v += n; if (v < 0) v = step < 0 ? -1 : 0; }
    else if (v >= n) v = step < 0 ? n - 1 : n;
    return v;
  };
  const start = clamp(node.start, step < 0 ? n - 1 : 0);
  const stop = clamp(node.stop, step < 0 ? -1 : n);
  const out = [];
  if (step > 0) for (let i = start; i < stop; i += step) out.push(items[i]);
  else for (let i = start; i > stop; i += step) out.push(items[i]);
  return out;
}
function jmesVisit(node, value) {
  switch (node.type) {
    case "Field": return jmesIsObject(value) && value[node.name] !== undefined ? value[node.name] : null;
    case "Identity": return value;
    case "Literal": return node.value;
    case "Subexpression": { const left = jmesVisit(node.left, value); return left === null ? null : jmesVisit(node.right, left); }
    case "IndexExpression": return jmesVisit(node.right, jmesVisit(node.left, value));
    case "Index": {
      if (!Array.isArray(value)) return null;
      const at = node.index < 0 ? value.length + node.index : node.index;
      return at >= 0 && at < value.length ? value[at] : null;
    }
    case "Slice": return Array.isArray(value) ? jmesSlice(value, node) : null;
    case "Projection": case "ValueProjection": case "FilterProjection": {
      const base = jmesVisit(node.left, value);
      let items;
      if (node.type === "ValueProjection") { if (!jmesIsObject(base)) return null; items = Object.keys(base).map((k) => base[k]); }
      else { if (!Array.isArray(base)) return null; items = base; }
      if (node.type === "FilterProjection") items = items.filter((item) => !jmesFalse(jmesVisit(node.condition, item)));
      const out = [];
      for (const item of items) { const v = jmesVisit(node.right, item); if (v !== null) out.push(v); }
      return out;
    }
    case "Flatten": {
      const base = jmesVisit(node.child, value);
      if (!Array.isArray(base)) return null;
      const out = [];
      for (const item of base) { if (Array.isArray(item)) for (const inner of item) out.push(inner); else out.push(item); }
      return out;
    }
    case "List": return value === null ? null : node.items.map((item) => jmesVisit(item, value));
    case "Hash": {
      if (value === null) return null;
      const out = {};
      for (const pair of node.pairs) out[pair.key] = jmesVisit(pair.value, value);
      return out;
    }
    case "Pipe": return jmesVisit(node.right, jmesVisit(node.left, value));
    case "Or": { const left = jmesVisit(node.left, value); return jmesFalse(left) ? jmesVisit(node.right, value) : left; }
    case "And": { const left = jmesVisit(node.left, value); return jmesFalse(left) ? left : jmesVisit(node.right, value); }
    case "Not": return jmesFalse(jmesVisit(node.child, value));
    case "Comparator": {
      const a = jmesVisit(node.left, value);
      const b = jmesVisit(node.right, value);
      if (node.op === "eq") return jmesEqual(a, b);
      if (node.op === "ne") return !jmesEqual(a, b);
      if (typeof a !== "number" || typeof b !== "number") return null;
      return node.op === "lt" ? a < b : node.op === "lte" ? a <= b : node.op === "gt" ? a > b : a >= b;
    }
  }
  return null;
}
function jmesSearch(data, expression, fail) {
  if (expression.length > 500) fail("invalid_argument", "jq: the expression is longer than 500 characters");
  return jmesVisit(jmesParse(expression, fail), data);
}
`;
