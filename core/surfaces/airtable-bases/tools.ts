// The JavaScript of each bases tool, written after airtable-mcp-server (domdomegg) over Airtable's
// Web API: answers are the server's JSON (`{records}`, `{bases}`, `{tables}`, `{table}`,
// `{field}`, `{comment}`, `{comments, offset}`; a record as `{id, fields}`), list_tables and
// describe_table at the three detail levels, search_records as the server builds it (an OR of
// FIND over the text fields, so it is case-sensitive, with the table given by id), writes with
// `typecast: true`, update and delete of at most ten records, schema changes only in a base the
// token may create in, and new comments by the token's owner, listed newest first.
import type { ToolSpec } from "../../environment/spec";
import { BASES_HELPERS, BASES_LIMITS, SEARCHABLE_TYPES } from "./guest";
import { FORMULA_SOURCE } from "./guest-formula";
import type { BasesRole, BasesSlot } from "./roles";
import { CHOICE_COLORS } from "./seed";

const SCHEMA_HELPERS = `
  const DATE_FORMATS = { local: "l", friendly: "LL", us: "M/D/YYYY", european: "D/M/YYYY", iso: "YYYY-MM-DD" };
  const MODELLED = ["singleLineText", "multilineText", "email", "url", "phoneNumber", "number", "currency", "percent", "rating", "checkbox", "singleSelect", "multipleSelects", "date", "multipleRecordLinks"];
  const PRIMARY_TYPES = ["singleLineText", "multilineText", "email", "url", "phoneNumber", "number", "currency", "percent", "date"];
  const badOptions = (name, type) => invalid("INVALID_FIELD_TYPE_OPTIONS_FOR_CREATE", "Invalid options for field " + JSON.stringify(name) + " of type " + type);
  const checkName = (name, taken) => {
    if (typeof name !== "string" || name.trim() === "" || name.length > C.maxNameChars || taken.some((t) => t.toLowerCase() === name.trim().toLowerCase())) {
      invalid("DUPLICATE_OR_EMPTY_FIELD_NAME", "Field names must be unique and non-empty");
    }
    return name.trim();
  };
  /** A field definition checked and given Airtable's options; links also name their inverse. */
  const fieldDefinition = (def, taken, base) => {
    if (!isObject(def)) invalid("INVALID_REQUEST_UNKNOWN", "Invalid request: parameter validation failed. Check your request data.");
    const name = checkName(def.name, taken);
    const type = def.type;
    if (typeof type !== "string") invalid("INVALID_FIELD_TYPE", "Invalid field type: " + JSON.stringify(type));
    if (!MODELLED.includes(type)) invalid("UNSUPPORTED_FIELD_TYPE", "Field type " + JSON.stringify(type) + " is not one this environment models (" + MODELLED.join(", ") + ")");
    if (def.description !== undefined && typeof def.description !== "string") invalid("INVALID_REQUEST_UNKNOWN", "Invalid request: parameter validation failed. Check your request data.");
    const o = def.options === undefined ? {} : def.options;
    if (!isObject(o)) badOptions(name, type);
    const precision = (max) => {
      if (!Number.isInteger(o.precision) || o.precision < 0 || o.precision > max) badOptions(name, type);
      return o.precision;
    };
    let options;
    switch (type) {
      case "number": case "percent": options = { precision: precision(8) }; break;
      case "currency":
        if (typeof o.symbol !== "string" || o.symbol === "") badOptions(name, type);
        options = { precision: precision(7), symbol: o.symbol };
        break;
      case "rating": {
        const max = o.max === undefined ? 5 : o.max;
        if (!Number.isInteger(max) || max < 1 || max > 10) badOptions(name, type);
        options = { icon: typeof o.icon === "string" ? o.icon : "star", max, color: typeof o.color === "string" ? o.color : "yellowBright" };
        break;
      }
      case "checkbox": options = { icon: typeof o.icon === "string" ? o.icon : "check", color: typeof o.color === "string" ? o.color : "greenBright" }; break;
      case "singleSelect": case "multipleSelects": {
        if (!Array.isArray(o.choices) || o.choices.length > C.maxChoices) badOptions(name, type);
        const seen = [];
        options = { choices: o.choices.map((c, i) => {
          if (!isObject(c) || typeof c.name !== "string" || c.name.trim() === "" || seen.includes(c.name.trim())) badOptions(name, type);
          seen.push(c.name.trim());
          return { id: "", name: c.name.trim(), color: typeof c.color === "string" ? c.color : COLORS[i % COLORS.length] };
        }) };
        break;
      }
      case "date": {
        const f = o.dateFormat;
        if (!isObject(f) || DATE_FORMATS[f.name] === undefined || (f.format !== undefined && f.format !== DATE_FORMATS[f.name])) badOptions(name, type);
        options = { dateFormat: { name: f.name, format: DATE_FORMATS[f.name] } };
        break;
      }
      case "multipleRecordLinks": {
        const target = typeof o.linkedTableId === "string" ? ctx.one(TABLE + " WHERE table_id = ? AND base_id = ?", [o.linkedTableId, base.base_id]) : null;
        if (target === null) badOptions(name, type);
        options = { linkedTableId: target.table_id, isReversed: false, prefersSingleRecordLink: o.prefersSingleRecordLink === true };
        break;
      }
      default:
        if (def.options !== undefined) badOptions(name, type);
    }
    return { name, type, description: typeof def.description === "string" && def.description !== "" ? def.description : null, options };
  };
  /** Inserts a checked definition as a field of the table; a link also gets its inverse field. */
  const insertField = (tableId, tableName, def) => {
    const position = nextPosition("bases_fields");
    const id = newId("fld", "fld:" + position, "bases_fields", "field_id");
    const field = { id, name: def.name, type: def.type, description: def.description, options: def.options };
    if (field.options && Array.isArray(field.options.choices)) {
      field.options = { choices: field.options.choices.map((c, i) => ({ id: "sel" + idBody("sel:" + id + ":" + i), name: c.name, color: c.color })) };
    }
    // A link to the table itself has no inverse field, as in Airtable.
    if (def.type === "multipleRecordLinks" && field.options.linkedTableId !== tableId) {
      const target = field.options.linkedTableId;
      const taken = fieldsOf(target).map((f) => f.name);
      let inverseName = tableName;
      for (let n = 2; taken.some((t) => t.toLowerCase() === inverseName.toLowerCase()); n++) inverseName = tableName + " " + n;
      const inverseId = newId("fld", "fld:" + (position + 1), "bases_fields", "field_id");
      field.options = { ...field.options, inverseLinkFieldId: inverseId };
      ctx.run("INSERT INTO bases_fields (field_id, table_id, position, name, type, description, options) VALUES (?, ?, ?, ?, ?, ?, ?)", [id, tableId, position, field.name, field.type, field.description, JSON.stringify(field.options)]);
      ctx.run("INSERT INTO bases_fields (field_id, table_id, position, name, type, description, options) VALUES (?, ?, ?, ?, ?, NULL, ?)", [inverseId, target, position + 1, inverseName, "multipleRecordLinks", JSON.stringify({ linkedTableId: tableId, isReversed: false, prefersSingleRecordLink: false, inverseLinkFieldId: id })]);
      return field;
    }
    ctx.run("INSERT INTO bases_fields (field_id, table_id, position, name, type, description, options) VALUES (?, ?, ?, ?, ?, ?, ?)", [id, tableId, position, field.name, field.type, field.description, field.options === undefined ? null : JSON.stringify(field.options)]);
    return field;
  };
  const tableJson = (table, level) => {
    if (level === "tableIdentifiersOnly") return { id: table.table_id, name: table.name };
    const fields = fieldsOf(table.table_id);
    const views = viewsOf(table.table_id);
    if (level === "identifiersOnly") {
      return { id: table.table_id, name: table.name, fields: fields.map((f) => ({ id: f.id, name: f.name })), views: views.map((v) => ({ id: v.view_id, name: v.name })) };
    }
    const out = { id: table.table_id, name: table.name };
    if (table.description !== null) out.description = table.description;
    out.fields = fields.map(fieldJson);
    out.views = views.map((v) => ({ id: v.view_id, name: v.name, type: v.type }));
    return out;
  };
  const tableModel = (table) => {
    const full = tableJson(table, "full");
    const out = { id: full.id, name: full.name };
    if (full.description !== undefined) out.description = full.description;
    out.primaryFieldId = table.primary_field_id;
    out.fields = full.fields;
    out.views = full.views;
    return out;
  };`;

