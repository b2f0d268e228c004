// The guest helpers every bases tool carries: Airtable's error answers, finding a base, table,
// field or record (tables by id or name), reading a table's records as the Web API shows them
// (`{id, fields}` with empty cells left out), the value each field type accepts on a write (the
// server sends `typecast: true`, so numeric text becomes a number and an unknown select option
// becomes a new choice), writing cells with both sides of a link kept in step, and new ids one
// position above the highest. Errors read as the server reports a failed API call:
// `Airtable API Error: <status text>. Response: <body>`, the body also as the error's details.
import { ID_BODY_SOURCE } from "./ids";

/** Per-call and per-table bounds; Airtable has its own, an episode's tool call must have some. */
export const BASES_LIMITS = {
  maxRecordsPerTable: 500,
  maxFieldsPerTable: 100,
  maxTablesPerBase: 50,
  maxChoices: 200,
  maxTextChars: 100000,
  maxNameChars: 255,
  maxCommentChars: 10000,
  /** Records one update or delete call may take (Airtable's own batch limit). */
  maxBatch: 10,
} as const;

export const TEXT_TYPES = ["singleLineText", "multilineText", "email", "url", "phoneNumber"];
/** The types search_records looks in (the server's list; richText is not modelled). */
export const SEARCHABLE_TYPES = [
  "singleLineText",
  "multilineText",
  "richText",
  "email",
  "url",
  "phoneNumber",
];

