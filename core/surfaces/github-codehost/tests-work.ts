// Tests of the code host's issue and pull request tools (see test-kit.ts): issues
// listed, read, opened, updated and commented on; pull requests read, listed, opened, reviewed,
// merged (closing the issue a body fixes), compared file by file, their checks combined, their
// branch updated, their review comments and reviews; refusals of unknown numbers, non-members,
// unknown milestones, heads without new commits, conflicts, drafts and comments off the diff.
import type { ToolTest } from "../../environment/spec";
import { ORG_LOGIN } from "./people";
import { lineChanges, type TestKit } from "./test-kit";

export function workToolTests(kit: TestKit): (ToolTest | undefined)[] | undefined {
  const {
    role,
    f,
    ok,
    fails,
    api,
    cli,
    deploy,
    missingRepo,
    pagination,
    pageBug,
    rateLimit,
    smallPool,
    healthz,
    apiIssues,
    nextNumber,
    me,
  } = kit;
  switch (role) {
    case "list_issues": {
      const open = apiIssues
        .filter((i) => i.state === "open")
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
      const wanted = open.filter((i) => i.labels.includes("security"));
      return [
        ok(
          "lists open issues and pull requests with a label, newest first",
          { ...api, labels: ["security"] },
          wanted.map((i) => ({ number: i.number, title: i.title })),
        ),
        ok(
          "lists the first page of open issues and pull requests, newest first",
          { ...api },
          open.slice(0, 30).map((i) => ({ number: i.number, title: i.title })),
        ),
        fails("answers Not Found for an unknown repository", missingRepo, "not_found"),
      ];
    }
    case "update_issue":
      return [
        ok(
          "closes an issue and relabels it",
          {
            ...api,
            issue_number: pageBug.number,
            state: "closed",
            labels: ["bug", "performance"],
            assignees: ["marcus-chen"],
          },
          {
            number: pageBug.number,
            state: "closed",
            labels: [{ name: "bug" }, { name: "performance" }],
            assignees: [{ login: "marcus-chen" }],
            closed_at: "2025-01-06T09:00:00Z",
          },
          { issues: [0, 1, 0] },
        ),
        fails(
          "refuses an assignee who is not a member",
          { ...api, issue_number: pageBug.number, assignees: ["octocat"] },
          "validation_failed",
        ),
        fails("answers Not Found for an unknown issue", { ...api, issue_number: 999 }, "not_found"),
      ];
    case "add_issue_comment":
      return [
        ok(
          "comments as the token's owner",
          { ...api, issue_number: pageBug.number, body: "I can pick this up next week." },
          {
            body: "I can pick this up next week.",
            user: me,
            author_association: "MEMBER",
            issue_url: `https://api.github.com/repos/${ORG_LOGIN}/harbor-api/issues/${pageBug.number}`,
          },
          { comments: [1, 0, 0], issues: [0, 1, 0] },
        ),
        fails(
          "answers Not Found for an unknown issue",
          { ...api, issue_number: 999, body: "x" },
          "not_found",
        ),
      ];
    case "create_issue":
      return [
        ok(
          "opens an issue with the next number of the repository",
          {
            ...api,
            title: "Document the webhook signature",
            body: "Explain the HMAC header.",
            labels: ["documentation"],
            assignees: ["priya-nair"],
            milestone: 2,
          },
          {
            number: nextNumber,
            title: "Document the webhook signature",
            state: "open",
            user: me,
            labels: [{ name: "documentation" }],
            assignees: [{ login: "priya-nair" }],
            milestone: { number: 2, title: "v1.4" },
            comments: 0,
          },
          { issues: [1, 0, 0] },
        ),
        ok(
          "opens a plain issue",
          { ...api, title: "Plain report" },
          {
            number: nextNumber,
            title: "Plain report",
            body: null,
            labels: [],
            assignees: [],
            milestone: null,
          },
          { issues: [1, 0, 0] },
        ),
        ok(
          "creates a label it does not know",
          { ...api, title: "Translate the error messages", labels: ["i18n"] },
          { labels: [{ name: "i18n", color: "ededed" }] },
          { issues: [1, 0, 0], labels: [1, 0, 0] },
        ),
        fails(
          "refuses an unknown milestone",
          { ...api, title: "x", milestone: 99 },
          "validation_failed",
        ),
        fails(
          "answers Not Found for an unknown repository",
          { ...missingRepo, title: "x" },
          "not_found",
        ),
      ];
    case "get_issue":
      return [
        ok(
          "returns an issue with its labels, milestone and comment count",
          { ...api, issue_number: pageBug.number },
          {
            number: pageBug.number,
            title: pageBug.title,
            state: "open",
            labels: [{ name: "bug", color: "d73a4a", default: true }],
            milestone: { title: "v1.4" },
            comments: 1,
            user: { login: "sofia-alvarez" },
          },
        ),
        ok(
          "returns a pull request as an issue",
          { ...api, issue_number: pagination.number },
          { number: pagination.number, pull_request: { merged_at: null } },
        ),
        fails(
          "answers Not Found for an unknown number",
          { ...api, issue_number: 999 },
          "not_found",
        ),
      ];
    case "get_pull_request":
      return [
        ok(
          "returns a pull request with its head and base",
          { ...api, pull_number: pagination.number },
          {
            number: pagination.number,
            state: "open",
            title: pagination.title,
            merged_at: null,
            head: {
              ref: "orders-pagination",
              sha: f.head("harbor-api", "orders-pagination"),
              label: `${ORG_LOGIN}:orders-pagination`,
            },
            base: { ref: "main", sha: f.head("harbor-api", "main") },
            user: { login: "marcus-chen" },
          },
        ),
        fails(
          "answers Not Found for an issue that is not a pull request",
          { ...api, pull_number: pageBug.number },
          "not_found",
        ),
      ];
    case "list_pull_requests": {
      const open = apiIssues
        .filter((i) => i.isPull && i.state === "open")
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
      return [
        ok(
          "lists open pull requests, newest first",
          { ...api },
          open.map((i) => ({ number: i.number, title: i.title })),
        ),
        ok("filters by head branch", { ...api, state: "all", head: `${ORG_LOGIN}:json-logging` }, [
          { title: "Log requests as JSON lines", state: "closed" },
        ]),
      ];
    }
    case "create_pull_request":
      return [
        ok(
          "opens a pull request from a branch with new commits",
          {
            ...api,
            title: "Log requests as JSON lines, again",
            head: "json-logging",
            base: "main",
            body: "Reopening the idea.",
          },
          {
            number: nextNumber,
            state: "open",
            title: "Log requests as JSON lines, again",
            user: me,
            head: { ref: "json-logging" },
            base: { ref: "main" },
          },
          { issues: [1, 0, 0], pulls: [1, 0, 0] },
        ),
        fails(
          "refuses a head with no new commits",
          { ...api, title: "x", head: "main", base: "main" },
          "validation_failed",
        ),
        fails(
          "refuses a second open pull request for the same head",
          { ...api, title: "x", head: "orders-pagination", base: "main" },
          "validation_failed",
        ),
        fails(
          "refuses an unknown head",
          { ...api, title: "x", head: "nope", base: "main" },
          "validation_failed",
        ),
      ];
    case "create_pull_request_review":
      return [
        ok(
          "approves a pull request at its head commit",
          { ...api, pull_number: pagination.number, body: "Looks good to me.", event: "APPROVE" },
          {
            state: "APPROVED",
            body: "Looks good to me.",
            user: me,
            commit_id: f.head("harbor-api", "orders-pagination"),
            author_association: "MEMBER",
          },
          { reviews: [1, 0, 0], issues: [0, 1, 0] },
        ),
        ok(
          "requests changes with a comment on a changed line",
          {
            ...api,
            pull_number: rateLimit.number,
            body: "See inline.",
            event: "REQUEST_CHANGES",
            comments: [
              { path: "src/rate-limit.ts", line: 2, body: "Make the limit configurable." },
            ],
          },
          { state: "CHANGES_REQUESTED" },
          { reviews: [1, 0, 0], reviewComments: [1, 0, 0], issues: [0, 1, 0] },
        ),
        fails(
          "refuses a comment on a file the pull request does not change",
          {
            ...api,
            pull_number: rateLimit.number,
            body: "x",
            event: "COMMENT",
            comments: [{ path: "README.md", line: 1, body: "x" }],
          },
          "validation_failed",
        ),
        fails(
          "answers Not Found for an unknown pull request",
          { ...api, pull_number: 999, body: "x", event: "COMMENT" },
          "not_found",
        ),
      ];
    case "merge_pull_request":
      return [
        ok(
          "merges with a merge commit and closes the issue it fixes",
          { ...api, pull_number: pagination.number },
          { merged: true, message: "Pull Request successfully merged" },
          {
            commits: [1, 0, 0],
            branches: [0, 1, 0],
            pulls: [0, 1, 0],
            issues: [0, 2, 0],
            repos: [0, 1, 0],
          },
        ),
        fails(
          "refuses a pull request that conflicts with its base (405)",
          { ...api, pull_number: smallPool.number },
          "method_not_allowed",
        ),
        fails("refuses a draft", { ...api, pull_number: healthz.number }, "method_not_allowed"),
      ];
    case "get_pull_request_files": {
      const base = f.file("harbor-api", "main", "src/routes/orders.ts") ?? "";
      const head = f.file("harbor-api", "orders-pagination", "src/routes/orders.ts") ?? "";
      const counted = lineChanges(base, head);
      return [
        ok(
          "lists the files a pull request changes with their line counts",
          { ...api, pull_number: pagination.number },
          [
            {
              filename: "src/routes/orders.ts",
              status: "modified",
              ...counted,
              changes: counted.additions + counted.deletions,
            },
          ],
        ),
        ok("marks new files as added", { ...api, pull_number: rateLimit.number }, [
          { filename: "src/rate-limit.ts", status: "added", deletions: 0 },
          { filename: "src/server.ts", status: "modified", additions: 1, deletions: 0 },
        ]),
        fails(
          "answers Not Found for an unknown pull request",
          { ...api, pull_number: 999 },
          "not_found",
        ),
      ];
    }
    case "get_pull_request_status":
      return [
        ok(
          "combines the head commit's checks",
          { ...api, pull_number: rateLimit.number },
          {
            state: "failure",
            total_count: 2,
            sha: f.head("harbor-api", "rate-limit-tokens"),
            statuses: [
              { context: "ci/build", state: "success" },
              { context: "ci/test", state: "failure" },
            ],
          },
        ),
        ok(
          "is pending while a check runs",
          { ...api, pull_number: healthz.number },
          { state: "pending", total_count: 1 },
        ),
        fails(
          "answers Not Found for an unknown pull request",
          { ...api, pull_number: 999 },
          "not_found",
        ),
      ];
    case "update_pull_request_branch": {
      const buildFirst = f.item("deploy-tools", "Build the image before tagging");
      const timeout = f.item("harbor-cli", "Raise timeout to 60 seconds");
      return [
        ok(
          "merges the base into the head branch",
          { ...deploy, pull_number: buildFirst.number },
          { success: true },
          {
            commits: [1, 0, 0],
            branches: [0, 1, 0],
            pulls: [0, 1, 0],
            issues: [0, 1, 0],
            repos: [0, 1, 0],
          },
        ),
        fails(
          "refuses when the base has no new commits",
          { ...api, pull_number: pagination.number },
          "validation_failed",
        ),
        fails(
          "refuses a conflicting update",
          { ...cli, pull_number: timeout.number },
          "validation_failed",
        ),
      ];
    }
    case "get_pull_request_comments":
      return [
        ok(
          "lists review comments with their diff hunk",
          { ...api, pull_number: pagination.number },
          [
            {
              path: "src/routes/orders.ts",
              body: "Should we cap page so OFFSET cannot get huge?",
              user: { login: "sofia-alvarez" },
              commit_id: f.head("harbor-api", "orders-pagination"),
            },
          ],
        ),
        ok(
          "is empty for a pull request without review comments",
          { ...api, pull_number: rateLimit.number },
          [],
        ),
        fails(
          "answers Not Found for an unknown pull request",
          { ...api, pull_number: 999 },
          "not_found",
        ),
      ];
    case "get_pull_request_reviews":
      return [
        ok("lists reviews in order", { ...api, pull_number: rateLimit.number }, [
          {
            state: "CHANGES_REQUESTED",
            user: { login: "priya-nair" },
            author_association: "MEMBER",
          },
        ]),
        fails(
          "answers Not Found for an unknown pull request",
          { ...api, pull_number: 999 },
          "not_found",
        ),
      ];
    default:
      return undefined;
  }
}
