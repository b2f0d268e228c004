// Guest JavaScript of a data source query: Notion's property filters (text, number, checkbox,
// select, status, multi_select, date, people, relation, with their conditions), timestamp
// filters, `and`/`or` compounds nested at most two levels, and sorts by property or timestamp
// (empty values last, select and status options in their schema order). A filter that names an
// unknown property, a condition the property's type does not take, or a malformed value is
// Notion's validation_error. Needs OBJECTS_JS in scope.
export const QUERY_JS = String.raw`
  const TEXT_CONDITIONS = ["equals", "does_not_equal", "contains", "does_not_contain", "starts_with", "ends_with", "is_empty", "is_not_empty"];
  const CONDITIONS = {
    title: TEXT_CONDITIONS,
    rich_text: TEXT_CONDITIONS,
    number: ["equals", "does_not_equal", "greater_than", "less_than", "greater_than_or_equal_to", "less_than_or_equal_to", "is_empty", "is_not_empty"],
    checkbox: ["equals", "does_not_equal"],
    select: ["equals", "does_not_equal", "is_empty", "is_not_empty"],
    status: ["equals", "does_not_equal", "is_empty", "is_not_empty"],
    multi_select: ["contains", "does_not_contain", "is_empty", "is_not_empty"],
    date: ["equals", "before", "after", "on_or_before", "on_or_after", "is_empty", "is_not_empty", "past_week", "past_month", "past_year", "next_week", "next_month", "next_year"],
    people: ["contains", "does_not_contain", "is_empty", "is_not_empty"],
    relation: ["contains", "does_not_contain", "is_empty", "is_not_empty"],
  };
  // The filter key each property type answers to (a title also takes a rich_text filter).
  const FILTER_KEYS = { title: ["title", "rich_text"], rich_text: ["rich_text"] };
  const DAY = 86400000;
  const dayOf = (value) => String(value).slice(0, 10);
  const shifted = (days) => new Date(Date.parse(NOW) + days * DAY).toISOString().slice(0, 10);
  const RELATIVE = { past_week: [-7, 0], past_month: [-30, 0], past_year: [-365, 0], next_week: [0, 7], next_month: [0, 30], next_year: [0, 365] };
  const rowValue = (prop, row) => {
    if (prop.type === "title") return row.title;
    const v = JSON.parse(row.properties)[prop.name];
    return v === undefined ? null : v;
  };
  const emptyValue = (v) => v === null || v === "" || (Array.isArray(v) && v.length === 0);
  const condition = (type, cond, where) => {
    if (!cond || typeof cond !== "object" || Array.isArray(cond)) invalid("body." + where + " should be an object.");
    const keys = Object.keys(cond);
    if (keys.length !== 1 || !CONDITIONS[type].includes(keys[0])) invalid("body." + where + " should have exactly one of " + CONDITIONS[type].join(", ") + ".");
    const op = keys[0];
    const want = cond[op];
    const where2 = where + "." + op;
    if (op === "is_empty" || op === "is_not_empty") {
      if (want !== true) invalid("body." + where2 + " should be true.");
      return (v) => emptyValue(v) === (op === "is_empty");
    }
    if (RELATIVE[op]) {
      const [from, to] = RELATIVE[op];
      return (v) => !emptyValue(v) && dayOf(v) >= shifted(from) && dayOf(v) <= shifted(to);
    }
    if (type === "title" || type === "rich_text") {
      if (typeof want !== "string") invalid("body." + where2 + " should be a string.");
      const low = want.toLowerCase();
      if (op === "equals") return (v) => (v || "") === want;
      if (op === "does_not_equal") return (v) => (v || "") !== want;
      if (op === "contains") return (v) => (v || "").toLowerCase().includes(low);
      if (op === "does_not_contain") return (v) => !(v || "").toLowerCase().includes(low);
      if (op === "starts_with") return (v) => (v || "").toLowerCase().startsWith(low);
      return (v) => (v || "").toLowerCase().endsWith(low);
    }
    if (type === "number") {
      if (typeof want !== "number") invalid("body." + where2 + " should be a number.");
      const test = { equals: (a) => a === want, does_not_equal: (a) => a !== want, greater_than: (a) => a > want, less_than: (a) => a < want, greater_than_or_equal_to: (a) => a >= want, less_than_or_equal_to: (a) => a <= want }[op];
      return (v) => op === "does_not_equal" ? v !== want : v !== null && test(v);
    }
    if (type === "checkbox") {
      if (typeof want !== "boolean") invalid("body." + where2 + " should be a boolean.");
      return (v) => (v === true) === (op === "equals" ? want : !want);
    }
    if (type === "select" || type === "status") {
      if (typeof want !== "string") invalid("body." + where2 + " should be a string.");
      return (v) => op === "equals" ? v === want : v !== want;
    }
    if (type === "multi_select" || type === "people" || type === "relation") {
      if (typeof want !== "string") invalid("body." + where2 + " should be a string.");
      const id = type === "multi_select" ? want : idOf(want, where2);
      return (v) => (v || []).includes(id) === (op === "contains");
    }
    if (typeof want !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(want)) invalid("body." + where2 + " should be a valid ISO 8601 date string.");
    const day = dayOf(want);
    const test = { equals: (d) => d === day, before: (d) => d < day, after: (d) => d > day, on_or_before: (d) => d <= day, on_or_after: (d) => d >= day }[op];
    return (v) => !emptyValue(v) && test(dayOf(v));
  };
  const compileFilter = (f, schema, depth, where) => {
    if (!f || typeof f !== "object" || Array.isArray(f)) invalid("body." + where + " should be an object.");
    for (const joiner of ["and", "or"]) {
      if (f[joiner] === undefined) continue;
      if (!Array.isArray(f[joiner])) invalid("body." + where + "." + joiner + " should be an array.");
      if (depth >= 2) invalid("body." + where + " should be nested at most two levels deep.");
      const parts = f[joiner].map((g, i) => compileFilter(g, schema, depth + 1, where + "." + joiner + "[" + i + "]"));
      return joiner === "and" ? (row) => parts.every((p) => p(row)) : (row) => parts.some((p) => p(row));
    }
    if (f.timestamp !== undefined) {
      if (f.timestamp !== "created_time" && f.timestamp !== "last_edited_time") invalid("body." + where + ".timestamp should be created_time or last_edited_time.");
      const test = condition("date", f[f.timestamp], where + "." + f.timestamp);
      return (row) => test(row[f.timestamp]);
    }
    if (typeof f.property !== "string") invalid("body." + where + ".property should be defined, instead was undefined.");
    const prop = propertyIn(schema, f.property);
    if (!prop) invalid("Could not find property with name or id: " + f.property);
    if (!CONDITIONS[prop.type]) invalid("body." + where + " cannot filter a " + prop.type + " property.");
    const keys = FILTER_KEYS[prop.type] || [prop.type];
    const key = Object.keys(f).find((k) => k !== "property");
    if (!keys.includes(key)) invalid("body." + where + " should have a " + keys[0] + " condition for the " + prop.type + " property " + prop.name + ".");
    const test = condition(prop.type === "title" ? "title" : prop.type, f[key], where + "." + key);
    return (row) => test(rowValue(prop, row));
  };
  const userNames = {};
  const nameOfUser = (id) => {
    if (userNames[id] === undefined) {
      const u = ctx.one("SELECT name FROM pages_users WHERE user_id = ?", [id]);
      userNames[id] = u ? u.name : "";
    }
    return userNames[id];
  };
  const sortKey = (prop, row) => {
    const v = rowValue(prop, row);
    if (emptyValue(v)) return null;
    if (prop.type === "select" || prop.type === "status") return (prop.options || []).findIndex((o) => o.name === v);
    if (prop.type === "multi_select") return (prop.options || []).findIndex((o) => o.name === v[0]);
    if (prop.type === "people") return nameOfUser(v[0]).toLowerCase();
    if (prop.type === "relation") return v[0];
    if (prop.type === "checkbox") return v ? 1 : 0;
    if (typeof v === "string") return v.toLowerCase();
    return v;
  };
  const sortRows = (rows, sorts, schema) => {
    const list = parsed(sorts, "sorts");
    if (list === undefined) return rows;
    if (!Array.isArray(list)) invalid("body.sorts should be an array.");
    const keys = list.map((raw, i) => {
      const s = parsed(raw, "sorts[" + i + "]");
      if (!s || typeof s !== "object") invalid("body.sorts[" + i + "] should be an object.");
      if (s.direction !== "ascending" && s.direction !== "descending") invalid("body.sorts[" + i + "].direction should be ascending or descending.");
      if (s.timestamp !== undefined) {
        if (s.timestamp !== "created_time" && s.timestamp !== "last_edited_time") invalid("body.sorts[" + i + "].timestamp should be created_time or last_edited_time.");
        return { key: (row) => row[s.timestamp], sign: s.direction === "ascending" ? 1 : -1 };
      }
      const prop = propertyIn(schema, s.property);
      if (!prop) invalid("Could not find sort property with name or id: " + s.property);
      return { key: (row) => sortKey(prop, row), sign: s.direction === "ascending" ? 1 : -1 };
    });
    const decorated = rows.map((row, i) => ({ row, i, keys: keys.map((k) => k.key(row)) }));
    decorated.sort((a, b) => {
      for (let k = 0; k < keys.length; k++) {
        const x = a.keys[k];
        const y = b.keys[k];
        if (x === y) continue;
        if (x === null) return 1;
        if (y === null) return -1;
        return (x < y ? -1 : 1) * keys[k].sign;
      }
      return a.i - b.i;
    });
    return decorated.map((d) => d.row);
  };
`;
