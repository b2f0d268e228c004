// Resource references and links over `utility_resource`: resources 1-100, each as a Text and a
// Blob resource (`demo://resource/dynamic/text/<id>`, `.../blob/<id>`), as the reference server's
// templates serve them. The real server fabricates a resource at read time with the current time;
// here each has a seeded creation time, so the same reference reads the same content every time.
// - reference: a name with `resource` and `reference`/`ref`, a numeric `...id` property and a
//   type enum of Text and Blob. Answers text, the embedded resource, and the URI; an id beyond the
//   table is `not_found`, one that is not a positive integer `invalid_argument`.
// - links: a name with `resource` and `link(s)`, one numeric count property capped at <= 100.
//   Answers an intro and one resource_link per id 1..count: even ids Text, odd ids Blob.

import type { Json } from "../../base/json";
import type { SqlValue, ToolTest } from "../../environment/spec";
import { bytesToBase64 } from "../../episode/sql-values";
import type { Field } from "../../mcp/tool-json-schema";
import type { Random } from "../kit/seed-values";
import {
  isNumeric,
  nameWords,
  numberDefault,
  propertiesOf,
  stringDefault,
  stringEnum,
  text,
  toolFunction,
  type UtilityContext,
  type UtilityKind,
  type UtilityTable,
} from "./kind";

export const RESOURCE_TABLE = "utility_resource";
export const RESOURCE_COUNT = 100;
const TYPES = ["Text", "Blob"] as const;

interface Resource {
  uri: string;
  id: number;
  type: (typeof TYPES)[number];
  name: string;
  mimeType: string;
  text: string | null;
  blob: string | null;
}

/** `9:04:31 AM`: the reference server's `toLocaleTimeString()` in en-US. */
function clockTime(seconds: number): string {
  const h = Math.floor(seconds / 3600) % 24;
  const m = Math.floor(seconds / 60) % 60;
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)}:${pad(s)} ${h < 12 ? "AM" : "PM"}`;
}

function resourcesOf(rnd: Random): Resource[] {
  const out: Resource[] = [];
  let at = 9 * 3600;
  for (let id = 1; id <= RESOURCE_COUNT; id++) {
    at += 20 + Math.floor(rnd() * 40);
    const time = clockTime(at);
    for (const type of TYPES) {
      const uri = `demo://resource/dynamic/${type.toLowerCase()}/${id}`;
      const body =
        type === "Text"
          ? `Resource ${id}: This is a plaintext resource created at ${time}`
          : bytesToBase64(
              new TextEncoder().encode(`Resource ${id}: This is a base64 blob created at ${time}`),
            );
      out.push({
        uri,
        id,
        type,
        name: `${type} Resource ${id}`,
        // The reference server labels its blob contents text/plain too: they are base64 text.
        mimeType: "text/plain",
        text: type === "Text" ? body : null,
        blob: type === "Blob" ? body : null,
      });
    }
  }
  return out;
}

function resourceTable(context: UtilityContext): UtilityTable {
  return context.table(RESOURCE_TABLE, (rnd) => ({
    key: "uri",
    columns: ["uri", "resource_id", "resource_type", "name", "mime_type", "text", "blob"],
    ddl: `CREATE TABLE "${RESOURCE_TABLE}" (\n  "uri" TEXT NOT NULL PRIMARY KEY,\n  "resource_id" INTEGER NOT NULL,\n  "resource_type" TEXT NOT NULL CHECK ("resource_type" IN ('Text', 'Blob')),\n  "name" TEXT NOT NULL,\n  "mime_type" TEXT NOT NULL,\n  "text" TEXT,\n  "blob" TEXT,\n  UNIQUE ("resource_type", "resource_id")\n);`,
    rows: resourcesOf(rnd).map((r): SqlValue[] => [
      r.uri,
      r.id,
      r.type,
      r.name,
      r.mimeType,
      r.text,
      r.blob,
    ]),
  }));
}

