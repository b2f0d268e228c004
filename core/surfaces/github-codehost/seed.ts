// The seeded code host, played from the repository scripts (mcp-codehost-repo-*.ts) into git
// objects and rows: each repository's commits on main, each pull request's branch cut from main
// as it stood when its first commit was made, merged pull requests merged back with a merge
// commit (the three-way merge of merge.ts, as the merge tool does), and issues and pull requests
// numbered together in the order they were opened. `#{Title}` in a body becomes that issue's
// number. Fixed content: every import seeds the same host.
import type { SqlValue } from "../../environment/spec";
import { mergeTrees, type Tree } from "./merge";
import { ACCOUNTS, DEVELOPERS, dev, ORG_LOGIN, VIEWER } from "./people";
import { type CommitPlan, type FileChange, LABEL_COLORS, type RepoPlan } from "./plan";
import { HARBOR_API } from "./repo-api";
import { HARBOR_CLI } from "./repo-cli";
import { DEPLOY_TOOLS } from "./repo-deploy";
import { HARBOR_WEB } from "./repo-web";
import { CODE_COLUMNS, type CodeTable } from "./schema";
import { blobSha, commitSha, treeSha } from "./sha";

export const REPO_PLANS: readonly RepoPlan[] = [HARBOR_API, HARBOR_WEB, HARBOR_CLI, DEPLOY_TOOLS];

export interface SeedCommit {
  sha: string;
  treeSha: string;
  tree: Tree;
  message: string;
  authorLogin: string;
  authorName: string;
  authorEmail: string;
  at: string;
  parents: string[];
}

export interface SeedRepo {
  id: number;
  name: string;
  plan: RepoPlan;
  branches: Record<string, string>;
  updatedAt: string;
}

