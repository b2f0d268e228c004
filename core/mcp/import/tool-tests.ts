// Seed rows for derived tables and unit tests for derived tools, both from the fixed-seed
// generator; expected results are computed here from the same rows the episode is seeded with.

import type { Json } from "../../base/json";
import { validateArguments } from "../../base/json-schema/validate-arguments";
import type { SqlValue, ToolTest } from "../../environment/spec";
import { exampleValue, type Random } from "../../surfaces/kit/seed-values";
import { isJsonObject, type JsonObject } from "../spec-schema";
import { fieldsOf } from "../tool-json-schema";
import { pluralOf } from "../tool-shape";
import type { Column, EntityTable, ToolPlan } from "./entities";
import { columnOf, textColumns } from "./tool-code";

export const SEED_ROWS = 12;

export function seedRows(table: EntityTable, rnd: Random): SqlValue[][] {
  return Array.from({ length: SEED_ROWS }, (_, i) =>
    table.columns.map((c) => {
      if (c === table.key)
        return c.kind === "text"
          ? `${String(exampleValue(c.schema, c.name, rnd))}-${i + 1}`
          : i + 1;
      return toSql(c, exampleValue(c.schema, c.name, rnd, true));
    }),
  );
}

function toSql(c: Column, v: Json): SqlValue {
  if (c.kind === "json") return JSON.stringify(v);
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number" || typeof v === "string" || v === null) return v;
  return JSON.stringify(v);
}

type Row = Record<string, Json>;

function decoded(table: EntityTable, values: readonly SqlValue[]): Row {
  const row: Row = {};
  table.columns.forEach((c, i) => {
    const v = values[i] ?? null;
    if (isJsonObject(v)) row[c.name] = null;
    else if (c.kind === "json" && typeof v === "string") row[c.name] = JSON.parse(v);
    else if (c.kind === "boolean" && typeof v === "number") row[c.name] = v === 1;
    else row[c.name] = v;
  });
  return row;
}

export type TestsVerdict = { ok: true; tests: ToolTest[] } | { ok: false; reason: string };

export function toolTests(
  plan: ToolPlan,
  rows: readonly SqlValue[][],
  rnd: Random,
  schema: JsonObject,
): TestsVerdict {
  const t = plan.table;
  const all = rows.map((r) => decoded(t, r));
  const row = all[0];
  if (row === undefined) return { ok: false, reason: "no seed rows" };
  const scopeArgs: JsonObject = {};
  for (const s of plan.scope) scopeArgs[s.name] = row[columnOf(t, s.name)] ?? null;
  const inScope = (r: Row) => plan.scope.every((s) => r[columnOf(t, s.name)] === scopeArgs[s.name]);
  const key = row[t.key.name] ?? null;
  const missing: Json = t.key.kind === "text" ? "missing-000" : 987654;
  const keyed = (k: Json): JsonObject =>
    plan.keyArg
      ? { ...scopeArgs, [plan.keyArg.name]: k }
      : { ...scopeArgs, [plan.batchArg?.name ?? "ids"]: [k] };
  const table = t.name;
  const tests: ToolTest[] = [];
  const notFound = (): ToolTest => ({
    name: `an unknown ${table} is not_found`,
    args: keyed(missing),
    expect: { match: "exact", error: { code: "not_found" } },
  });
  switch (plan.candidate.shape.verb) {
    case "get":
      tests.push(
        {
          name: `returns ${table} ${String(key)}`,
          args: keyed(key),
          expect: { result: row, match: "exact" },
        },
        notFound(),
      );
      break;
    case "list":
      tests.push({
        name: `lists ${pluralOf(table)}`,
        args: scopeArgs,
        expect: { result: { total: all.filter(inScope).length }, match: "subset" },
      });
      break;
    case "search": {
      const texts = textColumns(t);
      const word = texts
        .map((c) => String(row[c] ?? ""))
        .join(" ")
        .match(/[A-Za-z]{3,}/)?.[0];
      if (word === undefined || !plan.queryArg)
        return { ok: false, reason: "no searchable text in the seed rows" };
      const hits = all.filter(
        (r) =>
          inScope(r) &&
          texts.some((c) =>
            String(r[c] ?? "")
              .toLowerCase()
              .includes(word.toLowerCase()),
          ),
      );
      tests.push({
        name: `searches ${pluralOf(table)} for "${word}"`,
        args: { ...scopeArgs, [plan.queryArg.name]: word },
        expect: { result: { total: hits.length }, match: "subset" },
      });
      break;
    }
    case "create": {
      const args = exampleValue(plan.candidate.schema, "args", rnd, true);
      if (!isJsonObject(args)) return { ok: false, reason: "no example arguments" };
      const batch = plan.batchArg ? args[plan.batchArg.name] : undefined;
      const count = Array.isArray(batch) ? batch.length : 1;
      const subset: JsonObject = {};
      if (!plan.batchArg)
        for (const f of plan.optional)
          if (args[f.name] !== undefined) subset[columnOf(t, f.name)] = args[f.name] ?? null;
      const expect: ToolTest["expect"] = {
        match: "subset",
        changes: { [table]: { inserted: count, updated: 0, deleted: 0 } },
      };
      if (!plan.batchArg) expect.result = subset;
      tests.push({ name: `creates a new ${table.replace(/_/g, " ")}`, args, expect });
      break;
    }
    case "update": {
      const field = plan.optional.find((f) => f.kind !== "json") ?? plan.optional[0];
      if (!field) return { ok: false, reason: "no field to update" };
      const current = row[columnOf(t, field.name)] ?? null;
      const value = differentValue(field.schema, field.name, rnd, current);
      tests.push(
        {
          name: `updates ${table} ${String(key)}`,
          args: { ...keyed(key), [field.name]: value },
          expect: {
            match: "subset",
            result: { [columnOf(t, field.name)]: value },
            changes: { [table]: { inserted: 0, updated: 1, deleted: 0 } },
          },
        },
        notFound(),
      );
      break;
    }
    case "delete":
      tests.push(
        {
          name: `deletes ${table} ${String(key)}`,
          args: keyed(key),
          expect: { match: "exact", changes: { [table]: { inserted: 0, updated: 0, deleted: 1 } } },
        },
        notFound(),
      );
      break;
  }
  for (const test of tests) {
    const verdict = validateArguments(schema, test.args);
    if (!verdict.valid) {
      const first = verdict.errors[0];
      return {
        ok: false,
        reason: `could not build test arguments valid for its inputSchema (${test.name}: ${first ? JSON.stringify(first) : "invalid"})`,
      };
    }
  }
  return { ok: true, tests };
}

export function batchItemNames(plan: ToolPlan): string[] {
  const items = plan.batchArg?.schema.items;
  return plan.candidate.shape.verb === "create" && isJsonObject(items)
    ? fieldsOf(items).map((f) => f.name)
    : [];
}

/** A new value for an update test: one equal to the current value would change no row. */
function differentValue(schema: JsonObject, name: string, rnd: Random, current: Json): Json {
  if (typeof current === "boolean" && (schema.type === "boolean" || schema.type === undefined))
    return !current;
  let value = exampleValue(schema, name, rnd, true);
  for (let i = 0; i < 8 && JSON.stringify(value) === JSON.stringify(current); i++) {
    value = exampleValue(schema, name, rnd, true);
  }
  return value;
}
