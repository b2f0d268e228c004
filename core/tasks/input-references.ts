// Inputs that name a record of another entity by what their description says, not by their name:
// Slack's `timestamp` is "The timestamp of the message to react to", memory's `from` is "The name
// of the entity where the relation starts". Such an input takes that record's key, so a walk can
// feed it from the call that made or found the record.

import { singular, wordsOf } from "./phrasing/words";
import type { InputReference } from "./tool-profile";

/** Attributes that name a record rather than describe it. */
const NAMING_ATTRS = new Set([
  "id",
  "identifier",
  "key",
  "name",
  "title",
  "number",
  "timestamp",
  "ts",
  "slug",
  "handle",
]);

/**
 * The entity and attribute `description` says the input names, when the entity is one of
 * `entities` (other than the tool's own): "The timestamp of the message ..." -> message/timestamp,
 * "Repository name" -> repository/name.
 */
export function describedReference(
  description: string | undefined,
  entities: ReadonlySet<string>,
  own: string,
): InputReference | undefined {
  if (!description) return undefined;
  const first = description.split(/[.\n;(]/)[0] ?? "";
  const words = wordsOf(first);
  const known = [...entities]
    .filter((e) => e !== "" && e !== own)
    .sort((a, b) => b.split(" ").length - a.split(" ").length);
  const entityAt = (at: number): string | undefined =>
    known.find((e) => {
      const parts = e.split(" ");
      return parts.every((p, i) => {
        const word = words[at + i];
        return word !== undefined && (word === p || singular(word) === p);
      });
    });
  // "[the] <attr> of [the|a|an] <entity> ..."
  const of = words.indexOf("of");
  if (of > 0 && of <= 3) {
    const attr = words[of - 1] ?? "";
    let at = of + 1;
    if (["the", "a", "an", "this", "that"].includes(words[at] ?? "")) at++;
    const entity = entityAt(at);
    if (entity && NAMING_ATTRS.has(attr)) return { entity, attr };
  }
  // "[the] <entity> <attr>": "Repository name", "The issue number".
  const start = words[0] === "the" ? 1 : 0;
  const entity = entityAt(start);
  if (entity) {
    const attr = words[start + entity.split(" ").length] ?? "";
    if (NAMING_ATTRS.has(attr)) return { entity, attr };
  }
  return undefined;
}
