// The generic profile of the REST surface, for APIs that are not issue trackers: each collection's
// documents are shaped like its example body (a single `fields`/`attributes`/`data`/`properties`
// key holding an object is an envelope), plus a numeric `id`, a `self` link and created/updated
// times. A field named like another collection (`project`, `owner` of `owners`) whose example is
// `{"id"|"key"|"name": ...}` is a reference. Required on create: references, title-like fields
// (`summary`, `title`, `name`), numbers, and the only field of a one-field example. Seeds: four
// documents per top-level collection, two under each of the first three parents of a nested
// one, with values chosen by field name from the fixed-seed generator.
import type { Json } from "../../base/json";
import { singular } from "../../import/names";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { realisticString } from "../kit/seed-values";
import type { CollectionConfig, FieldSpec } from "./config";
import type { ApiModel, CollectionModel } from "./model";
import {
  baseCollection,
  F,
  type Profile,
  type ProfileInput,
  type SeedDoc,
  timestamp,
  typeOf,
} from "./profile";

export const GENERIC_SITE = "https://api.example.com";
const ENVELOPES = new Set(["fields", "attributes", "data", "properties"]);
const LOOKUPS = ["id", "key", "name", "accountId"];
const TITLES = new Set(["summary", "title", "name", "subject"]);

function envelopeOf(example: JsonObject): string | null {
  const keys = Object.keys(example);
  const only = keys[0];
  return keys.length === 1 && only && ENVELOPES.has(only) && isJsonObject(example[only])
    ? only
    : null;
}

function refTarget(name: string, value: Json | undefined, model: ApiModel): string | undefined {
  if (!isJsonObject(value) || !Object.keys(value).some((k) => LOOKUPS.includes(k)))
    return undefined;
  const target = model.collections.find(
    (c) => c.parent === null && (c.name === name || c.name === singular(name)),
  );
  return target?.name;
}

/** Field specs for an example object's keys. */
function specsOf(example: JsonObject, model: ApiModel): FieldSpec[] {
  const keys = Object.keys(example);
  return keys.map((k) => {
    const v = example[k];
    const target = refTarget(k, v, model);
    const required =
      target !== undefined || TITLES.has(k) || typeof v === "number" || keys.length === 1;
    if (target !== undefined) return F.ref(k, target, { required, nullable: !required });
    return F.value(k, typeOf(v), { required, nullable: !required });
  });
}

export function genericLayout(c: CollectionModel, model: ApiModel): CollectionConfig {
  const base = baseCollection(c);
  const example = c.createExample ?? c.updateExamples[0];
  const server = (name: string) => name === "id" || name === "self" || name === "key";
  if (base.identity === "key") {
    return {
      ...base,
      top: [{ name: "key", role: "clientKey" }, ...specsOf(example ?? { value: "" }, model)],
    };
  }
  const head = [F.id(), F.self(), ...(base.keyed ? [F.key()] : [])];
  const envelope = example ? envelopeOf(example) : null;
  const inner = envelope && example ? (example[envelope] as JsonObject) : example;
  const specs = inner ? specsOf(inner, model).filter((f) => !server(f.name)) : [];
  const titles = specs.filter((f) => TITLES.has(f.name)).map((f) => f.name);
  const common = {
    ...base,
    refView: ["id", "self", ...(base.keyed ? ["key"] : []), ...titles],
    lookup: ["id", ...(base.keyed ? ["key"] : []), ...titles.filter((n) => n === "name")],
    textFields: titles,
  };
  if (envelope) {
    return {
      ...common,
      envelope,
      top: [...head, { name: envelope, role: "envelope" }],
      env: [...specs, F.created(), F.updated()],
    };
  }
  return { ...common, top: [...head, ...specs, F.created(), F.updated()] };
}

export function genericProfile(input: ProfileInput): Profile {
  const { model, rnd } = input;
  const collections = model.collections.map((c) => genericLayout(c, model));
  const docs: SeedDoc[] = [];
  const base = `${GENERIC_SITE}/${model.base.join("/")}`;
  const start = Date.UTC(2024, 9, 1, 8);
  let clock = 0;
  const now = () => {
    clock += 3_600_000 + Math.floor(rnd() * 86_400_000);
    return timestamp(start + clock, "iso");
  };
  const fill = (specs: FieldSpec[], example: JsonObject, doc: JsonObject, at: string) => {
    for (const f of specs) {
      if (f.role === "created" || f.role === "updated") doc[f.name] = at;
      else if (f.role === "ref" && f.ref) {
        const targets = docs.filter((d) => d.collection === f.ref);
        const target = targets[Math.floor(rnd() * targets.length)];
        const view = collections.find((c) => c.name === f.ref)?.refView ?? ["id"];
        doc[f.name] = target
          ? Object.fromEntries(
              view.filter((k) => k in target.doc).map((k) => [k, target.doc[k] ?? null]),
            )
          : null;
      } else if (f.role === "value") doc[f.name] = valueFor(f, example[f.name], rnd);
    }
  };
  const seed = (c: CollectionConfig, parent: string, count: number) => {
    const example = isJsonObject(c.example) ? c.example : {};
    const inner =
      c.envelope && isJsonObject(example[c.envelope])
        ? (example[c.envelope] as JsonObject)
        : example;
    for (let i = 0; i < count; i++) {
      const id = String(c.firstId + docs.filter((d) => d.collection === c.name).length);
      const at = now();
      const doc: JsonObject = {
        id,
        self: `${base}/${parent === "" ? "" : `${parent}/`}${c.segment}/${id}`,
      };
      const key = c.keyed ? id : null;
      if (key !== null) doc.key = key;
      if (c.envelope) {
        const env: JsonObject = {};
        fill(c.env, inner, env, at);
        doc[c.envelope] = env;
      } else fill(c.top, inner, doc, at);
      docs.push({ collection: c.name, parent, id, key, doc, created: at, updated: at });
    }
  };
  const withExample = collections.filter(
    (c) => isJsonObject(c.example) && Object.keys(c.example).length > 0 && c.identity === "id",
  );
  for (const c of withExample.filter((x) => x.parent === null)) seed(c, "", 4);
  for (const c of withExample.filter((x) => x.parent !== null)) {
    const parents = docs.filter((d) => d.collection === c.parent && d.parent === "").slice(0, 3);
    const segment = collections.find((p) => p.name === c.parent)?.segment ?? "";
    for (const p of parents) seed(c, `${segment}/${p.id}`, 2);
  }
  return {
    kind: "generic",
    collections,
    actions: [],
    jql: null,
    actor: null,
    actorCollection: null,
    time: "iso",
    site: GENERIC_SITE,
    docs,
    notes: model.actions.map(
      (a) => `${a.path}: an action this surface does not know how to perform`,
    ),
  };
}

function valueFor(f: FieldSpec, example: Json | undefined, rnd: () => number): Json {
  switch (f.type) {
    case "string":
      return realisticString(rnd, f.name, undefined);
    case "number":
      return typeof example === "number"
        ? Math.max(1, Math.round(example * (0.5 + rnd())))
        : Math.floor(1 + rnd() * 100);
    case "boolean":
      return rnd() < 0.5;
    default:
      return example === undefined ? null : (JSON.parse(JSON.stringify(example)) as Json);
  }
}
