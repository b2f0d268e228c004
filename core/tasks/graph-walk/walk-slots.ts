// Where in a call's arguments a walk put a value: a top-level argument (`customerId`) or a field
// of one element of an argument holding objects (`observations[0].entityName`, `parent.page_id`).
// Bindings and stated values are keyed by these slots, so nested references read earlier outputs
// the same way top-level ones do.
import type { Json } from "../../base/json";

export type SlotSegment = string | number;

/** `observations[0].entityName` -> ["observations", 0, "entityName"]; `customerId` -> ["customerId"]. */
export function parseSlot(slot: string): SlotSegment[] {
  const out: SlotSegment[] = [];
  for (const part of slot.split(".")) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) {
      out.push(part);
      continue;
    }
    if (match[1] !== "") out.push(match[1] as string);
    for (const index of (match[2] ?? "").matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

export function slotOf(segments: readonly SlotSegment[]): string {
  return segments
    .map((s, i) => (typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`))
    .join("");
}

/** The argument a slot lives in: `observations` for `observations[0].entityName`. */
export function slotArgument(slot: string): string {
  return String(parseSlot(slot)[0] ?? slot);
}

export function isNestedSlot(slot: string): boolean {
  return parseSlot(slot).length > 1;
}

export function readSlot(args: Record<string, Json>, slot: string): Json | undefined {
  let value: Json | undefined = args;
  for (const segment of parseSlot(slot)) {
    if (value === null || typeof value !== "object" || value === undefined) return undefined;
    value = Array.isArray(value)
      ? typeof segment === "number"
        ? value[segment]
        : undefined
      : typeof segment === "string"
        ? value[segment]
        : undefined;
  }
  return value;
}

/** A deep copy of `args` with the value at each of `slots` replaced by `replace(slot)`. */
export function mapSlots<T>(
  args: Record<string, Json>,
  slots: readonly string[],
  replace: (slot: string) => T,
): Record<string, Json | T> {
  const copy = structuredClone(args) as Record<string, Json | T>;
  for (const slot of slots) {
    const path = parseSlot(slot);
    let parent: unknown = copy;
    for (const segment of path.slice(0, -1)) {
      parent = (parent as Record<string | number, unknown> | undefined)?.[segment];
    }
    const last = path.at(-1);
    if (parent !== null && typeof parent === "object" && last !== undefined) {
      (parent as Record<string | number, unknown>)[last] = replace(slot);
    }
  }
  return copy;
}

/** `args` without the values at `slots` (what the user states once bound values are taken out). */
export function withoutSlots(args: Record<string, Json>, slots: readonly string[]): Json {
  const marker = {} as const;
  const mapped = mapSlots(args, slots, () => marker);
  const strip = (value: unknown): Json => {
    if (Array.isArray(value)) return value.filter((v) => v !== marker).map(strip);
    if (value !== null && typeof value === "object") {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(value)) if (v !== marker) out[k] = strip(v);
      return out;
    }
    return value as Json;
  };
  return strip(mapped);
}
