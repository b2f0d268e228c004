// The filesystem surface: servers whose tools read, write, list and move files under allowed
// directories, like @modelcontextprotocol/server-filesystem. Recognised by a general criterion
// (roles.ts): each tool's name says a file or directory operation and its
// arguments are file paths (`path`, `paths`, `source`/`destination`) plus that operation's
// options, and the server both lists directories and reads or writes files. The model is one
// table, `fs_entries` (a row per file or directory), seeded with a small web-app repository under
// /projects; each tool's JavaScript follows the real server's handler (tools.ts).
import { isJsonObject } from "../../mcp/spec-schema";
import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface } from "../kit/role-surface";
import { hashSeed, seededRandom } from "../kit/seed-values";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { looksLikeFileSystem, matchRole, type RoleMatch } from "./roles";
import { FS_COLUMNS, FS_ROOT, FS_SCHEMA_SQL, FS_TABLE, seedRowsOf, seedTree } from "./seed";
import { fsToolTests } from "./tests";
import { type FsRole, fsImplementation, roleEffect } from "./tools";

/** The verb the import report shows for each role; every role works on the one table. */
const ROLES: Record<FsRole, { verb: string; table: string }> = {
  read_text: { verb: "read", table: FS_TABLE },
  read_media: { verb: "read", table: FS_TABLE },
  read_multiple: { verb: "read", table: FS_TABLE },
  write: { verb: "write", table: FS_TABLE },
  edit: { verb: "edit", table: FS_TABLE },
  mkdir: { verb: "create", table: FS_TABLE },
  list: { verb: "list", table: FS_TABLE },
  list_sizes: { verb: "list", table: FS_TABLE },
  tree: { verb: "list", table: FS_TABLE },
  move: { verb: "move", table: FS_TABLE },
  search: { verb: "search", table: FS_TABLE },
  info: { verb: "get", table: FS_TABLE },
  roots: { verb: "list", table: FS_TABLE },
};

export const filesystemSurface: McpSurface = {
  name: "filesystem",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikeFileSystem(fitting)) return undefined;
    return importFileSystem(input, matched);
  },
};

function importFileSystem(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: RoleMatch }[],
): SurfaceImport {
  const { project, entries } = seedTree(seededRandom(hashSeed(`${input.server}/filesystem`)));
  const files = entries.filter((e) => e.kind === "file").length;
  return importRoleSurface(input, matched, {
    surface: "filesystem",
    schemaSql: FS_SCHEMA_SQL,
    tables: [{ name: FS_TABLE, key: "path", columns: FS_COLUMNS, rows: seedRowsOf(entries) }],
    roles: ROLES,
    tests: ({ role, options }) => fsToolTests(role, { entries, options }),
    // A refusal is the handler's answer to arguments the schema accepts, so every test must fit.
    errorTestsFitSchema: true,
    // The server's output schemas describe its structured results, so they are kept.
    tool: ({ role }, name, original) => ({
      ...(isJsonObject(original.outputSchema) && original.outputSchema.type === "object"
        ? { outputSchema: original.outputSchema }
        : {}),
      effect: roleEffect(role),
      implementation: fsImplementation(role, name),
    }),
    notes: [
      `filesystem: ${FS_ROOT} holds the seeded "${project.title}" repository of ${project.company} (${files} files, ${entries.length - files} directories), one row per entry in ${FS_TABLE}`,
    ],
  });
}
