// Naming a record the way a user would: "the customer named "Luís Gonçalves"" rather than
// "customer 33". A name is used only when it picks out one row (with a second attribute when the
// name is shared) and one of the environment's read tools finds the record by it, checked by
// calling the tool, so the agent can get from the words to the identifier. Otherwise the
// identifier stays (a record with no human-readable attribute, or none a tool searches by).

import type { Json } from "../base/json";
import type { SqlDatabase } from "../episode/sql-database";
import type { ToolRunner } from "../episode/tool-runner";
import { entityWords, identifierWords } from "./phrasing/phrasing-intent";
import { attributeWords, formatValue, selectionPhrase } from "./phrasing/phrasing-values";
import { fieldKey, wordsOf } from "./phrasing/words";
import { createRecordRows, type RowName } from "./record-rows";
import type { ToolField, ToolProfile } from "./tool-profile";

export interface RecordName {
  /** "the customer named "Luís Gonçalves"" */
  phrase: string;
  /** The read tool that finds it by these words. */
  lookup: string;
}

export interface RecordNamer {
  describe(
    tool: ToolProfile,
    input: ToolField,
    value: Json,
    runner: ToolRunner,
  ): RecordName | undefined;
}

const QUERY_KEYS = new Set(["query", "q", "search", "keyword", "term", "text", "name"]);
/** Lookup calls one description may make: each is a real tool call on the scratch state. */
const MAX_LOOKUPS = 6;

export function createRecordNamer(db: SqlDatabase, tools: readonly ToolProfile[]): RecordNamer {
  const rows = createRecordRows(db);
  const reads = tools.filter((t) => t.effect === "read");
  return {
    describe(tool, input, value, runner) {
      if (typeof value !== "string" && typeof value !== "number") return undefined;
      const key = rows.keyColumn(identifierEntity(input, tool), input);
      if (!key) return undefined;
      let calls = 0;
      for (const name of rows.names(key, value)) {
        for (const { lookup, args, listed } of lookupsFor(reads, name, key.table)) {
          if (calls++ >= MAX_LOOKUPS) return undefined;
          const outcome = runner.call(lookup.name, args);
          const keys = [input.key, key.columnKey];
          if (!outcome.ok || !finds(outcome.result, keys, value, name, listed)) continue;
          const noun = identifierEntity(input, tool);
          return { phrase: `the ${noun} ${namePhrase(name, noun)}`, lookup: lookup.name };
        }
      }
      return undefined;
    },
  };
}

/** The entity an identifier input names: `customerId` -> customer; a bare `id`: the tool's own. */
function identifierEntity(input: ToolField, tool: ToolProfile): string {
  return wordsOf(input.name).length > 1 ? identifierWords(input.name) : entityWords(tool.entity);
}

/** `named "Luís Gonçalves"`, `with email x@y.z`, `named Music and city Oslo`. */
export function namePhrase(name: RowName, entity: string): string {
  const head = selectionPhrase({ attr: name.attr, value: name.text }, entity);
  if (!name.also) return head;
  return `${head} and ${attributeWords(name.also.attr, entity)} ${formatValue(name.also.value)}`;
}

interface Lookup {
  lookup: ToolProfile;
  args: Record<string, Json>;
  /** A whole list read: the element must show the name itself. */
  listed: boolean;
}

/**
 * Read tools that find the record by its name: one taking the name (or a search text, or the first
 * or last part of a full name) and nothing else required, or a list with no required input.
 * Tools about the record's own entity come first.
 */
function lookupsFor(reads: readonly ToolProfile[], name: RowName, entity: string): Lookup[] {
  const out: Lookup[] = [];
  const [first, last] = name.text.split(" ");
  for (const lookup of reads) {
    const required = lookup.inputs.filter((i) => i.required);
    for (const by of lookup.inputs) {
      if (by.type !== "string" || by.identifier || by.enum || by.refers) continue;
      if (required.some((r) => r.name !== by.name)) continue;
      const part =
        name.columns.length === 2 && by.key.endsWith("firstname")
          ? first
          : name.columns.length === 2 && by.key.endsWith("lastname")
            ? last
            : undefined;
      const matches =
        part !== undefined ||
        by.key === name.key ||
        (QUERY_KEYS.has(by.key) && (name.key === "name" || name.key === "title")) ||
        (by.key.length >= 4 && name.key.endsWith(by.key));
      if (matches) {
        out.push({ lookup, args: { [by.name]: part ?? name.text }, listed: false });
      }
    }
    if (required.length === 0 && lookup.listPath !== undefined && lookup.inputs.length === 0) {
      out.push({ lookup, args: {}, listed: true });
    }
  }
  const own = (l: Lookup) => (fieldKey(l.lookup.entity) === fieldKey(entity) ? 0 : 1);
  return out.sort((a, b) => own(a) - own(b));
}

/**
 * Whether `result` holds an element whose key field is `value` (showing the shared name's second
 * attribute, and for a whole list read the name itself).
 */
function finds(
  result: Json,
  keys: readonly string[],
  value: string | number,
  name: RowName,
  listed: boolean,
): boolean {
  const visit = (node: Json): boolean => {
    if (Array.isArray(node)) return node.some(visit);
    if (node === null || typeof node !== "object") return false;
    const hit = Object.entries(node).some(
      ([k, v]) => keys.includes(fieldKey(k)) && (v === value || String(v) === String(value)),
    );
    const shown = !listed || Object.values(node).some((v) => v === name.text);
    if (hit && shown && (!name.also || hasAttribute(node, name.also.key, name.also.value))) {
      return true;
    }
    return Object.values(node).some(visit);
  };
  return visit(result);
}

function hasAttribute(node: { [key: string]: Json }, key: string, value: string | number): boolean {
  return Object.entries(node).some(([k, v]) => fieldKey(k) === key && v === value);
}
