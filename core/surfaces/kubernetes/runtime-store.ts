// Sandboxed JavaScript shared by every resource tool: reading arguments by role, resolving resource
// types the way kubectl does, the object <-> row mapping (mirrors tables.ts), reads and
// writes of `k8s_object`, label and field selectors, time and id helpers. It runs inside the tool
// function, where `args`, `ctx` and the constant `C` (kinds, argument names, defaults) are in scope.
// SQL is constant text; every value travels as a bound parameter.
export const RUNTIME_STORE = String.raw`
  const SQL_ONE = "SELECT * FROM k8s_object WHERE kind = ? AND namespace = ? AND name = ?";
  const SQL_BY_UID = "SELECT * FROM k8s_object WHERE uid = ?";
  const SQL_KIND_NS = "SELECT * FROM k8s_object WHERE kind = ? AND namespace = ? ORDER BY name LIMIT ?";
  const SQL_KIND_ALL = "SELECT * FROM k8s_object WHERE kind = ? ORDER BY namespace, name LIMIT ?";
  const SQL_OWNED = "SELECT * FROM k8s_object WHERE owner_uid = ? ORDER BY kind, name LIMIT ?";
  const SQL_IN_NS = "SELECT * FROM k8s_object WHERE namespace = ? ORDER BY kind, name LIMIT ?";
  const SQL_INSERT = "INSERT INTO k8s_object (uid, api_version, kind, namespace, name, labels, annotations, owner_kind, owner_name, owner_uid, spec, status, body, created_at, resource_version, generation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
  const SQL_SAVE = "UPDATE k8s_object SET labels = ?, annotations = ?, owner_kind = ?, owner_name = ?, owner_uid = ?, spec = ?, status = ?, body = ?, resource_version = ?, generation = ? WHERE uid = ?";
  const SQL_REMOVE = "DELETE FROM k8s_object WHERE uid = ?";
  const SQL_NEXT_VERSION = "SELECT COALESCE(MAX(resource_version), 0) AS n FROM k8s_object";
  const SQL_REMOVE_LOGS = "DELETE FROM k8s_pod_log WHERE namespace = ? AND pod = ?";
  const SQL_CONTEXT = "SELECT * FROM k8s_kubeconfig_context WHERE name = ?";
  const MAX_LIST = 500;
  const SAFE = "bcdfghjklmnpqrstvwxz2456789";

  function fail(code, message, details) { return ctx.fail(code, message, details); }
  function arg(role) {
    const name = C.args[role];
    if (name === undefined) return undefined;
    const value = args[name];
    return value === undefined || value === null ? C.defaults[role] : value;
  }
  function text(role) {
    const v = arg(role);
    return typeof v === "string" && v.trim() !== "" ? v.trim() : "";
  }
  function flag(role) { return arg(role) === true; }
  function given(role) {
    const name = C.args[role];
    return name !== undefined && args[name] !== undefined && args[name] !== null && args[name] !== "";
  }

  function knownTypes() { return C.kinds.map((k) => k.name).join(", "); }
  function resolveKind(input) {
    const raw = typeof input === "string" ? input.trim() : "";
    if (raw === "") fail("invalid_argument", "a resource type is required; known resource types: " + knownTypes());
    let t = raw.toLowerCase();
    let group = null;
    const dot = t.indexOf(".");
    if (dot > 0) { group = t.slice(dot + 1); t = t.slice(0, dot); }
    for (const k of C.kinds) {
      const named = k.name === t || k.singular === t || k.short.indexOf(t) >= 0;
      if (!named) continue;
      if (group === null || group === k.group || group === k.version + "." + k.group || (k.group === "" && group === k.version)) return k;
    }
    return fail("invalid_argument", "the server doesn't have a resource type \"" + raw + "\"; known resource types: " + knownTypes(), { known: C.kinds.map((k) => k.name) });
  }
  function kindOf(kindName) {
    for (const k of C.kinds) if (k.kind === kindName) return k;
    return null;
  }
  function apiVersionOf(k) { return k.group === "" ? k.version : k.group + "/" + k.version; }
  function qualified(k) { return k.group === "" ? k.name : k.name + "." + k.group; }
  function typed(k, name) { return (k.group === "" ? k.singular : k.singular + "." + k.group) + "/" + name; }
  function notFound(k, name) { return fail("not_found", qualified(k) + " \"" + name + "\" not found", { kind: k.kind, name: name }); }
  function namespaceArg(k) { return k.namespaced ? (text("namespace") || "default") : ""; }

  function checkContext() {
    const c = text("context");
    if (c !== "" && ctx.one(SQL_CONTEXT, [c]) === null) fail("not_found", "context \"" + c + "\" does not exist");
  }

  function parsed(s, fallback) {
    if (typeof s !== "string") return fallback;
    try { return JSON.parse(s); } catch (e) { return fallback; }
  }
  function fromRow(r) {
    const m = { name: r.name };
    if (r.namespace !== "") m.namespace = r.namespace;
    m.uid = r.uid;
    m.resourceVersion = String(r.resource_version);
    if (r.generation !== null) m.generation = r.generation;
    m.creationTimestamp = r.created_at;
    const labels = parsed(r.labels, {});
    if (Object.keys(labels).length > 0) m.labels = labels;
    const annotations = parsed(r.annotations, {});
    if (Object.keys(annotations).length > 0) m.annotations = annotations;
    if (r.owner_uid !== null) {
      const ok = kindOf(r.owner_kind);
      m.ownerReferences = [{ apiVersion: ok ? apiVersionOf(ok) : "v1", kind: r.owner_kind, name: r.owner_name, uid: r.owner_uid, controller: true, blockOwnerDeletion: true }];
    }
    const o = { apiVersion: r.api_version, kind: r.kind, metadata: m };
    const body = parsed(r.body, {});
    for (const key of Object.keys(body)) o[key] = body[key];
    if (r.spec !== null) o.spec = parsed(r.spec, {});
    if (r.status !== null) o.status = parsed(r.status, {});
    return o;
  }
  function ownerOf(o) {
    const refs = (o.metadata && o.metadata.ownerReferences) || [];
    for (const ref of refs) if (ref && ref.controller) return ref;
    return refs[0] || null;
  }
  function bodyOf(o) {
    const body = {};
    for (const key of Object.keys(o)) {
      if (key !== "apiVersion" && key !== "kind" && key !== "metadata" && key !== "spec" && key !== "status") body[key] = o[key];
    }
    return body;
  }
  function tracked(kindName) { return C.generationKinds.indexOf(kindName) >= 0; }
  function mutableParts(o) {
    const owner = ownerOf(o);
    return [
      JSON.stringify(o.metadata.labels || {}),
      JSON.stringify(o.metadata.annotations || {}),
      owner ? owner.kind : null,
      owner ? owner.name : null,
      owner ? owner.uid : null,
      o.spec === undefined ? null : JSON.stringify(o.spec),
      o.status === undefined ? null : JSON.stringify(o.status),
      JSON.stringify(bodyOf(o)),
    ];
  }

  let versionCounter = null;
  function nextVersion() {
    if (versionCounter === null) versionCounter = ctx.one(SQL_NEXT_VERSION).n;
    versionCounter += 1;
    return versionCounter;
  }
  function nowIso() { return ctx.now().replace(/\.\d+Z$/, "Z"); }

  function findObj(k, ns, name) {
    const r = ctx.one(SQL_ONE, [k.kind, k.namespaced ? ns : "", name]);
    return r === null ? null : fromRow(r);
  }
  function mustFind(k, ns, name) {
    const o = findObj(k, ns, name);
    return o === null ? notFound(k, name) : o;
  }
  function byUid(uid) {
    const r = ctx.one(SQL_BY_UID, [uid]);
    return r === null ? null : fromRow(r);
  }
  /** Objects of kind k in ns, or in every namespace when ns is null. */
  function listObjs(k, ns) {
    const rows = ns === null || !k.namespaced
      ? ctx.query(SQL_KIND_ALL, [k.kind, MAX_LIST])
      : ctx.query(SQL_KIND_NS, [k.kind, ns, MAX_LIST]);
    return rows.map(fromRow);
  }
  function ownedBy(o) { return ctx.query(SQL_OWNED, [o.metadata.uid, MAX_LIST]).map(fromRow); }
  function inNamespace(ns) { return ctx.query(SQL_IN_NS, [ns, 5000]).map(fromRow); }

  function insertObj(o) {
    const k = kindOf(o.kind);
    o.apiVersion = apiVersionOf(k);
    const m = o.metadata;
    m.uid = newUid();
    m.resourceVersion = String(nextVersion());
    if (tracked(o.kind)) m.generation = 1; else delete m.generation;
    m.creationTimestamp = nowIso();
    const parts = mutableParts(o);
    ctx.run(SQL_INSERT, [m.uid, o.apiVersion, o.kind, k.namespaced ? m.namespace : "", m.name, parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6], parts[7], m.creationTimestamp, Number(m.resourceVersion), tracked(o.kind) ? 1 : null]);
    return o;
  }
  /** Writes o over its stored row; nothing happens when no stored field differs. */
  function saveObj(o) {
    const stored = byUid(o.metadata.uid);
    if (stored === null) return fail("not_found", qualified(kindOf(o.kind)) + " \"" + o.metadata.name + "\" not found");
    const before = mutableParts(stored);
    const after = mutableParts(o);
    let same = true;
    for (let i = 0; i < before.length; i++) if (canon(parsed(before[i], before[i])) !== canon(parsed(after[i], after[i]))) same = false;
    if (same) return stored;
    const specChanged = canon(stored.spec) !== canon(o.spec);
    o.metadata.resourceVersion = String(nextVersion());
    if (tracked(o.kind)) o.metadata.generation = (stored.metadata.generation || 1) + (specChanged ? 1 : 0);
    ctx.run(SQL_SAVE, after.concat([Number(o.metadata.resourceVersion), tracked(o.kind) ? o.metadata.generation : null, o.metadata.uid]));
    return o;
  }
  function removeObj(o) {
    ctx.run(SQL_REMOVE, [o.metadata.uid]);
    if (o.kind === "Pod") ctx.run(SQL_REMOVE_LOGS, [o.metadata.namespace, o.metadata.name]);
  }

  function canon(v) {
    if (v === null || v === undefined) return "null";
    if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
    if (typeof v === "object") {
      return "{" + Object.keys(v).filter((key) => v[key] !== undefined).sort().map((key) => JSON.stringify(key) + ":" + canon(v[key])).join(",") + "}";
    }
    return JSON.stringify(v);
  }
  function clone(v) { return v === undefined ? undefined : JSON.parse(JSON.stringify(v)); }
  function isMap(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }

  function randomFrom(alphabet, n) {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(ctx.random() * alphabet.length)];
    return s;
  }
  function newUid() {
    const h = "0123456789abcdef";
    return randomFrom(h, 8) + "-" + randomFrom(h, 4) + "-4" + randomFrom(h, 3) + "-" + "89ab"[Math.floor(ctx.random() * 4)] + randomFrom(h, 3) + "-" + randomFrom(h, 12);
  }
  /** kube-controller-manager's naming of a template: FNV-1a of it, "safe-encoded". */
  function templateHash(template) {
    const s = canon(template);
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    const digits = String(h);
    let out = "";
    for (let i = 0; i < digits.length; i++) out += SAFE[digits.charCodeAt(i) % SAFE.length];
    return out;
  }

  function labelsText(labels) {
    const keys = Object.keys(labels || {}).sort();
    return keys.length === 0 ? "<none>" : keys.map((key) => key + "=" + labels[key]).join(",");
  }
  function splitTerms(s) {
    const out = [];
    let depth = 0;
    let cur = "";
    for (const ch of s) {
      if (ch === "(") depth++;
      if (ch === ")") depth--;
      if (ch === "," && depth === 0) { out.push(cur); cur = ""; } else cur += ch;
    }
    out.push(cur);
    return out.map((t) => t.trim()).filter((t) => t !== "");
  }
  function parseLabelSelector(s) {
    if (typeof s !== "string" || s.trim() === "") return [];
    if (s.length > 1000) fail("invalid_argument", "the label selector is longer than 1000 characters");
    return splitTerms(s).map((term) => {
      let m = /^!\s*([A-Za-z0-9._\/-]+)$/.exec(term);
      if (m) return { key: m[1], op: "!exists" };
      m = /^([A-Za-z0-9._\/-]+)\s+(in|notin)\s+\(([^()]*)\)$/.exec(term);
      if (m) return { key: m[1], op: m[2], values: m[3].split(",").map((v) => v.trim()).filter((v) => v !== "") };
      m = /^([A-Za-z0-9._\/-]+)\s*(==|=|!=)\s*([A-Za-z0-9._-]*)$/.exec(term);
      if (m) return { key: m[1], op: m[2] === "!=" ? "!=" : "=", values: [m[3]] };
      m = /^([A-Za-z0-9._\/-]+)$/.exec(term);
      if (m) return { key: m[1], op: "exists" };
      return fail("invalid_argument", "unable to parse requirement: \"" + term + "\" in label selector \"" + s + "\"");
    });
  }
  function matchesLabels(reqs, labels) {
    const l = labels || {};
    for (const r of reqs) {
      const has = Object.prototype.hasOwnProperty.call(l, r.key);
      if (r.op === "exists" && !has) return false;
      if (r.op === "!exists" && has) return false;
      if ((r.op === "=" || r.op === "in") && (!has || r.values.indexOf(l[r.key]) < 0)) return false;
      if ((r.op === "!=" || r.op === "notin") && has && r.values.indexOf(l[r.key]) >= 0) return false;
    }
    return true;
  }
  function selectorMatches(selector, labels) {
    const ml = (selector && selector.matchLabels) || {};
    for (const key of Object.keys(ml)) if (!labels || labels[key] !== ml[key]) return false;
    return true;
  }
  function fieldsFor(k) {
    const common = ["metadata.name", "metadata.namespace"];
    const extra = C.fieldLabels[k.kind] || [];
    return common.concat(extra);
  }
  function parseFieldSelector(s, k) {
    if (typeof s !== "string" || s.trim() === "") return [];
    return splitTerms(s).map((term) => {
      const m = /^([A-Za-z.]+)\s*(==|=|!=)\s*(.*)$/.exec(term);
      if (!m) return fail("invalid_argument", "invalid field selector term \"" + term + "\": expected field=value or field!=value");
      if (fieldsFor(k).indexOf(m[1]) < 0) return fail("invalid_argument", "field label not supported: " + m[1] + " (for " + k.name + ": " + fieldsFor(k).join(", ") + ")");
      return { path: m[1], op: m[2] === "!=" ? "!=" : "=", value: m[3].trim() };
    });
  }
  function pathValue(o, path) {
    let cur = o;
    for (const part of path.split(".")) {
      if (!isMap(cur)) return undefined;
      cur = cur[part];
    }
    return cur;
  }
  function matchesFields(reqs, o) {
    for (const r of reqs) {
      let v = pathValue(o, r.path);
      if (r.path === "spec.unschedulable") v = v === true ? "true" : "false";
      const s = v === undefined || v === null ? "" : String(v);
      if (r.op === "=" && s !== r.value) return false;
      if (r.op === "!=" && s === r.value) return false;
    }
    return true;
  }

  function parseDuration(s) {
    const t = String(s).trim();
    const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(t);
    if (t === "" || !m) return fail("invalid_argument", "invalid duration \"" + t + "\": use a relative time such as 30s, 5m, 2h or 1h30m");
    return (Number(m[1] || 0) * 3600 + Number(m[2] || 0) * 60 + Number(m[3] || 0));
  }
  function timeMs(iso) { const ms = Date.parse(iso); return isNaN(ms) ? 0 : ms; }
  /** kubectl's HumanDuration, as in the AGE column. */
  function age(iso) {
    const s = Math.max(0, Math.floor((timeMs(ctx.now()) - timeMs(iso)) / 1000));
    const min = Math.floor(s / 60), h = Math.floor(s / 3600), d = Math.floor(s / 86400);
    if (s < 120) return s + "s";
    if (min < 10) return min + "m" + (s % 60 > 0 ? (s % 60) + "s" : "");
    if (min < 180) return min + "m";
    if (h < 8) return h + "h" + (min % 60 > 0 ? (min % 60) + "m" : "");
    if (h < 48) return h + "h";
    if (h < 192) return d + "d" + (h % 24 > 0 ? (h % 24) + "h" : "");
    if (h < 24 * 365 * 2) return d + "d";
    const y = Math.floor(d / 365);
    return y < 8 ? y + "y" + ((d % 365) > 0 ? (d % 365) + "d" : "") : y + "y";
  }
`;
