// The boundary of the MCP importer: a server's `tools/list` answer, parsed with Zod. Problems that
// spoil the whole import (not an object, no tools, repeated names) throw; per-tool problems do not.
import { z } from "zod";
import { AppError } from "../base/errors";
import { type Json, JsonSchema } from "../base/json";

export const McpToolSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().optional(),
  inputSchema: JsonSchema,
  outputSchema: JsonSchema.optional(),
  annotations: JsonSchema.optional(),
});

export const McpSpecSchema = z.object({
  serverInfo: z.object({ name: z.string().min(1), version: z.string().optional() }).optional(),
  tools: z.array(McpToolSchema).min(1),
});

export type McpTool = z.infer<typeof McpToolSchema>;
export type McpSpec = z.infer<typeof McpSpecSchema>;

/** Parses a `tools/list` answer (as text or already-parsed JSON) or throws `validation_failed`. */
export function parseMcpSpec(input: unknown): McpSpec {
  let value: unknown = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new AppError("invalid_json", `the MCP spec is not JSON: ${message}`);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AppError("validation_failed", "the MCP spec must be a JSON object with `tools`");
  }
  const parsed = McpSpecSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new AppError("validation_failed", `the MCP spec is invalid: ${issues.join("; ")}`, {
      issues,
    });
  }
  const names = parsed.data.tools.map((t) => t.name);
  const repeated = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
  if (repeated.length > 0) {
    throw new AppError("validation_failed", `tool names repeat: ${repeated.join(", ")}`, {
      repeated,
    });
  }
  return parsed.data;
}

export type JsonObject = { [key: string]: Json };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
