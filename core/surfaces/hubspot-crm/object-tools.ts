// The JavaScript of the CRM object tools, after @hubspot/mcp-server and the CRM v3 objects API
// behind it: list (paged by the next record's id, with associated ids on request), search (see
// guest-search.ts; paged by offset, answered as the server maps it: {results, paging}),
// batch read (ids not found listed in `errors`), batch create and batch update (every value
// checked against the property definitions first; any problem fails the whole batch and writes
// nothing, as a VALIDATION_ERROR whose message lists HubSpot's per-property errors).

export const LIST_OBJECTS = `
  const t = typeOf(args.objectType);
  const defs = definitions(t.name);
  const limit = args.limit === undefined ? 100 : args.limit;
  const archived = args.archived === true ? 1 : 0;
  let start = 0;
  if (args.after !== undefined && args.after !== "") {
    if (!/^\\d+$/.test(args.after)) invalid("Invalid input for after: " + args.after + " is not a valid paging cursor");
    start = Number(args.after);
  }
  const rows = ctx.query("SELECT * FROM crm_objects WHERE object_type = ? AND archived = ? AND CAST(id AS INTEGER) >= ? ORDER BY CAST(id AS INTEGER) LIMIT ?", [t.name, archived, start, limit + 1]);
  const page = rows.slice(0, limit);
  const wanted = (args.associations || []).filter((a) => M.types.some((x) => x.name === a));
  const results = page.map((row) => {
    const out = objectJson(row, args.properties, defs);
    const linked = {};
    for (const to of wanted) {
      const found = ctx.query("SELECT to_id, type_id FROM crm_associations WHERE from_type = ? AND from_id = ? AND to_type = ? ORDER BY CAST(to_id AS INTEGER), type_id", [t.name, row.id, to]);
      if (found.length > 0) {
        linked[to] = { results: found.map((a) => ({ id: a.to_id, type: (assocType(t.name, to, a.type_id) || { name: "" }).name })) };
      }
    }
    if (Object.keys(linked).length > 0) out.associations = linked;
    return out;
  });
  const answer = { results };
  if (rows.length > limit) {
    const after = rows[limit].id;
    answer.paging = { next: { after, link: "https://api.hubapi.com/crm/v3/objects/" + t.name + "?limit=" + limit + "&after=" + after } };
  }
  return answer;`;

export const SEARCH_OBJECTS = `
  const t = typeOf(args.objectType);
  const defs = definitions(t.name);
  const groups = args.filterGroups || [];
  checkGroups(groups, defs);
  const sorts = args.sorts || [];
  if (sorts.length > 1) invalid("Only one sort is supported");
  let offset = 0;
  if (args.after !== undefined && args.after !== "") {
    if (!/^\\d+$/.test(args.after)) invalid("Invalid input for after: " + args.after + " is not a valid paging cursor");
    offset = Number(args.after);
  }
  const limit = args.limit === undefined ? 10 : args.limit;
  const all = ctx.query("SELECT * FROM crm_objects WHERE object_type = ? AND archived = 0", [t.name])
    .map((row) => ({ row, all: valuesOf(row) }));
  const hits = all.filter((item) =>
    (args.query === undefined || queryMatches(t, item.all, args.query)) &&
    (groups.length === 0 || groups.some((g) => g.filters.every((f) => matches(f, defs[f.propertyName], item.all)))));
  const ordered = sortBy(hits, sorts[0], defs);
  const page = ordered.slice(offset, offset + limit);
  const answer = { results: page.map((item) => objectJson(item.row, args.properties, defs)) };
  if (offset + limit < ordered.length) answer.paging = { next: { after: String(offset + limit) } };
  return answer;`;

export const READ_OBJECTS = `
  const t = typeOf(args.objectType);
  const defs = definitions(t.name);
  if (args.inputs.length > M.limits.maxBatch) invalid("Batch input limit is " + M.limits.maxBatch);
  const started = nowIso();
  const results = [];
  const missing = [];
  const seen = {};
  for (const input of args.inputs) {
    if (seen[input.id]) continue;
    seen[input.id] = true;
    const row = objectRow(t.name, input.id);
    if (row === null) {
      missing.push(input.id);
      continue;
    }
    const out = objectJson(row, args.properties, defs);
    const history = (args.propertiesWithHistory || []).filter((n) => defs[n] !== undefined);
    if (history.length > 0) {
      // The portal keeps no history: the current value, stamped with the last change.
      const all = valuesOf(row);
      out.propertiesWithHistory = {};
      for (const n of history) {
        out.propertiesWithHistory[n] = all[n] === undefined ? [] : [{ value: all[n], timestamp: row.updated_at, sourceType: "CRM_UI" }];
      }
    }
    results.push(out);
  }
  const answer = { status: "COMPLETE", results, startedAt: started, completedAt: started };
  if (missing.length > 0) {
    answer.numErrors = 1;
    answer.errors = [{
      status: "error",
      category: "OBJECT_NOT_FOUND",
      message: "Could not get some " + t.singular.toUpperCase() + " objects, they may be deleted or not exist. Check that ids are valid.",
      context: { ids: missing },
    }];
  }
  return answer;`;

