// The condition a loop applies to each element: a numeric field above a round threshold taken from
// the data, or a text field equal to a value some elements have. Chosen so it keeps some elements
// but not all, which makes both the loop and the condition matter.
import type { Json } from "../../base/json";
import type { Prng } from "../../sandbox/determinism";
import { humanize } from "../phrasing/words";
import { access, lit } from "./program-code";
import { numbersOf, numericFields, textFields } from "./program-fields";
import type { ListSource } from "./program-list-source";
import { type JsonRecord, pick, shuffle, splitThreshold } from "./program-values";

export interface Condition {
  field: string;
  /** "a freight above 50" / "ship country \"France\"" for "that have ..." */
  phrase: string;
  /** "whose freight is above 50" */
  whose: string;
  /** The test on the element held in `itemVar`, as code. */
  code(itemVar: string): string;
  test(item: JsonRecord): boolean;
  /** The literal the condition compares with (it appears in the instruction). */
  value: Json;
}

/** A condition keeping between `minKept` and all but one of the elements; undefined if none. */
export function chooseCondition(
  rng: Prng,
  list: ListSource,
  minKept = 1,
  exclude: readonly string[] = [],
): Condition | undefined {
  const numeric = numericFields(list).filter((f) => !exclude.includes(f));
  const text = textFields(list).filter((f) => !exclude.includes(f));
  const kinds = shuffle(rng, ["numeric", "text"] as const);
  for (const kind of kinds) {
    for (const field of shuffle(rng, kind === "numeric" ? numeric : text)) {
      const condition =
        kind === "numeric"
          ? aboveCondition(rng, list, field, minKept)
          : equalCondition(rng, list, field, minKept);
      if (condition) return condition;
    }
  }
  return undefined;
}

function aboveCondition(
  rng: Prng,
  list: ListSource,
  field: string,
  minKept: number,
): Condition | undefined {
  const threshold = splitThreshold(rng, numbersOf(list.items, field), minKept);
  if (threshold === undefined) return undefined;
  const words = humanize(field);
  return {
    field,
    phrase: `a ${words} above ${threshold}`,
    whose: `whose ${words} is above ${threshold}`,
    code: (itemVar) => `${access(itemVar, field)} > ${lit(threshold)}`,
    test: (item) => (item[field] as number) > threshold,
    value: threshold,
  };
}

function equalCondition(
  rng: Prng,
  list: ListSource,
  field: string,
  minKept: number,
): Condition | undefined {
  const values = list.items.map((item) => item[field] as string);
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  // At least two elements share the value: a filter, not a way of naming one element.
  const fitting = [...counts]
    .filter(([, n]) => n >= Math.max(2, minKept) && n < values.length)
    .map(([v]) => v);
  const value = pick(rng, fitting.sort());
  if (value === undefined) return undefined;
  const words = humanize(field);
  const flag = flagState(values, value);
  return {
    field,
    phrase:
      flag === undefined ? `${words} "${value}"` : `the ${words} flag ${flag ? "set" : "not set"}`,
    whose:
      flag === undefined
        ? `whose ${words} is "${value}"`
        : `whose ${words} flag is ${flag ? "set" : "not set"}`,
    code: (itemVar) => `${access(itemVar, field)} === ${lit(value)}`,
    test: (item) => item[field] === value,
    value,
  };
}

const FLAG_PAIRS: readonly [string, string][] = [
  ["1", "0"],
  ["true", "false"],
  ["yes", "no"],
  ["y", "n"],
];

/**
 * Whether `value` means "set" when every value of the field is one side of a yes/no pair (a
 * flag stored as text, like Northwind's `Discontinued` "0"/"1"); undefined for other fields.
 * A user says "the discontinued flag set", not `discontinued "1"`.
 */
export function flagState(values: readonly string[], value: string): boolean | undefined {
  const lower = (v: string) => String(v).toLowerCase();
  const pair = FLAG_PAIRS.find(([yes, no]) => values.every((v) => [yes, no].includes(lower(v))));
  return pair ? lower(value) === pair[0] : undefined;
}
