// Environments from the `tools/list` answers of 15 real MCP servers (captured over stdio; see
// specs/INDEX.json for package, version and license). Each keeps the server's real tool names,
// descriptions and input schemas; tools the importer can implement deterministically are
// included, and a spec with none is left out of the catalog (its import report says why). The two
// SQL servers run on catalog databases: mcp-server-sqlite on Chinook, server-postgres on the NYC flights database.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { importMcpSpec, type McpImport } from "../../core/mcp/import/spec-import";
import { servedDatabaseProvenance } from "../../core/surfaces/sql/provenance";
import type { CatalogEntry, EnvironmentSpecInput } from "../catalog-entry";
import { chinook } from "../chinook/environment";
import { nycFlights } from "../nyc-flights/environment";

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

/** Specs whose tools run SQL, and the catalog environment whose database each one serves. */
const SERVED_DATABASES: Readonly<Record<string, CatalogEntry>> = {
  "sqlite-npx-chinook": chinook,
  postgres: nycFlights,
};

type IndexEntry = z.infer<typeof IndexSchema>[number];

/** The catalog environment an MCP entry's SQL tools run on (see core/surfaces/sql/surface.ts). */
interface Served {
  source: string;
  provenance: EnvironmentSpecInput["provenance"];
  clockStart?: string;
}

export function mcpCatalogEntries(): CatalogEntry[] {
  const index = IndexSchema.parse(
    JSON.parse(readFileSync(new URL("INDEX.json", specsDir), "utf8")),
  );
  return index.flatMap((entry): CatalogEntry[] => {
    const path = fileURLToPath(new URL(entry.file, specsDir));
    const text = readFileSync(path, "utf8");
    const name = `mcp-${entry.server}`;
    const database = SERVED_DATABASES[entry.server];
    if (database) {
      // Its tools exist only with the database, which is assembled (possibly async) on build.
      // 1.1.0: the served databases moved to their registry packages (other rows, other schema).
      const version = "1.1.0";
      return [{ name, version, assemble: () => assembleServing(entry, text, database, version) }];
    }
    const imported = importMcpSpec(text);
    if (imported.tools.length === 0) return [];
    return [{ name, version: "1.0.0", assemble: () => specOf(entry, text, imported, "1.0.0") }];
  });
}

async function assembleServing(
  entry: IndexEntry,
  text: string,
  database: CatalogEntry,
  version: string,
): Promise<EnvironmentSpecInput> {
  const spec = await database.assemble();
  const source = `${database.name}@${database.version}`;
  const imported = importMcpSpec(text, {
    database: { source, schemaSql: spec.schemaSql, seed: spec.seed },
  });
  return specOf(entry, text, imported, version, {
    source,
    provenance: spec.provenance,
    ...(spec.clockStart ? { clockStart: spec.clockStart } : {}),
  });
}

function specOf(
  entry: IndexEntry,
  text: string,
  imported: McpImport,
  version: string,
  served?: Served,
): EnvironmentSpecInput {
  const name = `mcp-${entry.server}`;
  const counts =
    `${imported.tools.length} of ${imported.report.implemented.length + imported.report.leftOut.length} ` +
    "tools are implemented; the others are not part of this environment.";
  const tables = Object.keys(imported.seed.tables);
  return {
    name,
    version,
    title: `${entry.server} (MCP server ${entry.package})`,
    description: served
      ? `The tools of the MCP server ${entry.package} ${entry.version}, with their real names, descriptions and ` +
        `input schemas, running SQL (SQLite's dialect) on the database of the catalog environment ${served.source}: ` +
        `${tables.length} tables (${tables.join(", ")}). ${counts}`
      : `The tools of the MCP server ${entry.package} ${entry.version}, with their real names, descriptions and ` +
        `input schemas, over tables derived from them and filled with seeded rows. ${counts}`,
    category: CATEGORIES[entry.server] ?? { domain: "imported", subdomain: "mcp" },
    provenance: [
      {
        kind: "mcp-spec",
        name: `${entry.package}@${entry.version} tools/list`,
        license: entry.npm_license ?? "see specs/LICENSE.modelcontextprotocol-servers",
        sha256: createHash("sha256").update(text).digest("hex"),
        notes: "Captured live over stdio with the MCP TypeScript SDK client (specs/INDEX.json).",
      },
      ...(served ? servedDatabaseProvenance(served.source, served.provenance) : []),
      {
        kind: "generated",
        name: served
          ? "agent-world MCP spec importer (tools and their tests)"
          : "agent-world MCP spec importer (tables, seed rows, tools)",
        license: "MIT",
      },
    ],
    schemaSql: imported.schemaSql,
    seed: imported.seed,
    ...(served?.clockStart ? { clockStart: served.clockStart } : {}),
    tools: imported.tools,
  };
}
