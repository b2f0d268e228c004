// Which code-hosting operation a tool is, from its name and arguments. A code host keeps
// repositories (owner + repo) with branches, commits and files, and issues and pull requests that
// share one number per repository (like @modelcontextprotocol/server-github). The name must say
// the operation (`get_file_contents`, `create_pull_request_review`, `search_issues`, or the same
// words in another order or case) and every argument must fill one of that operation's slots,
// whatever the server calls it (`issue_number` or `issueNumber`, `q` or `query`, `perPage` or
// `per_page`), with the slot's JSON type. A name that says an operation over arguments that do not
// fit is reported with the reason.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import { typesOf } from "../../mcp/tool-json-schema";
import {
  anyWord as any,
  matchRoleSlots,
  onlyTypes,
  type SlotMatch,
  type SlotRule,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type CodeRole =
  | "create_or_update_file"
  | "search_repositories"
  | "create_repository"
  | "get_file_contents"
  | "push_files"
  | "create_issue"
  | "create_pull_request"
  | "fork_repository"
  | "create_branch"
  | "list_commits"
  | "list_issues"
  | "update_issue"
  | "add_issue_comment"
  | "search_code"
  | "search_issues"
  | "search_users"
  | "get_issue"
  | "get_pull_request"
  | "list_pull_requests"
  | "create_pull_request_review"
  | "merge_pull_request"
  | "get_pull_request_files"
  | "get_pull_request_status"
  | "update_pull_request_branch"
  | "get_pull_request_comments"
  | "get_pull_request_reviews";

type Kind = "string" | "number" | "boolean" | "strings" | "files" | "comments";

/** Each slot's JSON kind and the argument names it answers to (compared without case, `_`, `-`). */
const SLOTS = {
  owner: ["string", ["owner", "repoowner", "org"]],
  repo: ["string", ["repo", "repository", "reponame"]],
  path: ["string", ["path", "filepath"]],
  content: ["string", ["content", "contents"]],
  message: ["string", ["message", "commitmessage"]],
  branch: ["string", ["branch", "ref", "branchname"]],
  sha: ["string", ["sha", "ref", "commit"]],
  query: ["string", ["query", "q"]],
  page: ["number", ["page"]],
  per_page: ["number", ["perpage", "pagesize", "limit"]],
  name: ["string", ["name", "reponame"]],
  description: ["string", ["description"]],
  private: ["boolean", ["private", "isprivate"]],
  auto_init: ["boolean", ["autoinit", "initialize"]],
  files: ["files", ["files"]],
  title: ["string", ["title"]],
  body: ["string", ["body", "text", "comment"]],
  assignees: ["strings", ["assignees"]],
  milestone: ["number", ["milestone"]],
  labels: ["strings", ["labels"]],
  head: ["string", ["head", "headbranch"]],
  base: ["string", ["base", "basebranch"]],
  draft: ["boolean", ["draft"]],
  maintainer_can_modify: ["boolean", ["maintainercanmodify"]],
  organization: ["string", ["organization", "org"]],
  from_branch: ["string", ["frombranch", "from", "source", "sourcebranch"]],
  issue_number: ["number", ["issuenumber", "number", "issue"]],
  pull_number: ["number", ["pullnumber", "number", "prnumber", "pullrequestnumber"]],
  direction: ["string", ["direction"]],
  since: ["string", ["since"]],
  sort: ["string", ["sort"]],
  state: ["string", ["state"]],
  order: ["string", ["order"]],
  commit_id: ["string", ["commitid", "commitsha"]],
  event: ["string", ["event", "action"]],
  comments: ["comments", ["comments"]],
  commit_title: ["string", ["committitle"]],
  commit_message: ["string", ["commitmessage"]],
  merge_method: ["string", ["mergemethod", "method"]],
  expected_head_sha: ["string", ["expectedheadsha"]],
} as const satisfies Record<string, readonly [Kind, readonly string[]]>;

export type CodeSlot = keyof typeof SLOTS;

type RoleRule = SlotRule<CodeRole, CodeSlot>;

const pullWord = (w: ReadonlySet<string>) => any(w, "pull", "pulls", "pr", "prs");
const REPO = { owner: true, repo: true } as const;
const PULL = { ...REPO, pull_number: true } as const;
const PAGED = { page: false, per_page: false } as const;

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "push_files",
    named: (w) => any(w, "push") && any(w, "files"),
    slots: { ...REPO, branch: true, files: true, message: true },
  },
  {
    role: "search_code",
    named: (w) => any(w, "search") && any(w, "code"),
    slots: { query: true, order: false, ...PAGED },
  },
  {
    role: "search_issues",
    named: (w) => any(w, "search") && any(w, "issues", "issue"),
    slots: { query: true, order: false, sort: false, ...PAGED },
  },
  {
    role: "search_users",
    named: (w) => any(w, "search") && any(w, "users", "user"),
    slots: { query: true, order: false, sort: false, ...PAGED },
  },
  {
    role: "search_repositories",
    named: (w) => any(w, "search") && any(w, "repositories", "repository", "repos"),
    slots: { query: true, ...PAGED },
  },
  {
    role: "create_pull_request_review",
    named: (w) => pullWord(w) && any(w, "review") && any(w, "create", "submit", "add"),
    slots: { ...PULL, commit_id: false, body: true, event: true, comments: false },
  },
  { role: "get_pull_request_files", named: (w) => pullWord(w) && any(w, "files"), slots: PULL },
  {
    role: "get_pull_request_status",
    named: (w) => pullWord(w) && any(w, "status", "checks"),
    slots: PULL,
  },
  {
    role: "update_pull_request_branch",
    named: (w) => pullWord(w) && any(w, "update", "sync") && any(w, "branch"),
    slots: { ...PULL, expected_head_sha: false },
  },
  {
    role: "get_pull_request_comments",
    named: (w) => pullWord(w) && any(w, "comments"),
    slots: PULL,
  },
  { role: "get_pull_request_reviews", named: (w) => pullWord(w) && any(w, "reviews"), slots: PULL },
  {
    role: "merge_pull_request",
    named: (w) => pullWord(w) && any(w, "merge"),
    slots: { ...PULL, commit_title: false, commit_message: false, merge_method: false },
  },
  {
    role: "list_pull_requests",
    named: (w) => pullWord(w) && any(w, "list"),
    slots: {
      ...REPO,
      state: false,
      head: false,
      base: false,
      sort: false,
      direction: false,
      ...PAGED,
    },
  },
  {
    role: "create_pull_request",
    named: (w) => pullWord(w) && any(w, "create", "open", "new"),
    slots: {
      ...REPO,
      title: true,
      body: false,
      head: true,
      base: true,
      draft: false,
      maintainer_can_modify: false,
    },
  },
  {
    role: "get_pull_request",
    named: (w) => pullWord(w) && any(w, "get", "show", "read"),
    slots: PULL,
  },
  {
    role: "create_or_update_file",
    named: (w) => any(w, "file") && any(w, "create", "update", "put", "write", "upsert"),
    slots: { ...REPO, path: true, content: true, message: true, branch: true, sha: false },
  },
  {
    role: "get_file_contents",
    named: (w) => any(w, "file", "contents", "content") && any(w, "get", "read"),
    slots: { ...REPO, path: true, branch: false },
  },
  {
    role: "fork_repository",
    named: (w) => any(w, "fork"),
    slots: { ...REPO, organization: false },
  },
  {
    role: "create_repository",
    named: (w) => any(w, "create", "new") && any(w, "repository", "repo"),
    slots: { name: true, description: false, private: false, auto_init: false },
  },
  {
    role: "create_branch",
    named: (w) => any(w, "create", "new") && any(w, "branch"),
    slots: { ...REPO, branch: true, from_branch: false },
  },
  {
    role: "list_commits",
    named: (w) => any(w, "commits") && any(w, "list", "get"),
    slots: { ...REPO, sha: false, ...PAGED },
  },
  {
    role: "list_issues",
    named: (w) => any(w, "list") && any(w, "issues"),
    slots: {
      ...REPO,
      direction: false,
      labels: false,
      since: false,
      sort: false,
      state: false,
      ...PAGED,
    },
  },
  {
    role: "add_issue_comment",
    named: (w) =>
      any(w, "comment") && any(w, "issue") && !any(w, "list", "get", "delete", "update"),
    slots: { ...REPO, issue_number: true, body: true },
  },
  {
    role: "update_issue",
    named: (w) => any(w, "issue") && any(w, "update", "edit"),
    slots: {
      ...REPO,
      issue_number: true,
      title: false,
      body: false,
      assignees: false,
      milestone: false,
      labels: false,
      state: false,
    },
  },
  {
    role: "create_issue",
    named: (w) => any(w, "issue") && any(w, "create", "open", "new"),
    slots: { ...REPO, title: true, body: false, assignees: false, milestone: false, labels: false },
  },
  {
    role: "get_issue",
    named: (w) => any(w, "issue") && any(w, "get", "show", "read"),
    slots: { ...REPO, issue_number: true },
  },
];