const RECORD_HELPERS = `
  const checkBatch = (count) => {
    if (count > C.maxBatch) invalid("INVALID_RECORDS", "Too many records: " + count + ". At most " + C.maxBatch + " records can be changed in one request");
  };
  const existing = (table, recordId) => {
    if (typeof recordId !== "string" || recordOf(table, recordId) === null) invalid("ROW_DOES_NOT_EXIST", "Record ID " + JSON.stringify(recordId) + " does not exist in this table");
  };
  const commentJson = (c) => {
    const out = { id: c.comment_id, createdTime: c.created_time, lastUpdatedTime: null, text: c.text, author: { id: c.author_id, email: c.email, name: c.name } };
    if (c.parent_comment_id !== null) out.parentCommentId = c.parent_comment_id;
    return out;
  };
  const COMMENT = "SELECT m.comment_id, m.created_time, m.text, m.parent_comment_id, m.author_id, u.email, u.name FROM bases_comments m JOIN bases_users u ON u.user_id = m.author_id";`;

const LIST_RECORDS = `
  const base = baseOf(given("base"));
  const table = tableOf(base, given("table"));
  const fields = fieldsOf(table.table_id);
  const only = given("fields");
  let shown = fields;
  if (only !== undefined) {
    shown = only.map((ref) => fieldByRef(fields, ref) || unknownField(ref));
  }
  const records = selectRecords(table, fields, { view: given("view"), filterByFormula: given("filterByFormula"), sort: given("sort"), maxRecords: given("maxRecords") });
  return { records: records.map((r) => recordJson(r, shown)) };`;

