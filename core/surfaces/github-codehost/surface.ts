// The code-host surface: servers whose tools read and write repositories (owner + repo) with
// branches, commits and files, and issues and pull requests numbered together per repository, like
// @modelcontextprotocol/server-github. Recognised by a general criterion (roles.ts):
// each tool's name says a code-host operation and its arguments fill that operation's slots, and
// the server reads files, issues and pull requests. The model is fourteen `code_*` tables
// (schema.ts) seeded with the Harborlight organization's four repositories, their
// histories, issues, pull requests, reviews and checks (seed.ts); each tool answers
// as the server's call to the GitHub REST API (mcp-codehost-tools*.ts), acting as the token's
// owner at the episode clock.

import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface } from "../kit/role-surface";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { VIEWER } from "./people";
import { type CodeRole, type CodeRoleMatch, looksLikeCodeHost, matchCodeRole } from "./roles";
import { CODE_COLUMNS, CODE_KEYS, CODE_SCHEMA_SQL, CODE_TABLES, type CodeTable } from "./schema";
import { buildCodeHost } from "./seed";
import { codehostToolTests } from "./tests";
import { codehostEffect, codehostImplementation } from "./tools";

const T = CODE_TABLES;

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<CodeRole, { verb: string; table: string }> = {
  create_or_update_file: { verb: "update", table: T.commits },
  search_repositories: { verb: "list", table: T.repos },
  create_repository: { verb: "create", table: T.repos },
  get_file_contents: { verb: "get", table: T.blobs },
  push_files: { verb: "create", table: T.commits },
  create_issue: { verb: "create", table: T.issues },
  create_pull_request: { verb: "create", table: T.pulls },
  fork_repository: { verb: "create", table: T.repos },
  create_branch: { verb: "create", table: T.branches },
  list_commits: { verb: "list", table: T.commits },
  list_issues: { verb: "list", table: T.issues },
  update_issue: { verb: "update", table: T.issues },
  add_issue_comment: { verb: "create", table: T.comments },
  search_code: { verb: "list", table: T.blobs },
  search_issues: { verb: "list", table: T.issues },
  search_users: { verb: "list", table: T.accounts },
  get_issue: { verb: "get", table: T.issues },
  get_pull_request: { verb: "get", table: T.pulls },
  list_pull_requests: { verb: "list", table: T.pulls },
  create_pull_request_review: { verb: "create", table: T.reviews },
  merge_pull_request: { verb: "update", table: T.pulls },
  get_pull_request_files: { verb: "list", table: T.pulls },
  get_pull_request_status: { verb: "get", table: T.statuses },
  update_pull_request_branch: { verb: "update", table: T.branches },
  get_pull_request_comments: { verb: "list", table: T.reviewComments },
  get_pull_request_reviews: { verb: "list", table: T.reviews },
};

export const codehostSurface: McpSurface = {
  name: "codehost",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchCodeRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikeCodeHost(fitting)) return undefined;
    return importHost(input, matched);
  },
};

function importHost(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: CodeRoleMatch }[],
): SurfaceImport {
  const host = buildCodeHost();
  const tables = (Object.keys(CODE_TABLES) as CodeTable[]).map((k) => ({
    name: CODE_TABLES[k],
    key: CODE_KEYS[k],
    columns: CODE_COLUMNS[k],
    rows: host.rows[k],
  }));
  const count = (isPull: boolean) => host.issues.filter((i) => i.isPull === isPull).length;
  return importRoleSurface(input, matched, {
    surface: "codehost",
    schemaSql: CODE_SCHEMA_SQL,
    tables,
    roles: ROLES,
    tests: (match) => codehostToolTests({ role: match.role, args: match.args, host }),
    tool: (match, name) => ({
      effect: codehostEffect(match.role),
      implementation: codehostImplementation({
        role: match.role,
        functionName: name,
        args: match.args,
        viewer: VIEWER.login,
      }),
    }),
    notes: [
      `codehost: the Harborlight organization's ${host.repos.length} repositories (${host.repos.map((r) => r.name).join(", ")}) with ${host.commits.size} commits, ${host.rows.branches.length} branches, ${count(false)} issues and ${count(true)} pull requests (merged, open, conflicting, draft, closed) with their comments, reviews and checks, by ${host.rows.members.length} members; the agent acts as ${VIEWER.login}; files are kept once per content (blob sha as git's) and each commit keeps a path -> blob snapshot; results are the GitHub REST API's objects as the server passes them on, and GitHub's errors (404 Not Found, 422 Validation Failed, 409 Conflict, 405 Pull Request is not mergeable) are tool errors that write nothing`,
    ],
  });
}
