// The JavaScript of each code-host tool: the shared guest helpers (objects and errors, git
// objects, pull requests, search queries, SHA-1) followed by the role's body, with the argument
// names of the server's own tool and the per-call bounds as constants. Arguments are read from
// `args` by name; nothing is spliced into code or SQL.
import type { ToolSpec } from "../../environment/spec";
import { CODEHOST_GUEST_JS } from "./guest";
import { CODEHOST_GIT_JS } from "./guest-git";
import { CODEHOST_PULLS_JS } from "./guest-pulls";
import { CODEHOST_SEARCH_JS } from "./guest-search";
import { MERGE_GUEST_JS } from "./merge";
import type { CodeRole, CodeSlot } from "./roles";
import { SHA_GUEST_JS } from "./sha";
import { ISSUE_BODIES } from "./tools-issues";
import { PULL_BODIES } from "./tools-pulls";
import { REPO_BODIES } from "./tools-repos";
import { SEARCH_BODIES } from "./tools-search";

/** Per-call bounds; GitHub's own where it has one (issue bodies hold 65,536 characters). */
export const CODEHOST_LIMITS = {
  maxBodyChars: 65_536,
  maxMessageChars: 10_000,
  /** A file written through a tool; the sandbox's result limit bounds what one call returns. */
  maxContentChars: 200_000,
  maxFiles: 50,
  maxReviewComments: 50,
} as const;

const BODIES: Record<CodeRole, string> = {
  ...REPO_BODIES,
  ...ISSUE_BODIES,
  ...SEARCH_BODIES,
  ...PULL_BODIES,
};

/** The roles that write (the task side reads them too: core/surfaces/github-codehost/tasks/lens.ts). */
export const CODE_WRITE_ROLES: ReadonlySet<CodeRole> = new Set<CodeRole>([
  "create_or_update_file",
  "create_repository",
  "push_files",
  "create_issue",
  "create_pull_request",
  "fork_repository",
  "create_branch",
  "update_issue",
  "add_issue_comment",
  "create_pull_request_review",
  "merge_pull_request",
  "update_pull_request_branch",
]);

export function codehostEffect(role: CodeRole): ToolSpec["effect"] {
  return CODE_WRITE_ROLES.has(role) ? "write" : "read";
}

export interface CodehostCode {
  role: CodeRole;
  functionName: string;
  args: Partial<Record<CodeSlot, string>>;
  /** The login of the account the agent acts as. */
  viewer: string;
}

/** `function name(args, ctx) { constants; helpers; body }`. */
export function codehostImplementation(code: CodehostCode): string {
  return [
    `function ${code.functionName}(args, ctx) {`,
    `  const C = ${JSON.stringify({ ...CODEHOST_LIMITS, viewer: code.viewer })};`,
    `  const A = ${JSON.stringify(code.args)};`,
    `  ${SHA_GUEST_JS.trim()}`,
    `  ${CODEHOST_GUEST_JS.trim()}`,
    `  ${CODEHOST_GIT_JS.trim()}`,
    `  ${MERGE_GUEST_JS.trim()}`,
    `  ${CODEHOST_PULLS_JS.trim()}`,
    `  ${CODEHOST_SEARCH_JS.trim()}`,
    `  ${BODIES[code.role].trim()}`,
    "}",
  ].join("\n");
}
