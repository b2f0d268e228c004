// Guest helpers shared by the CRM tools (JavaScript run in the sandbox): HubSpot's error JSON,
// object types, property definitions and the checks values get against them (options, numbers,
// dates, read-only and unique properties), reading objects as the v3 API shows them
// ({id, properties, createdAt, updatedAt, archived}), associations, and new ids. The constants
// M (the model: portal, types, association types, limits), GROUPS and P (the tool's error prefix)
// are written in front of them.

export const CRM_GUEST_JS = `
  // HubSpot's error JSON as the tool error's details; the message as the server words it.
  const refuse = (code, category, message, extra) => {
    const details = { status: "error", message, category };
    if (extra) for (const k of Object.keys(extra)) details[k] = extra[k];
    ctx.fail(code, P + message, details);
  };
  const invalid = (message, extra) => refuse("validation_error", "VALIDATION_ERROR", message, extra);
  const nowIso = () => ctx.now();
  const typeOf = (name) => {
    const found = M.types.find((t) => t.name === name || t.typeId === name);
    if (!found) invalid("Unable to infer object type from: " + name);
    return found;
  };
  const definitions = (type) => {
    const out = {};
    for (const row of ctx.query("SELECT * FROM crm_properties WHERE object_type = ? AND archived = 0", [type])) out[row.name] = row;
    return out;
  };
  const optionValues = (def) => JSON.parse(def.options).map((o) => o.value);
  const NUMBER = /^-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?$/;
  // Milliseconds of a date given as epoch ms, an ISO date or an ISO date-time; NaN otherwise.
  const msOf = (text) => {
    const s = String(text).trim();
    if (/^-?\\d+$/.test(s)) return Number(s);
    if (!/^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$/.test(s)) return NaN;
    return Date.parse(s.length === 10 ? s + "T00:00:00Z" : s.replace(" ", "T"));
  };
  const problem = (name, error, message) => ({ isValid: false, message, error, name, localizedErrorMessage: message });
  // The value to store, or a problem in HubSpot's words.
  const checkValue = (def, raw) => {
    const value = String(raw);
    if (value.length > M.limits.maxValueChars) return problem(def.name, "INVALID_STRING_LENGTH", def.name + " is longer than " + M.limits.maxValueChars + " characters");
    if (value === "") return { value: "" };
    if (def.type === "number") {
      if (!NUMBER.test(value.trim())) return problem(def.name, "INVALID_NUMBER", value + " is not a valid number.");
      return { value: String(Number(value.trim())) };
    }
    if (def.type === "datetime" || def.type === "date") {
      const ms = msOf(value);
      if (!Number.isFinite(ms)) return problem(def.name, "INVALID_DATE", value + " is not a valid date. Use milliseconds since epoch or an ISO 8601 date.");
      const iso = new Date(ms).toISOString();
      if (def.type === "datetime") return { value: iso };
      if (!iso.endsWith("T00:00:00.000Z")) return problem(def.name, "INVALID_DATE", value + " is at " + iso.slice(11, 23) + " UTC, not midnight!");
      return { value: iso.slice(0, 10) };
    }
    if (def.type === "bool") {
      const v = value.toLowerCase();
      if (v !== "true" && v !== "false") return problem(def.name, "INVALID_BOOLEAN", value + " is not a valid boolean; use true or false.");
      return { value: v };
    }
    if (def.type === "enumeration") {
      const allowed = optionValues(def);
      const chosen = def.field_type === "checkbox" ? value.split(";") : [value];
      const bad = chosen.find((c) => !allowed.includes(c));
      if (bad !== undefined) {
        const listed = JSON.parse(def.options).map((o) => 'label: "' + o.label + '"\\nvalue: "' + o.value + '"').join(", ");
        return problem(def.name, "INVALID_OPTION", bad + " was not one of the allowed options: [" + listed + "]");
      }
      return { value };
    }
    return { value };
  };
  // Values checked against the type's definitions: the map to merge, or a VALIDATION_ERROR.
  const checkValues = (type, values, defs) => {
    const problems = [];
    const out = {};
    for (const name of Object.keys(values)) {
      const def = defs[name];
      if (!def) {
        problems.push(problem(name, "PROPERTY_DOESNT_EXIST", 'Property "' + name + '" does not exist'));
        continue;
      }
      if (def.read_only_value === 1) {
        problems.push(problem(name, "READ_ONLY_VALUE", name + " is a read only property; its value cannot be set."));
        continue;
      }
      const checked = checkValue(def, values[name]);
      if (checked.isValid === false) problems.push(checked);
      else out[name] = checked.value;
    }
    if (problems.length > 0) invalid("Property values were not valid: " + JSON.stringify(problems), { errors: problems });
    return out;
  };
  const sortedStore = (map) => {
    const out = {};
    for (const k of Object.keys(map).sort()) if (map[k] !== "") out[k] = map[k];
    return JSON.stringify(out);
  };
  // Values no other object of the type may share (an email, a unique custom property).
  const checkUnique = (type, id, merged, defs) => {
    for (const name of Object.keys(merged)) {
      const def = defs[name];
      const unique = def && (def.has_unique_value === 1);
      if (!unique || merged[name] === "") continue;
      const clash = ctx.query("SELECT id, properties FROM crm_objects WHERE object_type = ? AND archived = 0 AND id <> ?", [type, id])
        .find((row) => { const v = JSON.parse(row.properties)[name]; return v !== undefined && v.toLowerCase() === String(merged[name]).toLowerCase(); });
      if (clash) {
        const what = type === "contacts" ? "Contact" : "An object";
        refuse("conflict", "CONFLICT", what + " already exists. Existing ID: " + clash.id);
      }
    }
  };
  // Every value of an object, with its id and dates as properties.
  const valuesOf = (row) => {
    const t = typeOf(row.object_type);
    const all = JSON.parse(row.properties);
    all.hs_object_id = row.id;
    all[t.createdProperty] = row.created_at;
    all[t.modifiedProperty] = row.updated_at;
    return all;
  };
  // The v3 object: the asked properties (or the type's defaults), null where unset, sorted.
  const objectJson = (row, asked, defs) => {
    const t = typeOf(row.object_type);
    const all = valuesOf(row);
    let names = t.defaults;
    if (asked && asked.length > 0) {
      names = asked.filter((n) => defs[n] !== undefined).concat(["hs_object_id", t.createdProperty, t.modifiedProperty]);
    }
    const properties = {};
    for (const n of Array.from(new Set(names)).sort()) properties[n] = all[n] === undefined ? null : all[n];
    const out = { id: row.id, properties, createdAt: row.created_at, updatedAt: row.updated_at, archived: row.archived === 1 };
    if (row.archived === 1) out.archivedAt = row.updated_at;
    return out;
  };
  // Everything set on an object as a batch write answers it.
  const writtenJson = (row) => {
    const all = valuesOf(row);
    const properties = {};
    for (const n of Object.keys(all).sort()) properties[n] = all[n];
    return { id: row.id, properties, createdAt: row.created_at, updatedAt: row.updated_at, archived: false };
  };
  const objectRow = (type, id) => ctx.one("SELECT * FROM crm_objects WHERE object_type = ? AND id = ? AND archived = 0", [type, String(id)]);
  const nextId = () => {
    const top = ctx.one("SELECT COUNT(*) AS n, COALESCE(MAX(CAST(id AS INTEGER)), 0) AS top FROM crm_objects");
    if (top.n >= M.limits.maxObjects) refuse("limit_exceeded", "VALIDATION_ERROR", "The portal holds at most " + M.limits.maxObjects + " records");
    return String(top.top + 1);
  };
  const assocType = (from, to, typeId) => M.associations.find((a) => a.from === from && a.to === to && a.typeId === typeId);
  // Links two objects by a type (and the unlabeled type beside a labelled one), in both directions.
  const associate = (from, fromId, to, toId, typeId) => {
    const chosen = assocType(from, to, typeId);
    const ids = [chosen.typeId];
    if (chosen.label !== null) ids.push(M.associations.find((a) => a.from === from && a.to === to && a.label === null).typeId);
    for (const id of ids) {
      const forward = assocType(from, to, id);
      ctx.run("INSERT OR IGNORE INTO crm_associations (from_type, from_id, to_type, to_id, category, type_id) VALUES (?, ?, ?, ?, 'HUBSPOT_DEFINED', ?)", [from, String(fromId), to, String(toId), forward.typeId]);
      ctx.run("INSERT OR IGNORE INTO crm_associations (from_type, from_id, to_type, to_id, category, type_id) VALUES (?, ?, ?, ?, 'HUBSPOT_DEFINED', ?)", [to, String(toId), from, String(fromId), forward.inverse]);
    }
  };
  const typeLabel = (from, to, typeId) => {
    const t = assocType(from, to, typeId);
    return { category: "HUBSPOT_DEFINED", typeId, label: t ? t.label : null };
  };
  const ownerById = (id) => ctx.one("SELECT * FROM crm_owners WHERE id = ?", [Number(id)]);`;
