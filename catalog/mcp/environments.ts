// Environments from the `tools/list` answers of 15 real MCP servers (captured over stdio; see
// specs/INDEX.json for package, version and license). Each keeps the server's real tool names,
// descriptions and input schemas; tools the importer can implement deterministically are
// included, and a spec with none is left out of the catalog (its import report says why).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { importMcpSpec } from "../../core/importers/mcp-spec-import";
import type { CatalogEntry } from "../catalog-entry";

const specsDir = new URL("./specs/", import.meta.url);

const IndexSchema = z.array(
  z.object({
    file: z.string(),
    server: z.string(),
    package: z.string(),
    version: z.string(),
    npm_license: z.string().optional(),
  }),
);

const CATEGORIES: Record<string, { domain: string; subdomain: string }> = {
  airtable: { domain: "productivity", subdomain: "databases" },
  github: { domain: "software", subdomain: "dev-tools" },
  gmail: { domain: "communication", subdomain: "email" },
  "google-calendar": { domain: "productivity", subdomain: "calendar" },
  hubspot: { domain: "business", subdomain: "crm" },
  memory: { domain: "knowledge", subdomain: "knowledge-graph" },
  notion: { domain: "productivity", subdomain: "notes" },
  slack: { domain: "communication", subdomain: "messaging" },
  taskmanager: { domain: "productivity", subdomain: "tasks" },
  filesystem: { domain: "software", subdomain: "files" },
  "atlassian-jira": { domain: "software", subdomain: "project-management" },
  everything: { domain: "software", subdomain: "dev-tools" },
  kubernetes: { domain: "software", subdomain: "devops" },
  postgres: { domain: "data", subdomain: "databases" },
  "sqlite-npx-chinook": { domain: "data", subdomain: "databases" },
};

export function mcpCatalogEntries(): CatalogEntry[] {
  const index = IndexSchema.parse(
    JSON.parse(readFileSync(new URL("INDEX.json", specsDir), "utf8")),
  );
  return index.flatMap((entry) => {
    const path = fileURLToPath(new URL(entry.file, specsDir));
    const text = readFileSync(path, "utf8");
    const imported = importMcpSpec(text);
    if (imported.tools.length === 0) return [];
    const name = `mcp-${entry.server}`;
    return [
      {
        name,
        version: "1.0.0",
        assemble: () => ({
          name,
          version: "1.0.0",
          title: `${entry.server} (MCP server ${entry.package})`,
          description:
            `The tools of the MCP server ${entry.package} ${entry.version}, with their real names, descriptions and ` +
            `input schemas, over tables derived from them and filled with seeded rows. ${imported.tools.length} of ` +
            `${imported.report.implemented.length + imported.report.leftOut.length} tools are implemented; the ` +
            "others are not part of this environment.",
          category: CATEGORIES[entry.server] ?? { domain: "imported", subdomain: "mcp" },
          provenance: [
            {
              kind: "mcp-spec",
              name: `${entry.package}@${entry.version} tools/list`,
              license: entry.npm_license ?? "see specs/LICENSE.modelcontextprotocol-servers",
              sha256: createHash("sha256").update(text).digest("hex"),
              notes:
                "Captured live over stdio with the MCP TypeScript SDK client (specs/INDEX.json).",
            },
            {
              kind: "generated",
              name: "agent-world MCP spec importer (tables, seed rows, tools)",
              license: "MIT",
            },
          ],
          schemaSql: imported.schemaSql,
          seed: imported.seed,
          tools: imported.tools,
        }),
      },
    ];
  });
}
