// Profiles every tool of an environment: inputs from the input schema; outputs from the output
// schema, or else from the results the tool's passing tests expect (most tools have no output
// schema, and a test's result is what the tool really returns); verb, entity and owner from the
// name. Field order follows the schema or the first result that shows the field.

import type { Json } from "../base/json";
import type { ToolSpec } from "../environment/spec";
import { describedKey, type EntityKeys, entityKeys } from "./entity-keys";
import { describedReference } from "./input-references";
import { fieldKey, wordsOf } from "./phrasing/words";
import { knownEntities, type NameParts, parseToolName } from "./tool-name-parts";
import type { FieldType, ToolField, ToolProfile } from "./tool-profile";

/** What profiling reads of a tool; a catalog row (null output schema) fits as well as a spec. */
export type ProfiledTool = Pick<ToolSpec, "name" | "description" | "inputSchema" | "effect"> & {
  outputSchema?: ToolSpec["outputSchema"] | null;
  tests: readonly Pick<ToolSpec["tests"][number], "args" | "expect">[];
};

const IDENTIFIER_WORDS = new Set(["id", "ids", "key", "keys", "code", "codes", "sku", "skus"]);
/** Address parts that end in `code` but name no record. */
const NOT_IDENTIFIERS = new Set(["postalcode", "zipcode"]);
const NUMBER_WORDS = new Set(["number", "numbers", "no", "num"]);
const FIELD_TYPES = new Set<string>(["string", "integer", "number", "boolean", "array", "object"]);

export function profileTools(tools: readonly ProfiledTool[]): ToolProfile[] {
  const known = knownEntities(tools.map((t) => t.name));
  const named = tools.map((tool) => {
    const inputKeys = Object.keys(asObject(tool.inputSchema.properties) ?? {}).map(fieldKey);
    return parseToolName(tool.name, known, new Set(inputKeys));
  });
  const entities = new Set(named.map((p) => p.entity).filter((e) => e !== ""));
  const byName = (name: string) => isIdentifierName(name, entities);
  // Natural keys need the lookups' records first; descriptions may then name those keys.
  const lookups = entityKeys(profileWith(tools, named, entities, new Map()), byName);
  const profiles = profileWith(tools, named, entities, lookups);
  markKeys(profiles, entityKeys(profiles, byName));
  return profiles;
}

function profileWith(
  tools: readonly ProfiledTool[],
  named: readonly NameParts[],
  entities: ReadonlySet<string>,
  keys: EntityKeys,
): ToolProfile[] {
  const makeField = (path: string, name: string, type: FieldType): ToolField => ({
    path,
    name,
    key: fieldKey(name),
    type,
    identifier: isIdentifierName(name, entities),
  });
  return tools.map((tool, i) => {
    const parts = named[i] ?? { verb: "", entity: "" };
    const inputs = inputFields(tool.inputSchema, makeField, (description) => {
      const described = describedReference(description, entities, parts.entity);
      if (described) return described;
      const key = describedKey(description, keys);
      return key && key.entity !== parts.entity ? key : undefined;
    });
    const { fields: outputs, rootIsArray } = tool.outputSchema
      ? schemaOutputs(tool.outputSchema, makeField)
      : testOutputs(tool.tests, makeField);
    const profile: ToolProfile = {
      name: tool.name,
      description: tool.description,
      effect: tool.effect,
      verb: parts.verb,
      entity: parts.entity,
      inputs,
      outputs,
    };
    if (parts.owner) profile.owner = parts.owner;
    const listPath = rootIsArray ? "" : mainArray(outputs, parts.entity);
    if (listPath !== undefined) profile.listPath = listPath;
    return profile;
  });
}

/**
 * Every field holding a natural key is an identifier; an input of another entity's tool that takes
 * one refers to that entity's record (`carrier` of a flight tool -> airline).
 */
