// What makes two environments the same environment under different names: the same schema and
// the same tools (names, inputs, code), whatever their rows, titles or versions. Discovery links
// an import to an existing environment with this hash instead of publishing it twice.
import { canonicalJson, sha256Hex } from "../base/json";
import type { EnvironmentSpec } from "./spec";

export function structureHash(spec: Pick<EnvironmentSpec, "schemaSql" | "tools">): Promise<string> {
  const schema = spec.schemaSql.replace(/\s+/g, " ").trim().toLowerCase();
  const tools = spec.tools
    .map((t) => ({
      name: t.name,
      effect: t.effect,
      inputSchema: t.inputSchema,
      implementation: t.implementation,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return sha256Hex(canonicalJson({ schema, tools }));
}