export const BASES_HELPERS = `
  ${ID_BODY_SOURCE.trim()}
  const TEXT_TYPES = ${JSON.stringify(TEXT_TYPES)};
  const apiError = (code, statusText, body) => ctx.fail(code, "Airtable API Error: " + statusText + ". Response: " + JSON.stringify(body), body);
  const noModel = () => apiError("not_found", "Forbidden", { error: { type: "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND", message: "Invalid permissions, or the requested model was not found. Check that both your user and your token have the required permissions, and that the model names and/or ids are correct." } });
  const notFound = () => apiError("not_found", "Not Found", { error: "NOT_FOUND" });
  const invalid = (type, message) => apiError("invalid_request", "Unprocessable Entity", { error: { type, message } });
  const badFormula = (reason) => invalid("INVALID_FILTER_BY_FORMULA", "The formula for filtering records is invalid: " + reason);
  const parseJson = (text) => (text === null || text === undefined ? undefined : JSON.parse(text));
  const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
  const nextPosition = (table) => ctx.one("SELECT COALESCE(MAX(position), 0) + 1 AS n FROM " + table).n;
  const newId = (prefix, key, table, column) => {
    for (let attempt = 0; ; attempt++) {
      const id = prefix + idBody(attempt === 0 ? key : key + "#" + attempt);
      if (ctx.one("SELECT 1 AS x FROM " + table + " WHERE " + column + " = ?", [id]) === null) return id;
    }
  };
  const baseOf = (baseId) => {
    const found = ctx.one("SELECT base_id, name, permission_level FROM bases_bases WHERE base_id = ?", [baseId]);
    if (found === null) noModel();
    return found;
  };
  const canChangeSchema = (base) => {
    if (base.permission_level !== "create") noModel();
  };
  const TABLE = "SELECT table_id, base_id, name, description, primary_field_id FROM bases_tables";
  const tableIn = (base, ref) => ctx.one(TABLE + " WHERE base_id = ? AND (table_id = ? OR name = ?) ORDER BY table_id = ? DESC LIMIT 1", [base.base_id, ref, ref, ref]);
  const tableOf = (base, ref) => {
    const found = tableIn(base, ref);
    if (found === null) noModel();
    return found;
  };
  const fieldsOf = (tableId) => ctx.query("SELECT field_id, name, type, description, options FROM bases_fields WHERE table_id = ? ORDER BY position", [tableId])
    .map((f) => ({ id: f.field_id, name: f.name, type: f.type, description: f.description, options: parseJson(f.options) }));
  const fieldJson = (f) => {
    const out = { id: f.id, name: f.name, type: f.type };
    if (f.description !== null && f.description !== undefined) out.description = f.description;
    if (f.options !== undefined) out.options = f.options;
    return out;
  };
  const viewsOf = (tableId) => ctx.query("SELECT view_id, name, type, filter_formula, sort FROM bases_views WHERE table_id = ? ORDER BY position", [tableId]);
  const fieldByRef = (fields, ref) => fields.find((f) => f.name === ref) || fields.find((f) => f.id === ref);
  const unknownField = (ref) => invalid("UNKNOWN_FIELD_NAME", "Unknown field name: " + JSON.stringify(ref));
  const recordOf = (table, recordId) => ctx.one("SELECT record_id, created_time FROM bases_records WHERE record_id = ? AND table_id = ?", [recordId, table.table_id]);
  const cellsOf = (recordId) => {
    const out = {};
    for (const c of ctx.query("SELECT field_id, value FROM bases_cells WHERE record_id = ?", [recordId])) out[c.field_id] = JSON.parse(c.value);
    return out;
  };
  /** Every record of a table, in order, with its cells by field id. */
  const recordsOf = (tableId) => {
    const records = ctx.query("SELECT record_id, created_time FROM bases_records WHERE table_id = ? ORDER BY position", [tableId])
      .map((r) => ({ id: r.record_id, createdTime: r.created_time, cells: {} }));
    const byId = {};
    for (const r of records) byId[r.id] = r;
    for (const c of ctx.query("SELECT c.record_id, c.field_id, c.value FROM bases_cells c JOIN bases_records r ON r.record_id = c.record_id WHERE r.table_id = ?", [tableId])) {
      byId[c.record_id].cells[c.field_id] = JSON.parse(c.value);
    }
    return records;
  };
  const apiFields = (cells, fields) => {
    const out = {};
    for (const f of fields) if (cells[f.id] !== undefined) out[f.name] = cells[f.id];
    return out;
  };
  const recordJson = (record, fields) => ({ id: record.id, fields: apiFields(record.cells, fields) });
  /** The primary value of each record of a table, by record id (what link cells show in formulas). */
  const primaryNames = {};
  const primaryOf = (tableId) => {
    if (primaryNames[tableId] === undefined) {
      const names = {};
      for (const r of ctx.query("SELECT r.record_id, c.value FROM bases_records r JOIN bases_tables t ON t.table_id = r.table_id LEFT JOIN bases_cells c ON c.record_id = r.record_id AND c.field_id = t.primary_field_id WHERE r.table_id = ?", [tableId])) {
        const v = r.value === null ? "" : JSON.parse(r.value);
        names[r.record_id] = Array.isArray(v) ? v.join(", ") : String(v);
      }
      primaryNames[tableId] = names;
    }
    return primaryNames[tableId];
  };
  /** What a formula sees of a cell. */
  const formulaValue = (record, field) => {
    const v = record.cells[field.id];
    if (field.type === "checkbox") return v === true;
    if (v === undefined || v === null) return null;
    if (field.type === "multipleRecordLinks") {
      const names = primaryOf(field.options.linkedTableId);
      return v.map((id) => names[id] === undefined ? id : names[id]).join(", ");
    }
    if (Array.isArray(v)) return v.join(", ");
    return v;
  };
  const choicesOf = (field) => (field.options && Array.isArray(field.options.choices) ? field.options.choices : []);
  /** Sort records by [{field, direction}] over field objects: blanks first ascending, options by their order. */
  const sortRecords = (records, sorts) => {
    const keyOf = (record, field) => {
      if (field.type === "singleSelect") {
        const at = choicesOf(field).findIndex((c) => c.name === record.cells[field.id]);
        return at < 0 ? null : at;
      }
      const v = formulaValue(record, field);
      if (field.type === "checkbox") return v ? 1 : 0;
      return typeof v === "string" ? v.toLowerCase() : v;
    };
    const order = records.map((r, i) => ({ r, i }));
    order.sort((a, b) => {
      for (const s of sorts) {
        const x = keyOf(a.r, s.field);
        const y = keyOf(b.r, s.field);
        let c = 0;
        if (x === null && y !== null) c = -1;
        else if (y === null && x !== null) c = 1;
        else if (x !== null && y !== null) c = x < y ? -1 : x > y ? 1 : 0;
        if (c !== 0) return s.direction === "desc" ? -c : c;
      }
      return a.i - b.i;
    });
    return order.map((o) => o.r);
  };
  const viewOf = (table, ref) => {
    const found = viewsOf(table.table_id).find((v) => v.name === ref) || viewsOf(table.table_id).find((v) => v.view_id === ref);
    if (!found) invalid("VIEW_NAME_NOT_FOUND", "Could not find view " + JSON.stringify(ref) + " in table " + JSON.stringify(table.name));
    return found;
  };
  /** list_records' work: a view's filter and sort, then the formula, the sort given, maxRecords. */
  const selectRecords = (table, fields, options) => {
    let records = recordsOf(table.table_id);
    let sorts = [];
    const keep = (formula) => {
      const ast = parseFormula(formula, fields);
      records = records.filter((r) => formulaKeeps(ast, (f) => formulaValue(r, f), r.id));
    };
    if (options.view !== undefined) {
      const view = viewOf(table, options.view);
      if (view.filter_formula) keep(view.filter_formula);
      sorts = (parseJson(view.sort) || []).map((s) => ({ field: fieldByRef(fields, s.field), direction: s.direction }));
    }
    if (options.filterByFormula) keep(options.filterByFormula);
    if (options.sort !== undefined && options.sort.length > 0) {
      sorts = options.sort.map((s) => {
        const field = fieldByRef(fields, s.field);
        if (!field) unknownField(s.field);
        return { field, direction: s.direction === "desc" ? "desc" : "asc" };
      });
    }
    if (sorts.length > 0) records = sortRecords(records, sorts);
    const max = options.maxRecords;
    if (max !== undefined && max !== 0) {
      if (!Number.isInteger(max) || max < 0) invalid("INVALID_REQUEST_UNKNOWN", "Invalid request: parameter validation failed. Check your request data.");
      records = records.slice(0, max);
    }
    return records;
  };
  const badValue = (field) => invalid("INVALID_VALUE_FOR_COLUMN", "Field " + JSON.stringify(field.name) + " cannot accept the provided value");
  const roundTo = (n, digits) => { const p = Math.pow(10, digits); return Math.round(n * p) / p; };
  const asNumberValue = (field, v) => {
    let n = v;
    if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) n = Number(v);
    if (typeof n !== "number" || !Number.isFinite(n)) badValue(field);
    return n;
  };
  const validDate = (text) => {
    const m = /^(\\d{4})-(\\d{2})-(\\d{2})(T[0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$/.exec(text);
    if (!m) return null;
    const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return day.getUTCFullYear() === Number(m[1]) && day.getUTCMonth() === Number(m[2]) - 1 && day.getUTCDate() === Number(m[3]) ? m[1] + "-" + m[2] + "-" + m[3] : null;
  };
  /** A new choice added by typecast, as Airtable adds one. */
  const addChoice = (field, name) => {
    const choices = choicesOf(field);
    if (choices.length >= C.maxChoices) badValue(field);
    const choice = { id: "sel" + idBody("sel:" + field.id + ":" + choices.length), name, color: COLORS[choices.length % COLORS.length] };
    field.options = { ...field.options, choices: [...choices, choice] };
    ctx.run("UPDATE bases_fields SET options = ? WHERE field_id = ?", [JSON.stringify(field.options), field.id]);
  };
  const choiceName = (field, v) => {
    if (typeof v !== "string") badValue(field);
    const name = v.trim();
    if (name.length > C.maxNameChars) badValue(field);
    if (!choicesOf(field).some((c) => c.name === name)) addChoice(field, name);
    return name;
  };
  /** The stored value of a write, or null to clear the cell; refuses what Airtable refuses. */
  const cellFor = (field, v) => {
    if (v === null) return null;
    switch (field.type) {
      case "singleLineText": case "multilineText": case "email": case "url": case "phoneNumber": {
        if (typeof v === "number" || typeof v === "boolean") v = String(v);
        if (typeof v !== "string" || v.length > C.maxTextChars) badValue(field);
        return v === "" ? null : v;
      }
      case "number": case "currency": {
        return roundTo(asNumberValue(field, v), field.options.precision);
      }
      case "percent": return roundTo(asNumberValue(field, v), field.options.precision + 2);
      case "rating": {
        const n = asNumberValue(field, v);
        if (!Number.isInteger(n) || n < 0 || n > field.options.max) badValue(field);
        return n === 0 ? null : n;
      }
      case "checkbox": {
        if (v === "true") v = true;
        if (v === "false" || v === "") v = false;
        if (typeof v !== "boolean") badValue(field);
        return v ? true : null;
      }
      case "singleSelect": {
        if (v === "") return null;
        return choiceName(field, v);
      }
      case "multipleSelects": {
        if (typeof v === "string") v = [v];
        if (!Array.isArray(v)) badValue(field);
        const names = [];
        for (const item of v) {
          const name = choiceName(field, item);
          if (!names.includes(name)) names.push(name);
        }
        return names.length === 0 ? null : names;
      }
      case "date": {
        const day = typeof v === "string" ? validDate(v) : null;
        if (day === null) badValue(field);
        return day;
      }
      case "multipleRecordLinks": {
        if (typeof v === "string") v = [v];
        if (!Array.isArray(v)) badValue(field);
        const linkedTable = field.options.linkedTableId;
        const ids = [];
        for (const item of v) {
          if (typeof item !== "string") badValue(field);
          let id = ctx.one("SELECT record_id FROM bases_records WHERE record_id = ? AND table_id = ?", [item, linkedTable]);
          if (id === null) {
            const names = primaryOf(linkedTable);
            const matches = Object.keys(names).filter((k) => names[k] === item);
            if (matches.length !== 1) badValue(field);
            id = { record_id: matches[0] };
          }
          if (!ids.includes(id.record_id)) ids.push(id.record_id);
        }
        return ids.length === 0 ? null : ids;
      }
    }
    badValue(field);
  };
  /** The write's cells by field, checked before anything is written. */
  const cellsFor = (fields, given) => {
    if (!isObject(given)) invalid("INVALID_REQUEST_UNKNOWN", "Invalid request: parameter validation failed. Check your request data.");
    const out = [];
    for (const key of Object.keys(given)) {
      const field = fieldByRef(fields, key);
      if (!field) unknownField(key);
      out.push({ field, value: cellFor(field, given[key]) });
    }
    return out;
  };
  const storeCell = (recordId, fieldId, value) => {
    if (value === null || value === undefined) ctx.run("DELETE FROM bases_cells WHERE record_id = ? AND field_id = ?", [recordId, fieldId]);
    else ctx.run("INSERT INTO bases_cells (record_id, field_id, value) VALUES (?, ?, ?) ON CONFLICT (record_id, field_id) DO UPDATE SET value = excluded.value", [recordId, fieldId, JSON.stringify(value)]);
  };
  const cellAt = (recordId, fieldId) => {
    const found = ctx.one("SELECT value FROM bases_cells WHERE record_id = ? AND field_id = ?", [recordId, fieldId]);
    return found === null ? undefined : JSON.parse(found.value);
  };
  /** Writes a cell; for a link, also adds or removes this record on the other side. */
  const writeCell = (recordId, field, value) => {
    if (field.type === "multipleRecordLinks" && field.options.inverseLinkFieldId) {
      const before = cellAt(recordId, field.id) || [];
      const after = value || [];
      const inverse = field.options.inverseLinkFieldId;
      for (const other of before) {
        if (after.includes(other)) continue;
        const left = (cellAt(other, inverse) || []).filter((id) => id !== recordId);
        storeCell(other, inverse, left.length === 0 ? null : left);
      }
      for (const other of after) {
        if (before.includes(other)) continue;
        const held = cellAt(other, inverse) || [];
        if (!held.includes(recordId)) storeCell(other, inverse, [...held, recordId]);
      }
    }
    storeCell(recordId, field.id, value);
  };`;
