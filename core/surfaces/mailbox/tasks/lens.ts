// How task synthesis sees a mailbox environment (the Gmail MCP server and its look-alikes,
// imported by core/surfaces/mailbox/surface.ts): which published tool plays which mailbox
// role, recognised by the importer's own criterion (core/surfaces/mailbox/roles.ts), and the argument name
// each slot takes there. Tasks need the search and read tools (the only way to find a message and
// its thread) and the surface's tables, so that a tool of that name built by another path is not
// taken for one of ours.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTables } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { type MailRole, type MailSlot, matchMailRole } from "../roles";
import { MAILBOX_TABLES } from "../seed";

export interface MailTool {
  name: string;
  /** The argument name for each slot the tool takes. */
  args: Partial<Record<MailSlot, string>>;
}

export type MailboxLens = Partial<Record<MailRole, MailTool>> & {
  search: MailTool;
  read: MailTool;
};

/** The lens, or undefined unless the environment is a mailbox this source can read. */
export function mailboxLens(db: SqlDatabase, tools: readonly ToolSpec[]): MailboxLens | undefined {
  const tables = new Set(listUserTables(db).map((t) => t.name));
  if (!Object.values(MAILBOX_TABLES).every((t) => tables.has(t))) return undefined;
  const found: Partial<Record<MailRole, MailTool>> = {};
  for (const tool of tools) {
    const schema = tool.inputSchema as JsonObject;
    const match = matchMailRole({
      original: { name: tool.name, description: tool.description, inputSchema: schema },
      schema,
    });
    if (match?.ok && found[match.role] === undefined) {
      found[match.role] = { name: tool.name, args: match.args };
    }
  }
  const { search, read } = found;
  if (!search || !read) return undefined;
  return { ...found, search, read };
}
