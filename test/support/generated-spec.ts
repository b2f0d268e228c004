// A test environment from a schema and rows of our own, with the tools core/toolgen generates.
import { generateCatalogTools } from "../../catalog/generated-tools";
import { type EnvironmentSpec, EnvironmentSpecSchema } from "../../core/environment/spec";
import type { ExtractedDatabase } from "../../core/import/database-extract";

export function generatedToolsSpec(
  about: { name: string; title: string; description: string },
  { schemaSql, seed }: ExtractedDatabase,
): EnvironmentSpec {
  return EnvironmentSpecSchema.parse({
    ...about,
    version: "1.0.0",
    category: { domain: "testing", subdomain: "generated-tools" },
    provenance: [{ kind: "handwritten", name: "unit test fixture", license: "MIT" }],
    schemaSql,
    seed,
    clockStart: "2024-07-01T09:00:00.000Z",
    tools: generateCatalogTools(schemaSql, seed),
  });
}
