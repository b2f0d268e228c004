// The guest's filterByFormula: a parser and evaluator for a documented subset of Airtable's formula
// language, written as JavaScript source for the sandbox (never `eval`). The subset:
//   field references `{Field name}` (or `{fldXXXXXXXXXXXXXX}`), string literals in "..." or '...'
//   (with \" \' \\ escapes), numbers, = != <> < > <= >=, & (join as text), + - * / and unary -,
//   parentheses, and the functions AND OR NOT IF TRUE FALSE BLANK FIND SEARCH LOWER UPPER LEN
//   TRIM CONCATENATE RECORD_ID (names in any case).
// A field's value is what Airtable's formulas see: text, a number, TRUE/FALSE for a checkbox, an
// ISO date `YYYY-MM-DD` (so dates compare as text), options joined by ", " for a multiple select,
// and the linked records' primary values joined by ", " for a link. Blank equals "" and 0, as in
// Airtable. A record is kept when the result is not 0, FALSE, "", blank, or an error (text in
// arithmetic). Anything outside the subset, an unknown field, a formula over FORMULA_LIMITS.chars
// characters or nested deeper than FORMULA_LIMITS.depth is refused as Airtable refuses an invalid
// formula: 422 INVALID_FILTER_BY_FORMULA, with the reason in the message.

export const FORMULA_LIMITS = { chars: 4000, depth: 50 } as const;

export const FORMULA_FUNCTIONS = [
  "AND",
  "OR",
  "NOT",
  "IF",
  "TRUE",
  "FALSE",
  "BLANK",
  "FIND",
  "SEARCH",
  "LOWER",
  "UPPER",
  "LEN",
  "TRIM",
  "CONCATENATE",
  "RECORD_ID",
] as const;

/**
 * Defines `parseFormula(text, fields)` -> AST (refusing with `badFormula(reason)`, which the
 * helpers define) and `formulaKeeps(ast, valueOf, recordId)` -> boolean, where `valueOf(field)`
 * gives the record's formula value of a field.
 */
