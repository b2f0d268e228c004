// Entity tables derived from an MCP server's tools: one per noun that has a create or update tool,
// its columns the union of those tools' arguments plus a key column, and each tool's plan (which
// argument is the key, which narrow the rows, which is the search text).

import { singular } from "../../import/names";
import { isJsonObject, type JsonObject } from "../spec-schema";
import {
  type Field,
  type FieldKind,
  fieldsOf,
  isScalar,
  kindOf,
  normalize,
} from "../tool-json-schema";
import type { ToolShape } from "../tool-shape";

export interface Column {
  name: string;
  kind: FieldKind;
  schema: JsonObject;
}

export interface EntityTable {
  name: string;
  key: Column;
  columns: Column[];
}

export interface Candidate {
  name: string;
  shape: ToolShape;
  /** The input schema with local `$ref`s inlined. */
  schema: JsonObject;
}

export interface ToolPlan {
  candidate: Candidate;
  table: EntityTable;
  keyArg?: Field;
  /** A required array argument of items (create) or of keys (delete). */
  batchArg?: Field;
  /** Required scalar arguments that are columns: they narrow the rows. */
  scope: Field[];
  /** Optional scalar arguments that are columns (list filters; update values). */
  optional: Field[];
  queryArg?: Field;
  limitArg?: Field;
  pageArg?: Field;
}

export type PlanVerdict = { ok: true; plan: ToolPlan } | { ok: false; reason: string };

const limitNames = new Set(["limit", "maxresults", "maxrecords", "perpage", "pagesize", "count"]);
const queryNames = new Set(["query", "q", "searchterm", "search", "term", "keyword", "keywords"]);

export interface DerivedTables {
  tables: Map<string, EntityTable>;
  /** Nouns that get no table, and why. */
  refused: Map<string, string>;
}

export function deriveTables(candidates: readonly Candidate[]): DerivedTables {
  const tables = new Map<string, EntityTable>();
  const refused = new Map<string, string>();
  const nouns = new Set(candidates.map((c) => c.shape.noun));
  for (const noun of nouns) {
    const mine = candidates.filter((c) => c.shape.noun === noun);
    const writers = mine.filter((c) => c.shape.verb === "create" || c.shape.verb === "update");
    if (writers.length === 0) {
      refused.set(noun, `no create or update tool describes the fields of "${noun}"`);
      continue;
    }
    // An update alone says what may change, not what exists: it needs a read or delete beside it.
    if (!mine.some((c) => c.shape.verb !== "update")) {
      refused.set(noun, `"${noun}" has only an update tool: nothing reads, creates or deletes it`);
      continue;
    }
    const keyArgs = mine.map((c) => keyArgOf(c, undefined)).filter((f) => f !== undefined);
    const columns = new Map<string, Column>();
    const keyNames = new Set(keyArgs.map((k) => normalize(k.name)));
    for (const w of writers) {
      const batch = w.shape.verb === "create" ? batchItemsOf(w) : undefined;
      const fields = batch
        ? [...batch.items, ...fieldsOf(w.schema).filter((f) => f.name !== batch.arg.name)]
        : fieldsOf(w.schema);
      for (const f of fields) {
        if (w.shape.verb === "update" && keyNames.has(normalize(f.name))) continue;
        if (!columns.has(normalize(f.name)))
          columns.set(normalize(f.name), { name: f.name, kind: f.kind, schema: f.schema });
      }
    }
    const key = keyColumn(noun, keyArgs, columns);
    columns.delete(normalize(key.name));
    tables.set(noun, { name: noun, key, columns: [key, ...columns.values()] });
  }
  for (const [noun, table] of tables) {
    const key = normalize(table.key.name);
    const parent = [...tables.values()].find(
      (p) =>
        p !== table &&
        normalize(p.key.name) === key &&
        !["id", "name"].includes(key) &&
        key.startsWith(normalize(p.name)) &&
        !key.startsWith(normalize(noun)),
    );
    if (!parent) continue;
    // `block_children` or a `comment` keyed by `block_id`: the key names a block, so the tools
    // act on a part of a block, not on an entity of their own.
    tables.delete(noun);
    refused.set(
      noun,
      `"${noun}" is a part of ${parent.name} (same key ${parent.key.name}), not an entity of its own`,
    );
  }
  return { tables, refused };
}

function keyColumn(noun: string, keyArgs: readonly Field[], columns: Map<string, Column>): Column {
  const arg = keyArgs[0];
  if (arg === undefined)
    return (
      columns.get("id") ??
      columns.get("name") ?? { name: "id", kind: "text", schema: { type: "string" } }
    );
  const same = columns.get(normalize(arg.name));
  if (same && isScalar(same.kind)) return same;
  const suffix = suffixOf(noun, arg.name);
  const bySuffix = suffix ? columns.get(suffix) : undefined;
  if (bySuffix && isScalar(bySuffix.kind)) return bySuffix;
  if (arg.kind === "json") {
    const items = isJsonObject(arg.schema.items) ? arg.schema.items : { type: "string" };
    return { name: singular(arg.name), kind: kindOf(items), schema: items };
  }
  return { name: arg.name, kind: arg.kind, schema: arg.schema };
}

