// Guest helpers of the CRM search (JavaScript run in the sandbox), after the CRM v3 search
// endpoint: filter groups ORed, the filters of a group ANDed, at most 5 groups, 6 filters a group
// and 18 in all; EQ/NEQ/LT/LTE/GT/GTE/BETWEEN compare numbers and dates as numbers (a date given
// as epoch milliseconds or ISO text) and text without case; IN/NOT_IN take `values`;
// HAS_PROPERTY/NOT_HAS_PROPERTY test for a value; CONTAINS_TOKEN matches whole words, `*` as a
// wildcard. Negative operators also match objects without the property. `query` looks for words
// starting with its text in the type's searchable properties. One sort; ties and the default
// order by id. Uses the helpers of guest.ts.

export const CRM_SEARCH_JS = `
  const NUMERIC = { number: true, date: true, datetime: true };
  const comparable = (def, value) => (NUMERIC[def.type] ? msOrNumber(def, value) : String(value).toLowerCase());
  const msOrNumber = (def, value) => (def.type === "number" ? Number(value) : msOf(value));
  const tokens = (text) => String(text).toLowerCase().split(/[^a-z0-9@.*_-]+/).filter((w) => w !== "");
  const containsToken = (have, wanted) => {
    const w = String(wanted).toLowerCase().trim();
    if (w.includes("*")) {
      const pattern = new RegExp("^" + w.split("*").map((p) => p.replace(/[.+?^$()|[\\]{}\\\\]/g, "\\\\$&")).join(".*") + "$");
      return tokens(have).some((t) => pattern.test(t)) || pattern.test(String(have).toLowerCase());
    }
    const want = tokens(w).join(" ");
    return (" " + tokens(have).join(" ") + " ").includes(" " + want + " ");
  };
  const needValue = (f) => {
    if (f.value === undefined || f.value === null) invalid("Filter on " + f.propertyName + " with operator " + f.operator + " needs a value");
  };
  const matches = (f, def, all) => {
    const have = all[f.propertyName];
    const set = have !== undefined && have !== null && have !== "";
    switch (f.operator) {
      case "HAS_PROPERTY": return set;
      case "NOT_HAS_PROPERTY": return !set;
      case "IN":
      case "NOT_IN": {
        if (!Array.isArray(f.values)) invalid("Operator " + f.operator + " needs a values list");
        const hit = set && f.values.some((v) => comparable(def, v) === comparable(def, have));
        return f.operator === "IN" ? hit : !hit;
      }
      case "CONTAINS_TOKEN": needValue(f); return set && containsToken(have, f.value);
      case "NOT_CONTAINS_TOKEN": needValue(f); return !set || !containsToken(have, f.value);
      case "NEQ": needValue(f); return !set || comparable(def, have) !== comparable(def, f.value);
      case "BETWEEN": {
        needValue(f);
        if (f.highValue === undefined || f.highValue === null) invalid("Operator BETWEEN needs a highValue");
        if (!set) return false;
        const x = comparable(def, have);
        return x >= comparable(def, f.value) && x <= comparable(def, f.highValue);
      }
      default: {
        needValue(f);
        if (!set) return false;
        const x = comparable(def, have);
        const y = comparable(def, f.value);
        if (f.operator === "EQ") return x === y;
        if (f.operator === "LT") return x < y;
        if (f.operator === "LTE") return x <= y;
        if (f.operator === "GT") return x > y;
        return x >= y;
      }
    }
  };
  const checkGroups = (groups, defs) => {
    if (groups.length > M.limits.maxFilterGroups) invalid("Too many filter groups: at most " + M.limits.maxFilterGroups + " are allowed");
    let total = 0;
    for (const g of groups) {
      if (g.filters.length > M.limits.maxFiltersPerGroup) invalid("Too many filters in a group: at most " + M.limits.maxFiltersPerGroup + " are allowed");
      total += g.filters.length;
      for (const f of g.filters) {
        if (!defs[f.propertyName]) invalid('Property "' + f.propertyName + '" does not exist', { errors: [problem(f.propertyName, "PROPERTY_DOESNT_EXIST", 'Property "' + f.propertyName + '" does not exist')] });
      }
    }
    if (total > M.limits.maxFilters) invalid("Too many filters: at most " + M.limits.maxFilters + " are allowed in all groups together");
  };
  const queryMatches = (t, all, text) => {
    const q = String(text).toLowerCase().trim();
    if (q === "") return true;
    const hay = " " + t.searchable.map((n) => (all[n] === undefined ? "" : String(all[n]).toLowerCase())).join(" ");
    return hay.includes(" " + q) || hay.includes("." + q) || hay.includes("@" + q);
  };
  const byId = (a, b) => Number(a.row.id) - Number(b.row.id);
  const sortBy = (items, sort, defs) => {
    if (!sort) return items.sort(byId);
    const def = defs[sort.propertyName];
    if (!def) invalid('Property "' + sort.propertyName + '" does not exist');
    const dir = sort.direction === "DESCENDING" ? -1 : 1;
    return items.sort((a, b) => {
      const x = a.all[sort.propertyName];
      const y = b.all[sort.propertyName];
      const xs = x !== undefined && x !== "";
      const ys = y !== undefined && y !== "";
      if (!xs || !ys) return xs === ys ? byId(a, b) : xs ? -1 : 1;
      const cx = comparable(def, x);
      const cy = comparable(def, y);
      return cx < cy ? -dir : cx > cy ? dir : byId(a, b);
    });
  };`;
