// The code-host surface (core/surfaces/github-codehost/surface.ts) on the real
// @modelcontextprotocol/server-github spec: all 26 tools admitted in the QuickJS sandbox with tests
// no stand-in passes, byte-identical imports, the seeded Harborlight organization, and the tools
// behaving like the server over GitHub call after call (branch, commit, pull request, review,
// merge closing the issue it fixes; squash, rebase, updating a branch, forks); GitHub's refusals as
// tool errors that write nothing; the documented search qualifiers; look-alike servers recognised,
// one missing essentials not, and no tool of the other shared specs claimed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { buildCodeHost } from "../../core/surfaces/github-codehost/seed";
import { blobSha } from "../../core/surfaces/github-codehost/sha";
import { codehostSurface } from "../../core/surfaces/github-codehost/surface";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import {
  otherSpecClaims,
  seededRowCounts,
  sharedSpecText,
  specTool,
  wholeSurfaceProblems,
} from "../support/mcp-surface-checks";

const specText = sharedSpecText("github");
const imported = importMcpSpec(specText);

type Result = Record<string, unknown>;
const asResult = (value: Json) => value as unknown as Result;
const asList = (value: Json) => value as unknown as Result[];
const ORG = "harborlight";
const api = { owner: ORG, repo: "harbor-api" };
const web = { owner: ORG, repo: "harbor-web" };

