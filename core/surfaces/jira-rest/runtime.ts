// The REST passthrough runtime, as JavaScript source: routes `path` through the configured
// collections (`M`, see config.ts) over one table of JSON documents and serves the reads
// itself: GET of a list (startAt/maxResults, field filters), of a document (`fields=` selection),
// and the search endpoints (JQL or text); writes are in runtime-writes.ts. Every value
// from the agent is a bound parameter; SQL text is built from the table name constant only.
// Lists come in id order: numeric ids as numbers, others (account ids, property keys) as text.
// Declares `restHandle(args, ctx)`; needs REST_WRITES_SOURCE, TOON_SOURCE, JMESPATH_SOURCE and
// JQL_SOURCE beside it.
export const REST_RUNTIME_SOURCE = String.raw`
const RT = '"' + M.table.replace(/"/g, '""') + '"';
const REST_RESERVED = ["startAt", "maxResults", "expand", "fields", "properties", "orderBy", "nextPageToken", "jql", "query", "validateQuery", "fieldsByKeys"];
const REST_SYSTEM = ["id", "key", "clientKey", "self", "envelope", "created", "updated", "actor", "actorUpdate", "parentId", "duration"];
function restA(noun) { return (/^[aeiou]/i.test(noun) ? "an " : "a ") + noun; }
function restIsObject(v) { return typeof v === "object" && v !== null && !Array.isArray(v); }
function restColl(name) { return M.collections.find((c) => c.name === name) || null; }
function restNow(S) {
  const iso = S.ctx.now();
  const full = /\.\d{3}Z$/.test(iso) ? iso : iso.replace(/Z$/, ".000Z");
  return M.time === "jira" ? full.replace(/Z$/, "+0000") : full;
}
function restDecode(S, text) {
  try { return decodeURIComponent(text.replace(/\+/g, " ")); }
  catch (e) { return S.ctx.fail("invalid_argument", "the path has a bad %-escape: " + text); }
}
function restQuery(S, args) {
  const out = {};
  const path = String(args.path);
  const at = path.indexOf("?");
  if (at >= 0) {
    for (const part of path.slice(at + 1).split("&")) {
      if (part === "") continue;
      const eq = part.indexOf("=");
      out[restDecode(S, eq < 0 ? part : part.slice(0, eq))] = eq < 0 ? "" : restDecode(S, part.slice(eq + 1));
    }
  }
  const given = restIsObject(args.queryParams) ? args.queryParams : {};
  for (const k of Object.keys(given)) out[k] = String(given[k]);
  return out;
}
function restUnknown(S, path) {
  return S.ctx.fail("not_found", "No endpoint matches " + path + ". Known endpoints: " + M.endpoints.join("; "), { endpoints: M.endpoints });
}
function restMissing(S, coll, idText) {
  const label = coll.label.charAt(0).toUpperCase() + coll.label.slice(1);
  return S.ctx.fail("not_found", label + " " + JSON.stringify(idText) + " does not exist or you do not have permission to see it (" + coll.documentPath + ").");
}
function restAllowed(route) {
  const c = route.coll;
  if (route.kind === "collection") return ["GET"].concat(c.create ? ["POST"] : [], c.deleteBy ? ["DELETE"] : []);
  return ["GET"].concat(c.update ? ["PUT", "PATCH"] : [], c.delete ? ["DELETE"] : []);
}
function restNotAllowed(S, route) {
  const template = route.kind === "collection" ? route.coll.collectionPath : route.coll.documentPath;
  return S.ctx.fail("invalid_argument", M.method + " is not supported on " + template + "; it supports " + restAllowed(route).join(", ") + ".");
}
function restRow(row) {
  return row === null ? null : { id: row.id, key: row.key, doc: JSON.parse(row.doc) };
}
function restFind(S, coll, parentPath, idText) {
  const row = coll.keyed
    ? S.ctx.one("SELECT id, key, doc FROM " + RT + " WHERE collection = ? AND parent = ? AND (id = ? OR upper(key) = upper(?))", [coll.name, parentPath, idText, idText])
    : S.ctx.one("SELECT id, key, doc FROM " + RT + " WHERE collection = ? AND parent = ? AND id = ?", [coll.name, parentPath, idText]);
  return restRow(row);
}
function restDocs(S, coll, parentPath) {
  return S.ctx.query("SELECT doc FROM " + RT + " WHERE collection = ? AND parent = ? ORDER BY CASE WHEN id GLOB '[0-9]*' AND NOT id GLOB '*[^0-9]*' THEN CAST(id AS INTEGER) END, id LIMIT ?", [coll.name, parentPath, M.maxScan])
    .map((r) => JSON.parse(r.doc));
}
function restRoute(S, path) {
  const clean = path.split("?")[0].split("#")[0];
  const segs = clean.split("/").filter((s) => s !== "").map((s) => restDecode(S, s));
  for (let i = 0; i < M.base.length; i++) if (segs[i] !== M.base[i]) restUnknown(S, path);
  const rest = segs.slice(M.base.length);
  if (rest.length === 0) restUnknown(S, path);
  for (const s of M.searches) {
    if (s.segments.length === rest.length && s.segments.every((x, i) => x === rest[i])) return { kind: "search", search: s };
  }
  let parentColl = null;
  let parentRow = null;
  let parentPath = "";
  let ownerPath = "";
  for (let i = 0; ; i += 2) {
    const seg = rest[i];
    const coll = M.collections.find((c) => c.parent === (parentColl === null ? null : parentColl.name) && c.segment === seg);
    if (coll === undefined) {
      if (parentColl !== null && i === rest.length - 1) {
        const action = M.actions.find((a) => a.parent === parentColl.name && a.segment === seg);
        if (action !== undefined) return { kind: "action", action: action, coll: parentColl, row: parentRow, parentPath: ownerPath };
        const upload = M.uploads.find((u) => u.parent === parentColl.name && u.segment === seg);
        if (upload !== undefined) return { kind: "upload", upload: upload };
      }
      return restUnknown(S, path);
    }
    if (i === rest.length - 1) return { kind: "collection", coll: coll, parentRow: parentRow, parentPath: parentPath };
    const idText = rest[i + 1];
    const row = restFind(S, coll, parentPath, idText);
    if (i + 1 === rest.length - 1) return { kind: "document", coll: coll, parentRow: parentRow, parentPath: parentPath, idText: idText, row: row };
    if (row === null) restMissing(S, coll, idText);
    parentColl = coll;
    parentRow = row;
    ownerPath = parentPath;
    parentPath = (parentPath === "" ? "" : parentPath + "/") + coll.segment + "/" + row.id;
  }
}
function restPaging(S, q) {
  const num = (name, dflt, max) => {
    const v = q[name];
    if (v === undefined || v === "") return dflt;
    if (!/^\d{1,9}$/.test(v)) S.ctx.fail("invalid_argument", "queryParams." + name + " must be a whole number, got " + JSON.stringify(v));
    return Math.min(Number(v), max);
  };
  const startAt = q.nextPageToken !== undefined ? num("nextPageToken", 0, 1e9) : num("startAt", 0, 1e9);
  return { startAt: startAt, maxResults: num("maxResults", M.pageSize, M.maxResults) };
}
function restRefDocs(S, coll) {
  if (S.cache[coll.name] === undefined) {
    const byId = {};
    for (const d of restDocs(S, coll, "")) byId[String(d[coll.identity])] = d;
    S.cache[coll.name] = byId;
  }
  return S.cache[coll.name];
}
function restRefView(coll, doc) {
  const view = {};
  for (const k of coll.refView) if (doc[k] !== undefined) view[k] = doc[k];
  return view;
}
// References are stored as views of their targets and refreshed on every read, so renaming a
// project shows in its issues without rewriting them.
function restRefresh(S, obj, specs) {
  for (const f of specs) {
    if (f.ref === undefined || !restIsObject(obj[f.name])) continue;
    const target = restColl(f.ref);
    const ident = obj[f.name][target.identity];
    if (ident === undefined) continue;
    const fresh = restRefDocs(S, target)[String(ident)];
    if (fresh !== undefined) obj[f.name] = restRefView(target, fresh);
  }
}
function restView(S, coll, doc, q) {
  restRefresh(S, doc, coll.top);
  if (coll.envelope === null || !restIsObject(doc[coll.envelope])) return doc;
  const env = doc[coll.envelope];
  restRefresh(S, env, coll.env);
  const wanted = (q.fields || "").split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (wanted.length === 0) return doc;
  const include = wanted.filter((w) => w[0] !== "-" && w[0] !== "*");
  const exclude = wanted.filter((w) => w[0] === "-").map((w) => w.slice(1));
  const picked = {};
  for (const k of Object.keys(env)) {
    if ((include.length === 0 || include.indexOf(k) >= 0) && exclude.indexOf(k) < 0) picked[k] = env[k];
  }
  doc[coll.envelope] = picked;
  return doc;
}
function restMatches(have, want) {
  if (have === undefined) return true;
  const w = want.toLowerCase();
  if (Array.isArray(have)) return have.some((x) => restMatches(x, want));
  if (restIsObject(have)) return ["id", "key", "name", "accountId", "value"].some((k) => have[k] !== undefined && String(have[k]).toLowerCase() === w);
  return String(have).toLowerCase() === w;
}
function restList(S, route, q) {
  const coll = route.coll;
  const paging = restPaging(S, q);
  const filters = Object.keys(q).filter((k) => REST_RESERVED.indexOf(k) < 0);
  const docs = restDocs(S, coll, route.parentPath).filter((d) => filters.every((k) => {
    const inEnv = coll.envelope !== null && restIsObject(d[coll.envelope]) ? d[coll.envelope][k] : undefined;
    return restMatches(d[k] !== undefined ? d[k] : inEnv, q[k]);
  }));
  const page = docs.slice(paging.startAt, paging.startAt + paging.maxResults).map((d) => restView(S, coll, d, q));
  if (coll.list === "array") return page;
  const out = { startAt: paging.startAt, maxResults: paging.maxResults, total: docs.length };
  out[coll.listKey] = page;
  return out;
}
function restSearch(S, route, q) {
  const s = route.search;
  if (M.method !== "GET") S.ctx.fail("invalid_argument", M.method + " is not supported on " + s.path + "; search with GET and queryParams such as {\"" + s.param + "\": \"...\"}.");
  const coll = restColl(s.target);
  const paging = restPaging(S, q);
  const docs = restDocs(S, coll, "");
  const text = q[s.param] === undefined ? "" : q[s.param];
  if (s.language === "text") {
    const needle = text.toLowerCase();
    const hits = docs.filter((d) => needle === "" || coll.textFields.some((f) => typeof d[f] === "string" && d[f].toLowerCase().indexOf(needle) >= 0));
    return hits.slice(paging.startAt, paging.startAt + paging.maxResults).map((d) => restView(S, coll, d, q));
  }
  const query = jqlCompile(text, M.jql, { now: jqlEpoch(S.ctx.now()), actor: M.actor }, (code, message) => S.ctx.fail(code, message));
  const hits = jqlRun(docs, query, M.jql);
  const page = hits.slice(paging.startAt, paging.startAt + paging.maxResults).map((d) => restView(S, coll, d, q));
  const out = { startAt: paging.startAt, maxResults: paging.maxResults, total: hits.length, isLast: paging.startAt + page.length >= hits.length };
  if (!out.isLast) out.nextPageToken = String(paging.startAt + page.length);
  out[s.resultKey] = page;
  return out;
}
function restHandle(args, ctx) {
  const S = { ctx: ctx, cache: {} };
  const method = M.method;
  if ((method === "GET" || method === "DELETE") && args.body !== undefined) {
    ctx.fail("invalid_argument", method + " requests take no body; send bodies with the POST, PUT or PATCH tools.");
  }
  const body = args.body === undefined ? {} : args.body;
  if (!restIsObject(body)) ctx.fail("invalid_argument", "body must be a JSON object.");
  const path = String(args.path);
  if (path.length > 2000) ctx.fail("invalid_argument", "path is longer than 2,000 characters.");
  const q = restQuery(S, args);
  const route = restRoute(S, path.charAt(0) === "/" ? path : "/" + path);
  let result;
  if (route.kind === "search") result = restSearch(S, route, q);
  else if (route.kind === "action") result = restTransition(S, route, body);
  else if (route.kind === "upload") {
    ctx.fail("invalid_argument", route.upload.path + " takes multipart form data (file uploads), which this environment does not support: its tools send JSON bodies only.");
  } else if (method === "GET") {
    if (route.kind === "collection") result = restList(S, route, q);
    else if (route.row === null) restMissing(S, route.coll, route.idText);
    else result = restView(S, route.coll, route.row.doc, q);
  } else if (method === "POST") {
    if (route.kind !== "collection") restNotAllowed(S, route);
    result = restCreate(S, route, body);
  } else if (method === "PUT" || method === "PATCH") result = restUpdate(S, route, body, method === "PATCH");
  else result = restDelete(S, route, q);
  if (typeof args.jq === "string" && args.jq.trim() !== "") result = jmesSearch(result, args.jq, (code, message) => ctx.fail(code, message));
  return args.outputFormat === "json" ? result : toonEncode(result);
}
`;