function markKeys(profiles: ToolProfile[], keys: EntityKeys): void {
  for (const profile of profiles) {
    // A group's value matches as the key it groups by (`origin`), so it can feed that key.
    const group = groupValue(profile);
    if (group && keys.has(group.by)) group.field.key = group.by;
    const inputs = profile.inputs.flatMap((i) => [i, ...(i.items ?? [])]);
    for (const field of [...inputs, ...profile.outputs]) {
      const key = keys.get(field.key);
      if (!key) continue;
      field.identifier = true;
      if (inputs.includes(field) && !field.refers && key.entity !== profile.entity) {
        field.refers = { entity: key.entity, attr: key.attr };
      }
    }
  }
}

/** `groups[].value` of a tool named `..._by_<field>`: each group's value is one `<field>`. */
function groupValue(profile: ToolProfile): { field: ToolField; by: string } | undefined {
  const words = wordsOf(profile.name);
  const at = words.lastIndexOf("by");
  const list = profile.listPath;
  if (at < 1 || at === words.length - 1 || list === undefined) return undefined;
  const path = list === "" ? "[].value" : `${list}[].value`;
  const field = profile.outputs.find((o) => o.path === path);
  return field && { field, by: fieldKey(words.slice(at + 1).join(" ")) };
}

/**
 * `customerId`, `trackIds`, `ProductCode`: ends in id/key/code/sku; `issue_number`: a number
 * named after an entity of the collection (`issue`), which is how MCP servers name their keys.
 */
export function isIdentifierName(name: string, entities: ReadonlySet<string>): boolean {
  const words = wordsOf(name);
  const last = words[words.length - 1] ?? "";
  if (NOT_IDENTIFIERS.has(words.join(""))) return false;
  if (IDENTIFIER_WORDS.has(last)) return true;
  if (!NUMBER_WORDS.has(last) || words.length < 2) return false;
  const prefix = words.slice(0, -1).join(" ");
  return [...entities].some((e) => e === prefix || e.startsWith(`${prefix} `));
}

type MakeField = (path: string, name: string, type: FieldType) => ToolField;

type Refers = (description: string | undefined) => ToolField["refers"];

/** Top-level arguments; the fields of an object (or of each element of an array of objects). */
function inputFields(
  schema: Record<string, Json>,
  makeField: MakeField,
  refers: Refers,
  parent = "",
): ToolField[] {
  const properties = asObject(schema.properties) ?? {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.entries(properties).map(([name, property]) => {
    const type = schemaType(property);
    const field = makeField(parent === "" ? name : `${parent}.${name}`, name, type);
    field.required = required.has(name);
    const node = asObject(property);
    if (type === "array") field.itemType = schemaType(node?.items ?? null);
    if (Array.isArray(node?.enum)) field.enum = node.enum;
    if (typeof node?.description === "string") {
      const reference = refers(node.description);
      if (reference) field.refers = reference;
    }
    // One level of nesting: the elements a walk builds and binds (`lines[].trackId`).
    const element =
      parent !== ""
        ? undefined
        : type === "object"
          ? node
          : type === "array" && field.itemType === "object"
            ? asObject(node?.items ?? null)
            : undefined;
    if (element && asObject(element.properties)) {
      const base = type === "array" ? `${name}[]` : name;
      field.items = inputFields(element, makeField, refers, base);
    }
    return field;
  });
}

function schemaOutputs(
  schema: Record<string, Json>,
  makeField: MakeField,
): { fields: ToolField[]; rootIsArray: boolean } {
  const fields: ToolField[] = [];
  const visit = (node: Json, path: string, name: string): void => {
    const type = schemaType(node);
    const object = asObject(node);
    if (path !== "") fields.push(makeField(path, name, type));
    if (type === "object") {
      for (const [key, child] of Object.entries(asObject(object?.properties) ?? {})) {
        visit(child, join(path, key), key);
      }
    } else if (type === "array") {
      const items = object?.items ?? null;
      const itemType = schemaType(items);
      const field = fields[fields.length - 1];
      if (path !== "" && field) field.itemType = itemType;
      if (itemType === "object") {
        for (const [key, child] of Object.entries(asObject(asObject(items)?.properties) ?? {})) {
          visit(child, join(`${path}[]`, key), key);
        }
      }
    }
  };
  visit(schema, "", "");
  return { fields, rootIsArray: schemaType(schema) === "array" };
}

interface Seen {
  name: string;
  types: Set<FieldType>;
  itemTypes: Set<FieldType>;
}

function testOutputs(
  tests: ProfiledTool["tests"],
  makeField: MakeField,
): { fields: ToolField[]; rootIsArray: boolean } {
  const seen = new Map<string, Seen>();
  let rootIsArray = false;
  const record = (path: string, name: string, value: Json): Seen => {
    const entry = seen.get(path) ?? { name, types: new Set(), itemTypes: new Set() };
    seen.set(path, entry);
    entry.types.add(jsonType(value));
    return entry;
  };
  const visit = (value: Json, path: string, name: string): void => {
    const entry = path === "" ? undefined : record(path, name, value);
    if (Array.isArray(value)) {
      for (const element of value) {
        entry?.itemTypes.add(jsonType(element));
        if (isObject(element)) visit(element, `${path}[]`, name);
      }
    } else if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) visit(child, join(path, key), key);
    }
  };
  for (const test of tests) {
    const result = test.expect.result;
    if (test.expect.error || result === undefined) continue;
    if (Array.isArray(result)) rootIsArray = true;
    visit(result, "", "");
  }
  const fields = [...seen.entries()]
    .filter(([path]) => !path.endsWith("[]"))
    .map(([path, s]) => {
      const type = mergeTypes(s.types);
      const field = makeField(path, s.name, type);
      if (type === "array" && s.itemTypes.size > 0) field.itemType = mergeTypes(s.itemTypes);
      return field;
    });
  return { fields, rootIsArray };
}

