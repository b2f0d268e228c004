// Enum lookups with structured content: a tool whose only property is a required string enum
// (at most 50 values) and whose outputSchema is an object of scalar properties (`get-structured-
// content {location}` -> {temperature, conditions, humidity}). Each enum value is a row of
// `utility_<arg>_lookup` holding the output's fields: the reference server's weather for its
// cities where known, else seeded values of the declared types. The answer is the reference
// server's: the object as JSON text plus the same object as `structuredContent`.

import type { Json } from "../../base/json";
import type { SqlValue, ToolTest } from "../../environment/spec";
import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { type Field, fieldsOf } from "../../mcp/tool-json-schema";
import { exampleValue } from "../kit/seed-values";
import { propertiesOf, stringEnum, text, toolFunction, type UtilityKind } from "./kind";

const MAX_VALUES = 50;
const scalarTypes = new Set(["string", "number", "integer", "boolean"]);

/** Weather the reference server reports for its three cities, and a few more in its style. */
const knownWeather: Record<string, { temperature: number; conditions: string; humidity: number }> =
  {
    "New York": { temperature: 33, conditions: "Cloudy", humidity: 82 },
    Chicago: { temperature: 36, conditions: "Light rain / drizzle", humidity: 82 },
    "Los Angeles": { temperature: 73, conditions: "Sunny / Clear", humidity: 48 },
    London: { temperature: 12, conditions: "Overcast", humidity: 77 },
    Tokyo: { temperature: 18, conditions: "Partly cloudy", humidity: 64 },
    Sydney: { temperature: 24, conditions: "Sunny / Clear", humidity: 55 },
    Paris: { temperature: 15, conditions: "Light rain / drizzle", humidity: 80 },
    Toronto: { temperature: 4, conditions: "Snow showers", humidity: 71 },
  };

function outputFields(tool: { original: { outputSchema?: Json } }): Field[] | undefined {
  const schema = tool.original.outputSchema;
  if (!isJsonObject(schema) || schema.type !== "object") return undefined;
  const fields = fieldsOf(schema);
  const scalar = fields.every(
    (f) => typeof f.schema.type === "string" && scalarTypes.has(f.schema.type),
  );
  return fields.length > 0 && scalar ? fields : undefined;
}

function keyField(fields: Field[]): Field | undefined {
  const only = fields[0];
  if (fields.length !== 1 || !only?.required || only.schema.type !== "string") return undefined;
  const values = stringEnum(only.schema);
  return values && values.length <= MAX_VALUES ? only : undefined;
}

function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_");
}

function valueFor(key: string, field: Field, rnd: () => number): Json {
  const known = knownWeather[key] as Record<string, Json> | undefined;
  const value = known?.[field.name];
  const type = field.schema.type;
  const fits =
    (typeof value === "number" &&
      (type === "number" || (type === "integer" && Number.isInteger(value)))) ||
    (typeof value === "string" && type === "string");
  return fits && value !== undefined ? value : exampleValue(field.schema, field.name, rnd, true);
}

export const lookupKind: UtilityKind = {
  name: "lookup",
  matches(tool) {
    return keyField(propertiesOf(tool)) !== undefined && outputFields(tool) !== undefined;
  },
  build(tool, context) {
    const key = keyField(propertiesOf(tool));
    const outputs = (outputFields(tool) ?? []).filter((f) => f.name !== key?.name);
    const keyName = key?.name ?? "key";
    const values = key ? (stringEnum(key.schema) ?? []) : [];
    const tableName = context.freshTableName(`utility_${snake(keyName)}_lookup`);
    const rows: Array<{ key: string; out: JsonObject }> = values.map((v) => {
      const out: JsonObject = {};
      for (const f of outputFields(tool) ?? [])
        out[f.name] = f.name === keyName ? v : valueFor(v, f, context.rnd);
      return { key: v, out };
    });
    const table = context.table(tableName, () => {
      const columns = [keyName, ...outputs.map((f) => f.name)];
      const sqlType = (f: Field) =>
        f.schema.type === "string" ? "TEXT" : f.schema.type === "number" ? "REAL" : "INTEGER";
      return {
        key: keyName,
        columns,
        ddl: `CREATE TABLE "${tableName}" (\n  "${keyName}" TEXT NOT NULL PRIMARY KEY${outputs.map((f) => `,\n  "${f.name}" ${sqlType(f)}`).join("")}\n);`,
        rows: rows.map((r): SqlValue[] => [
          r.key,
          ...outputs.map((f): SqlValue => {
            const v = r.out[f.name];
            return typeof v === "boolean"
              ? v
                ? 1
                : 0
              : typeof v === "number" || typeof v === "string"
                ? v
                : null;
          }),
        ]),
      };
    });
    const C = {
      table: table.name,
      key: keyName,
      fields: (outputFields(tool) ?? []).map((f) => ({
        name: f.name,
        boolean: f.schema.type === "boolean",
      })),
    };
    const answer = (out: JsonObject): Json => ({
      content: [text(JSON.stringify(out))],
      structuredContent: out,
    });
    const tests: ToolTest[] = rows.slice(0, 5).map((r) => ({
      name: `looks up ${r.key}`,
      args: { [keyName]: r.key },
      expect: { result: answer(r.out), match: "exact" },
    }));
    return {
      effect: "read",
      table: table.name,
      implementation: (name) =>
        toolFunction(
          name,
          C,
          `const q = (c) => '"' + String(c).replace(/"/g, '""') + '"';
  const row = ctx.one("SELECT * FROM " + q(C.table) + " WHERE " + q(C.key) + " = ?", [args[C.key]]);
  if (row === null) return ctx.fail("not_found", C.key + " " + args[C.key] + " was not found", { [C.key]: args[C.key] });
  const out = {};
  for (const f of C.fields) out[f.name] = f.name === C.key ? row[C.key] : f.boolean ? row[f.name] === 1 : row[f.name];
  return { content: [{ type: "text", text: JSON.stringify(out) }], structuredContent: out };`,
        ),
      tests,
    };
  },
};
