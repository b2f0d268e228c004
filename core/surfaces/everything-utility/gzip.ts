// Gzip of a URI's content: a tool named or described with `gzip`, whose content property is a
// string with format `uri` (or named data/url/uri), and whose other properties are at most a string
// `name` and an output-type enum among resourceLink/resource (`gzip-file-as-resource`). A `data:`
// URI is gzipped in the sandbox (stored deflate blocks, CRC-32: valid gzip any tool reads), kept in
// `utility_session_resource` as `demo://resource/session/<name>`, and answered as the reference
// server does: a resource_link, or the resource with its base64 blob. An http(s) URL fails with
// `network_unavailable`: an episode has no network.

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import { bytesToBase64 } from "../../episode/sql-values";
import type { Field } from "../../mcp/tool-json-schema";
import { gzipStored } from "./bytes";
import { GZIP_BODY } from "./gzip-code";
import {
  descriptionOf,
  nameWords,
  propertiesOf,
  stringDefault,
  stringEnum,
  toolFunction,
  type UtilityKind,
} from "./kind";
import { SESSION_RESOURCE_TABLE, SESSION_URI_BASE, sessionResourceTable } from "./session";

/** The most bytes one call decodes and compresses (the result must stay well under 1 MiB). */
export const GZIP_MAX_BYTES = 256 * 1024;
const MIME = "application/gzip";
const outputTypes = new Set(["resourceLink", "resource"]);

interface GzipFields {
  data: Field;
  name?: Field;
  output?: Field;
}

function gzipFields(fields: Field[]): GzipFields | undefined {
  const data = fields.find(
    (f) =>
      f.schema.type === "string" &&
      (f.schema.format === "uri" || ["data", "url", "uri"].includes(f.name.toLowerCase())),
  );
  if (!data) return undefined;
  const name = fields.find((f) => f.name === "name" && f.schema.type === "string");
  const output = fields.find((f) => {
    const values = stringEnum(f.schema);
    return values?.every((v) => outputTypes.has(v)) === true;
  });
  const known = 1 + (name ? 1 : 0) + (output ? 1 : 0);
  return known === fields.length
    ? { data, ...(name ? { name } : {}), ...(output ? { output } : {}) }
    : undefined;
}

const sample = [
  "# Release notes",
  "",
  "- Faster search across 12,000 issues",
  "- Dark mode for the settings page",
  "- Ünïcödé file names are kept as written",
  "",
].join("\n");

function expected(name: string, bytes: Uint8Array, as: "resourceLink" | "resource"): Json {
  const uri = `${SESSION_URI_BASE}${name}`;
  if (as === "resource") {
    return {
      content: [
        {
          type: "resource",
          resource: { uri, mimeType: MIME, blob: bytesToBase64(gzipStored(bytes)) },
        },
      ],
    };
  }
  const description = `Gzip-compressed version of '${name}', available for reading during the current session.`;
  return { content: [{ type: "resource_link", uri, name, mimeType: MIME, description }] };
}

export const gzipKind: UtilityKind = {
  name: "gzip",
  matches(tool) {
    const about = nameWords(tool).includes("gzip") || /\bgzip\b/i.test(descriptionOf(tool));
    return about && gzipFields(propertiesOf(tool)) !== undefined;
  },
  build(tool, context) {
    sessionResourceTable(context);
    const fields = gzipFields(propertiesOf(tool));
    const dataArg = fields?.data.name ?? "data";
    const nameArg = fields?.name?.name ?? null;
    const outputArg = fields?.output?.name ?? null;
    const defaultOutput =
      stringDefault(fields?.output?.schema, "resourceLink") === "resource"
        ? "resource"
        : "resourceLink";
    const C = {
      dataArg,
      nameArg,
      outputArg,
      defaultName: stringDefault(fields?.name?.schema, "file.gz"),
      defaultData: stringDefault(fields?.data.schema, ""),
      defaultOutput,
      mimeType: MIME,
      uriBase: SESSION_URI_BASE,
      maxBytes: GZIP_MAX_BYTES,
    };
    const encoded = new TextEncoder().encode(sample);
    const named = (name: string) => (nameArg ? { [nameArg]: name } : {});
    const asked = (as: string) => (outputArg ? { [outputArg]: as } : {});
    const nameOf = (name: string) => (nameArg ? name : C.defaultName);
    const tests: ToolTest[] = [
      {
        name: "gzips a base64 data URI into a session resource",
        args: {
          [dataArg]: `data:text/markdown;base64,${bytesToBase64(encoded)}`,
          ...named("release-notes.md.gz"),
          ...asked(defaultOutput),
        },
        expect: {
          result: expected(nameOf("release-notes.md.gz"), encoded, defaultOutput),
          match: "exact",
          changes: { [SESSION_RESOURCE_TABLE]: { inserted: 1, updated: 0, deleted: 0 } },
        },
      },
      {
        name: "refuses an https URL: the environment has no network",
        args: {
          [dataArg]:
            "https://raw.githubusercontent.com/modelcontextprotocol/servers/main/README.md",
        },
        expect: { error: { code: "network_unavailable" }, match: "exact" },
      },
      {
        name: "refuses a protocol other than http, https and data",
        args: { [dataArg]: "ftp://files.example.com/report.csv" },
        expect: { error: { code: "invalid_argument" }, match: "exact" },
      },
      {
        name: "refuses a data URI whose base64 is broken",
        args: { [dataArg]: "data:text/plain;base64,SGVsbG8=V29ybGQ" },
        expect: { error: { code: "invalid_argument" }, match: "exact" },
      },
    ];
    if (outputArg) {
      const plain = new TextEncoder().encode("Hello, World! 100% done");
      const other = defaultOutput === "resource" ? "resourceLink" : "resource";
      tests.push({
        name: `answers the other output type (${other}) for a percent-encoded data URI`,
        args: {
          [dataArg]: "data:text/plain,Hello%2C%20World!%20100%25%20done",
          ...named("hello.txt.gz"),
          [outputArg]: other,
        },
        expect: {
          result: expected(nameOf("hello.txt.gz"), plain, other),
          match: "exact",
          changes: { [SESSION_RESOURCE_TABLE]: { inserted: 1, updated: 0, deleted: 0 } },
        },
      });
    }
    return {
      effect: "write",
      table: SESSION_RESOURCE_TABLE,
      implementation: (name) => toolFunction(name, C, GZIP_BODY),
      tests,
    };
  },
};
