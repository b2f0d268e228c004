// Sandboxed JavaScript: the YAML subset Kubernetes manifests use (block maps and sequences, plain,
// quoted and block scalars, one-line flow collections, comments, `---` documents; JSON as is) and
// a kubectl-style emitter (sorted keys, sequences at their key's indent). Anything outside the
// subset (anchors, aliases, tags, complex keys, multi-line flow) fails with the line it is on.
export const RUNTIME_YAML = String.raw`
  function yamlFail(no, message) {
    return fail("invalid_argument", "error parsing manifest: yaml: line " + no + ": " + message, { line: no });
  }
  function parseManifest(src) {
    if (typeof src !== "string" || src.trim() === "") fail("invalid_argument", "the manifest is empty");
    if (src.length > C.maxManifest) fail("invalid_argument", "the manifest is " + src.length + " characters; at most " + C.maxManifest + " are accepted");
    const t = src.trim();
    let docs;
    if (t[0] === "{" || t[0] === "[") {
      let v;
      try { v = JSON.parse(t); } catch (e) { return fail("invalid_argument", "error parsing manifest: invalid JSON: " + e.message); }
      docs = Array.isArray(v) ? v : [v];
    } else {
      docs = yamlDocuments(src);
    }
    const out = [];
    for (const d of docs) {
      if (d === null) continue;
      if (!isMap(d)) fail("invalid_argument", "error parsing manifest: a document is not a mapping (an object with apiVersion, kind and metadata)");
      if (d.kind === "List" && Array.isArray(d.items)) { for (const item of d.items) out.push(item); } else out.push(d);
    }
    if (out.length > C.maxDocuments) fail("invalid_argument", "the manifest holds " + out.length + " objects; at most " + C.maxDocuments + " are accepted");
    if (out.length === 0) fail("invalid_argument", "no objects passed to apply: the manifest has no documents");
    return out;
  }

  function yamlDocuments(src) {
    const docs = [];
    let cur = [];
    const raw = src.split(/\r?\n/);
    for (let i = 0; i < raw.length; i++) {
      const line = raw[i];
      if (/^---(\s|$)/.test(line)) {
        const rest = line.slice(3).trim();
        if (rest !== "" && rest[0] !== "#") yamlFail(i + 1, "content on the --- line is not supported");
        docs.push(cur); cur = []; continue;
      }
      if (/^\.\.\.(\s|$)/.test(line)) { docs.push(cur); cur = []; continue; }
      if (/^%/.test(line)) yamlFail(i + 1, "directives are not supported");
      cur.push({ text: line, no: i + 1 });
    }
    docs.push(cur);
    return docs.map((lines) => {
      const P = { lines: lines, i: 0 };
      skipBlank(P);
      if (P.i >= lines.length) return null;
      const v = parseNode(P, indentOf(lines[P.i]));
      skipBlank(P);
      if (P.i < lines.length) yamlFail(lines[P.i].no, "did not find expected key (check the indentation)");
      return v;
    });
  }
  function isBlankLine(l) { return /^\s*(#.*)?$/.test(l.text); }
  function skipBlank(P) { while (P.i < P.lines.length && isBlankLine(P.lines[P.i])) P.i++; }
  function indentOf(l) {
    const m = /^[ \t]*/.exec(l.text)[0];
    if (m.indexOf("\t") >= 0) yamlFail(l.no, "found a tab character where an indentation space is expected");
    return m.length;
  }
  function splitKey(c) {
    if (c[0] === "\"" || c[0] === "'") {
      const q = readQuoted(c, 0, 0);
      if (q === null) return null;
      const m = /^\s*:(\s+|$)/.exec(c.slice(q.end));
      return m ? { key: q.value, rest: c.slice(q.end + m[0].length) } : null;
    }
    if (/^[-?:,\[\]{}#&*!|>%@]/.test(c) && !/^-[^\s]/.test(c)) return null;
    for (let j = 0; j < c.length; j++) {
      if (c[j] === "#" && j > 0 && c[j - 1] === " ") return null;
      if (c[j] === ":" && (j + 1 === c.length || c[j + 1] === " ")) {
        return { key: c.slice(0, j).trim(), rest: c.slice(j + 1) };
      }
    }
    return null;
  }
  function parseNode(P, indent) {
    skipBlank(P);
    const l = P.lines[P.i];
    const ind = indentOf(l);
    const c = l.text.slice(ind);
    if (c === "-" || c.indexOf("- ") === 0) return parseSeq(P, ind);
    if (c[0] === "?") yamlFail(l.no, "complex mapping keys are not supported");
    if (splitKey(c) !== null) return parseMap(P, ind);
    P.i++;
    return parseValue(P, c, ind - 1, l.no);
  }
  function parseMap(P, indent) {
    const obj = {};
    for (;;) {
      skipBlank(P);
      if (P.i >= P.lines.length) break;
      const l = P.lines[P.i];
      const ind = indentOf(l);
      if (ind < indent) break;
      if (ind > indent) yamlFail(l.no, "mapping values are not allowed in this context (check the indentation)");
      const c = l.text.slice(ind);
      if (c === "-" || c.indexOf("- ") === 0) break;
      const kv = splitKey(c);
      if (kv === null) yamlFail(l.no, "could not find expected ':'");
      if (Object.prototype.hasOwnProperty.call(obj, kv.key)) yamlFail(l.no, "mapping key \"" + kv.key + "\" already defined");
      P.i++;
      obj[kv.key] = parseValue(P, kv.rest, indent, l.no, true);
    }
    return obj;
  }
  function parseSeq(P, indent) {
    const arr = [];
    for (;;) {
      skipBlank(P);
      if (P.i >= P.lines.length) break;
      const l = P.lines[P.i];
      const ind = indentOf(l);
      if (ind < indent) break;
      if (ind > indent) yamlFail(l.no, "bad indentation of a sequence entry");
      const c = l.text.slice(ind);
      if (!(c === "-" || c.indexOf("- ") === 0)) break;
      const after = c.slice(1);
      const rest = after.replace(/^\s+/, "");
      const col = ind + 1 + (after.length - rest.length);
      if (rest === "" || rest[0] === "#") {
        P.i++;
        arr.push(parseValue(P, "", ind, l.no, false));
      } else if (rest === "-" || rest.indexOf("- ") === 0 || splitKey(rest) !== null) {
        l.text = " ".repeat(col) + rest;
        arr.push(parseNode(P, col));
      } else {
        P.i++;
        arr.push(parseValue(P, rest, ind, l.no, false));
      }
    }
    return arr;
  }
  function parseValue(P, rest, indent, no, inMap) {
    const r = rest.replace(/^\s+/, "");
    if (r === "" || r[0] === "#") {
      skipBlank(P);
      if (P.i >= P.lines.length) return null;
      const l = P.lines[P.i];
      const ind = indentOf(l);
      const c = l.text.slice(ind);
      if (ind > indent) return parseNode(P, ind);
      if (inMap && ind === indent && (c === "-" || c.indexOf("- ") === 0)) return parseSeq(P, indent);
      return null;
    }
    const head = /^([|>])([+-]?)([1-9]?)([+-]?)\s*(#.*)?$/.exec(r);
    if (head) return blockScalar(P, indent, head[1], head[2] || head[4], head[3] ? Number(head[3]) : 0);
    if (/^[&*!]/.test(r)) yamlFail(no, "anchors, aliases and tags are not supported");
    if (r[0] === "[" || r[0] === "{") {
      const st = { s: r, i: 0, no: no };
      const v = flowValue(st, false);
      if (!/^\s*(#.*)?$/.test(r.slice(st.i))) yamlFail(no, "did not find expected ',' or ']' (flow collections must end on their line)");
      return v;
    }
    if (r[0] === "\"" || r[0] === "'") {
      const q = readQuoted(r, 0, no);
      if (!/^\s*(#.*)?$/.test(r.slice(q.end))) yamlFail(no, "did not find expected key after the quoted string");
      return q.value;
    }
    let s = r.replace(/\s+#.*$/, "").trim();
    for (;;) {
      if (P.i >= P.lines.length) break;
      const l = P.lines[P.i];
      if (/^\s*$/.test(l.text)) break;
      const ind = indentOf(l);
      if (ind <= indent) break;
      const c = l.text.slice(ind);
      if (c[0] === "#") { P.i++; continue; }
      if (splitKey(c) !== null) yamlFail(l.no, "mapping values are not allowed in this context");
      s += " " + c.replace(/\s+#.*$/, "").trim();
      P.i++;
    }
    return resolveScalar(s);
  }
  function blockScalar(P, indent, style, chomp, explicit) {
    const lines = [];
    let blockIndent = explicit > 0 ? indent + explicit : -1;
    while (P.i < P.lines.length) {
      const l = P.lines[P.i];
      if (/^\s*$/.test(l.text)) { lines.push(""); P.i++; continue; }
      const ind = indentOf(l);
      if (blockIndent < 0) blockIndent = ind;
      if (ind < blockIndent || ind <= indent) break;
      lines.push(l.text.slice(blockIndent));
      P.i++;
    }
    let trail = 0;
    while (lines.length > 0 && lines[lines.length - 1] === "") { lines.pop(); trail++; }
    let s;
    if (style === "|") s = lines.join("\n");
    else {
      s = "";
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (i === 0) { s = line; continue; }
        const prev = lines[i - 1];
        if (line === "") s += "\n";
        else if (prev === "" || line[0] === " " || prev[0] === " ") s += (prev === "" ? "" : "\n") + line;
        else s += " " + line;
      }
    }
    if (chomp === "-") return s;
    if (chomp === "+") return s + "\n" + "\n".repeat(trail);
    return lines.length === 0 ? "" : s + "\n";
  }
  function readQuoted(s, start, no) {
    const q = s[start];
    let out = "";
    let i = start + 1;
    while (i < s.length) {
      const ch = s[i];
      if (q === "'" && ch === "'") {
        if (s[i + 1] === "'") { out += "'"; i += 2; continue; }
        return { value: out, end: i + 1 };
      }
      if (q === "\"" && ch === "\"") return { value: out, end: i + 1 };
      if (q === "\"" && ch === "\\") {
        const e = s[i + 1];
        const simple = { n: "\n", t: "\t", r: "\r", "\"": "\"", "\\": "\\", "/": "/", "0": "\u0000", " ": " " };
        if (e !== undefined && Object.prototype.hasOwnProperty.call(simple, e)) { out += simple[e]; i += 2; continue; }
        const hex = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
        const digits = s.slice(i + 2, i + 2 + hex);
        if (hex === 0 || !/^[0-9a-fA-F]+$/.test(digits) || digits.length !== hex) {
          if (no === 0) return null;
          yamlFail(no, "found unknown escape character in a double-quoted string");
        }
        out += String.fromCodePoint(parseInt(digits, 16));
        i += 2 + hex;
        continue;
      }
      out += ch;
      i++;
    }
    if (no === 0) return null;
    return yamlFail(no, "found unexpected end of line in a quoted string (multi-line quoted strings are not supported)");
  }
  function flowValue(st, isKey) {
    while (st.s[st.i] === " ") st.i++;
    const ch = st.s[st.i];
    if (ch === "[") {
      st.i++;
      const arr = [];
      for (;;) {
        while (st.s[st.i] === " ") st.i++;
        if (st.s[st.i] === "]") { st.i++; return arr; }
        if (st.i >= st.s.length) yamlFail(st.no, "did not find expected ',' or ']'");
        arr.push(flowValue(st, false));
        while (st.s[st.i] === " ") st.i++;
        if (st.s[st.i] === ",") { st.i++; continue; }
        if (st.s[st.i] !== "]") yamlFail(st.no, "did not find expected ',' or ']'");
      }
    }
    if (ch === "{") {
      st.i++;
      const obj = {};
      for (;;) {
        while (st.s[st.i] === " ") st.i++;
        if (st.s[st.i] === "}") { st.i++; return obj; }
        if (st.i >= st.s.length) yamlFail(st.no, "did not find expected ',' or '}'");
        const key = flowValue(st, true);
        while (st.s[st.i] === " ") st.i++;
        if (st.s[st.i] !== ":") yamlFail(st.no, "did not find expected ':' in a flow mapping");
        st.i++;
        obj[String(key)] = flowValue(st, false);
        while (st.s[st.i] === " ") st.i++;
        if (st.s[st.i] === ",") { st.i++; continue; }
        if (st.s[st.i] !== "}") yamlFail(st.no, "did not find expected ',' or '}'");
      }
    }
    if (ch === "\"" || ch === "'") {
      const q = readQuoted(st.s, st.i, st.no);
      st.i = q.end;
      return q.value;
    }
    let j = st.i;
    while (j < st.s.length) {
      const c = st.s[j];
      if (c === "," || c === "]" || c === "}") break;
      if (isKey && c === ":" && (j + 1 >= st.s.length || " ,}".indexOf(st.s[j + 1]) >= 0)) break;
      j++;
    }
    const raw = st.s.slice(st.i, j).trim();
    st.i = j;
    if (/^[&*!]/.test(raw)) yamlFail(st.no, "anchors, aliases and tags are not supported");
    return isKey ? raw : resolveScalar(raw);
  }
  function resolveScalar(s) {
    if (s === "" || s === "~" || s === "null" || s === "Null" || s === "NULL") return null;
    if (s === "true" || s === "True" || s === "TRUE") return true;
    if (s === "false" || s === "False" || s === "FALSE") return false;
    if (/^[-+]?[0-9]+$/.test(s)) { const n = Number(s); return Number.isSafeInteger(n) ? n : s; }
    if (/^0x[0-9a-fA-F]+$/.test(s)) return parseInt(s.slice(2), 16);
    if (/^0o[0-7]+$/.test(s)) return parseInt(s.slice(2), 8);
    if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(s)) return Number(s);
    return s;
  }

  function needsQuotes(s) {
    if (s === "") return true;
    if (typeof resolveScalar(s) !== "string") return true;
    if (/^\d{4}-\d{2}-\d{2}([Tt ]|$)/.test(s)) return true;
    if (/^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/.test(s)) return true;
    if (/^[?:,\[\]{}#&*!|>'"%@\x60 ]/.test(s) || /^-( |$)/.test(s) || / $/.test(s)) return true;
    return s.indexOf(": ") >= 0 || s.indexOf(" #") >= 0 || /[\u0000-\u001f]/.test(s) || /:$/.test(s);
  }
  function yamlScalar(v, indent) {
    if (v === null || v === undefined) return "null";
    if (typeof v === "boolean" || typeof v === "number") return String(v);
    if (Array.isArray(v)) return "[]";
    if (typeof v === "object") return "{}";
    const s = String(v);
    if (s.indexOf("\n") >= 0 && !/^\s/.test(s) && !/\n\n$/.test(s) && !/[\u0000-\u0009\u000b-\u001f]/.test(s)) {
      const pad = " ".repeat(indent + 2);
      const body = s.endsWith("\n") ? s.slice(0, -1) : s;
      return (s.endsWith("\n") ? "|" : "|-") + body.split("\n").map((line) => "\n" + (line === "" ? "" : pad + line)).join("");
    }
    return needsQuotes(s) ? JSON.stringify(s) : s;
  }
  function emitYaml(v, indent, out) {
    const pad = " ".repeat(indent);
    for (const key of Object.keys(v).sort()) {
      const val = v[key];
      if (val === undefined) continue;
      const k = needsQuotes(key) ? JSON.stringify(key) : key;
      if (isMap(val) && Object.keys(val).length > 0) { out.push(pad + k + ":"); emitYaml(val, indent + 2, out); }
      else if (Array.isArray(val) && val.length > 0) { out.push(pad + k + ":"); emitYamlSeq(val, indent, out); }
      else out.push(pad + k + ": " + yamlScalar(val, indent));
    }
  }
  function emitYamlSeq(arr, indent, out) {
    const pad = " ".repeat(indent);
    for (const item of arr) {
      if ((isMap(item) && Object.keys(item).length > 0) || (Array.isArray(item) && item.length > 0)) {
        const sub = [];
        if (isMap(item)) emitYaml(item, indent + 2, sub); else emitYamlSeq(item, indent + 2, sub);
        out.push(pad + "- " + sub[0].slice(indent + 2));
        for (let i = 1; i < sub.length; i++) out.push(sub[i]);
      } else out.push(pad + "- " + yamlScalar(item, indent + 2));
    }
  }
  function toYaml(v) {
    const out = [];
    if (isMap(v)) emitYaml(v, 0, out); else if (Array.isArray(v)) emitYamlSeq(v, 0, out); else out.push(yamlScalar(v, 0));
    return out.join("\n") + "\n";
  }
`;