export interface SeedIssue {
  id: number;
  repoId: number;
  number: number;
  isPull: boolean;
  title: string;
  body: string;
  state: "open" | "closed";
  author: string;
  labels: string[];
  assignees: string[];
  milestone: number | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface SeedPull {
  repoId: number;
  number: number;
  headRef: string;
  headSha: string;
  draft: boolean;
  merged: boolean;
  mergedAt: string | null;
  mergedBy: string | null;
  mergeCommitSha: string | null;
}

export interface CodeHost {
  repos: SeedRepo[];
  blobs: Map<string, string>;
  commits: Map<string, SeedCommit>;
  issues: SeedIssue[];
  pulls: SeedPull[];
  rows: Record<CodeTable, SqlValue[][]>;
}

const REPO_ID = 812_440_101;
const ISSUE_ID = 2_600_000_001;
const COMMENT_ID = 2_480_000_001;
const REVIEW_ID = 2_310_000_001;
const REVIEW_COMMENT_ID = 1_870_000_001;
const LABEL_ID = 7_100_000_001;
const MILESTONE_ID = 11_800_001;
const STATUS_ID = 31_000_000_001;

/** Labels and assignees are stored in name order, as the tools keep them. */
const nameOrder = (names: readonly string[]) =>
  [...names].sort((a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  });
const later = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace(".000Z", "Z");
const latest = (...times: (string | null | undefined)[]) =>
  times
    .filter((t): t is string => typeof t === "string")
    .sort()
    .at(-1) ?? "";

function applyChange(files: Record<string, string>, change: FileChange, where: string): void {
  if ("content" in change) {
    files[change.path] = change.content;
  } else if ("remove" in change) {
    delete files[change.path];
  } else {
    const before = files[change.path];
    if (before === undefined || !before.includes(change.from)) {
      throw new Error(`${where}: ${change.path} has no ${JSON.stringify(change.from)}`);
    }
    files[change.path] = before.replace(change.from, () => change.to);
  }
}

export function buildCodeHost(): CodeHost {
  const blobs = new Map<string, string>();
  const commits = new Map<string, SeedCommit>();
  const repos: SeedRepo[] = [];
  const issues: SeedIssue[] = [];
  const pulls: SeedPull[] = [];
  const rows = Object.fromEntries(
    Object.keys(CODE_COLUMNS).map((k) => [k, [] as SqlValue[][]]),
  ) as Record<CodeTable, SqlValue[][]>;
  const ids = {
    issue: ISSUE_ID,
    comment: COMMENT_ID,
    review: REVIEW_ID,
    reviewComment: REVIEW_COMMENT_ID,
    label: LABEL_ID,
    milestone: MILESTONE_ID,
    status: STATUS_ID,
  };
  const next = (k: keyof typeof ids) => ids[k]++;

  const commit = (tree: Tree, parents: string[], by: string, at: string, message: string) => {
    const author = dev(by);
    const sha = commitSha({
      treeSha: treeSha(tree),
      parents,
      authorName: author.name,
      authorEmail: author.email,
      at,
      message,
    });
    commits.set(sha, {
      sha,
      treeSha: treeSha(tree),
      tree,
      message,
      authorLogin: author.login,
      authorName: author.name,
      authorEmail: author.email,
      at,
      parents,
    });
    return sha;
  };
  const play = (base: string | undefined, plan: CommitPlan, where: string) => {
    const parent = base ? commits.get(base) : undefined;
    const files: Record<string, string> = {};
    for (const [path, sha] of Object.entries(parent?.tree ?? {}))
      files[path] = blobs.get(sha) ?? "";
    for (const change of plan.changes) applyChange(files, change, where);
    const tree: Tree = {};
    for (const path of Object.keys(files).sort()) {
      const content = files[path] ?? "";
      const sha = blobSha(content);
      blobs.set(sha, content);
      tree[path] = sha;
    }
    return commit(tree, base ? [base] : [], plan.by, plan.at, plan.message);
  };
  const store = {
    read: (sha: string) => blobs.get(sha) ?? "",
    write: (content: string) => {
      const sha = blobSha(content);
      blobs.set(sha, content);
      return sha;
    },
  };
  const ancestors = (sha: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [sha];
    while (stack.length > 0) {
      const s = stack.pop() as string;
      if (seen.has(s)) continue;
      seen.add(s);
      stack.push(...(commits.get(s)?.parents ?? []));
    }
    return seen;
  };

  for (const account of ACCOUNTS) {
    rows.accounts.push([
      account.login,
      account.id,
      account.type,
      account.name,
      account.company,
      account.location,
      account.bio,
      account.email,
      account.followers,
      account.createdAt,
    ]);
  }
  for (const member of [...DEVELOPERS, VIEWER]) rows.members.push([ORG_LOGIN, member.login]);

  REPO_PLANS.forEach((plan, index) => {
    const repoId = REPO_ID + index;
    const branches: Record<string, string> = {};
    // Numbers in the order things were opened; titles map to numbers for `#{Title}`.
    const opened = [
      ...plan.issues.map((i) => ({ at: i.at, title: i.title, pull: false })),
      ...plan.pulls.map((p) => ({ at: p.at, title: p.title, pull: true })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    const numberOf = new Map(opened.map((o, i) => [`${o.pull}:${o.title}`, i + 1]));
    const byTitle = new Map(opened.map((o, i) => [o.title, i + 1]));
    const expand = (body: string) =>
      body.replace(/#\{([^}]+)\}/g, (_, title: string) => {
        const n = byTitle.get(title);
        if (n === undefined) throw new Error(`${plan.name}: no issue titled ${title}`);
        return `#${n}`;
      });
    // The timeline: main commits, branch commits and merges, oldest first.
    type Event =
      | { at: string; kind: "main"; plan: CommitPlan }
      | { at: string; kind: "branch"; pull: number; plan: CommitPlan }
      | { at: string; kind: "merge"; pull: number };
    const events: Event[] = [
      ...plan.history.map((c): Event => ({ at: c.at, kind: "main", plan: c })),
      ...plan.pulls.flatMap((p, i): Event[] => [
        ...p.commits.map((c): Event => ({ at: c.at, kind: "branch", pull: i, plan: c })),
        ...(p.state === "merged" && p.closedAt
          ? [{ at: p.closedAt, kind: "merge" as const, pull: i }]
          : []),
      ]),
    ].sort((a, b) => a.at.localeCompare(b.at));
    const mergeShas = new Map<number, string>();
    for (const event of events) {
      const where = `${plan.name} at ${event.at}`;
      if (event.kind === "main") {
        branches.main = play(branches.main, event.plan, where);
      } else if (event.kind === "branch") {
        const p = plan.pulls[event.pull];
        if (!p) continue;
        branches[p.branch] = play(branches[p.branch] ?? branches.main, event.plan, where);
      } else {
        const p = plan.pulls[event.pull];
        const main = branches.main;
        const head = p ? branches[p.branch] : undefined;
        if (!p || !main || !head) throw new Error(`${where}: nothing to merge`);
        const inMain = ancestors(main);
        const base = [...ancestors(head)].find((s) => inMain.has(s) && s !== head);
        const baseTree = (base && commits.get(base)?.tree) || {};
        const merged = mergeTrees(
          baseTree,
          commits.get(main)?.tree ?? {},
          commits.get(head)?.tree ?? {},
          store,
        );
        if (!merged) throw new Error(`${where}: ${p.branch} does not merge`);
        const number = numberOf.get(`true:${p.title}`) ?? 0;
        const message = `Merge pull request #${number} from ${ORG_LOGIN}/${p.branch}\n\n${p.title}`;
        branches.main = commit(merged, [main, head], p.mergedBy ?? p.by, event.at, message);
        mergeShas.set(event.pull, branches.main);
      }
    }
    const lastPush = latest(...events.map((e) => e.at));
    repos.push({ id: repoId, name: plan.name, plan, branches, updatedAt: lastPush });
    rows.repos.push([
      repoId,
      ORG_LOGIN,
      plan.name,
      plan.description,
      0,
      null,
      "main",
      plan.language,
      plan.createdAt,
      lastPush,
      lastPush,
    ]);
    for (const name of Object.keys(branches).sort())
      rows.branches.push([repoId, name, branches[name] ?? ""]);
    const labelNames = [...new Set([...plan.issues, ...plan.pulls].flatMap((i) => i.labels))];
    for (const name of Object.keys(LABEL_COLORS)) {
      const label = LABEL_COLORS[name];
      if (
        label &&
        (labelNames.includes(name) || ["bug", "enhancement", "documentation"].includes(name))
      ) {
        rows.labels.push([next("label"), repoId, name, label.color, label.description]);
      }
    }
    const milestones = new Map<string, number>();
    plan.milestones.forEach((m, i) => {
      milestones.set(m.title, i + 1);
      rows.milestones.push([
        next("milestone"),
        repoId,
        i + 1,
        m.title,
        m.description,
        m.state,
        m.dueOn,
        plan.createdAt,
      ]);
    });
    const comment = (number: number, c: { by: string; at: string; body: string }) =>
      rows.comments.push([next("comment"), repoId, number, dev(c.by).login, c.body, c.at, c.at]);
    const entries = opened.map((o, i) => ({ ...o, number: i + 1 }));
    for (const entry of entries) {
      if (!entry.pull) {
        const it = plan.issues.find((x) => x.title === entry.title);
        if (!it) continue;
        for (const c of it.comments ?? []) comment(entry.number, c);
        const updatedAt = latest(it.at, it.closedAt, ...(it.comments ?? []).map((c) => c.at));
        issues.push({
          id: next("issue"),
          repoId,
          number: entry.number,
          isPull: false,
          title: it.title,
          body: expand(it.body),
          state: it.closedAt ? "closed" : "open",
          author: dev(it.by).login,
          labels: nameOrder(it.labels),
          assignees: nameOrder(it.assignees.map((a) => dev(a).login)),
          milestone: it.milestone ? (milestones.get(it.milestone) ?? null) : null,
          createdAt: it.at,
          updatedAt,
          closedAt: it.closedAt ?? null,
        });
        continue;
      }
      const index = plan.pulls.findIndex((x) => x.title === entry.title);
      const p = plan.pulls[index];
      if (!p) continue;
      const headSha = branches[p.branch] ?? "";
      for (const c of p.comments ?? []) comment(entry.number, c);
      for (const r of p.reviews ?? []) {
        const reviewId = next("review");
        rows.reviews.push([
          reviewId,
          repoId,
          entry.number,
          dev(r.by).login,
          r.state,
          r.body,
          headSha,
          r.at,
        ]);
        for (const c of r.comments ?? []) {
          rows.reviewComments.push([
            next("reviewComment"),
            reviewId,
            repoId,
            entry.number,
            c.path,
            c.line,
            null,
            c.body,
            dev(r.by).login,
            headSha,
            r.at,
          ]);
        }
      }
      for (const [context, state] of Object.entries(p.checks ?? {})) {
        const description =
          state === "success"
            ? "All checks passed"
            : state === "failure"
              ? "Some checks failed"
              : "Checks are running";
        rows.statuses.push([next("status"), headSha, context, state, description, later(p.at, 12)]);
      }
      const updatedAt = latest(
        p.at,
        p.closedAt,
        ...(p.comments ?? []).map((c) => c.at),
        ...(p.reviews ?? []).map((r) => r.at),
      );
      issues.push({
        id: next("issue"),
        repoId,
        number: entry.number,
        isPull: true,
        title: p.title,
        body: expand(p.body),
        state: p.state === "open" ? "open" : "closed",
        author: dev(p.by).login,
        labels: nameOrder(p.labels),
        assignees: nameOrder(p.assignees.map((a) => dev(a).login)),
        milestone: null,
        createdAt: p.at,
        updatedAt,
        closedAt: p.closedAt ?? null,
      });
      const merged = p.state === "merged";
      pulls.push({
        repoId,
        number: entry.number,
        headRef: p.branch,
        headSha,
        draft: p.draft === true,
        merged,
        mergedAt: merged ? (p.closedAt ?? null) : null,
        mergedBy: merged && p.mergedBy ? dev(p.mergedBy).login : null,
        mergeCommitSha: merged ? (mergeShas.get(index) ?? null) : null,
      });
    }
  });

  for (const [sha, content] of [...blobs].sort((a, b) => a[0].localeCompare(b[0])))
    rows.blobs.push([sha, content]);
  for (const c of commits.values()) {
    rows.commits.push([
      c.sha,
      c.treeSha,
      JSON.stringify(c.tree),
      c.message,
      c.authorLogin,
      c.authorName,
      c.authorEmail,
      c.at,
      JSON.stringify(c.parents),
    ]);
  }
  for (const i of issues) {
    rows.issues.push([
      i.id,
      i.repoId,
      i.number,
      i.isPull ? 1 : 0,
      i.title,
      i.body,
      i.state,
      i.author,
      JSON.stringify(i.labels),
      JSON.stringify(i.assignees),
      i.milestone,
      i.createdAt,
      i.updatedAt,
      i.closedAt,
    ]);
  }
  for (const p of pulls) {
    rows.pulls.push([
      p.repoId,
      p.number,
      p.repoId,
      p.headRef,
      p.headSha,
      "main",
      p.draft ? 1 : 0,
      p.merged ? 1 : 0,
      p.mergedAt,
      p.mergedBy,
      p.mergeCommitSha,
      1,
    ]);
  }
  return { repos, blobs, commits, issues, pulls, rows };
}

export type { Tree };