describe("the github spec", () => {
  it("implements all 26 tools with the server's names and schemas, and admits them", async () => {
    expect(wholeSurfaceProblems(specText, imported, "codehost")).toEqual([]);
    expect(imported.tools.filter((t) => t.effect === "write").map((t) => t.name)).toEqual([
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
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(26);
    expect(admission.totals.tests).toBeGreaterThanOrEqual(75);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds an organization with four repositories, their histories, issues and pull requests", () => {
    const tables = seededRowCounts(imported);
    expect(tables).toMatchObject({
      code_repos: 4,
      code_accounts: 14,
      code_members: 13,
      code_issues: 70,
      code_pulls: 20,
    });
    const host = buildCodeHost();
    const perRepo = host.repos.map((r) => {
      const items = host.issues.filter((i) => i.repoId === r.id);
      return [r.name, items.filter((i) => !i.isPull).length, items.filter((i) => i.isPull).length];
    });
    expect(perRepo).toEqual([
      ["harbor-api", 14, 6],
      ["harbor-web", 13, 5],
      ["harbor-cli", 12, 5],
      ["deploy-tools", 11, 4],
    ]);
    for (const r of host.repos) {
      // Issues and pull requests share one sequence, numbered in the order they were opened.
      const items = host.issues
        .filter((i) => i.repoId === r.id)
        .sort((a, b) => a.number - b.number);
      expect(items.map((i) => i.number)).toEqual(items.map((_, k) => k + 1));
      expect([...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt))).toEqual(items);
    }
    // Files are content-addressed with git's blob sha; every parent exists; merges have two parents.
    for (const [sha, content] of host.blobs) expect(blobSha(content)).toBe(sha);
    for (const c of host.commits.values())
      for (const p of c.parents) expect(host.commits.has(p)).toBe(true);
    const merged = host.pulls.filter((p) => p.merged);
    expect(merged).toHaveLength(5);
    for (const p of merged)
      expect(host.commits.get(p.mergeCommitSha ?? "")?.parents).toHaveLength(2);
    // "Fixes #{title}" in the script became the fixed issue's number.
    const failFast = host.issues.find((i) => i.title === "Fail fast when DATABASE_URL is missing");
    const crash = host.issues.find((i) => i.title === "Crash when DATABASE_URL is missing");
    expect(failFast?.body).toContain(`Fixes #${crash?.number}`);
    const states = host.issues.filter((i) => !i.isPull).map((i) => i.state);
    expect(states.filter((s) => s === "closed").length).toBeGreaterThanOrEqual(8);
    expect(new Set(host.issues.map((i) => i.author)).size).toBeGreaterThanOrEqual(12);
  });
});

describe("the github tools, call after call", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());

  const issueNumber = (repo: typeof api, title: string) => {
    const found = asList(episode.ok("list_issues", { ...repo, state: "all", per_page: 100 })).find(
      (i) => i.title === title,
    );
    return Number(found?.number);
  };

  it("branches, commits, opens a pull request, reviews and merges it, closing the issue it fixes", () => {
    const typo = issueNumber(web, "Typo in README: recieve");
    const main = asResult(episode.ok("create_branch", { ...web, branch: "fix-typo" }));
    expect(main).toMatchObject({ ref: "refs/heads/fix-typo", object: { type: "commit" } });
    const readme = asResult(
      episode.ok("get_file_contents", { ...web, path: "README.md", branch: "fix-typo" }),
    );
    expect(readme.encoding).toBe("base64");
    const fixed = String(readme.content).replace("recieve", "receive");
    const written = asResult(
      episode.ok("create_or_update_file", {
        ...web,
        path: "README.md",
        content: fixed,
        message: "Fix typo in README",
        branch: "fix-typo",
        sha: String(readme.sha),
      }),
    );
    expect(written).toMatchObject({
      content: { sha: blobSha(fixed) },
      commit: { message: "Fix typo in README", parents: [{ sha: (main.object as Result).sha }] },
    });
    const pushed = asResult(
      episode.ok("push_files", {
        ...web,
        branch: "fix-typo",
        message: "Add a contributing guide",
        files: [
          { path: "docs/CONTRIBUTING.md", content: "# Contributing\n\nOpen a pull request.\n" },
        ],
      }),
    );
    const pull = asResult(
      episode.ok("create_pull_request", {
        ...web,
        title: "Fix the README typo",
        head: "fix-typo",
        base: "main",
        body: `Fixes #${typo}`,
      }),
    );
    expect(pull).toMatchObject({
      state: "open",
      head: { ref: "fix-typo", sha: (pushed.object as Result).sha },
      user: { login: "jordan-blake" },
      merged_at: null,
    });
    const files = asList(
      episode.ok("get_pull_request_files", { ...web, pull_number: Number(pull.number) }),
    );
    expect(files.map((f) => [f.filename, f.status, f.additions, f.deletions])).toEqual([
      ["README.md", "modified", 1, 1],
      ["docs/CONTRIBUTING.md", "added", 3, 0],
    ]);
    expect(String(files[0]?.patch)).toContain(
      "-Dispatchers recieve a notification when an order is delayed.\n+Dispatchers receive",
    );
    // Nobody approves their own pull request; a comment with a line of the diff is fine.
    expect(
      episode.fails("create_pull_request_review", {
        ...web,
        pull_number: Number(pull.number),
        body: "ok",
        event: "APPROVE",
      }),
    ).toBe("validation_failed");
    const review = asResult(
      episode.ok("create_pull_request_review", {
        ...web,
        pull_number: Number(pull.number),
        body: "Self-check done.",
        event: "COMMENT",
        comments: [{ path: "docs/CONTRIBUTING.md", line: 3, body: "Link the style guide?" }],
      }),
    );
    expect(review).toMatchObject({ state: "COMMENTED", user: { login: "jordan-blake" } });
    const comments = asList(
      episode.ok("get_pull_request_comments", { ...web, pull_number: Number(pull.number) }),
    );
    expect(comments).toMatchObject([
      {
        path: "docs/CONTRIBUTING.md",
        position: 3,
        body: "Link the style guide?",
        diff_hunk: "@@ -0,0 +1,3 @@\n+# Contributing\n+\n+Open a pull request.",
      },
    ]);
    const merged = asResult(
      episode.ok("merge_pull_request", { ...web, pull_number: Number(pull.number) }),
    );
    expect(merged).toMatchObject({ merged: true, message: "Pull Request successfully merged" });
    const after = asResult(
      episode.ok("get_pull_request", { ...web, pull_number: Number(pull.number) }),
    );
    expect(after).toMatchObject({ state: "closed", merge_commit_sha: merged.sha });
    expect(asResult(episode.ok("get_issue", { ...web, issue_number: typo })).state).toBe("closed");
    const log = asList(episode.ok("list_commits", { ...web }));
    expect(log[0]).toMatchObject({
      sha: merged.sha,
      commit: {
        message: `Merge pull request #${pull.number} from ${ORG}/fix-typo\n\nFix the README typo`,
      },
    });
    expect(log[0]?.parents).toHaveLength(2);
    expect(asResult(episode.ok("get_file_contents", { ...web, path: "README.md" })).content).toBe(
      fixed,
    );
    expect(episode.fails("merge_pull_request", { ...web, pull_number: Number(pull.number) })).toBe(
      "method_not_allowed",
    );
  });

  it("squashes and rebases, and updates a branch that is behind its base", () => {
    const pullOf = (repo: typeof api, title: string) =>
      asList(episode.ok("list_pull_requests", { ...repo, state: "all" })).find(
        (p) => p.title === title,
      ) as Result;
    const cli = { owner: ORG, repo: "harbor-cli" };
    const json = pullOf(cli, "Add --format json to orders list");
    const squash = asResult(
      episode.ok("merge_pull_request", {
        ...cli,
        pull_number: Number(json.number),
        merge_method: "squash",
      }),
    );
    const top = asList(episode.ok("list_commits", { ...cli, perPage: 1 }))[0];
    expect(top).toMatchObject({
      sha: squash.sha,
      commit: {
        message: `Add --format json to orders list (#${json.number})\n\n* Add the --format option`,
      },
    });
    expect(top?.parents).toHaveLength(1);
    // The merged main.py keeps both the pretty printer from main and the new option (line-level merge).
    const main = String(
      asResult(episode.ok("get_file_contents", { ...cli, path: "harbor_cli/main.py" })).content,
    );
    expect(main).toContain(
      'listing.add_argument("--format", choices=["text", "json"], default="text")',
    );
    expect(main).toContain('print(f"{key}: {value}")');
    const tomli = pullOf(cli, "Fall back to tomli on Python 3.10");
    const rebased = asResult(
      episode.ok("merge_pull_request", {
        ...cli,
        pull_number: Number(tomli.number),
        merge_method: "rebase",
      }),
    );
    expect(asList(episode.ok("list_commits", { ...cli, perPage: 1 }))[0]).toMatchObject({
      sha: rebased.sha,
      commit: { message: "Import tomli on 3.10" },
    });
    const deploy = { owner: ORG, repo: "deploy-tools" };
    const build = pullOf(deploy, "Build the image before tagging");
    expect(
      episode.ok("update_pull_request_branch", { ...deploy, pull_number: Number(build.number) }),
    ).toEqual({ success: true });
    const head = asResult(
      episode.ok("get_pull_request", { ...deploy, pull_number: Number(build.number) }),
    ).head as Result;
    expect(
      asList(episode.ok("list_commits", { ...deploy, sha: String(head.ref), perPage: 1 }))[0],
    ).toMatchObject({
      commit: { message: "Merge branch 'main' into build-before-tag" },
    });
    expect(
      String(
        asResult(
          episode.ok("get_file_contents", {
            ...deploy,
            path: "go.mod",
            branch: "build-before-tag",
          }),
        ).content,
      ),
    ).toContain("go 1.23");
    expect(
      episode.fails("update_pull_request_branch", { ...deploy, pull_number: Number(build.number) }),
    ).toBe("validation_failed");
  });

  it("creates repositories and forks, and opens a pull request from a fork", () => {
    const repo = asResult(
      episode.ok("create_repository", { name: "scratch", description: "Experiments" }),
    );
    expect(repo).toMatchObject({
      full_name: "jordan-blake/scratch",
      default_branch: "main",
      fork: false,
    });
    expect(
      episode.fails("get_file_contents", { owner: "jordan-blake", repo: "scratch", path: "" }),
    ).toBe("not_found");
    episode.ok("create_or_update_file", {
      owner: "jordan-blake",
      repo: "scratch",
      path: "notes.md",
      content: "hello\n",
      message: "First note",
      branch: "main",
    });
    expect(
      asList(
        episode.ok("get_file_contents", { owner: "jordan-blake", repo: "scratch", path: "/" }),
      ).map((e) => e.name),
    ).toEqual(["notes.md"]);
    expect(episode.fails("create_repository", { name: "scratch" })).toBe("validation_failed");
    const fork = asResult(episode.ok("fork_repository", { ...api }));
    expect(fork).toMatchObject({
      full_name: "jordan-blake/harbor-api",
      fork: true,
      parent: { full_name: `${ORG}/harbor-api` },
    });
    expect(asResult(episode.ok("fork_repository", { ...api })).id).toBe(fork.id);
    episode.ok("create_branch", { owner: "jordan-blake", repo: "harbor-api", branch: "docs" });
    episode.ok("create_or_update_file", {
      owner: "jordan-blake",
      repo: "harbor-api",
      path: "docs/auth.md",
      content: "Send a bearer token.\n",
      message: "Document auth",
      branch: "docs",
    });
    const pull = asResult(
      episode.ok("create_pull_request", {
        ...api,
        title: "Document auth",
        head: "jordan-blake:docs",
        base: "main",
      }),
    );
    expect(pull).toMatchObject({
      head: { label: "jordan-blake:docs", repo: { full_name: "jordan-blake/harbor-api" } },
      base: { repo: { full_name: `${ORG}/harbor-api` } },
    });
    expect(
      asList(
        episode.ok("get_pull_request_files", { ...api, pull_number: Number(pull.number) }),
      ).map((f) => f.filename),
    ).toEqual(["docs/auth.md"]);
  });

  it("refuses what GitHub refuses, writing nothing", () => {
    const tables = [
      "code_issues",
      "code_comments",
      "code_branches",
      "code_commits",
      "code_blobs",
      "code_pulls",
      "code_reviews",
      "code_labels",
      "code_repos",
    ];
    const before = tables.map((t) => episode.rows(t));
    const bug = issueNumber(api, "Orders list ignores the page query parameter");
    expect(episode.fails("get_issue", { ...api, issue_number: 999 })).toBe("not_found");
    expect(episode.fails("get_issue", { owner: ORG, repo: "nope", issue_number: 1 })).toBe(
      "not_found",
    );
    expect(
      episode.fails("update_issue", {
        ...api,
        issue_number: bug,
        assignees: ["octocat"],
        labels: ["brand-new"],
      }),
    ).toBe("validation_failed");
    expect(episode.fails("update_issue", { ...api, issue_number: bug, milestone: 42 })).toBe(
      "validation_failed",
    );
    expect(
      episode.fails("create_issue", {
        ...api,
        title: "x",
        labels: ["brand-new"],
        assignees: ["octocat"],
      }),
    ).toBe("validation_failed");
    expect(episode.fails("add_issue_comment", { ...api, issue_number: bug, body: "   " })).toBe(
      "validation_failed",
    );
    expect(episode.fails("create_branch", { ...api, branch: "healthz" })).toBe("validation_failed");
    expect(
      episode.fails("create_or_update_file", {
        ...api,
        path: "README.md",
        content: "x",
        message: "x",
        branch: "main",
        sha: blobSha("old"),
      }),
    ).toBe("conflict");
    expect(
      episode.fails("create_or_update_file", {
        ...api,
        path: "src",
        content: "x",
        message: "x",
        branch: "main",
      }),
    ).toBe("validation_failed");
    expect(
      episode.fails("push_files", {
        ...api,
        branch: "main",
        message: "x",
        files: [{ path: "../escape", content: "x" }],
      }),
    ).toBe("validation_failed");
    expect(
      episode.fails("create_pull_request", {
        ...api,
        title: "x",
        head: "orders-pagination",
        base: "release",
      }),
    ).toBe("validation_failed");
    expect(episode.fails("get_pull_request", { ...api, pull_number: bug })).toBe("not_found");
    const pulls = asList(episode.ok("list_pull_requests", { ...api, state: "all" }));
    const number = (title: string) => Number(pulls.find((p) => p.title === title)?.number);
    const conflicted = episode.call("merge_pull_request", {
      ...api,
      pull_number: number("Use a smaller connection pool in tests"),
    });
    expect(conflicted).toMatchObject({
      ok: false,
      error: {
        code: "method_not_allowed",
        message: "GitHub API Error: Pull Request is not mergeable",
      },
    });
    expect(
      episode.fails("merge_pull_request", {
        ...api,
        pull_number: number("Fail fast when DATABASE_URL is missing"),
      }),
    ).toBe("method_not_allowed");
    expect(
      episode.fails("create_pull_request_review", {
        ...api,
        pull_number: number("Add per-token rate limiting"),
        body: "x",
        event: "COMMENT",
        comments: [{ path: "src/server.ts", line: 40, body: "x" }],
      }),
    ).toBe("validation_failed");
    expect(
      episode.fails("create_pull_request_review", {
        ...api,
        pull_number: number("Add per-token rate limiting"),
        body: "",
        event: "REQUEST_CHANGES",
      }),
    ).toBe("validation_failed");
    const missing = episode.call("get_file_contents", { ...api, path: "nope.txt" });
    expect(missing).toMatchObject({
      ok: false,
      error: { code: "not_found", message: "Not Found: Resource not found: Not Found" },
    });
    expect(episode.fails("get_issue", { ...api })).toBe("invalid_arguments");
    expect(tables.map((t) => episode.rows(t))).toEqual(before);
  });

  it("answers the documented search qualifiers", () => {
    const titles = (q: string) =>
      asList(asResult(episode.ok("search_issues", { q, per_page: 100 })).items as Json).map(
        (i) => i.title,
      );
    expect(titles(`repo:${ORG}/deploy-tools is:pr is:open`)).toEqual([
      "Take the instance count from a flag",
      "Build the image before tagging",
    ]);
    expect(titles(`org:${ORG} is:issue is:open label:security no:assignee`)).toEqual([
      "Orders endpoint leaks internal error messages",
    ]);
    expect(
      titles(`org:${ORG} is:issue label:bug,security -label:performance assignee:grace-kim`),
    ).toEqual(["Flaky rollout test on CI", "Tests fail on Windows"]);
    expect(titles(`repo:${ORG}/harbor-web in:title readme`)).toEqual(["Typo in README: recieve"]);
    expect(titles(`org:${ORG} is:issue milestone:"v1.4" author:aisha-rahman`)).toEqual([
      "Orders endpoint leaks internal error messages",
      "Add rate limiting per API token",
    ]);
    expect(titles(`org:${ORG} is:issue in:comments "system setting"`)).toEqual([
      "Dark mode for the night shift",
    ]);
    expect(titles(`org:${ORG} is:issue is:closed closed:>=2024-12-01`)).toEqual([
      "Logo is blurry on high-density screens",
      "Publish to the internal package index",
      "Go 1.23 upgrade",
    ]);
    expect(titles(`org:${ORG} is:pr is:merged`).length).toBe(5);
    expect(
      asResult(episode.ok("search_issues", { q: `org:${ORG} is:issue`, per_page: 5, page: 2 }))
        .total_count,
    ).toBe(50);
    const paths = (q: string) =>
      asList(asResult(episode.ok("search_code", { q })).items as Json).map(
        (i) => `${(i.repository as Result).name}/${i.path}`,
      );
    expect(paths(`DATABASE_URL org:${ORG}`)).toEqual([
      "harbor-api/README.md",
      "harbor-api/src/db.ts",
    ]);
    expect(paths(`timeout language:Python`)).toEqual(["harbor-cli/harbor_cli/client.py"]);
    expect(paths(`rollout extension:go path:internal`)).toEqual([
      "deploy-tools/internal/rollout/rollout.go",
      "deploy-tools/internal/rollout/rollout_test.go",
    ]);
    expect(paths(`"set -euo pipefail"`)).toEqual(["deploy-tools/scripts/release.sh"]);
    expect(paths(`rollout in:path filename:main.go`)).toEqual([]);
    const repos = (query: string) =>
      asList(asResult(episode.ok("search_repositories", { query })).items as Json).map(
        (r) => r.name,
      );
    expect(repos(`org:${ORG} language:TypeScript`)).toEqual(["harbor-web", "harbor-api"]);
    expect(repos(`command in:description`)).toEqual(["harbor-cli"]);
    const users = (q: string, extra: Record<string, Json> = {}) =>
      asList(asResult(episode.ok("search_users", { q, ...extra })).items as Json).map(
        (u) => u.login,
      );
    expect(users("location:London")).toEqual(["aisha-rahman"]);
    expect(users("followers:>300 type:user", { sort: "followers" })).toEqual([
      "aisha-rahman",
      "priya-nair",
    ]);
    expect(users("o'connor")).toEqual(["liam-oconnor"]);
  });

  it("stays cheap on the largest answers", () => {
    episode.ok("search_code", { q: "the" });
    episode.ok("search_issues", { q: `org:${ORG}`, per_page: 100 });
    episode.ok("list_issues", { ...api, state: "all", per_page: 100 });
    episode.ok("list_pull_requests", { ...api, state: "all", per_page: 100 });
    episode.ok("get_pull_request_files", { ...api, pull_number: 16 });
    expect(Math.max(...episode.fuel)).toBeLessThan(400);
  });
});