export const CREATE_OBJECTS = `
  const t = typeOf(args.objectType);
  const defs = definitions(t.name);
  const REQUIRED = { deals: ["dealname", "dealstage"], tickets: ["subject", "hs_pipeline_stage"] };
  const DEFAULTS = { deals: { pipeline: "default" }, tickets: { hs_pipeline: "0" } };
  const now = nowIso();
  const planned = args.inputs.map((input) => {
    const values = checkValues(t.name, input.properties, defs);
    const merged = Object.assign({}, DEFAULTS[t.name] || {}, values);
    const lacking = (REQUIRED[t.name] || []).filter((n) => merged[n] === undefined || merged[n] === "");
    if (lacking.length > 0) {
      const problems = lacking.map((n) => problem(n, "REQUIRED_PROPERTY", n + " is required"));
      invalid("Property values were not valid: " + JSON.stringify(problems), { errors: problems });
    }
    const links = (input.associations || []).map((a) => {
      const types = a.types.map((ty) => {
        const found = ty.associationCategory === "HUBSPOT_DEFINED" ? M.associations.find((x) => x.from === t.name && x.typeId === ty.associationTypeId) : undefined;
        if (!found) invalid("associationTypeId " + ty.associationTypeId + " (" + ty.associationCategory + ") is not a valid association type from " + t.name);
        return found;
      });
      for (const ty of types) {
        if (objectRow(ty.to, a.to.id) === null) invalid("No " + ty.to + " with ID " + a.to.id + " exist", { context: { id: [a.to.id] } });
      }
      return { to: a.to.id, types };
    });
    return { merged, links };
  });
  const results = [];
  for (const plan of planned) {
    const id = nextId();
    checkUnique(t.name, id, plan.merged, defs);
    ctx.run("INSERT INTO crm_objects (id, object_type, properties, created_at, updated_at, archived) VALUES (?, ?, ?, ?, ?, 0)", [id, t.name, sortedStore(plan.merged), now, now]);
    for (const link of plan.links) for (const ty of link.types) associate(t.name, id, ty.to, link.to, ty.typeId);
    results.push(writtenJson(objectRow(t.name, id)));
  }
  return { status: "COMPLETE", results, startedAt: now, completedAt: now };`;

export const UPDATE_OBJECTS = `
  const t = typeOf(args.objectType);
  const defs = definitions(t.name);
  const now = nowIso();
  const seen = {};
  const planned = args.inputs.map((input) => {
    let row;
    if (input.idProperty !== undefined && input.idProperty !== "hs_object_id") {
      const def = defs[input.idProperty];
      if (!def || def.has_unique_value !== 1) invalid(input.idProperty + " is not a unique property of " + t.name + " and cannot be used as an id");
      row = ctx.query("SELECT * FROM crm_objects WHERE object_type = ? AND archived = 0", [t.name])
        .find((r) => String(JSON.parse(r.properties)[input.idProperty] || "").toLowerCase() === input.id.toLowerCase()) || null;
    } else {
      row = objectRow(t.name, input.id);
    }
    if (row === null) {
      refuse("not_found", "OBJECT_NOT_FOUND", "Could not get some " + t.singular.toUpperCase() + " objects, they may be deleted or not exist. Check that ids are valid.", { context: { ids: [input.id] } });
    }
    if (seen[row.id]) invalid("Duplicate IDs found in batch input: [" + row.id + "]. IDs must be unique");
    seen[row.id] = true;
    const values = checkValues(t.name, input.properties, defs);
    const merged = Object.assign(JSON.parse(row.properties), values);
    return { row, merged };
  });
  const results = [];
  for (const plan of planned) {
    checkUnique(t.name, plan.row.id, plan.merged, defs);
    ctx.run("UPDATE crm_objects SET properties = ?, updated_at = ? WHERE id = ?", [sortedStore(plan.merged), now, plan.row.id]);
    results.push(writtenJson(objectRow(t.name, plan.row.id)));
  }
  return { status: "COMPLETE", results, startedAt: now, completedAt: now };`;