function rowOf(table: UtilityTable, type: string, id: number): Resource | undefined {
  const row = table.rows.find((r) => r[2] === type && r[1] === id);
  if (!row) return undefined;
  const [uri, , , name, mimeType, body, blob] = row;
  return {
    uri: String(uri),
    id,
    type: type === "Blob" ? "Blob" : "Text",
    name: String(name),
    mimeType: String(mimeType),
    text: typeof body === "string" ? body : null,
    blob: typeof blob === "string" ? blob : null,
  };
}

function embedded(r: Resource): Json {
  return r.type === "Text"
    ? { uri: r.uri, mimeType: r.mimeType, text: r.text }
    : { uri: r.uri, mimeType: r.mimeType, blob: r.blob };
}

const typeValues = (f: Field) => (stringEnum(f.schema) ?? []).slice().sort().join(",");

function referenceFields(fields: Field[]): { id?: Field; type?: Field } {
  return {
    id: fields.find((f) => isNumeric(f.schema) && /id$/i.test(f.name)),
    type: fields.find((f) => f.schema.type === "string" && typeValues(f) === "Blob,Text"),
  };
}

export const resourceReferenceKind: UtilityKind = {
  name: "resource-reference",
  matches(tool) {
    const words = nameWords(tool);
    const fields = propertiesOf(tool);
    const { id, type } = referenceFields(fields);
    return (
      words.includes("resource") &&
      (words.includes("reference") || words.includes("ref")) &&
      id !== undefined &&
      type !== undefined &&
      fields.length === 2
    );
  },
  build(tool, context) {
    const table = resourceTable(context);
    const { id, type } = referenceFields(propertiesOf(tool));
    const C = {
      idArg: id?.name ?? "resourceId",
      typeArg: type?.name ?? "resourceType",
      defaultId: numberDefault(id?.schema, 1),
      defaultType: stringDefault(type?.schema, "Text"),
      count: RESOURCE_COUNT,
    };
    const answer = (r: Resource): Json => ({
      content: [
        text(`Returning resource reference for Resource ${r.id}:`),
        { type: "resource", resource: embedded(r) },
        text(`You can access this resource using the URI: ${r.uri}`),
      ],
    });
    const ok = (name: string, args: Record<string, Json>, r: Resource | undefined): ToolTest[] =>
      r ? [{ name, args, expect: { result: answer(r), match: "exact" } }] : [];
    const defaultType = C.defaultType === "Blob" ? "Blob" : "Text";
    const tests: ToolTest[] = [
      ...ok(
        "references an even id as a text resource",
        { [C.idArg]: 42, [C.typeArg]: "Text" },
        rowOf(table, "Text", 42),
      ),
      ...ok(
        "references an odd id as a blob resource",
        { [C.idArg]: 7, [C.typeArg]: "Blob" },
        rowOf(table, "Blob", 7),
      ),
      ...ok("uses the default type and id", {}, rowOf(table, defaultType, C.defaultId)),
      {
        name: "an id beyond the resources is not found",
        args: { [C.idArg]: RESOURCE_COUNT + 1, [C.typeArg]: "Text" },
        expect: { error: { code: "not_found" }, match: "exact" },
      },
      {
        name: "an id that is not a positive integer is refused",
        args: { [C.idArg]: 2.5, [C.typeArg]: "Text" },
        expect: { error: { code: "invalid_argument" }, match: "exact" },
      },
    ];
    return {
      effect: "read",
      table: RESOURCE_TABLE,
      implementation: (name) =>
        toolFunction(
          name,
          C,
          `const id = args[C.idArg] === undefined ? C.defaultId : args[C.idArg];
  const type = args[C.typeArg] === undefined ? C.defaultType : args[C.typeArg];
  if (type !== "Text" && type !== "Blob") return ctx.fail("invalid_argument", "Invalid resourceType: " + type + ". Must be Text or Blob.");
  if (typeof id !== "number" || !Number.isInteger(id) || id < 1) return ctx.fail("invalid_argument", "Invalid resourceId: " + id + ". Must be a finite positive integer.");
  const r = ctx.one('SELECT "uri", "mime_type", "text", "blob" FROM "${RESOURCE_TABLE}" WHERE "resource_type" = ? AND "resource_id" = ?', [type, id]);
  if (r === null) return ctx.fail("not_found", "Resource " + id + " was not found: this server holds resources 1 to " + C.count, { resourceId: id });
  const resource = type === "Text" ? { uri: r.uri, mimeType: r.mime_type, text: r.text } : { uri: r.uri, mimeType: r.mime_type, blob: r.blob };
  return { content: [
    { type: "text", text: "Returning resource reference for Resource " + id + ":" },
    { type: "resource", resource: resource },
    { type: "text", text: "You can access this resource using the URI: " + r.uri },
  ] };`,
        ),
      tests,
    };
  },
};