describe("recognising a code host", () => {
  const text = { type: "string" };
  const num = { type: "number" };

  it("recognises other names for the same operations, and reports a tool whose arguments do not fit", async () => {
    const lookAlike = {
      serverInfo: { name: "forge-mcp", version: "1.0.0" },
      tools: [
        specTool("readFile", { owner: text, repo: text, path: text, ref: text }, [
          "owner",
          "repo",
          "path",
        ]),
        specTool("openIssue", { owner: text, repo: text, title: text, body: text }, [
          "owner",
          "repo",
          "title",
        ]),
        specTool("listIssues", { owner: text, repo: text, state: text }, ["owner", "repo"]),
        specTool("getPullRequest", { owner: text, repo: text, pullNumber: num }, [
          "owner",
          "repo",
          "pullNumber",
        ]),
        specTool("mergePR", { owner: text, repo: text, number: num, method: text }, [
          "owner",
          "repo",
          "number",
        ]),
        specTool("commentOnIssue", { owner: text, repo: text, issueNumber: num, text: text }, [
          "owner",
          "repo",
          "issueNumber",
          "text",
        ]),
        specTool("list_pull_requests", { owner: text, repo: text, reviewer: text }, [
          "owner",
          "repo",
        ]),
        specTool("get_weather", { city: text }, ["city"]),
      ],
    };
    const { report } = importMcpSpec(lookAlike);
    const host = report.implemented.filter((t) => t.surface === "codehost");
    expect(host.map((t) => [t.tool, t.verb])).toEqual([
      ["readFile", "get"],
      ["openIssue", "create"],
      ["listIssues", "list"],
      ["getPullRequest", "get"],
      ["mergePR", "update"],
      ["commentOnIssue", "create"],
    ]);
    expect(report.leftOut.find((t) => t.tool === "list_pull_requests")?.reason).toMatch(
      /list pull requests.*argument "reviewer"/,
    );
    expect(report.implemented.find((t) => t.tool === "get_weather")?.surface).not.toBe("codehost");
    const again = importMcpSpec(lookAlike);
    expect(failingTests(await admitImport(again))).toEqual([]);
    const episode = await openEpisode(again);
    try {
      const issue = asResult(episode.ok("openIssue", { ...api, title: "Look-alike issue" }));
      episode.ok("commentOnIssue", {
        ...api,
        issueNumber: Number(issue.number),
        text: "From the look-alike.",
      });
      expect(asResult(episode.ok("listIssues", { ...api })) as unknown as Result[]).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ title: "Look-alike issue", comments: 1 }),
        ]),
      );
      expect(
        asResult(episode.ok("readFile", { ...api, path: "src/db.ts", ref: "rate-limit-tokens" }))
          .name,
      ).toBe("db.ts");
      expect(asResult(episode.ok("mergePR", { ...api, number: 16, method: "squash" })).merged).toBe(
        true,
      );
    } finally {
      episode.close();
    }
  });

  it("leaves a server that cannot read files alone", () => {
    const { report } = importMcpSpec({
      tools: [
        specTool("create_issue", { owner: text, repo: text, title: text }, [
          "owner",
          "repo",
          "title",
        ]),
        specTool("get_pull_request", { owner: text, repo: text, pull_number: num }, [
          "owner",
          "repo",
          "pull_number",
        ]),
        specTool("list_issues", { owner: text, repo: text }, ["owner", "repo"]),
      ],
    });
    expect(report.implemented.some((t) => t.surface === "codehost")).toBe(false);
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(codehostSurface, ["github"])).toEqual([]);
  });
});
