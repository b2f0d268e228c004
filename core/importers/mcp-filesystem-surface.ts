// The filesystem surface: servers whose tools read, write, list and move files under allowed
// directories, like @modelcontextprotocol/server-filesystem. Recognised by a general criterion
// (mcp-filesystem-roles.ts): each tool's name says a file or directory operation and its
// arguments are file paths (`path`, `paths`, `source`/`destination`) plus that operation's
// options, and the server both lists directories and reads or writes files. The model is one
// table, `fs_entries` (a row per file or directory), seeded with a small web-app repository under
// /projects; each tool's JavaScript follows the real server's handler (mcp-filesystem-tools.ts).
import type { ToolSpec } from "../environment/spec";
import { validateArguments } from "../json-schema/validate-arguments";
import { looksLikeFileSystem, matchRole, type RoleMatch } from "./mcp-filesystem-roles";
import {
  FS_COLUMNS,
  FS_ROOT,
  FS_SCHEMA_SQL,
  FS_TABLE,
  seedRowsOf,
  seedTree,
} from "./mcp-filesystem-seed";
import { fsToolTests } from "./mcp-filesystem-tests";
import { type FsRole, fsImplementation, roleEffect } from "./mcp-filesystem-tools";
import type { McpImportReport } from "./mcp-import-report";
import { hashSeed, seededRandom } from "./mcp-seed-values";
import { isJsonObject } from "./mcp-spec-schema";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "./mcp-surface";

/** The verb the import report shows for each role. */
const VERBS: Record<FsRole, string> = {
  read_text: "read",
  read_media: "read",
  read_multiple: "read",
  write: "write",
  edit: "edit",
  mkdir: "create",
  list: "list",
  list_sizes: "list",
  tree: "list",
  move: "move",
  search: "search",
  info: "get",
  roots: "list",
};

export const filesystemSurface: McpSurface = {
  name: "filesystem",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = input.tools.flatMap((tool) => {
      const match = matchRole(tool);
      return match ? [{ tool, match }] : [];
    });
    const fitting = matched.flatMap((m) => (m.match.ok ? [m.match.role] : []));
    if (!looksLikeFileSystem(fitting)) return undefined;
    return importFileSystem(input, matched);
  },
};

function importFileSystem(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: RoleMatch }[],
): SurfaceImport {
  const { project, entries } = seedTree(seededRandom(hashSeed(`${input.server}/filesystem`)));
  const tools: ToolSpec[] = [];
  const implemented: McpImportReport["implemented"] = [];
  const leftOut: McpImportReport["leftOut"] = [];
  const notes: string[] = [];
  for (const { tool, match } of matched) {
    const original = tool.original;
    if (!match.ok) {
      leftOut.push({ tool: original.name, status: "not yet implemented", reason: match.reason });
      continue;
    }
    const tests = fsToolTests(match.role, { entries, options: match.options });
    const invalid = tests.find((t) => !validateArguments(tool.schema, t.args).valid);
    if (invalid || !isJsonObject(original.inputSchema)) {
      leftOut.push({
        tool: original.name,
        status: "not yet implemented",
        reason: `could not build test arguments valid for its inputSchema (${invalid?.name ?? "schema"})`,
      });
      continue;
    }
    const name = input.publishName(original.name);
    if (name !== original.name)
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    const outputSchema = original.outputSchema;
    tools.push({
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema: original.inputSchema,
      ...(isJsonObject(outputSchema) && outputSchema.type === "object" ? { outputSchema } : {}),
      effect: roleEffect(match.role),
      implementation: fsImplementation(match.role, name),
      tests,
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: FS_TABLE,
      verb: VERBS[match.role],
      surface: "filesystem",
    });
  }
  const files = entries.filter((e) => e.kind === "file").length;
  notes.push(
    `filesystem: ${FS_ROOT} holds the seeded "${project.title}" repository of ${project.company} (${files} files, ${entries.length - files} directories), one row per entry in ${FS_TABLE}`,
  );
  return {
    surface: "filesystem",
    claimed: matched.map((m) => m.tool.original.name),
    schemaSql: FS_SCHEMA_SQL,
    seed: { tables: { [FS_TABLE]: { columns: [...FS_COLUMNS], rows: seedRowsOf(entries) } } },
    tools,
    tables: [{ name: FS_TABLE, key: "path", columns: [...FS_COLUMNS], rows: entries.length }],
    implemented,
    leftOut,
    notes,
  };
}
