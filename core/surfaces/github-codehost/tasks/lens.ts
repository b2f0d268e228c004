// How task synthesis sees a code host (the MCP importer's codehost surface, e.g. the GitHub MCP
// server over `code_*` tables): which published tool plays each code-host operation and what it
// calls each argument, found with the importer's own role rules, so templates can write "list the
// issues", "update the issue", "merge the pull request" without knowing the server's names.
// Listing a repository's issues and its pull requests are required (a user names them by title,
// never by number); a host whose tools only read is still recognised, so a request for writes is
// told why not.
import type { ToolSpec } from "../../../environment/spec";
import { listUserTableNames } from "../../../episode/schema-introspection";
import type { SqlDatabase } from "../../../episode/sql-database";
import type { JsonObject } from "../../../mcp/spec-schema";
import { type CodeRole, type CodeSlot, matchCodeRole } from "../roles";
import { CODE_TABLES } from "../schema";

export interface CodeTool {
  name: string;
  /** The server's argument name for each slot it offers. */
  args: Partial<Record<CodeSlot, string>>;
}

export type CodeLens = Partial<Record<CodeRole, CodeTool>> & {
  list_issues: CodeTool;
  list_pull_requests: CodeTool;
};

/** The lens, or undefined when the tools are not the codehost surface's over the code tables. */
export function codehostLens(db: SqlDatabase, tools: readonly ToolSpec[]): CodeLens | undefined {
  const tables = new Set(listUserTableNames(db));
  if (!Object.values(CODE_TABLES).every((t) => tables.has(t))) return undefined;
  const roles: Partial<Record<CodeRole, CodeTool>> = {};
  for (const tool of tools) {
    const match = matchCodeRole({
      original: { name: tool.name, description: tool.description, inputSchema: tool.inputSchema },
      schema: tool.inputSchema as JsonObject,
    });
    if (!match?.ok || roles[match.role]) continue;
    roles[match.role] = { name: tool.name, args: match.args };
  }
  const { list_issues, list_pull_requests } = roles;
  if (!list_issues || !list_pull_requests) return undefined;
  return { ...roles, list_issues, list_pull_requests };
}
