// Guest JavaScript for GitHub search queries: the query split into terms (plain words, "quoted
// phrases", `qualifier:value`, `qualifier:"quoted value"`, and `-qualifier:value` to exclude), the
// comparisons GitHub allows on numbers and dates (`>n`, `>=n`, `<n`, `<=n`, `a..b`), and text
// matching (every plain term must appear, case-insensitively). Each search tool reads the
// qualifiers it supports (tools-search.ts) and refuses a query with no terms at all.
export const CODEHOST_SEARCH_JS = String.raw`
  const parseQuery = (q) => {
    const words = [];
    const quals = [];
    const re = /(-?)([A-Za-z_]+):("([^"]*)"|\S+)|"([^"]*)"|(\S+)/g;
    let m;
    while ((m = re.exec(q)) !== null) {
      if (m[2] !== undefined) quals.push({ key: m[2].toLowerCase(), value: m[4] !== undefined ? m[4] : m[3], negate: m[1] === "-" });
      else if (m[5] !== undefined) { if (m[5].trim() !== "") words.push(m[5].toLowerCase()); }
      else if (m[6] !== undefined && m[6] !== "AND") words.push(m[6].toLowerCase());
    }
    if (words.length === 0 && quals.length === 0) invalid([{ resource: "Search", field: "q", code: "missing" }]);
    return { words, quals, all: (key) => quals.filter((x) => x.key === key) };
  };
  // ">5", ">=2024-11-01", "<3", "2..7", "5": whether value satisfies it (numbers or ISO dates).
  const compares = (spec, value) => {
    const cmp = (x) => (typeof value === "number" ? Number(x) : String(x));
    const range = /^(.+)\.\.(.+)$/.exec(spec);
    if (range) return (range[1] === "*" || value >= cmp(range[1])) && (range[2] === "*" || value <= cmp(range[2]) || String(value).startsWith(range[2]));
    const m = /^(>=|<=|>|<)?(.+)$/.exec(spec);
    const op = m[1] || "", x = cmp(m[2]);
    if (op === ">") return value > x && !(typeof value === "string" && value.startsWith(String(x)));
    if (op === ">=") return value >= x;
    if (op === "<") return value < x;
    if (op === "<=") return value <= x || (typeof value === "string" && value.startsWith(String(x)));
    return typeof value === "number" ? value === x : String(value).startsWith(String(x));
  };
  const mentionsAll = (words, texts) => {
    const hay = texts.filter((t) => typeof t === "string").join("\n").toLowerCase();
    return words.every((w) => hay.indexOf(w) >= 0);
  };
  const sameText = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();
  const searchAnswer = (items, page, perPage) => ({ total_count: items.length, incomplete_results: false, items: pageOf(items, page, perPage, 30) });
  const LANGUAGES = { ts: "TypeScript", tsx: "TypeScript", js: "JavaScript", jsx: "JavaScript", py: "Python", go: "Go", sh: "Shell", md: "Markdown", json: "JSON", toml: "TOML", yml: "YAML", yaml: "YAML", mod: "Go Module" };
  const languageOf = (path) => {
    const dot = path.lastIndexOf(".");
    return dot < 0 ? null : LANGUAGES[path.slice(dot + 1).toLowerCase()] || null;
  };`;
