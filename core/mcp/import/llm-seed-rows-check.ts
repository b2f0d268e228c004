// Reads the LLM's seed-row answer and checks each table's rows on their own (one bad table does not
// sink the others): the row count within bounds, every column present and no other, each value of
// its column's kind and valid for the tool schema it came from (enums, formats, bounds), texts of a
// sane length, keys unique and never null. Good rows come out as SQL values in column order.
import { z } from "zod";
import type { Json } from "../../base/json";
import { validateArguments } from "../../base/json-schema/validate-arguments";
import type { SqlValue } from "../../environment/spec";
import { isJsonObject, type JsonObject } from "../spec-schema";
import type { Column, EntityTable } from "./entities";
import {
  MAX_JSON_CHARS,
  MAX_KEY_CHARS,
  MAX_LLM_ROWS,
  MAX_TEXT_CHARS,
  MIN_LLM_ROWS,
} from "./llm-seed-rows-prompt";

const AnswerSchema = z.object({ tables: z.record(z.string(), z.unknown()) });

export type ParsedSeedRows =
  | { ok: true; tables: Record<string, unknown> }
  | { ok: false; problem: string };

export function parseSeedRowsAnswer(content: string): ParsedSeedRows {
  let json: unknown;
  try {
    json = JSON.parse(unfenced(content));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, problem: `the answer is not JSON (${why}): ${content.slice(0, 200)}` };
  }
  const answer = AnswerSchema.safeParse(json);
  if (!answer.success)
    return { ok: false, problem: 'the answer is JSON but not of the form {"tables": {...}}' };
  return { ok: true, tables: answer.data.tables };
}

export type TableVerdict = { ok: true; rows: SqlValue[][] } | { ok: false; reason: string };

export function checkTableRows(table: EntityTable, answered: unknown): TableVerdict {
  const refuse = (reason: string): TableVerdict => ({ ok: false, reason });
  if (answered === undefined) return refuse("the answer has no rows for this table");
  if (!Array.isArray(answered)) return refuse("the answer's rows for this table are not a list");
  if (answered.length < MIN_LLM_ROWS)
    return refuse(`${answered.length} row(s); at least ${MIN_LLM_ROWS} are needed`);
  if (answered.length > MAX_LLM_ROWS)
    return refuse(`${answered.length} rows; the cap is ${MAX_LLM_ROWS}`);
  const names = new Set(table.columns.map((c) => c.name));
  const keys = new Map<string, number>();
  const rows: SqlValue[][] = [];
  for (const [i, row] of answered.entries()) {
    const at = `row ${i + 1}`;
    if (!isJsonObject(row)) return refuse(`${at} is not an object`);
    const extra = Object.keys(row).find((name) => !names.has(name));
    if (extra !== undefined) return refuse(`${at} has "${extra}", which is not a column`);
    const values: SqlValue[] = [];
    for (const column of table.columns) {
      if (!(column.name in row)) return refuse(`${at} lacks the column "${column.name}"`);
      const value = row[column.name] ?? null;
      const problem = valueProblem(column, value, column === table.key);
      if (problem) return refuse(`${at}, column "${column.name}": ${problem}`);
      values.push(toSql(column, value));
    }
    const key = JSON.stringify(row[table.key.name]);
    const first = keys.get(key);
    if (first !== undefined)
      return refuse(`rows ${first} and ${i + 1} have the same key ${table.key.name} = ${key}`);
    keys.set(key, i + 1);
    rows.push(values);
  }
  return { ok: true, rows };
}

function valueProblem(column: Column, value: Json, key: boolean): string | undefined {
  if (value === null) return key ? "a key may not be null" : undefined;
  const shown = clip(JSON.stringify(value), 80);
  switch (column.kind) {
    case "text":
      if (typeof value !== "string") return `${shown} is not a string`;
      if (key && value.trim() === "") return "a key may not be empty";
      // SQLite drivers may cut a text at NUL, and the stored row would differ from the tests'.
      if (value.includes("\u0000")) return "a text with a NUL character";
      if (value.length > (key ? MAX_KEY_CHARS : MAX_TEXT_CHARS))
        return `a text of ${value.length} characters (at most ${key ? MAX_KEY_CHARS : MAX_TEXT_CHARS})`;
      break;
    case "integer":
      if (!Number.isSafeInteger(value)) return `${shown} is not a whole number`;
      break;
    case "real":
      // A numeric key is stored as a whole number (new ones are MAX + 1).
      if (key && !Number.isSafeInteger(value)) return `${shown} is not a whole number`;
      if (typeof value !== "number" || !Number.isFinite(value)) return `${shown} is not a number`;
      break;
    case "boolean":
      if (typeof value !== "boolean") return `${shown} is not true or false`;
      break;
    case "json":
      if (JSON.stringify(value).length > MAX_JSON_CHARS)
        return `a JSON value of more than ${MAX_JSON_CHARS} characters`;
      break;
  }
  let verdict: ReturnType<typeof validateArguments>;
  try {
    verdict = validateArguments(schemaOf(column), { value });
  } catch {
    return "the tool's schema for this column cannot be checked";
  }
  if (verdict.valid) return undefined;
  const first = verdict.errors[0];
  const where = first && first.path !== "/value" ? ` at ${first.path.replace(/^\/value/, "")}` : "";
  return `${shown} does not fit the tool's schema${where}: ${first?.message ?? "invalid"}`;
}

/** One wrapper per column schema, so the validator compiles each schema once. */
const wrappers = new WeakMap<JsonObject, object>();

function schemaOf(column: Column): object {
  let wrapper = wrappers.get(column.schema);
  if (!wrapper) {
    wrapper = { type: "object", properties: { value: column.schema } };
    wrappers.set(column.schema, wrapper);
  }
  return wrapper;
}

function toSql(column: Column, value: Json): SqlValue {
  if (value === null) return null;
  if (column.kind === "json") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number" || typeof value === "string") return value;
  return JSON.stringify(value);
}

/** The JSON inside a Markdown code fence, if the answer has one; else the text. */
function unfenced(content: string): string {
  const fenced = /```(?:json|JSON)?\s*\n([\s\S]*?)\n?```/.exec(content);
  return (fenced?.[1] ?? content).trim();
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