const SEARCH_RECORDS = `
  const base = baseOf(given("base"));
  const tableId = given("table");
  // The server finds the table in the base's schema by id only.
  const table = ctx.one(TABLE + " WHERE base_id = ? AND table_id = ?", [base.base_id, tableId]);
  if (table === null) ctx.fail("not_found", "Table " + tableId + " not found in base " + base.base_id);
  const fields = fieldsOf(table.table_id);
  const searchable = fields.filter((f) => SEARCHABLE.includes(f.type)).map((f) => f.id);
  if (searchable.length === 0) ctx.fail("invalid_request", "No text fields available to search");
  let chosen = searchable;
  const requested = given("fieldIds");
  if (requested !== undefined && requested.length > 0) {
    const bad = requested.filter((id) => !searchable.includes(id));
    if (bad.length > 0) ctx.fail("invalid_request", "Invalid fields requested: " + bad.join(", "));
    chosen = requested;
  }
  const term = given("searchTerm").replace(/["\\\\]/g, "\\\\$&");
  const formula = "OR(" + chosen.map((id) => 'FIND("' + term + '", {' + id + "})").join(",") + ")";
  const records = selectRecords(table, fields, { view: given("view"), filterByFormula: formula, maxRecords: given("maxRecords") });
  return { records: records.map((r) => recordJson(r, fields)) };`;

const LIST_BASES = `
  return { bases: ctx.query("SELECT base_id, name, permission_level FROM bases_bases ORDER BY position").map((b) => ({ id: b.base_id, name: b.name, permissionLevel: b.permission_level })) };`;

const LIST_TABLES = `
  const base = baseOf(given("base"));
  const level = given("detailLevel") || "full";
  return { tables: ctx.query(TABLE + " WHERE base_id = ? ORDER BY position", [base.base_id]).map((t) => tableJson(t, level)) };`;

const DESCRIBE_TABLE = `
  const base = baseOf(given("base"));
  const ref = given("table");
  const table = tableIn(base, ref);
  if (table === null) ctx.fail("not_found", "Table " + ref + " not found in base " + base.base_id);
  return { table: tableJson(table, given("detailLevel") || "full") };`;

