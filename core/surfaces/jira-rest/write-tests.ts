// Unit tests for the REST write tools, computed from the seed documents: POST answers the next id
// and key (or the new document) and inserts one row, a transition updates one; PUT and PATCH set
// one field of one row (PATCH also a number with its derived text, PUT creates a client-keyed
// document); DELETE removes a document with everything under it; unknown references, server-set
// fields, wrong types, read-only paths and unknown documents fail with their codes.
import type { ToolTest } from "../../environment/spec";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import type { CollectionConfig } from "./config";
import { a, bodyFor, type Expect, holder, json, rows, type Seed, settable, wrap } from "./test-kit";
import { duration } from "./tracker-seed";

export function postTests(seed: Seed): ToolTest[] {
  const { config } = seed;
  const tests: ToolTest[] = [];
  const top = config.collections.find((c) => c.parent === null && c.create && bodyFor(seed, c));
  const body = top && bodyFor(seed, top);
  if (top && body) {
    const id = seed.nextId(top);
    const expected: Expect = { match: "subset", changes: rows(1, 0, 0) };
    if (top.createResult === "ref") {
      const from = top.keyFrom ? holder(top, body)[top.keyFrom] : undefined;
      const project = isJsonObject(from) ? keyOfRef(seed, top, from) : undefined;
      const key = project === undefined ? id : nextKey(seed, top, project);
      expected.result = {
        id,
        key,
        self: `${config.site}/${config.base.join("/")}/${top.segment}/${id}`,
      };
      expected.match = "exact";
    } else expected.result = body;
    tests.push({
      name: `creates ${a(top.label)}`,
      args: { path: top.collectionPath, body, ...json },
      expect: expected,
    });
    const ref = (top.envelope ? top.env : top.top).find(
      (f) => f.role === "ref" && f.required && f.ref,
    );
    if (ref?.ref) {
      const by = seed.coll(ref.ref)?.lookup[0] ?? "id";
      const bad = wrap(top, { ...holder(top, body), [ref.name]: { [by]: "NOPE" } });
      tests.push({
        name: `${a(top.label)} in an unknown ${ref.name} is invalid_argument`,
        args: { path: top.collectionPath, body: bad },
        expect: { error: { code: "invalid_argument" }, match: "exact" },
      });
    }
    tests.push({
      name: `${a(top.label)} body without its fields is invalid_argument`,
      args: { path: top.collectionPath, body: { unexpected: true } },
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
  }
  const nested = config.collections.find((c) => c.parent !== null && c.create && bodyFor(seed, c));
  const parentColl = nested?.parent ? seed.coll(nested.parent) : undefined;
  const owner = parentColl && seed.of(parentColl, "")[0];
  const nestedBody = nested && bodyFor(seed, nested);
  if (nested && owner && nestedBody) {
    const result: JsonObject = { ...nestedBody };
    const author = nested.top.find((f) => f.role === "actor");
    if (author && config.actor) result[author.name] = { accountId: config.actor };
    tests.push({
      name: `adds ${a(nested.label)} to ${owner.key ?? owner.id}`,
      args: { path: `${seed.path(owner)}/${nested.segment}`, body: nestedBody, ...json },
      expect: { result, match: "subset", changes: rows(1, 0, 0) },
    });
  }
  const readOnly = config.collections.find(
    (c) => c.parent === null && !c.create && seed.of(c).length > 0,
  );
  if (readOnly) {
    tests.push({
      name: `POST to read-only ${readOnly.collectionPath} is invalid_argument`,
      args: { path: readOnly.collectionPath, body: { name: "Anything" } },
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
  }
  tests.push(...transitionTests(seed));
  return tests;
}

function keyOfRef(seed: Seed, c: CollectionConfig, ref: JsonObject): string | undefined {
  const spec = (c.envelope ? c.env : c.top).find((f) => f.name === c.keyFrom);
  const target = spec?.ref ? seed.coll(spec.ref) : undefined;
  const doc =
    target &&
    seed.of(target, "").find((d) => Object.entries(ref).every(([k, v]) => d.doc[k] === v));
  return doc?.key ?? undefined;
}

function nextKey(seed: Seed, c: CollectionConfig, prefix: string): string {
  const numbers = seed
    .of(c, "")
    .map((d) => d.key ?? "")
    .filter((k) => k.startsWith(`${prefix}-`))
    .map((k) => Number(k.slice(prefix.length + 1)));
  return `${prefix}-${numbers.length === 0 ? 1 : Math.max(...numbers) + 1}`;
}

function transitionTests(seed: Seed): ToolTest[] {
  const action = seed.config.actions[0];
  const parent = action && seed.coll(action.parent);
  const doc = parent && seed.of(parent, "")[0];
  if (!action || !parent || !doc) return [];
  const current = holder(parent, doc.doc)[action.field];
  const currentId = isJsonObject(current) ? String(current.id) : "";
  const to = action.transitions.find((t) => t.to !== currentId);
  const same = action.transitions.find((t) => t.to === currentId);
  if (!to) return [];
  const tests: ToolTest[] = [
    {
      name: `moves ${doc.key ?? doc.id} to ${to.name}`,
      args: {
        path: `${seed.path(doc)}/${action.segment}`,
        body: { transition: { id: to.id } },
        ...json,
      },
      expect: { result: {}, match: "exact", changes: rows(0, 1, 0) },
    },
  ];
  if (same) {
    tests.push({
      name: `moving ${doc.key ?? doc.id} to its own status is invalid_argument`,
      args: { path: `${seed.path(doc)}/${action.segment}`, body: { transition: { id: same.id } } },
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
  }
  return tests;
}

export function updateTests(seed: Seed, method: "PUT" | "PATCH"): ToolTest[] {
  const { config } = seed;
  const tests: ToolTest[] = [];
  const candidates = config.collections.filter(
    (c) => c.update && !c.upsert && seed.of(c).length > 0,
  );
  const ordered =
    method === "PUT"
      ? candidates.sort((a, b) => Number(b.name === "project") - Number(a.name === "project"))
      : candidates.sort(
          (a, b) => Number(b.keyed && !!b.envelope) - Number(a.keyed && !!a.envelope),
        );
  for (const c of ordered) {
    const d = seed.of(c)[0];
    const specs = c.envelope ? c.env : c.top;
    const field = specs.find(
      (f) =>
        settable(f) && f.type === "string" && typeof holder(c, d?.doc ?? {})[f.name] === "string",
    );
    if (!d || !field) continue;
    const value = `${String(holder(c, d.doc)[field.name])} (${method === "PUT" ? "renamed" : "edited"})`;
    tests.push({
      name: `${method} sets the ${field.name} of ${c.label} ${d.key ?? d.id}`,
      args: { path: seed.path(d), body: wrap(c, { [field.name]: value }), ...json },
      expect: { result: wrap(c, { [field.name]: value }), match: "subset", changes: rows(0, 1, 0) },
    });
    const fixed =
      specs.find((f) => f.via !== undefined) ??
      specs.find((f) => f.role === "created") ??
      specs.find((f) => f.role === "id");
    if (fixed) {
      tests.push({
        name: `${method} of the server-set ${fixed.name} is invalid_argument`,
        args: { path: seed.path(d), body: wrap(c, { [fixed.name]: { name: "Done" } }) },
        expect: { error: { code: "invalid_argument" }, match: "exact" },
      });
    }
    tests.push({
      name: `${method} of an unknown ${c.label} is not_found`,
      args: { path: `${c.collectionPath}/99999999`, body: wrap(c, { [field.name]: value }) },
      expect: {
        error: { code: c.upsert && method === "PUT" ? "invalid_argument" : "not_found" },
        match: "exact",
      },
    });
    tests.push({
      name: `${method} with a ${field.name} of the wrong type is invalid_argument`,
      args: { path: seed.path(d), body: wrap(c, { [field.name]: 42 }) },
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
    break;
  }
  if (method === "PATCH") {
    for (const c of candidates) {
      const num = c.top.find((f) => settable(f) && f.type === "number");
      const d = seed.of(c)[0];
      if (!num || !d || typeof d.doc[num.name] !== "number") continue;
      const value = Number(d.doc[num.name]) === 7200 ? 5400 : 7200;
      const result: JsonObject = { [num.name]: value };
      const derived = c.top.find((f) => f.role === "duration" && f.from === num.name);
      if (derived) result[derived.name] = duration(value);
      tests.push({
        name: `PATCH sets the ${num.name} of ${c.label} ${d.id}`,
        args: { path: seed.path(d), body: { [num.name]: value }, ...json },
        expect: { result, match: "subset", changes: rows(0, 1, 0) },
      });
      break;
    }
  }
  if (method === "PUT") {
    const upsert = config.collections.find((c) => c.upsert && c.parent !== null);
    const parent = upsert?.parent ? seed.coll(upsert.parent) : undefined;
    const owner = parent && seed.of(parent, "")[0];
    const valueField = upsert?.top.find((f) => f.role === "value" && f.required);
    if (upsert && owner && valueField) {
      const value = { value: "reviewed" };
      tests.push({
        name: `PUT creates the ${upsert.label} "triage" of ${owner.key ?? owner.id}`,
        args: {
          path: `${seed.path(owner)}/${upsert.segment}/triage`,
          body: { [valueField.name]: value },
          ...json,
        },
        expect: {
          result: { key: "triage", [valueField.name]: value },
          match: "exact",
          changes: rows(1, 0, 0),
        },
      });
    }
  }
  return tests;
}

export function deleteTests(seed: Seed): ToolTest[] {
  const { config } = seed;
  const tests: ToolTest[] = [];
  const deletable = config.collections.filter((c) => c.delete && seed.of(c).length > 0);
  const top = deletable
    .filter((c) => c.parent === null)
    .flatMap((c) => seed.of(c, ""))
    .sort((a, b) => seed.descendants(b) - seed.descendants(a))[0];
  if (top) {
    tests.push({
      name: `deletes ${top.key ?? top.id} with the ${seed.descendants(top)} documents under it`,
      args: { path: seed.path(top), ...json },
      expect: { result: {}, match: "exact", changes: rows(0, 0, 1 + seed.descendants(top)) },
    });
  }
  const child = deletable.find((c) => c.parent !== null);
  const one = child && seed.of(child)[0];
  if (child && one) {
    tests.push({
      name: `deletes ${child.label} ${one.id}`,
      args: { path: seed.path(one), ...json },
      expect: { result: {}, match: "exact", changes: rows(0, 0, 1) },
    });
  }
  const by = config.collections.find((c) => c.deleteBy !== null && seed.of(c).length > 0);
  const member = by && seed.of(by)[0];
  if (by?.deleteBy && member) {
    const owner = seed.docs.find((d) => seed.rowPath(d) === member.parent);
    if (owner) {
      tests.push({
        name: `removes ${by.deleteBy} ${member.id} from the ${by.listKey} of ${owner.key ?? owner.id}`,
        args: {
          path: `${seed.path(owner)}/${by.segment}`,
          queryParams: { [by.deleteBy]: member.id },
          ...json,
        },
        expect: { result: {}, match: "exact", changes: rows(0, 0, 1) },
      });
    }
  }
  const any = deletable[0];
  if (any) {
    tests.push({
      name: `deleting an unknown ${any.label} is not_found`,
      args: { path: `${any.collectionPath}/99999999` },
      expect: { error: { code: "not_found" }, match: "exact" },
    });
  }
  const fixed = config.collections.find(
    (c) => !c.delete && c.parent === null && seed.of(c).length > 0,
  );
  const kept = fixed && seed.of(fixed)[0];
  if (kept) {
    tests.push({
      name: `DELETE of read-only ${fixed.label} ${kept.id} is invalid_argument`,
      args: { path: seed.path(kept) },
      expect: { error: { code: "invalid_argument" }, match: "exact" },
    });
  }
  return tests;
}
