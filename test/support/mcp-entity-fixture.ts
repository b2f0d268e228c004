// Environments on the MCP importer's entity path built from real server schemas: a shared spec
// cut down to tools that no surface claims (a tracker's issue tools without the rest of a code
// host, a CRM's property tools without search), imported and assembled as the catalog does.
import type { EnvironmentSpec } from "../../core/environment/spec";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { sharedSpecSubset } from "./mcp-surface-checks";

export function entityEnvironment(spec: string, tools: readonly string[]): EnvironmentSpec {
  const imported = importMcpSpec(sharedSpecSubset(spec, tools));
  const surfaces = imported.report.implemented.filter((t) => t.surface !== undefined);
  if (surfaces.length > 0) throw new Error(`${spec}: a surface claimed ${surfaces[0]?.tool}`);
  return {
    name: `entity-${spec}`,
    version: "1.0.0",
    title: `${spec} entity tools (test fixture)`,
    description: `The entity tools of the ${spec} spec: ${tools.join(", ")}.`,
    category: { domain: "software", subdomain: "dev-tools" },
    provenance: [{ kind: "handwritten", name: "synthesis tests", license: "MIT" }],
    schemaSql: imported.schemaSql,
    seed: imported.seed,
    tools: imported.tools,
  };
}
