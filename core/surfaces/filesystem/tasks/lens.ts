// How task synthesis sees an environment whose tools are a file system (the MCP importer's
// filesystem surface, e.g. @modelcontextprotocol/server-filesystem over `fs_entries`): which tool
// plays each file operation, found with the importer's own role rules, so templates can write
// `read the file`, `list the folder`, `move it` without knowing the server's tool names.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTableNames } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { looksLikeFileSystem, matchRole } from "../roles";
import { FS_TABLE } from "../seed";
import type { FsRole } from "../tools";

/** The tool name of each role the server has; `read_text` and one listing role always. */
export type FsLens = Partial<Record<FsRole, string>> & { read_text: string };

const DEPRECATED = /\bdeprecated\b/i;

/** The lens, or undefined when the tools are not the filesystem surface's over `fs_entries`. */
export function filesystemLens(db: SqlDatabase, tools: readonly ToolSpec[]): FsLens | undefined {
  if (!listUserTableNames(db).includes(FS_TABLE)) return undefined;
  const roles: Partial<Record<FsRole, ToolSpec>> = {};
  for (const tool of tools) {
    const match = matchRole({
      original: { name: tool.name, description: tool.description, inputSchema: tool.inputSchema },
      schema: tool.inputSchema as JsonObject,
    });
    if (!match?.ok) continue;
    const held = roles[match.role];
    // Two tools for one role (read_file and read_text_file): the one not marked deprecated.
    if (!held || (DEPRECATED.test(held.description) && !DEPRECATED.test(tool.description))) {
      roles[match.role] = tool;
    }
  }
  const found = Object.keys(roles) as FsRole[];
  const read = roles.read_text?.name;
  if (!read || !looksLikeFileSystem(found) || !(roles.tree || roles.list)) return undefined;
  const lens: FsLens = { read_text: read };
  for (const role of found) {
    const name = roles[role]?.name;
    if (name) lens[role] = name;
  }
  return lens;
}
