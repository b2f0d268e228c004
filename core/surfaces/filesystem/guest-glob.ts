// Guest JavaScript for glob patterns as the real server uses them (`minimatch(path, pattern,
// { dot: true })`): brace expansion ({a,b}, {1..3}), `*`, `?`, `[...]` classes, `\` escapes,
// `**` segments (zero or more directories; a trailing `**` needs at least one), a leading `!`
// negates and a leading `#` matches nothing. Extglobs such as `+(a|b)` are matched literally.
// Work is bounded: a pattern has at most C.maxPatternChars characters and 64 brace expansions,
// and matching a path is a table over (pattern segment, path segment).
export const FS_GLOB_JS = String.raw`
  const GLOBSTAR = "**";
  const escapeRegex = (c) => /[\\^$.*+?()[\]{}|\/-]/.test(c) ? "\\" + c : c;
  // The first brace group with a comma or a range, as [start, end, alternatives], or null.
  const braceGroup = (s) => {
    for (let i = 0; i < s.length; i++) {
      if (s[i] === "\\") { i++; continue; }
      if (s[i] !== "{") continue;
      let depth = 0;
      let end = -1;
      const commas = [];
      for (let j = i; j < s.length; j++) {
        const c = s[j];
        if (c === "\\") { j++; continue; }
        if (c === "{") depth++;
        else if (c === "}") {
          depth--;
          if (depth === 0) { end = j; break; }
        } else if (c === "," && depth === 1) commas.push(j);
      }
      if (end < 0) return null;
      if (commas.length > 0) {
        const parts = [];
        let from = i + 1;
        for (const at of commas) { parts.push(s.slice(from, at)); from = at + 1; }
        parts.push(s.slice(from, end));
        return [i, end, parts];
      }
      const body = s.slice(i + 1, end);
      const numbers = /^(-?\d+)\.\.(-?\d+)$/.exec(body);
      const letters = /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(body);
      if (numbers || letters) {
        const from = numbers ? Number(numbers[1]) : letters[1].charCodeAt(0);
        const to = numbers ? Number(numbers[2]) : letters[2].charCodeAt(0);
        const step = from <= to ? 1 : -1;
        const parts = [];
        for (let v = from; parts.length <= 64; v += step) {
          parts.push(numbers ? String(v) : String.fromCharCode(v));
          if (v === to) break;
        }
        return [i, end, parts];
      }
    }
    return null;
  };
  const expandBraces = (pattern) => {
    const out = [];
    const pending = [pattern];
    while (pending.length > 0) {
      const s = pending.shift();
      const group = braceGroup(s);
      if (group === null) out.push(s);
      else for (const part of group[2]) pending.push(s.slice(0, group[0]) + part + s.slice(group[1] + 1));
      if (out.length + pending.length > 64) ctx.fail("invalid_argument", "Pattern expands to more than 64 alternatives: " + pattern);
    }
    return out;
  };
  const POSIX = { alpha: "a-zA-Z", digit: "0-9", alnum: "a-zA-Z0-9", upper: "A-Z", lower: "a-z", space: " \t\n\r\f\v" };
  // The bracket expression starting at seg[i] as [regex source, index of its "]"], or null when
  // it is not closed (then "[" is a literal).
  const classRegex = (seg, i) => {
    let j = i + 1;
    let negated = false;
    if (seg[j] === "!" || seg[j] === "^") { negated = true; j++; }
    let body = "";
    for (let first = true; j < seg.length; j++, first = false) {
      const c = seg[j];
      if (c === "]" && !first) return ["[" + (negated ? "^/" : "") + body + "]", j];
      const posix = c === "[" && seg[j + 1] === ":" ? /^\[:([a-z]+):\]/.exec(seg.slice(j)) : null;
      if (posix !== null && POSIX[posix[1]] !== undefined) { body += POSIX[posix[1]]; j += posix[0].length - 1; continue; }
      if (c === "\\" && j + 1 < seg.length) { const next = seg[++j]; body += /[\\\]\[^-]/.test(next) ? "\\" + next : next; continue; }
      body += c === "-" ? "-" : /[\\\]\[^]/.test(c) ? "\\" + c : c;
    }
    return null;
  };
  // One path segment's pattern as an anchored RegExp (never matching "/").
  const segmentRegex = (seg) => {
    let re = "";
    for (let i = 0; i < seg.length; i++) {
      const c = seg[i];
      if (c === "\\" && i + 1 < seg.length) { re += escapeRegex(seg[++i]); continue; }
      if (c === "*") { while (seg[i + 1] === "*") i++; re += "[^/]*"; continue; }
      if (c === "?") { re += "[^/]"; continue; }
      if (c === "[") {
        const cls = classRegex(seg, i);
        if (cls !== null) {
          re += cls[0];
          i = cls[1];
          continue;
        }
      }
      re += escapeRegex(c);
    }
    try {
      return new RegExp("^" + re + "$");
    } catch (e) {
      return { test: (name) => name === seg };
    }
  };
  // minimatch's preprocessing: "a//b" is "a/b", and "a/../b" is "b" (unless a is ".", ".." or "**").
  const tidySegments = (segs) => {
    const out = segs.filter((seg, i) => seg !== "" || i === 0 || i === segs.length - 1);
    for (let i = 0; i + 1 < out.length; ) {
      if (out[i + 1] === ".." && out[i] !== ".." && out[i] !== "." && out[i] !== "**") {
        out.splice(i, 2);
        i = Math.max(0, i - 1);
      } else i++;
    }
    return out;
  };
  const compileGlob = (pattern) => {
    if (pattern.length > C.maxPatternChars) ctx.fail("invalid_argument", "Pattern is longer than " + C.maxPatternChars + " characters");
    if (pattern[0] === "#") return { none: true };
    let negate = false;
    let rest = pattern;
    while (rest[0] === "!") { negate = !negate; rest = rest.slice(1); }
    const alternatives = expandBraces(rest).map((alt) => tidySegments(alt.split("/")).map((seg) => seg === "**" ? GLOBSTAR : segmentRegex(seg)));
    return { none: false, negate, alternatives };
  };
  const matchSegments = (segments, parts) => {
    let reach = [true];
    for (let j = 1; j <= parts.length; j++) reach.push(false);
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i];
      const next = [];
      if (seg === GLOBSTAR) {
        const last = i === segments.length - 1;
        let any = false;
        for (let j = 0; j <= parts.length; j++) {
          next.push(any || (!last && reach[j]));
          any = any || reach[j];
        }
      } else {
        next.push(false);
        for (let j = 1; j <= parts.length; j++) next.push(reach[j - 1] && seg.test(parts[j - 1]));
      }
      reach = next;
    }
    return reach[parts.length];
  };
  const globMatch = (glob, path) => {
    if (glob.none) return false;
    const parts = path.split("/");
    let hit = false;
    for (const segments of glob.alternatives) if (matchSegments(segments, parts)) { hit = true; break; }
    return glob.negate ? !hit : hit;
  };
`;