export const FORMULA_SOURCE = `
  const F_ARITY = { AND: [1, 1000], OR: [1, 1000], NOT: [1, 1], IF: [2, 3], TRUE: [0, 0], FALSE: [0, 0], BLANK: [0, 0], FIND: [2, 3], SEARCH: [2, 3], LOWER: [1, 1], UPPER: [1, 1], LEN: [1, 1], TRIM: [1, 1], CONCATENATE: [1, 1000], RECORD_ID: [0, 0] };
  const F_LIMITS = ${JSON.stringify(FORMULA_LIMITS)};
  const tokenize = (text) => {
    const out = [];
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === " " || c === "\\n" || c === "\\t" || c === "\\r") { i++; continue; }
      if (c === "{") {
        const end = text.indexOf("}", i + 1);
        if (end < 0) badFormula("Invalid formula. Please check your formula text.");
        out.push({ t: "field", v: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
      if (c === '"' || c === "'") {
        let s = "";
        let j = i + 1;
        for (;;) {
          if (j >= text.length) badFormula("Invalid formula. Please check your formula text.");
          const d = text[j];
          if (d === "\\\\" && j + 1 < text.length) { s += text[j + 1]; j += 2; continue; }
          if (d === c) break;
          s += d;
          j++;
        }
        out.push({ t: "str", v: s });
        i = j + 1;
        continue;
      }
      if ((c >= "0" && c <= "9") || (c === "." && text[i + 1] >= "0" && text[i + 1] <= "9")) {
        let j = i;
        while (j < text.length && ((text[j] >= "0" && text[j] <= "9") || text[j] === ".")) j++;
        const n = Number(text.slice(i, j));
        if (!Number.isFinite(n)) badFormula("Invalid formula. Please check your formula text.");
        out.push({ t: "num", v: n });
        i = j;
        continue;
      }
      if ((c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || c === "_") {
        let j = i;
        while (j < text.length && /[A-Za-z0-9_]/.test(text[j])) j++;
        out.push({ t: "name", v: text.slice(i, j) });
        i = j;
        continue;
      }
      const two = text.slice(i, i + 2);
      if (two === "!=" || two === "<=" || two === ">=" || two === "<>") { out.push({ t: "op", v: two === "<>" ? "!=" : two }); i += 2; continue; }
      if ("=<>&+-*/(),".includes(c)) { out.push({ t: "op", v: c }); i++; continue; }
      badFormula("Invalid formula. Please check your formula text.");
    }
    return out;
  };
  const parseFormula = (text, fields) => {
    if (text.length > F_LIMITS.chars) badFormula("the formula is longer than " + F_LIMITS.chars + " characters, more than this environment evaluates");
    const tokens = tokenize(text);
    let at = 0;
    let depth = 0;
    const unknown = [];
    const peek = () => tokens[at];
    const isOp = (v) => tokens[at] !== undefined && tokens[at].t === "op" && tokens[at].v === v;
    const expect = (v) => { if (!isOp(v)) badFormula("Invalid formula. Please check your formula text."); at++; };
    const deeper = () => { depth++; if (depth > F_LIMITS.depth) badFormula("the formula is nested more than " + F_LIMITS.depth + " levels deep, more than this environment evaluates"); };
    // Every node records its height, so evaluation recurses no deeper than the limit either.
    const grown = (node, children) => {
      node.h = 1 + children.reduce((m, c) => Math.max(m, c.h || 0), 0);
      if (node.k === "bin") node.h = Math.max(node.h, 1 + (node.r.h || 0));
      if (node.h > F_LIMITS.depth) badFormula("the formula is nested more than " + F_LIMITS.depth + " levels deep, more than this environment evaluates");
      return node;
    };
    const LEVELS = [["=", "!=", "<", ">", "<=", ">="], ["&"], ["+", "-"], ["*", "/"]];
    const binary = (level) => {
      if (level === LEVELS.length) return unary();
      let left = binary(level + 1);
      while (peek() && peek().t === "op" && LEVELS[level].includes(peek().v)) {
        const op = tokens[at++].v;
        left = grown({ k: "bin", op, l: left, r: binary(level + 1) }, [left]);
      }
      return left;
    };
    const unary = () => {
      if (isOp("-")) { at++; deeper(); const x = unary(); depth--; return grown({ k: "neg", x }, [x]); }
      return primary();
    };
    const primary = () => {
      const tok = tokens[at++];
      if (tok === undefined) badFormula("Invalid formula. Please check your formula text.");
      if (tok.t === "num" || tok.t === "str") return { k: tok.t, v: tok.v };
      if (tok.t === "field") {
        const field = fields.find((f) => f.name === tok.v) || fields.find((f) => f.id === tok.v);
        if (!field) { unknown.push(tok.v); return { k: "str", v: "" }; }
        return { k: "field", field };
      }
      if (tok.t === "op" && tok.v === "(") {
        deeper();
        const inner = binary(0);
        expect(")");
        depth--;
        return inner;
      }
      if (tok.t === "name" && isOp("(")) {
        const name = tok.v.toUpperCase();
        if (F_ARITY[name] === undefined) badFormula("the function " + tok.v + " is not in the formula subset this environment evaluates (" + Object.keys(F_ARITY).join(", ") + ")");
        at++;
        deeper();
        const args = [];
        if (!isOp(")")) {
          for (;;) {
            args.push(binary(0));
            if (isOp(",")) { at++; continue; }
            break;
          }
        }
        expect(")");
        depth--;
        const [low, high] = F_ARITY[name];
        if (args.length < low || args.length > high) badFormula("Invalid formula. Please check your formula text.");
        return grown({ k: "call", name, args }, args);
      }
      badFormula("Invalid formula. Please check your formula text.");
    };
    const ast = binary(0);
    if (at !== tokens.length) badFormula("Invalid formula. Please check your formula text.");
    if (unknown.length > 0) badFormula("Unknown field names: " + unknown.join(", "));
    return ast;
  };
  const F_ERROR = { error: true };
  const isBlank = (v) => v === null || v === "" || v === 0 || v === false;
  const asNumber = (v) => {
    if (v === null || v === "") return 0;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (typeof v === "number") return v;
    const n = Number(v);
    if (v.trim() === "" || !Number.isFinite(n)) throw F_ERROR;
    return n;
  };
  const asText = (v) => (v === null ? "" : typeof v === "boolean" ? (v ? "1" : "0") : String(v));
  const truthy = (v) => !(v === null || v === "" || v === 0 || v === false || (typeof v === "number" && Number.isNaN(v)));
  const compare = (a, b) => {
    if (typeof a === "boolean") a = a ? 1 : 0;
    if (typeof b === "boolean") b = b ? 1 : 0;
    if (a === null) a = typeof b === "number" ? 0 : "";
    if (b === null) b = typeof a === "number" ? 0 : "";
    if (typeof a === "number" && typeof b === "string") { const n = Number(b); if (b.trim() !== "" && Number.isFinite(n)) b = n; else a = String(a); }
    if (typeof b === "number" && typeof a === "string") { const n = Number(a); if (a.trim() !== "" && Number.isFinite(n)) a = n; else b = String(b); }
    return a < b ? -1 : a > b ? 1 : 0;
  };
  const evaluate = (node, valueOf, recordId) => {
    switch (node.k) {
      case "num":
      case "str":
        return node.v;
      case "field":
        return valueOf(node.field);
      case "neg":
        return -asNumber(evaluate(node.x, valueOf, recordId));
      case "bin": {
        const l = evaluate(node.l, valueOf, recordId);
        const r = evaluate(node.r, valueOf, recordId);
        switch (node.op) {
          case "&": return asText(l) + asText(r);
          case "+": return asNumber(l) + asNumber(r);
          case "-": return asNumber(l) - asNumber(r);
          case "*": return asNumber(l) * asNumber(r);
          case "/": { const d = asNumber(r); if (d === 0) throw F_ERROR; return asNumber(l) / d; }
          case "=": return (isBlank(l) && isBlank(r)) || compare(l, r) === 0;
          case "!=": return !((isBlank(l) && isBlank(r)) || compare(l, r) === 0);
          case "<": return compare(l, r) < 0;
          case ">": return compare(l, r) > 0;
          case "<=": return compare(l, r) <= 0;
          case ">=": return compare(l, r) >= 0;
        }
        throw F_ERROR;
      }
      case "call": {
        const arg = (i) => evaluate(node.args[i], valueOf, recordId);
        switch (node.name) {
          case "AND": return node.args.every((_, i) => truthy(arg(i)));
          case "OR": return node.args.some((_, i) => truthy(arg(i)));
          case "NOT": return !truthy(arg(0));
          case "IF": return truthy(arg(0)) ? arg(1) : node.args.length > 2 ? arg(2) : null;
          case "TRUE": return true;
          case "FALSE": return false;
          case "BLANK": return null;
          case "FIND":
          case "SEARCH": {
            let needle = asText(arg(0));
            let hay = asText(arg(1));
            const start = node.args.length > 2 ? Math.max(1, asNumber(arg(2))) : 1;
            if (node.name === "SEARCH") { needle = needle.toLowerCase(); hay = hay.toLowerCase(); }
            const found = hay.indexOf(needle, start - 1);
            if (found < 0) return node.name === "FIND" ? 0 : null;
            return found + 1;
          }
          case "LOWER": return asText(arg(0)).toLowerCase();
          case "UPPER": return asText(arg(0)).toUpperCase();
          case "LEN": return asText(arg(0)).length;
          case "TRIM": return asText(arg(0)).trim();
          case "CONCATENATE": return node.args.map((_, i) => asText(arg(i))).join("");
          case "RECORD_ID": return recordId;
        }
        throw F_ERROR;
      }
    }
    throw F_ERROR;
  };
  const formulaKeeps = (ast, valueOf, recordId) => {
    try {
      return truthy(evaluate(ast, valueOf, recordId));
    } catch (err) {
      if (err === F_ERROR) return false;
      throw err;
    }
  };`;
