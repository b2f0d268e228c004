// What code-host templates know of the host: read once from the initial state's tables (the same
// state every attempt starts from, so one reading serves the whole shard) — repositories, people
// by name and login, issues and pull requests with their labels, assignees and milestones, each
// pull request's branch, checks, reviews, changed files and whether it merges cleanly, and the
// files on each default branch. Templates use it to choose what to ask; the solution programs
// find everything again through the tools.
import type { SqlDatabase } from "../../../episode/sql-database";
import { mergeTrees, type Tree } from "../merge";
import { blobSha } from "../sha";

export interface RepoView {
  id: number;
  owner: string;
  name: string;
  /** `owner/name`, how users name a repository. */
  full: string;
  defaultBranch: string;
}

export interface PersonView {
  login: string;
  name: string;
}

export interface IssueView {
  repo: RepoView;
  number: number;
  isPull: boolean;
  title: string;
  body: string;
  state: "open" | "closed";
  author: string;
  labels: string[];
  assignees: string[];
  milestone: string | null;
}

export interface PullView extends IssueView {
  headRef: string;
  draft: boolean;
  merged: boolean;
  /** The combined state of the head commit's checks, as the status tool reports it. */
  checks: "success" | "failure" | "pending";
  reviews: { author: string; state: string }[];
  files: string[];
  /** The changed files the base does not have. */
  added: string[];
  /** Open, not a draft, and its branch merges into the base without a conflict. */
  mergeable: boolean;
  /** Messages of the head branch's commits, newest first. */
  headMessages: string[];
}

export interface FileView {
  repo: RepoView;
  path: string;
  content: string;
}

export interface HostView {
  repos: RepoView[];
  people: PersonView[];
  /** Issues and pull requests alike. */
  issues: IssueView[];
  pulls: PullView[];
  files: FileView[];
  labels: Map<string, string[]>;
  /** The token's owner, who may not approve or request changes on their own pull requests. */
  viewer?: string;
}

type Row = Record<string, unknown>;
const text = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown): string[] => JSON.parse(text(v) || "[]") as string[];

