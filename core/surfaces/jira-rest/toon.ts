// TOON (Token-Oriented Object Notation) encoder, as JavaScript source for the REST surface's tools:
// the format of the `outputFormat: "toon"` answers. Follows the toon-format spec's encoder rules
// (comma delimiter, two-space indent, no key folding, nulls kept): `key: value` lines, nested
// objects indented, primitive arrays inline as `key[N]: a,b`, arrays of objects with the same
// primitive fields as a table `key[N]{f1,f2}:` with one row per line, anything else as `- ` list
// items (an object item carries its first field on the hyphen line). Strings are quoted only
// when they must be: empty, padded, `true`/`false`/`null`, number-like, starting with `-`, or
// holding `:` `"` `\` brackets, braces, control characters or the delimiter.
// Declares `toonEncode(value)`; the functions are prefixed `toon` so the tool body can hold them
// beside the other runtime pieces.
export const TOON_SOURCE = String.raw`
function toonIsPrimitive(v) { return v === null || typeof v !== "object"; }
function toonPad(depth) { return "  ".repeat(depth); }
function toonQuote(s) {
  return '"' + s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r").replace(/\t/g, "\\t") + '"';
}
function toonKey(k) { return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(k) ? k : toonQuote(k); }
function toonExpand(text) {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(text);
  if (m === null) return text;
  const digits = m[2] + (m[3] || "");
  const point = m[2].length + Number(m[4]);
  let out = point <= 0 ? "0." + "0".repeat(-point) + digits
    : point >= digits.length ? digits + "0".repeat(point - digits.length)
    : digits.slice(0, point) + "." + digits.slice(point);
  out = out.replace(/^0+(?=\d)/, "");
  if (out.indexOf(".") >= 0) out = out.replace(/0+$/, "").replace(/\.$/, "");
  return m[1] + out;
}
function toonNumber(n) {
  if (!Number.isFinite(n)) return "null";
  if (n === 0) return "0";
  return toonExpand(String(n));
}
function toonNeedsQuotes(s) {
  if (s === "" || s !== s.trim()) return true;
  if (s === "true" || s === "false" || s === "null") return true;
  if (/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(s) || /^0\d+$/.test(s)) return true;
  if (/[:"\\\[\]{}\n\r\t,]/.test(s)) return true;
  return s[0] === "-";
}
function toonPrimitive(v) {
  if (v === null || v === undefined) return "null";
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "number") return toonNumber(v);
  const s = String(v);
  return toonNeedsQuotes(s) ? toonQuote(s) : s;
}
function toonHeader(key, n, fields) {
  return (key === null ? "" : key) + "[" + n + "]" +
    (fields ? "{" + fields.map(toonKey).join(",") + "}" : "") + ":";
}
function toonTableFields(items) {
  const first = items[0];
  if (toonIsPrimitive(first) || Array.isArray(first)) return null;
  const fields = Object.keys(first);
  if (fields.length === 0) return null;
  for (const item of items) {
    if (toonIsPrimitive(item) || Array.isArray(item)) return null;
    if (Object.keys(item).length !== fields.length) return null;
    for (const f of fields) {
      if (!Object.prototype.hasOwnProperty.call(item, f) || !toonIsPrimitive(item[f])) return null;
    }
  }
  return fields;
}
function toonArray(key, items, depth, lines) {
  const pad = toonPad(depth);
  if (items.length === 0) { lines.push(pad + toonHeader(key, 0)); return; }
  if (items.every(toonIsPrimitive)) {
    lines.push(pad + toonHeader(key, items.length) + " " + items.map(toonPrimitive).join(","));
    return;
  }
  const fields = toonTableFields(items);
  if (fields !== null) {
    lines.push(pad + toonHeader(key, items.length, fields));
    for (const row of items) lines.push(toonPad(depth + 1) + fields.map((f) => toonPrimitive(row[f])).join(","));
    return;
  }
  lines.push(pad + toonHeader(key, items.length));
  for (const item of items) toonListItem(item, depth + 1, lines);
}
// A list item is encoded one level deeper, then its first line's indent becomes the hyphen: "- "
// is exactly one indent unit, so nested lines already sit where the spec puts them.
function toonListItem(item, depth, lines) {
  const pad = toonPad(depth);
  if (toonIsPrimitive(item)) { lines.push(pad + "- " + toonPrimitive(item)); return; }
  const inner = [];
  if (Array.isArray(item)) toonArray(null, item, depth + 1, inner);
  else {
    const keys = Object.keys(item);
    if (keys.length === 0) { lines.push(pad + "-"); return; }
    for (const k of keys) toonField(k, item[k], depth + 1, inner);
  }
  inner[0] = pad + "- " + inner[0].slice(pad.length + 2);
  for (const line of inner) lines.push(line);
}
function toonField(k, v, depth, lines) {
  const key = toonKey(k);
  if (toonIsPrimitive(v)) lines.push(toonPad(depth) + key + ": " + toonPrimitive(v));
  else if (Array.isArray(v)) toonArray(key, v, depth, lines);
  else {
    lines.push(toonPad(depth) + key + ":");
    for (const child of Object.keys(v)) toonField(child, v[child], depth + 1, lines);
  }
}
function toonEncode(value) {
  if (toonIsPrimitive(value)) return toonPrimitive(value);
  const lines = [];
  if (Array.isArray(value)) toonArray(null, value, 0, lines);
  else for (const k of Object.keys(value)) toonField(k, value[k], 0, lines);
  return lines.join("\n");
}
`;
