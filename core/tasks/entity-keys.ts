// Natural keys: identifiers known by what the tools do, not by how they are named. A lookup that
// returns one record of an entity for a single required input, and shows that input among the
// record's fields (`get_airline(carrier)` -> `{carrier, name}`), declares the input the entity's
// key; a field anywhere of the same key name holds that entity's key, and so does one named
// `<entity> <key>` (`ship_hull`) or an input whose profile says it takes that key (`origin`, "the
// origin's faa"). Names that already read as identifiers (`customerId`) keep their name rule.

import { fieldKey, singular, wordsOf } from "./phrasing/words";
import type { EntityKey, EntityKeys, ToolField, ToolProfile } from "./tool-profile";

export type { EntityKey, EntityKeys };

/** Verbs of a lookup: a read that returns one record. */
const LOOKUP_VERBS = new Set(["get", "read", "retrieve", "fetch", "describe", "find"]);
/**
 * Attributes a user says to name a record: they stay plain values even when they key a lookup,
 * since hiding them would leave nothing to name the record by.
 */
const SAID_ATTRS = new Set(["name", "title", "email", "username", "label"]);
const PAGING = new Set(["limit", "offset", "page", "pagesize", "perpage", "cursor"]);

/**
 * The natural keys of a tool set. `isIdentifierName` is the name rule; inputs it already accepts
 * are not natural keys (their entity is known from the name).
 */
export function entityKeys(
  profiles: readonly ToolProfile[],
  isIdentifierName: (name: string) => boolean,
): Map<string, EntityKey> {
  const keys = lookupKeys(profiles, isIdentifierName);
  for (const profile of profiles) {
    for (const field of [...profile.inputs, ...profile.outputs]) {
      if (keys.has(field.key)) continue;
      const key = referencedKey(field, keys);
      if (key) keys.set(field.key, key);
    }
  }
  return keys;
}

/** `get_<entity>(key)` lookups; a key name two entities claim names neither. */
function lookupKeys(
  profiles: readonly ToolProfile[],
  isIdentifierName: (name: string) => boolean,
): Map<string, EntityKey> {
  const found = new Map<string, EntityKey | null>();
  for (const profile of profiles) {
    const input = lookupInput(profile);
    if (!input || isIdentifierName(input.name) || SAID_ATTRS.has(input.key)) continue;
    const claimed = found.get(input.key);
    const key = { entity: profile.entity, attr: input.name };
    if (claimed === undefined) found.set(input.key, key);
    else if (claimed !== null && claimed.entity !== key.entity) found.set(input.key, null);
  }
  const keys = new Map<string, EntityKey>();
  for (const [name, key] of found) if (key) keys.set(name, key);
  return keys;
}

/** The one required input of a single-record lookup named for its entity, echoed in the record. */
function lookupInput(profile: ToolProfile): ToolField | undefined {
  if (profile.effect !== "read" || !LOOKUP_VERBS.has(profile.verb) || profile.owner) return;
  if (profile.entity === "" || profile.listPath !== undefined || !namesOnly(profile)) return;
  const required = profile.inputs.filter((i) => i.required === true && !PAGING.has(i.key));
  const only = required[0];
  if (required.length !== 1 || !only || (only.type !== "string" && only.type !== "integer")) return;
  const echoed = profile.outputs.some((o) => o.path === o.name && o.key === only.key);
  return echoed ? only : undefined;
}

/** `get_airline`, `hubspot_get_property`: the name ends with the verb and the entity, nothing more. */
function namesOnly(profile: ToolProfile): boolean {
  const words = wordsOf(profile.name);
  const entity = profile.entity.split(" ");
  const tail = words.slice(-entity.length);
  const last = tail.length - 1;
  return (
    words[words.length - entity.length - 1] === profile.verb &&
    tail.every((w, i) => (i === last ? singular(w) : w) === entity[i])
  );
}

/** A field that names a keyed entity's record: its input reference, or `<entity> <key>`. */
function referencedKey(field: ToolField, keys: EntityKeys): EntityKey | undefined {
  const refers = field.refers;
  if (refers) {
    const key = keys.get(fieldKey(refers.attr));
    if (key && key.entity === refers.entity) return key;
  }
  for (const key of keys.values()) {
    if (field.key === fieldKey(`${key.entity} ${key.attr}`)) return key;
  }
  return undefined;
}

/**
 * The keyed entity a description says an input takes the key of: "the origin's faa" ends with
 * airport's key `faa`; "faa of the origin" starts with it.
 */
export function describedKey(
  description: string | undefined,
  keys: EntityKeys,
): EntityKey | undefined {
  if (!description) return undefined;
  const words = wordsOf(description.split(/[.\n;(]/)[0] ?? "");
  const start = words[0] === "the" ? 1 : 0;
  const candidates = [words[words.length - 1], words[start + 1] === "of" ? words[start] : ""];
  for (const word of candidates) {
    const key = word ? keys.get(fieldKey(word)) : undefined;
    if (key) return key;
  }
  return undefined;
}

/** A raw field name (a key of a record) that holds a natural key. */
export function isKeyName(keys: EntityKeys | undefined, name: string): boolean {
  return keys?.has(fieldKey(name)) === true;
}