/** The shallowest array of objects, preferring one named for the entity (`tracks`). */
function mainArray(outputs: readonly ToolField[], entity: string): string | undefined {
  const lists = outputs.filter(
    (f) => f.type === "array" && f.itemType === "object" && !f.path.includes("[]"),
  );
  const depth = (f: ToolField) => f.path.split(".").length;
  const shallowest = Math.min(...lists.map(depth));
  const candidates = lists.filter((f) => depth(f) === shallowest);
  const named = candidates.find((f) => f.key === fieldKey(entity));
  return (named ?? candidates[0])?.path;
}

function schemaType(node: Json): FieldType {
  const object = asObject(node);
  if (!object) return "unknown";
  const declared = Array.isArray(object.type) ? object.type.find((t) => t !== "null") : object.type;
  if (typeof declared === "string")
    return FIELD_TYPES.has(declared) ? (declared as FieldType) : "unknown";
  for (const key of ["anyOf", "oneOf"]) {
    const options = object[key];
    if (!Array.isArray(options)) continue;
    const types = options.map(schemaType).filter((t) => t !== "null" && t !== "unknown");
    if (types[0]) return types[0];
  }
  if (Array.isArray(object.enum) && object.enum.length > 0) return jsonType(object.enum[0] ?? null);
  if (object.properties) return "object";
  if (object.items) return "array";
  return "unknown";
}

function jsonType(value: Json): FieldType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return "object";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "string") return "string";
  return "boolean";
}

/** Null alone stays null; integer with number is number; other mixes are unknown. */
function mergeTypes(types: ReadonlySet<FieldType>): FieldType {
  const concrete = [...types].filter((t) => t !== "null");
  if (concrete.length === 0) return types.has("null") ? "null" : "unknown";
  const distinct = new Set(concrete);
  if (distinct.size === 1) return concrete[0] ?? "unknown";
  if (distinct.size === 2 && distinct.has("integer") && distinct.has("number")) return "number";
  return "unknown";
}

function join(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function asObject(value: Json | undefined): { [key: string]: Json } | undefined {
  return value !== undefined && isObject(value) ? value : undefined;
}
