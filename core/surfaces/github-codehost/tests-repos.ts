// Tests of the code host's repository, file, branch, commit and search tools (see
// test-kit.ts): files written as commits on a branch, several files pushed at once,
// file and directory contents, new repositories and forks, branches, history pages, and the search
// qualifiers of each search tool; refusals of unknown repositories, branches, refs and paths,
// stale shas, invalid names and empty queries.
import type { ToolTest } from "../../environment/spec";
import { ORG_LOGIN, VIEWER } from "./people";
import { blobSha } from "./sha";
import type { TestKit } from "./test-kit";

export function repoToolTests(kit: TestKit): (ToolTest | undefined)[] | undefined {
  const { role, host, f, ok, fails, api, web, cli, deploy, missingRepo } = kit;
  switch (role) {
    case "create_or_update_file": {
      const readme = "# harbor-web\n\nThe dispatch dashboard.\n";
      const oldSha = host.commits.get(f.head("harbor-web", "main"))?.tree["README.md"] ?? "";
      return [
        ok(
          "rewrites a file on a branch as a new commit whose parent is the branch's head",
          {
            ...web,
            path: "README.md",
            content: readme,
            message: "Shorten the README",
            branch: "main",
            sha: oldSha,
          },
          {
            content: {
              name: "README.md",
              path: "README.md",
              sha: blobSha(readme),
              size: readme.length,
              type: "file",
            },
            commit: {
              message: "Shorten the README",
              parents: [{ sha: f.head("harbor-web", "main") }],
              author: { name: VIEWER.name },
            },
          },
          { blobs: [1, 0, 0], commits: [1, 0, 0], branches: [0, 1, 0], repos: [0, 1, 0] },
        ),
        fails(
          "refuses a stale file sha (409)",
          {
            ...web,
            path: "README.md",
            content: readme,
            message: "x",
            branch: "main",
            sha: blobSha("stale"),
          },
          "conflict",
        ),
        fails(
          "refuses a branch that does not exist",
          { ...web, path: "README.md", content: readme, message: "x", branch: "no-such-branch" },
          "not_found",
        ),
      ];
    }
    case "push_files":
      return [
        ok(
          "commits several files at once and moves the branch",
          {
            ...cli,
            branch: "main",
            message: "Add changelog and notice",
            files: [
              { path: "CHANGELOG.md", content: "# Changelog\n\n## 0.4.1\n- Longer timeout\n" },
              { path: "NOTICE", content: "Copyright Harborlight\n" },
            ],
          },
          { ref: "refs/heads/main", object: { type: "commit" } },
          { blobs: [2, 0, 0], commits: [1, 0, 0], branches: [0, 1, 0], repos: [0, 1, 0] },
        ),
        fails(
          "refuses an unknown branch",
          { ...cli, branch: "nope", message: "x", files: [] },
          "not_found",
        ),
      ];
    case "get_file_contents": {
      const auth = f.file("harbor-api", "main", "src/auth.ts") ?? "";
      return [
        ok(
          "returns a file with its blob sha and its text",
          { ...api, path: "src/auth.ts" },
          {
            name: "auth.ts",
            path: "src/auth.ts",
            sha: blobSha(auth),
            size: auth.length,
            type: "file",
            content: auth,
            encoding: "base64",
          },
        ),
        ok("lists a directory, folders as dirs", { ...api, path: "src", branch: "main" }, [
          { name: "auth.ts", type: "file" },
          { name: "db.ts", type: "file" },
          { name: "routes", type: "dir", download_url: null },
          { name: "server.ts", type: "file" },
        ]),
        ok(
          "reads a file on another branch",
          { ...api, path: "src/rate-limit.ts", branch: "rate-limit-tokens" },
          { content: f.file("harbor-api", "rate-limit-tokens", "src/rate-limit.ts") ?? "" },
        ),
        fails(
          "answers Not Found for a missing path",
          { ...api, path: "src/missing.ts" },
          "not_found",
        ),
      ];
    }
    case "create_repository":
      return [
        ok(
          "creates a repository in the token owner's account with a README",
          {
            name: "release-notes",
            description: "Notes for each release",
            private: true,
            auto_init: true,
          },
          {
            name: "release-notes",
            full_name: `${VIEWER.login}/release-notes`,
            private: true,
            fork: false,
            default_branch: "main",
            owner: { login: VIEWER.login, type: "User" },
            description: "Notes for each release",
          },
          { repos: [1, 0, 0], blobs: [1, 0, 0], commits: [1, 0, 0], branches: [1, 0, 0] },
        ),
        fails("refuses an invalid name", { name: ".." }, "validation_failed"),
      ];
    case "search_repositories":
      return [
        ok(
          "finds repositories by language and organization",
          { query: `language:Go org:${ORG_LOGIN}` },
          {
            total_count: 1,
            incomplete_results: false,
            items: [{ name: "deploy-tools", full_name: `${ORG_LOGIN}/deploy-tools` }],
          },
        ),
        ok(
          "matches words in names and descriptions",
          { query: "dashboard" },
          { total_count: 1, items: [{ name: "harbor-web" }] },
        ),
        fails("refuses an empty query", { query: "" }, "validation_failed"),
      ];
    case "fork_repository":
      return [
        ok(
          "forks into the token owner's account with every branch",
          { ...api },
          {
            full_name: `${VIEWER.login}/harbor-api`,
            fork: true,
            parent: { full_name: `${ORG_LOGIN}/harbor-api` },
            source: { full_name: `${ORG_LOGIN}/harbor-api` },
          },
          { repos: [1, 0, 0], branches: [Object.keys(f.repo("harbor-api").branches).length, 0, 0] },
        ),
        fails("answers Not Found for an unknown repository", missingRepo, "not_found"),
      ];
    case "create_branch":
      return [
        ok(
          "branches from main by default",
          { ...web, branch: "fix-readme-typo" },
          {
            ref: "refs/heads/fix-readme-typo",
            object: { sha: f.head("harbor-web", "main"), type: "commit" },
          },
          { branches: [1, 0, 0] },
        ),
        ok(
          "branches from a named branch",
          { ...web, branch: "badges-follow-up", from_branch: "virtual-rows" },
          { object: { sha: f.head("harbor-web", "virtual-rows") } },
          { branches: [1, 0, 0] },
        ),
        fails(
          "refuses a branch that exists",
          { ...web, branch: "virtual-rows" },
          "validation_failed",
        ),
        fails(
          "answers Not Found for an unknown source branch",
          { ...web, branch: "x", from_branch: "nope" },
          "not_found",
        ),
      ];
    case "list_commits": {
      const all = f
        .history(f.head("deploy-tools", "main"))
        .map((s) => host.commits.get(s))
        .filter((c) => c !== undefined)
        .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.sha < b.sha ? -1 : 1));
      return [
        ok(
          "lists the default branch newest first",
          { ...deploy },
          all.map((c) => ({
            sha: c.sha,
            commit: { message: c.message, author: { name: c.authorName, date: c.at } },
          })),
        ),
        ok(
          "pages through a branch's history",
          { ...deploy, sha: "instances-flag", page: 1, per_page: 1 },
          [{ sha: f.head("deploy-tools", "instances-flag") }],
        ),
        fails("answers Not Found for an unknown ref", { ...deploy, sha: "nope" }, "not_found"),
      ];
    }
    case "search_code":
      return [
        ok(
          "finds code in one repository",
          { query: `pool repo:${ORG_LOGIN}/harbor-api` },
          {
            total_count: 1,
            items: [{ path: "src/db.ts", repository: { full_name: `${ORG_LOGIN}/harbor-api` } }],
          },
        ),
        ok(
          "narrows by language",
          { query: "timeout language:python" },
          { total_count: 1, items: [{ path: "harbor_cli/client.py" }] },
        ),
        fails(
          "needs a search term",
          { query: `repo:${ORG_LOGIN}/harbor-api` },
          "validation_failed",
        ),
      ];
    case "search_issues": {
      const webRepo = f.repo("harbor-web");
      const wanted = host.issues
        .filter(
          (i) =>
            i.repoId === webRepo.id && !i.isPull && i.state === "open" && i.labels.includes("bug"),
        )
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
      return [
        ok(
          "combines repo, type, state and label qualifiers",
          { query: `repo:${ORG_LOGIN}/harbor-web is:issue is:open label:bug` },
          {
            total_count: wanted.length,
            items: wanted.map((i) => ({ number: i.number, title: i.title })),
          },
        ),
        ok(
          "finds merged pull requests by author",
          { query: `org:${ORG_LOGIN} is:pr is:merged author:tomas-novak` },
          { total_count: 2 },
        ),
        fails("refuses an empty query", { query: " " }, "validation_failed"),
      ];
    }
    case "search_users":
      return [
        ok(
          "finds people by name",
          { query: "priya" },
          { total_count: 1, items: [{ login: "priya-nair", type: "User" }] },
        ),
        ok(
          "finds organizations",
          { query: "type:org" },
          { total_count: 1, items: [{ login: ORG_LOGIN, type: "Organization" }] },
        ),
        fails("refuses an empty query", { query: "" }, "validation_failed"),
      ];
    default:
      return undefined;
  }
}