export type CodeRoleMatch = SlotMatch<CodeRole, CodeSlot>;

function fits(schema: JsonObject, kind: Kind): boolean {
  const only = (...allowed: string[]) => onlyTypes(schema, ...allowed);
  if (kind === "string") return only("string");
  if (kind === "number") return only("number", "integer");
  if (kind === "boolean") return only("boolean");
  if (!only("array") || !isJsonObject(schema.items)) return false;
  if (kind === "strings") return typesOf(schema.items).every((t) => t === "string");
  if (kind === "files") {
    const props = schema.items.properties;
    return isJsonObject(props) && isJsonObject(props.path) && isJsonObject(props.content);
  }
  return true;
}

/** The tool's role, or undefined when its name names no code-hosting operation. */
export function matchCodeRole(tool: SurfaceTool): CodeRoleMatch | undefined {
  return matchRoleSlots(tool, RULES, {
    surface: "code-host",
    names: (slot) => SLOTS[slot][1],
    unfit: (schema, slot, name) =>
      isJsonObject(schema) && fits(schema, SLOTS[slot][0])
        ? undefined
        : `its "${name}" is not ${SLOTS[slot][0]}`,
    words: (slot) => slot.replaceAll("_", " "),
  });
}

/**
 * A server is a code host when its fitting tools read a file of a repository, open or read an
 * issue, and open or read a pull request: repositories, issues and pull requests together.
 */
export function looksLikeCodeHost(roles: readonly CodeRole[]): boolean {
  const has = (...r: CodeRole[]) => r.some((x) => roles.includes(x));
  return (
    has("get_file_contents") &&
    has("create_issue", "get_issue", "list_issues") &&
    has("create_pull_request", "get_pull_request", "list_pull_requests")
  );
}
