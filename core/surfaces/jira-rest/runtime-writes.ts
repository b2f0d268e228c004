// The writes of the REST passthrough runtime, as JavaScript source: body checks (known fields
// only, JSON types, references resolved to existing documents, server-set and workflow fields
// refused), then POST (create with the next id and key), PUT (named fields replaced), PATCH
// (objects merged), DELETE (the document and everything under it) and workflow transitions.
// Uses the helpers of runtime.ts (restColl, restFind, restRefDocs, ...).
export const REST_WRITES_SOURCE = String.raw`
function restResolve(S, spec, value, where) {
  const target = restColl(spec.ref);
  if (value === null) {
    if (spec.nullable) return null;
    return S.ctx.fail("invalid_argument", where + " cannot be empty.");
  }
  const shape = "{\"" + target.lookup[0] + "\": \"...\"}";
  if (!restIsObject(value)) S.ctx.fail("invalid_argument", where + " must be an object such as " + shape + ", got " + JSON.stringify(value));
  const keys = Object.keys(value).filter((k) => target.lookup.indexOf(k) >= 0);
  if (keys.length === 0) S.ctx.fail("invalid_argument", where + " must name " + restA(target.label) + " by " + target.lookup.join(" or ") + ", e.g. " + shape);
  const all = restRefDocs(S, target);
  const ids = Object.keys(all);
  for (const id of ids) {
    const d = all[id];
    if (keys.every((k) => d[k] !== undefined && String(d[k]).toLowerCase() === String(value[k]).toLowerCase())) return restRefView(target, d);
  }
  const known = ids.slice(0, 20).map((id) => {
    const d = all[id];
    const shown = String(d[target.lookup[0]]);
    return d.name !== undefined && target.lookup[0] !== "name" ? shown + " (" + d.name + ")" : d.displayName !== undefined ? shown + " (" + d.displayName + ")" : shown;
  });
  return S.ctx.fail("invalid_argument", where + ": no " + target.label + " matches " + JSON.stringify(value) + ". Known: " + known.join(", "));
}
function restCheckValue(S, spec, v, where) {
  if (JSON.stringify(v).length > 32768) S.ctx.fail("invalid_argument", where + " is larger than 32 KiB.");
  if (v === null) return spec.nullable || spec.type === "any" ? null : S.ctx.fail("invalid_argument", where + " cannot be null.");
  const type = Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v;
  if (spec.type !== "any" && type !== spec.type) S.ctx.fail("invalid_argument", where + " must be " + (spec.type === "object" || spec.type === "array" ? "an " : "a ") + spec.type + ", got " + type + ".");
  if (type === "string" && spec.required && v.trim() === "") S.ctx.fail("invalid_argument", where + " cannot be empty.");
  if (type === "number" && (!Number.isFinite(v) || (spec.min !== undefined && v < spec.min))) S.ctx.fail("invalid_argument", where + " must be a number of at least " + spec.min + ".");
  if (type === "array" && spec.items !== undefined) {
    for (const item of v) if (typeof item !== spec.items) S.ctx.fail("invalid_argument", where + " must hold " + spec.items + "s only.");
  }
  return v;
}
function restFields(S, coll, specs, given, prefix, mode) {
  const out = {};
  const settable = specs.filter((f) => REST_SYSTEM.indexOf(f.role) < 0 && f.via === undefined && (mode === "create" || !f.immutable)).map((f) => f.name);
  for (const k of Object.keys(given)) {
    const spec = specs.find((f) => f.name === k);
    const where = "body." + prefix + k;
    if (spec === undefined) S.ctx.fail("invalid_argument", "Field '" + k + "' cannot be set: it is not a field of " + restA(coll.label) + ". Settable: " + settable.join(", ") + ".");
    if (REST_SYSTEM.indexOf(spec.role) >= 0) S.ctx.fail("invalid_argument", where + " is set by the server and cannot be given.");
    if (spec.via !== undefined) S.ctx.fail("invalid_argument", where + " cannot be set directly; change it with POST " + spec.via + ".");
    if (spec.immutable && mode !== "create") S.ctx.fail("invalid_argument", where + " cannot be changed once the " + coll.label + " exists.");
    out[k] = spec.role === "ref" ? restResolve(S, spec, given[k], where) : restCheckValue(S, spec, given[k], where);
  }
  if (mode === "create") {
    for (const f of specs) if (f.required && out[f.name] === undefined) S.ctx.fail("invalid_argument", "body." + prefix + f.name + " is required to create " + restA(coll.label) + ". Example body: " + JSON.stringify(coll.example));
  }
  return out;
}
function restContent(S, coll, body, mode) {
  if (coll.envelope === null) return { top: restFields(S, coll, coll.top, body, "", mode), env: null };
  const extra = Object.keys(body).filter((k) => k !== coll.envelope);
  const inner = body[coll.envelope];
  if (extra.length > 0 || inner === undefined) S.ctx.fail("invalid_argument", "The body of " + restA(coll.label) + " is {\"" + coll.envelope + "\": {...}}" + (extra.length > 0 ? "; unexpected " + extra.join(", ") : "; body." + coll.envelope + " is missing") + ". Example body: " + JSON.stringify(coll.example));
  if (!restIsObject(inner)) S.ctx.fail("invalid_argument", "body." + coll.envelope + " must be an object.");
  return { top: {}, env: restFields(S, coll, coll.env, inner, coll.envelope + ".", mode) };
}
// RFC 7396 merge, except that null sets a field to null (Jira clears fields that way).
function restMerge(old, patch) {
  if (!restIsObject(old) || !restIsObject(patch)) return patch;
  const out = {};
  for (const k of Object.keys(old)) out[k] = old[k];
  for (const k of Object.keys(patch)) out[k] = restMerge(old[k], patch[k]);
  return out;
}
function restDuration(seconds) {
  if (typeof seconds !== "number") return null;
  const units = [["w", 144000], ["d", 28800], ["h", 3600], ["m", 60]];
  const parts = [];
  let left = Math.floor(seconds);
  for (const u of units) { const n = Math.floor(left / u[1]); if (n > 0) { parts.push(n + u[0]); left -= n * u[1]; } }
  return parts.length === 0 ? "0m" : parts.join(" ");
}
// Lays a document out in its collection's field order: server fields from info, given fields,
// then (on update) the old values, then (on create) the defaults.
function restFill(S, specs, given, old, info, merge) {
  const out = {};
  for (const f of specs) {
    const had = old === null ? undefined : old[f.name];
    let v;
    if (f.role === "id") v = info.id;
    else if (f.role === "key" || f.role === "clientKey") v = info.key;
    else if (f.role === "self") v = info.self;
    else if (f.role === "created") v = had !== undefined ? had : info.now;
    else if (f.role === "updated") v = info.now;
    else if (f.role === "actor") v = had !== undefined ? had : info.actor;
    else if (f.role === "actorUpdate") v = info.actor;
    else if (f.role === "parentId") v = info.parentId;
    else if (f.role === "envelope") v = {};
    else if (f.role === "duration") v = null;
    else if (given[f.name] !== undefined) v = merge && f.role === "value" ? restMerge(had, given[f.name]) : given[f.name];
    else if (had !== undefined) v = had;
    else if (old === null && f.defaultNow) v = info.now;
    else if (old === null && f.default !== undefined) v = f.role === "ref" ? restResolve(S, f, f.default, "default " + f.name) : JSON.parse(JSON.stringify(f.default));
    if (v !== undefined) out[f.name] = v;
  }
  for (const f of specs) if (f.role === "duration") out[f.name] = restDuration(out[f.from]);
  if (old !== null) for (const k of Object.keys(old)) if (out[k] === undefined) out[k] = old[k];
  return out;
}
function restAssemble(S, coll, content, old, info, merge) {
  const doc = restFill(S, coll.top, content.top, old, info, merge);
  if (coll.envelope !== null) {
    const oldEnv = old !== null && restIsObject(old[coll.envelope]) ? old[coll.envelope] : null;
    doc[coll.envelope] = restFill(S, coll.env, content.env || {}, oldEnv, info, merge);
  }
  return doc;
}
function restActor(S) {
  if (M.actor === null) return undefined;
  const users = restColl(M.actorCollection);
  const doc = restRefDocs(S, users)[M.actor];
  return doc === undefined ? undefined : restRefView(users, doc);
}
function restSelf(coll, parentPath, id) {
  return M.site + "/" + M.base.join("/") + "/" + (parentPath === "" ? "" : parentPath + "/") + coll.segment + "/" + id;
}
function restNextId(S, coll) {
  const row = S.ctx.one("SELECT MAX(CAST(id AS INTEGER)) AS n FROM " + RT + " WHERE collection = ?", [coll.name]);
  return String(row === null || row.n === null ? coll.firstId : Math.max(coll.firstId, row.n + 1));
}
function restNextKey(S, coll, content, id) {
  if (coll.keyFrom === null) return id;
  const from = (coll.envelope === null ? content.top : content.env)[coll.keyFrom];
  const prefix = String(from.key) + "-";
  const row = S.ctx.one("SELECT MAX(CAST(substr(key, ?) AS INTEGER)) AS n FROM " + RT + " WHERE collection = ? AND substr(key, 1, ?) = ?", [prefix.length + 1, coll.name, prefix.length, prefix]);
  return prefix + String(row === null || row.n === null ? 1 : row.n + 1);
}
function restWrite(S, coll, parentPath, id, key, doc, now, isNew) {
  if (isNew) {
    S.ctx.run("INSERT INTO " + RT + " (collection, parent, id, key, doc, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)", [coll.name, parentPath, id, key, JSON.stringify(doc), now, now]);
  } else {
    S.ctx.run("UPDATE " + RT + " SET doc = ?, updated = ? WHERE collection = ? AND parent = ? AND id = ?", [JSON.stringify(doc), now, coll.name, parentPath, id]);
  }
}
function restCreate(S, route, body) {
  const coll = route.coll;
  if (!coll.create) restNotAllowed(S, route);
  const content = restContent(S, coll, body, "create");
  const now = restNow(S);
  const id = coll.numericIds ? restNextId(S, coll) : null;
  const key = coll.keyed ? restNextKey(S, coll, content, id) : null;
  const info = { id: id, key: key, self: restSelf(coll, route.parentPath, id), now: now, actor: restActor(S), parentId: route.parentRow === null ? undefined : route.parentRow.id };
  const doc = restAssemble(S, coll, content, null, info, false);
  restWrite(S, coll, route.parentPath, String(doc[coll.identity]), key, doc, now, true);
  if (coll.createResult === "ref") return { id: doc.id, key: doc.key, self: doc.self };
  return restView(S, coll, doc, {});
}
function restUpdate(S, route, body, merge) {
  const coll = route.coll;
  if (route.kind !== "document" || !coll.update) restNotAllowed(S, route);
  const row = route.row;
  if (row === null && !(coll.upsert && !merge)) restMissing(S, coll, route.idText);
  const now = restNow(S);
  const content = restContent(S, coll, body, row === null ? "create" : "update");
  const old = row === null ? null : row.doc;
  const id = row === null ? (coll.numericIds ? restNextId(S, coll) : route.idText) : row.id;
  const key = row === null ? (coll.upsert ? route.idText : null) : row.key;
  const info = { id: old === null ? id : old.id, key: old === null ? key : old.key, self: old === null ? restSelf(coll, route.parentPath, id) : old.self, now: now, actor: restActor(S), parentId: route.parentRow === null ? undefined : route.parentRow.id };
  const doc = restAssemble(S, coll, content, old, info, merge);
  restWrite(S, coll, route.parentPath, row === null ? String(doc[coll.identity]) : row.id, key, doc, now, row === null);
  return restView(S, coll, doc, {});
}
function restRemove(S, coll, parentPath, id) {
  const path = (parentPath === "" ? "" : parentPath + "/") + coll.segment + "/" + id;
  S.ctx.run("DELETE FROM " + RT + " WHERE (collection = ? AND parent = ? AND id = ?) OR parent = ? OR substr(parent, 1, ?) = ?", [coll.name, parentPath, id, path, path.length + 1, path + "/"]);
}
function restDelete(S, route, q) {
  const coll = route.coll;
  if (route.kind === "collection") {
    if (coll.deleteBy === null) restNotAllowed(S, route);
    const which = q[coll.deleteBy];
    if (which === undefined || which === "") S.ctx.fail("invalid_argument", "DELETE " + coll.collectionPath + " needs the query parameter " + coll.deleteBy + ".");
    const member = restFind(S, coll, route.parentPath, which);
    if (member === null) S.ctx.fail("not_found", "No " + coll.label + " with " + coll.deleteBy + " " + JSON.stringify(which) + " at " + coll.collectionPath + ".");
    restRemove(S, coll, route.parentPath, member.id);
    return {};
  }
  if (!coll.delete) restNotAllowed(S, route);
  if (route.row === null) restMissing(S, coll, route.idText);
  restRemove(S, coll, route.parentPath, route.row.id);
  return {};
}
function restTransition(S, route, body) {
  const a = route.action;
  const coll = route.coll;
  const doc = route.row.doc;
  const holder = coll.envelope === null ? doc : doc[coll.envelope];
  const current = restIsObject(holder[a.field]) ? String(holder[a.field].id) : null;
  const targets = restRefDocs(S, restColl(a.target));
  const open = a.transitions.filter((t) => t.to !== current && targets[t.to] !== undefined);
  if (M.method === "GET") {
    return { expand: "transitions", transitions: open.map((t) => ({ id: t.id, name: t.name, to: restRefView(restColl(a.target), targets[t.to]), hasScreen: false, isGlobal: true, isInitial: false, isAvailable: true, isConditional: false, isLooped: false })) };
  }
  if (M.method !== "POST") S.ctx.fail("invalid_argument", M.method + " is not supported on " + a.path + "; it supports GET, POST.");
  const extra = Object.keys(body).filter((k) => k !== "transition");
  const choice = body.transition;
  if (extra.length > 0 || !restIsObject(choice) || (choice.id === undefined && choice.name === undefined)) {
    S.ctx.fail("invalid_argument", "A transition body is " + JSON.stringify(a.example) + (extra.length > 0 ? "; unexpected " + extra.join(", ") : "") + ".");
  }
  const available = open.map((t) => t.id + " (" + t.name + ")").join(", ");
  const chosen = a.transitions.find((t) => (choice.id !== undefined && String(choice.id) === t.id) || (choice.id === undefined && String(choice.name).toLowerCase() === t.name.toLowerCase()));
  if (chosen === undefined || chosen.to === current) {
    S.ctx.fail("invalid_argument", "Transition " + JSON.stringify(choice.id !== undefined ? String(choice.id) : choice.name) + " is not valid for this " + coll.label + (chosen !== undefined ? " (it is already " + chosen.name + ")" : "") + ". Available: " + available + ".");
  }
  const now = restNow(S);
  holder[a.field] = restRefView(restColl(a.target), targets[chosen.to]);
  const specs = coll.envelope === null ? coll.top : coll.env;
  for (const f of specs) if (f.role === "updated") holder[f.name] = now;
  restWrite(S, coll, route.parentPath, route.row.id, route.row.key, doc, now, false);
  return {};
}
`;
