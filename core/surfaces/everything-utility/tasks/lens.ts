// How task synthesis sees an environment of stand-alone utility tools (the MCP reference
// "everything" server and its look-alikes, imported by core/surfaces/everything-utility/surface.ts):
// which published tool echoes, adds, looks up weather-like records, lists the environment,
// references and links the numbered resources, gzips a data: URI, or flips a setting. Each tool is
// recognised by the importer's own criteria (core/surfaces/everything-utility/), so a tool the importer built as
// a utility is seen here as the same kind; the lookup table's fields come from the database, since
// the server's outputSchema is not published.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTables } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { fieldsOf } from "../../../mcp/tool-json-schema";
import type { SurfaceTool } from "../../surface";
import { arithmeticKind } from "../arithmetic";
import { echoKind } from "../echo";
import { ENV_TABLE, envKind } from "../env";
import { gzipKind } from "../gzip";
import { annotatedMessageKind, imageKind } from "../image";
import { nameWords, stringEnum, type UtilityKind } from "../kind";
import { longRunningKind } from "../long-running";
import { RESOURCE_TABLE, resourceLinksKind, resourceReferenceKind } from "../resources";
import { toggleKind } from "../toggle";

export interface UtilityLens {
  echo?: { tool: string; arg: string };
  /** A tool that adds two numbers and answers "The sum of a and b is c." */
  sum?: { tool: string; a: string; b: string };
  /** One record per enum value (a city's weather): numeric and text fields besides the key. */
  lookup?: { tool: string; arg: string; keys: string[]; numeric: string[]; text: string[] };
  env?: { tool: string; variables: number };
  /** Resources 1..count, each in every type of `types` (Text, Blob). */
  reference?: { tool: string; idArg: string; typeArg: string; types: string[]; count: number };
  links?: { tool: string; countArg: string; max: number };
  gzip?: { tool: string; dataArg: string; nameArg: string | null; outputArg: string | null };
  /** Settings switched by a tool each, named for people ("simulated logging"). */
  toggles: { tool: string; words: string }[];
}

/** The importer's kinds, most specific first (as core/surfaces/everything-utility/surface.ts tries them). */
const KINDS: readonly UtilityKind[] = [
  resourceReferenceKind,
  resourceLinksKind,
  gzipKind,
  annotatedMessageKind,
  imageKind,
  longRunningKind,
  toggleKind,
  envKind,
  arithmeticKind,
  echoKind,
];

const LOOKUP_TABLE = /^utility_\w+_lookup(_\d+)?$/;

/** The lens, or undefined unless every tool of the environment is a utility this lens knows. */
export function utilityLens(db: SqlDatabase, tools: readonly ToolSpec[]): UtilityLens | undefined {
  const lens: UtilityLens = { toggles: [] };
  const tables = listUserTables(db);
  const count = (table: string, sql: string) =>
    tables.some((t) => t.name === table) ? Number(db.query(sql)[0]?.n ?? 0) : 0;
  for (const tool of tools) {
    const surface = surfaceTool(tool);
    const kind = KINDS.find((k) => k.matches(surface));
    const props = fieldsOf(tool.inputSchema as JsonObject);
    if (!kind) {
      const lookup = lookupOf(tool, props, tables, db);
      if (!lookup) return undefined;
      lens.lookup = lookup;
      continue;
    }
    if (kind === echoKind) lens.echo = { tool: tool.name, arg: props[0]?.name ?? "message" };
    if (kind === arithmeticKind && /\b(sum|adds?)\b/i.test(tool.description)) {
      lens.sum = { tool: tool.name, a: props[0]?.name ?? "a", b: props[1]?.name ?? "b" };
    }
    if (kind === envKind) {
      lens.env = {
        tool: tool.name,
        variables: count(ENV_TABLE, `SELECT COUNT(*) AS n FROM "${ENV_TABLE}"`),
      };
    }
    if (kind === resourceReferenceKind) {
      const id = props.find((p) => /id$/i.test(p.name));
      const type = props.find((p) => p.schema.type === "string");
      lens.reference = {
        tool: tool.name,
        idArg: id?.name ?? "resourceId",
        typeArg: type?.name ?? "resourceType",
        types: (type && stringEnum(type.schema)) ?? [],
        count: count(RESOURCE_TABLE, `SELECT MAX("resource_id") AS n FROM "${RESOURCE_TABLE}"`),
      };
    }
    if (kind === resourceLinksKind) {
      const field = props[0];
      const max = field?.schema.maximum;
      lens.links = {
        tool: tool.name,
        countArg: field?.name ?? "count",
        max: typeof max === "number" ? Math.floor(max) : 10,
      };
    }
    if (kind === gzipKind) {
      const data = props.find((p) => p.schema.format === "uri") ?? props.find(isDataName);
      const output = props.find((p) => stringEnum(p.schema)?.includes("resource"));
      lens.gzip = {
        tool: tool.name,
        dataArg: data?.name ?? "data",
        nameArg: props.some((p) => p.name === "name") ? "name" : null,
        outputArg: output?.name ?? null,
      };
    }
    if (kind === toggleKind) {
      lens.toggles.push({ tool: tool.name, words: nameWords(surface).slice(1).join(" ") });
    }
  }
  const known = [lens.echo, lens.sum, lens.lookup, lens.env, lens.reference, lens.links, lens.gzip];
  return known.some((k) => k !== undefined) || lens.toggles.length > 0 ? lens : undefined;
}

function surfaceTool(tool: ToolSpec): SurfaceTool {
  const schema = tool.inputSchema as JsonObject;
  return {
    original: {
      name: tool.name,
      description: tool.description,
      inputSchema: schema,
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema as JsonObject } : {}),
    },
    schema,
  };
}

const isDataName = (p: { name: string }) => ["data", "url", "uri"].includes(p.name.toLowerCase());

/**
 * An enum lookup (`get-structured-content {location}`): its only property a required string enum,
 * answered from a `utility_<arg>_lookup` table keyed by that property.
 */
function lookupOf(
  tool: ToolSpec,
  props: ReturnType<typeof fieldsOf>,
  tables: ReturnType<typeof listUserTables>,
  db: SqlDatabase,
): UtilityLens["lookup"] {
  const only = props[0];
  const keys = only && props.length === 1 && only.required ? stringEnum(only.schema) : undefined;
  if (!only || !keys) return undefined;
  const table = tables.find(
    (t) => LOOKUP_TABLE.test(t.name) && t.primaryKey.length === 1 && t.primaryKey[0] === only.name,
  );
  if (!table) return undefined;
  const stored = db.query(`SELECT "${only.name}" AS k FROM "${table.name}"`).map((r) => r.k);
  if (!stored.every((k) => typeof k === "string" && keys.includes(k))) return undefined;
  const others = table.columns.filter((c) => c.name !== only.name);
  return {
    tool: tool.name,
    arg: only.name,
    keys,
    numeric: others.filter((c) => /^(REAL|INTEGER)$/i.test(c.type)).map((c) => c.name),
    text: others.filter((c) => /^TEXT$/i.test(c.type)).map((c) => c.name),
  };
}
