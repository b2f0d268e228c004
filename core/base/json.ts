// JSON values and their canonical form: sorted keys, no whitespace. Canonical JSON is what gets
// hashed (environment content hashes, state digests), so equal content always hashes equal.
import { z } from "zod";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// The id makes JSON Schema / OpenAPI generators emit a `$ref` for the recursion instead of
// expanding it forever.
export const JsonSchema: z.ZodType<Json> = z
  .lazy(() =>
    z.union([
      z.null(),
      z.boolean(),
      z.number(),
      z.string(),
      z.array(JsonSchema),
      z.record(z.string(), JsonSchema),
    ]),
  )
  .meta({ id: "JsonValue", description: "Any JSON value" });

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) return "null";
    if (value === undefined) return "null";
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export async function sha256Hex(text: string | Uint8Array): Promise<string> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  // The standard lib types `digest` for ArrayBuffer-backed views only; nothing here is shared memory.
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function contentHash(value: unknown): Promise<string> {
  return sha256Hex(canonicalJson(value));
}

/** A plain JSON copy of a value built from typed objects (drops undefined, functions). */
export function toJsonValue(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null)) as Json;
}