export function readHost(db: SqlDatabase): HostView {
  const q = (sql: string, params: (string | number)[] = []) => db.query(sql, params) as Row[];
  const repos: RepoView[] = q(
    "SELECT id, owner, name, default_branch FROM code_repos ORDER BY id",
  ).map((r) => ({
    owner: text(r.owner),
    name: text(r.name),
    full: `${text(r.owner)}/${text(r.name)}`,
    defaultBranch: text(r.default_branch),
    id: Number(r.id),
  }));
  const repoById = new Map(repos.map((r) => [r.id, r]));
  const people = q("SELECT login, name FROM code_accounts WHERE type = 'User' ORDER BY login").map(
    (p) => ({
      login: text(p.login),
      name: text(p.name),
    }),
  );
  const commits = new Map(
    q("SELECT sha, tree, parents, message, authored_at FROM code_commits").map((c) => [
      text(c.sha),
      {
        tree: JSON.parse(text(c.tree)) as Tree,
        parents: list(c.parents),
        message: text(c.message),
        at: text(c.authored_at),
      },
    ]),
  );
  const ancestors = (sha: string) => {
    const seen: string[] = [];
    const stack = [sha];
    while (stack.length > 0) {
      const s = stack.pop() as string;
      if (seen.includes(s)) continue;
      seen.push(s);
      stack.push(...(commits.get(s)?.parents ?? []));
    }
    return seen;
  };
  const branch = (repoId: number, name: string) =>
    text(q("SELECT sha FROM code_branches WHERE repo_id = ? AND name = ?", [repoId, name])[0]?.sha);
  const milestones = new Map(
    q("SELECT repo_id, number, title FROM code_milestones").map((m) => [
      `${m.repo_id}#${m.number}`,
      text(m.title),
    ]),
  );
  const issues: IssueView[] = [];
  const pulls: PullView[] = [];
  for (const row of q("SELECT * FROM code_issues ORDER BY repo_id, number")) {
    const repo = repoById.get(Number(row.repo_id));
    if (!repo) continue;
    const issue: IssueView = {
      repo,
      number: Number(row.number),
      isPull: row.is_pull === 1,
      title: text(row.title),
      body: text(row.body),
      state: row.state === "closed" ? "closed" : "open",
      author: text(row.author),
      labels: list(row.labels),
      assignees: list(row.assignees),
      milestone:
        row.milestone === null ? null : (milestones.get(`${row.repo_id}#${row.milestone}`) ?? null),
    };
    issues.push(issue);
    if (!issue.isPull) continue;
    const p =
      q("SELECT * FROM code_pulls WHERE repo_id = ? AND number = ?", [
        Number(row.repo_id),
        issue.number,
      ])[0] ?? {};
    const repoId = Number(row.repo_id);
    const head =
      issue.state === "open"
        ? branch(Number(p.head_repo_id), text(p.head_ref)) || text(p.head_sha)
        : text(p.head_sha);
    const base = branch(repoId, text(p.base_ref));
    const inBase = new Set(ancestors(base));
    const mergedParent = p.merge_commit_sha
      ? commits.get(text(p.merge_commit_sha))?.parents[0]
      : undefined;
    const againstSet = new Set(ancestors(mergedParent ?? base));
    const mb = ancestors(head)
      .filter((s) => againstSet.has(s))
      .sort(
        (a, b) =>
          (commits.get(b)?.at ?? "").localeCompare(commits.get(a)?.at ?? "") || a.localeCompare(b),
      )[0];
    const from = (mb && commits.get(mb)?.tree) || {};
    const to = commits.get(head)?.tree ?? {};
    const files = [...new Set([...Object.keys(from), ...Object.keys(to)])]
      .filter((f) => from[f] !== to[f])
      .sort();
    const statuses = q("SELECT context, state FROM code_statuses WHERE sha = ? ORDER BY id DESC", [
      head,
    ]);
    const latest = new Map<string, string>();
    for (const s of statuses)
      if (!latest.has(text(s.context))) latest.set(text(s.context), text(s.state));
    const states = [...latest.values()];
    const checks = states.some((s) => s === "failure" || s === "error")
      ? "failure"
      : states.length === 0 || states.includes("pending")
        ? "pending"
        : "success";
    const draft = p.draft === 1;
    const merged = p.merged === 1;
    const blobs = {
      read: (sha: string) =>
        text(q("SELECT content FROM code_blobs WHERE sha = ?", [sha])[0]?.content),
      write: blobSha,
    };
    const clean = mergeTrees(from, commits.get(base)?.tree ?? {}, to, blobs) !== undefined;
    pulls.push({
      ...issue,
      headRef: text(p.head_ref),
      draft,
      merged,
      checks,
      reviews: q(
        "SELECT author, state FROM code_reviews WHERE repo_id = ? AND number = ? ORDER BY id",
        [repoId, issue.number],
      ).map((r) => ({ author: text(r.author), state: text(r.state) })),
      files,
      added: files.filter((f) => from[f] === undefined),
      mergeable: issue.state === "open" && !draft && clean,
      headMessages: ancestors(head)
        .filter((s) => !inBase.has(s) || issue.state !== "open")
        .map((s) => commits.get(s))
        .filter((c) => c !== undefined)
        .sort((a, b) => b.at.localeCompare(a.at))
        .map((c) => c.message),
    });
  }
  const files: FileView[] = [];
  for (const repo of repos) {
    const head = branch(repo.id, repo.defaultBranch);
    const tree = commits.get(head)?.tree ?? {};
    for (const path of Object.keys(tree).sort()) {
      const content = text(
        q("SELECT content FROM code_blobs WHERE sha = ?", [tree[path] ?? ""])[0]?.content,
      );
      files.push({ repo, path, content });
    }
  }
  const labels = new Map(
    repos.map((r) => [
      r.full,
      q("SELECT name FROM code_labels WHERE repo_id = ? ORDER BY id", [r.id]).map((l) =>
        text(l.name),
      ),
    ]),
  );
  return { repos, people, issues, pulls, files, labels };
}