const GET_RECORD = `
  const base = baseOf(given("base"));
  const table = tableOf(base, given("table"));
  const record = recordOf(table, given("record"));
  if (record === null) notFound();
  return { id: record.record_id, fields: apiFields(cellsOf(record.record_id), fieldsOf(table.table_id)) };`;

const CREATE_RECORD = `
  const base = baseOf(given("base"));
  const table = tableOf(base, given("table"));
  const fields = fieldsOf(table.table_id);
  const cells = cellsFor(fields, given("fields"));
  if (ctx.one("SELECT COUNT(*) AS n FROM bases_records WHERE table_id = ?", [table.table_id]).n >= C.maxRecordsPerTable) {
    invalid("TABLE_RECORD_LIMIT_EXCEEDED", "A table holds at most " + C.maxRecordsPerTable + " records in this environment");
  }
  const position = nextPosition("bases_records");
  const id = newId("rec", "rec:" + position, "bases_records", "record_id");
  ctx.run("INSERT INTO bases_records (record_id, table_id, position, created_time) VALUES (?, ?, ?, ?)", [id, table.table_id, position, ctx.now()]);
  for (const c of cells) writeCell(id, c.field, c.value);
  return { id, fields: apiFields(cellsOf(id), fieldsOf(table.table_id)) };`;

const UPDATE_RECORDS = `
  const base = baseOf(given("base"));
  const table = tableOf(base, given("table"));
  const list = given("records");
  checkBatch(list.length);
  const fields = fieldsOf(table.table_id);
  for (const r of list) existing(table, r.id);
  const writes = list.map((r) => ({ id: r.id, cells: cellsFor(fields, r.fields) }));
  for (const w of writes) for (const c of w.cells) writeCell(w.id, c.field, c.value);
  const after = fieldsOf(table.table_id);
  return { records: writes.map((w) => ({ id: w.id, fields: apiFields(cellsOf(w.id), after) })) };`;

const DELETE_RECORDS = `
  const base = baseOf(given("base"));
  const table = tableOf(base, given("table"));
  const ids = given("recordIds");
  checkBatch(ids.length);
  for (const id of ids) existing(table, id);
  const links = fieldsOf(table.table_id).filter((f) => f.type === "multipleRecordLinks");
  const done = [];
  for (const id of ids) {
    if (done.includes(id)) continue;
    for (const f of links) writeCell(id, f, null);
    ctx.run("DELETE FROM bases_cells WHERE record_id = ?", [id]);
    ctx.run("DELETE FROM bases_comments WHERE record_id = ?", [id]);
    ctx.run("DELETE FROM bases_records WHERE record_id = ?", [id]);
    done.push(id);
  }
  return { records: ids.map((id) => ({ id })) };`;

const CREATE_TABLE = `
  const base = baseOf(given("base"));
  canChangeSchema(base);
  const name = given("name").trim();
  if (name === "" || name.length > C.maxNameChars) invalid("INVALID_TABLE_NAME", "Table names must be non-empty");
  const tables = ctx.query(TABLE + " WHERE base_id = ?", [base.base_id]);
  if (tables.some((t) => t.name.toLowerCase() === name.toLowerCase())) invalid("DUPLICATE_TABLE_NAME", "A table named " + JSON.stringify(name) + " already exists in this base");
  if (tables.length >= C.maxTablesPerBase) invalid("TABLE_LIMIT_EXCEEDED", "A base holds at most " + C.maxTablesPerBase + " tables in this environment");
  const defs = given("fields");
  if (defs.length === 0) invalid("INVALID_REQUEST_UNKNOWN", "A table needs at least one field");
  if (defs.length > C.maxFieldsPerTable) invalid("TOO_MANY_FIELDS", "A table holds at most " + C.maxFieldsPerTable + " fields in this environment");
  const checked = [];
  for (const def of defs) checked.push(fieldDefinition(def, checked.map((d) => d.name), base));
  if (!PRIMARY_TYPES.includes(checked[0].type)) invalid("INVALID_PRIMARY_FIELD_TYPE", "The first field is the primary field and cannot be of type " + checked[0].type);
  const position = nextPosition("bases_tables");
  const tableId = newId("tbl", "tbl:" + position, "bases_tables", "table_id");
  const description = given("description");
  ctx.run("INSERT INTO bases_tables (table_id, base_id, position, name, description, primary_field_id) VALUES (?, ?, ?, ?, ?, '')", [tableId, base.base_id, position, name, description === undefined || description === "" ? null : description]);
  const made = checked.map((def) => insertField(tableId, name, def));
  ctx.run("UPDATE bases_tables SET primary_field_id = ? WHERE table_id = ?", [made[0].id, tableId]);
  const viewPosition = nextPosition("bases_views");
  ctx.run("INSERT INTO bases_views (view_id, table_id, position, name, type, filter_formula, sort) VALUES (?, ?, ?, 'Grid view', 'grid', NULL, NULL)", [newId("viw", "viw:" + viewPosition, "bases_views", "view_id"), tableId, viewPosition]);
  return { table: tableModel(ctx.one(TABLE + " WHERE table_id = ?", [tableId])) };`;

