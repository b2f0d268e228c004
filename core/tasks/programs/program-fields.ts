// The fields of a list's elements a condition or an aggregate can use: numbers that vary, short
// texts that repeat, never identifiers (a condition on an id is not something a user asks).
import type { Json } from "../../base/json";
import type { AnswerMatch } from "../task";
import type { ToolProfile } from "../tool-profile";
import { listItemPath } from "./program-anchor";
import type { ListSource } from "./program-list-source";
import { type JsonRecord, looksLikeIdentifier } from "./program-values";

/** Whether `name` on the elements of `tool`'s list is an identifier. */
export function isIdentifierField(tool: ToolProfile, name: string): boolean {
  const path = listItemPath(tool.listPath ?? "", name);
  const profiled = tool.outputs.find((o) => o.path === path || o.path === name);
  return looksLikeIdentifier(name) || profiled?.identifier === true;
}

function fieldNames(list: ListSource): string[] {
  const first = list.items[0];
  return first ? Object.keys(first).filter((n) => !isIdentifierField(list.tool, n)) : [];
}

/** Numeric fields set on every element, with at least two distinct values. */
export function numericFields(list: ListSource): string[] {
  return fieldNames(list).filter((name) => {
    const values = list.items.map((item) => item[name]);
    if (!values.every((v) => typeof v === "number" && Number.isFinite(v))) return false;
    return new Set(values).size >= 2;
  });
}

/** Short text fields set on every element, with at least two distinct values. */
export function textFields(list: ListSource): string[] {
  return fieldNames(list).filter((name) => {
    const values = list.items.map((item) => item[name]);
    if (!values.every((v) => typeof v === "string" && v.trim() !== "" && v.length <= 40)) {
      return false;
    }
    return new Set(values).size >= 2;
  });
}

export function numbersOf(items: readonly JsonRecord[], name: string): number[] {
  return items.map((item) => item[name]).filter((v): v is number => typeof v === "number");
}

/** Exact for texts, numeric (relative 1e-6) for numbers, set for arrays. */
export function matchFor(value: Json): AnswerMatch {
  if (typeof value === "number") return { kind: "numeric", tolerance: 1e-6 };
  if (Array.isArray(value)) return { kind: "set" };
  return { kind: "exact" };
}
