// The arguments of a write as the sentence names them: each top-level argument, except that a
// single element of the tool's own entity (`entities: [{name, entityType}]` of create_entities,
// `observations: [{entityName, contents}]`) is read field by field, so the sentence says "create an
// entity named X with type Y" and "add an observation ... to the new entity" rather than
// quoting the structure. A part is a reference when it names a record (an identifier, an input
// whose description names another entity's record, or a value read from an earlier result).
import type { Json } from "../../base/json";
import { looksLikeIdentifier } from "../graph-walk/graph-paths";
import type { WalkStep } from "../graph-walk/graph-step";
import { slotOf } from "../graph-walk/walk-slots";
import type { ToolField } from "../tool-profile";
import { article, attributeWords, formatValue } from "./phrasing-values";
import { fieldKey, listPhrase } from "./words";

export interface ArgPart {
  /** Where the value is: `customerId`, `observations[0].entityName`. */
  slot: string;
  name: string;
  value: Json;
  field?: ToolField;
  /** The user states it (it is not read from an earlier result). */
  stated: boolean;
  ref: boolean;
}

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function isReferenceField(field: ToolField | undefined, name: string): boolean {
  return field?.identifier === true || field?.refers !== undefined || looksLikeIdentifier(name);
}

/** The one element of the tool's own entity an argument holds, and its slot prefix. */
function ownElement(
  step: WalkStep,
  input: ToolField,
): { element: Json; prefix: (string | number)[] } | undefined {
  if (!input.items || fieldKey(input.name) !== fieldKey(step.profile.entity)) return undefined;
  const value = step.args[input.name];
  if (isRecord(value)) return { element: value, prefix: [input.name] };
  if (Array.isArray(value) && value.length === 1 && isRecord(value[0])) {
    return { element: value[0], prefix: [input.name, 0] };
  }
  return undefined;
}

export function argParts(step: WalkStep): ArgPart[] {
  const out: ArgPart[] = [];
  for (const input of step.profile.inputs) {
    const value = step.args[input.name];
    if (value === undefined) continue;
    const stated = step.known.includes(input.name);
    const own = ownElement(step, input);
    if (own && isRecord(own.element)) {
      for (const [name, v] of Object.entries(own.element)) {
        const field = input.items?.find((f) => f.name === name);
        const slot = slotOf([...own.prefix, name]);
        const bound = slot in step.bound;
        out.push({
          slot,
          name,
          value: v,
          ...(field ? { field } : {}),
          stated: stated && !bound,
          ref: bound || isReferenceField(field, name),
        });
      }
      continue;
    }
    const bound = input.name in step.bound;
    out.push({
      slot: input.name,
      name: input.name,
      value,
      field: input,
      stated: stated && !bound,
      ref: bound || isReferenceField(input, input.name),
    });
  }
  return out;
}

/** What an add puts in: `reaction "x"`, `an observation with contents "y"`; `` with no fields. */
export function addedThing(
  entity: string,
  fields: readonly { name: string; text: string; value: Json }[],
): string {
  const [only] = fields;
  if (!only) return "";
  if (fields.length === 1 && attributeWords(only.name, entity) === entity) {
    return `${entity} ${formatValue(only.value)}`;
  }
  return `${article(entity)} with ${listPhrase(fields.map((f) => f.text))}`;
}