const UPDATE_TABLE = `
  const base = baseOf(given("base"));
  canChangeSchema(base);
  const table = tableOf(base, given("table"));
  const name = given("name");
  const description = given("description");
  if (name !== undefined) {
    const clean = name.trim();
    if (clean === "" || clean.length > C.maxNameChars) invalid("INVALID_TABLE_NAME", "Table names must be non-empty");
    const clash = ctx.one(TABLE + " WHERE base_id = ? AND table_id != ? AND LOWER(name) = LOWER(?)", [base.base_id, table.table_id, clean]);
    if (clash !== null) invalid("DUPLICATE_TABLE_NAME", "A table named " + JSON.stringify(clean) + " already exists in this base");
    ctx.run("UPDATE bases_tables SET name = ? WHERE table_id = ?", [clean, table.table_id]);
  }
  if (description !== undefined) ctx.run("UPDATE bases_tables SET description = ? WHERE table_id = ?", [description === "" ? null : description, table.table_id]);
  return { table: tableModel(ctx.one(TABLE + " WHERE table_id = ?", [table.table_id])) };`;

const CREATE_FIELD = `
  const base = baseOf(given("base"));
  canChangeSchema(base);
  const table = tableOf(base, given("table"));
  const fields = fieldsOf(table.table_id);
  if (fields.length >= C.maxFieldsPerTable) invalid("TOO_MANY_FIELDS", "A table holds at most " + C.maxFieldsPerTable + " fields in this environment");
  const nested = given("nested");
  const def = A.nested !== undefined ? (isObject(nested) ? nested.field : undefined) : given("field");
  const made = insertField(table.table_id, table.name, fieldDefinition(def, fields.map((f) => f.name), base));
  return { field: fieldJson(made) };`;

const UPDATE_FIELD = `
  const base = baseOf(given("base"));
  canChangeSchema(base);
  const table = tableOf(base, given("table"));
  const fields = fieldsOf(table.table_id);
  const field = fields.find((f) => f.id === given("field"));
  if (!field) notFound();
  const name = given("name");
  const description = given("description");
  if (name !== undefined) {
    field.name = checkName(name, fields.filter((f) => f.id !== field.id).map((f) => f.name));
    ctx.run("UPDATE bases_fields SET name = ? WHERE field_id = ?", [field.name, field.id]);
  }
  if (description !== undefined) {
    field.description = description === "" ? null : description;
    ctx.run("UPDATE bases_fields SET description = ? WHERE field_id = ?", [field.description, field.id]);
  }
  return { field: fieldJson(field) };`;