/** `issue_number` for noun `issue` -> `number`; `entityNames` for `entity` -> `name`. */
function suffixOf(noun: string, argName: string): string | undefined {
  const arg = normalize(singular(argName));
  for (const form of nounForms(noun))
    if (arg.startsWith(form) && arg.length > form.length) return arg.slice(form.length);
  return arg === "id" ? "id" : undefined;
}

function nounForms(noun: string): string[] {
  return [normalize(noun), ...noun.split("_").map(normalize)].filter((f) => f !== "");
}

/** The argument naming one row (or, for a batch delete, a list of rows). */
export function keyArgOf(c: Candidate, table: EntityTable | undefined): Field | undefined {
  if (c.shape.verb === "create" || c.shape.verb === "list" || c.shape.verb === "search")
    return undefined;
  const fields = fieldsOf(c.schema).filter((f) => f.required);
  const arrayOk = c.shape.verb === "delete";
  const usable = fields.filter((f) => isScalar(f.kind) || (arrayOk && isScalarArray(f)));
  const forms = nounForms(c.shape.noun);
  const named = usable.find((f) => {
    const n = normalize(f.kind === "json" ? singular(f.name) : f.name);
    if (n === "id") return true;
    if (table && n === normalize(table.key.name) && f.kind !== "json") return true;
    return forms.some((w) => ["id", "number", "num", "name", "key"].some((s) => n === `${w}${s}`));
  });
  if (named) return named;
  const idLike = usable.filter((f) => /(id|number)$/i.test(f.name) && isScalar(f.kind));
  return idLike.length === 1 ? idLike[0] : undefined;
}

function isScalarArray(f: Field): boolean {
  return f.kind === "json" && isJsonObject(f.schema.items) && isScalar(kindOf(f.schema.items));
}

/** `create_entities({entities: [{...}]})`: the one required array of objects named for the noun. */
export function batchItemsOf(c: Candidate): { arg: Field; items: Field[] } | undefined {
  const forms = nounForms(c.shape.noun);
  for (const f of fieldsOf(c.schema)) {
    const items = f.schema.items;
    if (!f.required || f.kind !== "json" || !isJsonObject(items)) continue;
    if (!isJsonObject(items.properties)) continue;
    if (!forms.includes(normalize(singular(f.name)))) continue;
    return { arg: f, items: fieldsOf(items) };
  }
  return undefined;
}

export function planTool(c: Candidate, table: EntityTable): PlanVerdict {
  const verb = c.shape.verb;
  const columns = new Map(table.columns.map((col) => [normalize(col.name), col]));
  const fields = fieldsOf(c.schema);
  const plan: ToolPlan = { candidate: c, table, scope: [], optional: [] };
  if (verb === "list" && !c.shape.plural && fields.some((f) => f.required)) {
    return {
      ok: false,
      reason: `it lists the contents of one ${table.name}, not ${table.name} rows`,
    };
  }
  const keyArg = keyArgOf(c, table);
  if (verb === "get" || verb === "update" || verb === "delete") {
    if (!keyArg) return { ok: false, reason: `no argument identifies one ${table.name}` };
    if (keyArg.kind === "json") plan.batchArg = keyArg;
    else plan.keyArg = keyArg;
  }
  const batch = verb === "create" ? batchItemsOf(c) : undefined;
  if (batch) plan.batchArg = batch.arg;
  for (const f of fields) {
    if (f.name === keyArg?.name || f.name === batch?.arg.name) continue;
    const n = normalize(f.name);
    if (verb === "search" && !plan.queryArg && f.kind === "text" && queryNames.has(n)) {
      plan.queryArg = f;
      continue;
    }
    if ((verb === "list" || verb === "search") && (f.kind === "integer" || f.kind === "real")) {
      if (limitNames.has(n) && !plan.limitArg) {
        plan.limitArg = f;
        continue;
      }
      if (n === "page" && !plan.pageArg) {
        plan.pageArg = f;
        continue;
      }
    }
    const col = columns.get(n);
    const usable =
      col !== undefined &&
      col.kind === f.kind &&
      (isScalar(f.kind) || verb === "create" || verb === "update");
    if (f.required && !usable) {
      return { ok: false, reason: `required argument "${f.name}" is not a field of ${table.name}` };
    }
    if (!usable) continue;
    if (f.required && verb !== "create") plan.scope.push(f);
    else plan.optional.push(f);
  }
  if (verb === "search" && !plan.queryArg)
    return { ok: false, reason: "no search-text argument (query, q, searchTerm)" };
  if (verb === "update" && plan.optional.length === 0)
    return { ok: false, reason: `it sets no field of ${table.name}` };
  return { ok: true, plan };
}
