// Tool arguments checked against the tool's input JSON Schema, on every call. @cfworker/json-schema
// runs without eval (Workers forbid it); compiled validators are cached per schema object.
import { type Schema, type SchemaDraft, Validator } from "@cfworker/json-schema";
import { type ArgumentError, readableErrors } from "./readable-errors";

export type { ArgumentError } from "./readable-errors";

export type ArgumentVerdict = { valid: true } | { valid: false; errors: ArgumentError[] };

interface Compiled {
  /** Stops at the first error: the fast path for the (common) valid call. */
  quick: Validator;
  /** Collects every error, built only once a call has failed. */
  full?: Validator;
  schema: Schema;
  draft: SchemaDraft;
}

const cache = new WeakMap<object, Compiled>();

/** Validates `args` against `schema`; the same schema object compiles once. */
export function validateArguments(schema: object, args: unknown): ArgumentVerdict {
  const compiled = compile(schema);
  if (compiled.quick.validate(args).valid) return { valid: true };
  compiled.full ??= new Validator(compiled.schema, compiled.draft, false);
  return { valid: false, errors: readableErrors(compiled.full.validate(args).errors, args) };
}

/**
 * Compiles (or fetches) the validator of `schema`. Throws when the library cannot dereference
 * it (a malformed `$id`, duplicate ids); `checkToolSchema` reports that as a problem instead.
 */
export function compile(schema: object): Compiled {
  const hit = cache.get(schema);
  if (hit) return hit;
  // A private copy: the library tags schema objects with hidden properties, and the caller's
  // object may be frozen or shared.
  const own = structuredClone(schema) as Schema;
  const draft = draftOf(own);
  const compiled: Compiled = { quick: new Validator(own, draft, true), schema: own, draft };
  cache.set(schema, compiled);
  return compiled;
}

const drafts: ReadonlyArray<[string, SchemaDraft]> = [
  ["draft-04", "4"],
  ["draft-07", "7"],
  ["2019-09", "2019-09"],
  ["2020-12", "2020-12"],
];

function draftOf(schema: Schema): SchemaDraft {
  const declared = typeof schema.$schema === "string" ? schema.$schema : "";
  for (const [marker, draft] of drafts) if (declared.includes(marker)) return draft;
  return "2020-12";
}