const CREATE_COMMENT = `
  const base = baseOf(given("base"));
  const table = tableOf(base, given("table"));
  const record = recordOf(table, given("record"));
  if (record === null) notFound();
  const text = given("text");
  if (text.trim() === "" || text.length > C.maxCommentChars) invalid("INVALID_COMMENT_TEXT", "Comment text must be between 1 and " + C.maxCommentChars + " characters");
  const parent = given("parent");
  if (parent !== undefined && parent !== "" && ctx.one("SELECT 1 AS x FROM bases_comments WHERE comment_id = ? AND record_id = ?", [parent, record.record_id]) === null) notFound();
  const me = ctx.one("SELECT user_id FROM bases_users WHERE is_me = 1");
  const position = nextPosition("bases_comments");
  const id = newId("com", "com:" + position, "bases_comments", "comment_id");
  ctx.run("INSERT INTO bases_comments (comment_id, record_id, position, parent_comment_id, author_id, text, created_time) VALUES (?, ?, ?, ?, ?, ?, ?)", [id, record.record_id, position, parent ? parent : null, me.user_id, text, ctx.now()]);
  return { comment: commentJson(ctx.one(COMMENT + " WHERE m.comment_id = ?", [id])) };`;

const LIST_COMMENTS = `
  const base = baseOf(given("base"));
  const table = tableOf(base, given("table"));
  const record = recordOf(table, given("record"));
  if (record === null) notFound();
  const size = given("pageSize") === undefined ? 100 : given("pageSize");
  if (!Number.isInteger(size) || size < 1 || size > 100) invalid("INVALID_REQUEST_UNKNOWN", "Invalid request: parameter validation failed. Check your request data.");
  const all = ctx.query(COMMENT + " WHERE m.record_id = ? ORDER BY m.position DESC", [record.record_id]);
  let from = 0;
  const offset = given("offset");
  if (offset !== undefined && offset !== "") {
    from = all.findIndex((c) => c.comment_id === offset);
    if (from < 0) invalid("INVALID_OFFSET_VALUE", "The value of offset " + JSON.stringify(offset) + " is invalid");
  }
  const page = all.slice(from, from + size);
  const next = all[from + size];
  return { comments: page.map(commentJson), offset: next === undefined ? null : next.comment_id };`;

const BODIES: Record<Exclude<BasesRole, "upload_attachment">, string> = {
  list_records: LIST_RECORDS,
  search_records: SEARCH_RECORDS,
  list_bases: LIST_BASES,
  list_tables: LIST_TABLES,
  describe_table: DESCRIBE_TABLE,
  get_record: GET_RECORD,
  create_record: CREATE_RECORD,
  update_records: UPDATE_RECORDS,
  delete_records: DELETE_RECORDS,
  create_table: CREATE_TABLE,
  update_table: UPDATE_TABLE,
  create_field: CREATE_FIELD,
  update_field: UPDATE_FIELD,
  create_comment: CREATE_COMMENT,
  list_comments: LIST_COMMENTS,
};

export type ImplementedRole = keyof typeof BODIES;

const READS: ReadonlySet<BasesRole> = new Set([
  "list_records",
  "search_records",
  "list_bases",
  "list_tables",
  "describe_table",
  "get_record",
  "list_comments",
]);

export function basesEffect(role: BasesRole): ToolSpec["effect"] {
  return READS.has(role) ? "read" : "write";
}

/** `function name(args, ctx) { constants; helpers; formula; body }`. */
export function basesImplementation(
  role: ImplementedRole,
  functionName: string,
  args: Partial<Record<BasesSlot, string>>,
): string {
  return [
    `function ${functionName}(args, ctx) {`,
    `  const C = ${JSON.stringify(BASES_LIMITS)};`,
    `  const A = ${JSON.stringify(args)};`,
    `  const COLORS = ${JSON.stringify(CHOICE_COLORS)};`,
    `  const SEARCHABLE = ${JSON.stringify(SEARCHABLE_TYPES)};`,
    "  const given = (slot) => (A[slot] === undefined ? undefined : args[A[slot]]);",
    `  ${BASES_HELPERS.trim()}`,
    `  ${FORMULA_SOURCE.trim()}`,
    `  ${SCHEMA_HELPERS.trim()}`,
    `  ${RECORD_HELPERS.trim()}`,
    `  ${BODIES[role].trim()}`,
    "}",
  ].join("\n");
}