function countField(fields: Field[]): Field | undefined {
  const only = fields[0];
  if (fields.length !== 1 || !only || !isNumeric(only.schema)) return undefined;
  const max = only.schema.maximum;
  return typeof max === "number" && max <= RESOURCE_COUNT ? only : undefined;
}

export const resourceLinksKind: UtilityKind = {
  name: "resource-links",
  matches(tool) {
    const words = nameWords(tool);
    return (
      words.includes("resource") &&
      (words.includes("links") || words.includes("link")) &&
      countField(propertiesOf(tool)) !== undefined
    );
  },
  build(tool, context) {
    const table = resourceTable(context);
    const field = countField(propertiesOf(tool));
    const C = { countArg: field?.name ?? "count", defaultCount: numberDefault(field?.schema, 3) };
    const max = typeof field?.schema.maximum === "number" ? field.schema.maximum : 10;
    const answer = (count: number): Json => {
      const links: Json[] = [];
      for (let id = 1; id <= count; id++) {
        const r = rowOf(table, id % 2 === 0 ? "Text" : "Blob", id);
        if (!r) continue;
        links.push({
          type: "resource_link",
          uri: r.uri,
          name: r.name,
          description: `Resource ${id}: ${r.mimeType === "text/plain" ? "plaintext resource" : "binary blob resource"}`,
          mimeType: r.mimeType,
        });
      }
      return {
        content: [
          text(`Here are ${count} resource links to resources available in this server:`),
          ...links,
        ],
      };
    };
    const tests: ToolTest[] = [
      {
        name: "links the default number of resources",
        args: {},
        expect: { result: answer(C.defaultCount), match: "exact" },
      },
      {
        name: "links the most resources allowed",
        args: { [C.countArg]: max },
        expect: { result: answer(max), match: "exact" },
      },
      {
        name: "links a single resource",
        args: { [C.countArg]: 1 },
        expect: { result: answer(1), match: "exact" },
      },
    ];
    return {
      effect: "read",
      table: RESOURCE_TABLE,
      implementation: (name) =>
        toolFunction(
          name,
          C,
          `const count = args[C.countArg] === undefined ? C.defaultCount : args[C.countArg];
  const rows = ctx.query('SELECT "uri", "resource_id", "name", "mime_type" FROM "${RESOURCE_TABLE}" WHERE "resource_id" <= ? AND "resource_type" = CASE WHEN "resource_id" % 2 = 0 THEN \\'Text\\' ELSE \\'Blob\\' END ORDER BY "resource_id" LIMIT 100', [count]);
  const content = [{ type: "text", text: "Here are " + count + " resource links to resources available in this server:" }];
  for (const r of rows) content.push({
    type: "resource_link",
    uri: r.uri,
    name: r.name,
    description: "Resource " + r.resource_id + ": " + (r.mime_type === "text/plain" ? "plaintext resource" : "binary blob resource"),
    mimeType: r.mime_type,
  });
  return { content: content };`,
        ),
      tests,
    };
  },
};
