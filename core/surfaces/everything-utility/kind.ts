// One kind of utility tool the utilities surface recognises (echo, arithmetic, toggle...): its
// criterion, and how it builds a recognised tool's tables, JavaScript and tests. See
// surface.ts for the list and the result convention every kind follows.
import type { Json } from "../../base/json";
import type { SqlValue, ToolSpec, ToolTest } from "../../environment/spec";
import type { JsonObject } from "../../mcp/spec-schema";
import { fieldsOf } from "../../mcp/tool-json-schema";
import type { Random } from "../kit/seed-values";
import type { SurfaceTool } from "../surface";

/** A table a utility brings: its DDL and seed rows. Names start with `utility_`. */
export interface UtilityTable {
  name: string;
  key: string;
  columns: string[];
  ddl: string;
  rows: SqlValue[][];
}

export interface UtilityContext {
  /** A generator seeded by the server and this tool's name. */
  rnd: Random;
  /** The episode's one MCP session, as the real server names it in its messages. */
  sessionId: string;
  /**
   * The table called `name`, made on first use (so two kinds can share it) with a generator seeded
   * by the server and the table's name.
   */
  table(name: string, make: (rnd: Random) => Omit<UtilityTable, "name">): UtilityTable;
  /** `base`, or `base_2`... when a table of that name is already registered. */
  freshTableName(base: string): string;
}

export interface UtilityBuild {
  effect: ToolSpec["effect"];
  /** The function body's configuration and code, given the published function name. */
  implementation(functionName: string): string;
  tests: ToolTest[];
  /** The table the report names for this tool ("" when it needs none). */
  table: string;
}

export interface UtilityKind {
  /** The verb the report shows, such as `echo` or `toggle`. */
  name: string;
  matches(tool: SurfaceTool): boolean;
  build(tool: SurfaceTool, context: UtilityContext): UtilityBuild;
}

/** `function name(args, ctx) { const C = {...}; body }`: values reach SQL only as parameters. */
export function toolFunction(functionName: string, config: Json, body: string): string {
  return `function ${functionName}(args, ctx) {\n  const C = ${JSON.stringify(config)};\n  ${body.trim()}\n}`;
}

/** The MCP content block of a text answer. */
export function text(value: string): JsonObject {
  return { type: "text", text: value };
}

export function descriptionOf(tool: SurfaceTool): string {
  return tool.original.description ?? "";
}

export function propertiesOf(tool: SurfaceTool): ReturnType<typeof fieldsOf> {
  return fieldsOf(tool.schema);
}

/** The tool's name split into lowercase words: `get-resource-links` -> get, resource, links. */
export function nameWords(tool: SurfaceTool): string[] {
  return tool.original.name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

export function isNumeric(schema: JsonObject): boolean {
  return schema.type === "number" || schema.type === "integer";
}

/** The enum of a string property, when every value is a string. */
export function stringEnum(schema: JsonObject): string[] | undefined {
  const values = schema.enum;
  if (!Array.isArray(values) || values.length === 0) return undefined;
  return values.every((v): v is string => typeof v === "string") ? values : undefined;
}

export function numberDefault(schema: JsonObject | undefined, fallback: number): number {
  return typeof schema?.default === "number" ? schema.default : fallback;
}

export function stringDefault(schema: JsonObject | undefined, fallback: string): string {
  return typeof schema?.default === "string" ? schema.default : fallback;
}
