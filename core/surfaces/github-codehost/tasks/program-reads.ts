// Programmatic templates that read a code host and answer: counts across all of the organization's
// repositories (open issues with a label, open pull requests by a person, commits by a person on
// the default branches), the person who opened the most issues, counts over a repository's open
// pull requests that need a call per pull request (failing checks, approvals), the open pull
// request that changes the most files, and the longest or shortest file found by walking a
// repository's tree. Every solution loops; answers are judged exactly.
import type { Json } from "../../../base/json";
import type { Built } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { HostView, PullView, RepoView } from "./explore";
import { callWith, codehostDraft, type Helper } from "./program";
import {
  type CodeContext,
  type CodeTemplate,
  givesAway,
  namedPeople,
  quoted,
  repoStatements,
  sayable,
  toolOf,
  unfit,
} from "./template";

const openIssues = (host: HostView) => host.issues.filter((i) => !i.isPull && i.state === "open");
const READ = { chainLength: 3, branching: 2, writes: 0, hiddenIds: 0 };
const orgOf = (host: HostView) => host.repos[0]?.owner;
const orgRepos = (host: HostView) => host.repos.filter((r) => r.owner === orgOf(host));

function answered(
  ctx: CodeContext,
  instruction: string,
  answer: string | number,
  parts: { helpers: Helper[]; statements: string[]; tools: string[]; hidden?: Json[] },
): Built {
  if (givesAway(instruction, answer))
    return unfit("gives_answer", "the instruction states its answer");
  return codehostDraft(ctx.lens, {
    kind: "programmatic",
    instruction,
    helpers: parts.helpers,
    statements: parts.statements,
    answerMatch:
      typeof answer === "number" ? { kind: "numeric", tolerance: 1e-9 } : { kind: "exact" },
    hidden: parts.hidden ?? [],
    tools: [...new Set(parts.tools)],
    difficulty: READ,
  });
}

type Person = ReturnType<typeof namedPeople>[number];

/** A question about one named person across the organization's repositories; `ask` words it. */
function personAcrossOrg(
  name: string,
  roles: CodeTemplate["roles"],
  ask: (ctx: CodeContext, person: Person, org: string) => Built,
): CodeTemplate {
  return {
    name,
    kind: "programmatic",
    roles,
    maxWrites: () => 0,
    capacity: (host) => namedPeople(host).length,
    build(ctx) {
      const person = pick(ctx.rng, namedPeople(ctx.host));
      const org = orgOf(ctx.host);
      if (!person || !org) return unfit("no_person", "nobody to ask about");
      return ask(ctx, person, org);
    },
  };
}

const orgLabels = (host: HostView) =>
  [...new Set(orgRepos(host).flatMap((r) => host.labels.get(r.full) ?? []))].filter((label) =>
    openIssues(host).some((i) => i.labels.includes(label)),
  );

/** "How many open issues, not counting pull requests, are labelled "..." across the organization?" */
export const countLabelled: CodeTemplate = {
  name: "count-labelled",
  kind: "programmatic",
  roles: ["search_repositories"],
  maxWrites: () => 0,
  capacity: (host) => orgLabels(host).length * 2,
  build(ctx) {
    const label = pick(ctx.rng, orgLabels(ctx.host));
    const org = orgOf(ctx.host);
    const unassigned = ctx.rng.next() < 0.5;
    if (!label || !org) return unfit("no_label", "no open issue has a label");
    const answer = openIssues(ctx.host).filter(
      (i) =>
        i.repo.owner === org &&
        i.labels.includes(label) &&
        (!unassigned || i.assignees.length === 0),
    ).length;
    return answered(
      ctx,
      `Across all of ${org}'s repositories, how many open issues labelled ${quoted(label)}${unassigned ? " have nobody assigned" : " are there"}? Do not count pull requests.`,
      answer,
      {
        helpers: ["reposOf", "openIssuesOf"],
        statements: [
          "let count = 0;",
          `for (const repo of reposOf(${lit(org)})) {`,
          `  for (const issue of openIssuesOf(${lit(org)}, repo)) {`,
          `    if (!issue.labels.some((l) => l.name === ${lit(label)})) continue;`,
          ...(unassigned ? ["    if (issue.assignees.length > 0) continue;"] : []),
          "    count++;",
          "  }",
          "}",
          "return count;",
        ],
        tools: [toolOf(ctx, "search_repositories").name, ctx.lens.list_issues.name],
      },
    );
  },
};

/** "How many open pull requests has Name opened across the organization's repositories?" */
export const openPullsBy = personAcrossOrg(
  "open-pulls-by",
  ["search_repositories", "search_users"],
  (ctx, person, org) => {
    const answer = ctx.host.pulls.filter(
      (p) => p.state === "open" && p.author === person.login && p.repo.owner === org,
    ).length;
    return answered(
      ctx,
      `Across all of ${org}'s repositories, how many open pull requests has ${person.name} opened?`,
      answer,
      {
        helpers: ["loginOf", "reposOf", "openPullsOf"],
        statements: [
          `const login = loginOf(${lit(person.name)});`,
          "let count = 0;",
          `for (const repo of reposOf(${lit(org)})) count += openPullsOf(${lit(org)}, repo).filter((p) => p.user.login === login).length;`,
          "return count;",
        ],
        tools: [
          toolOf(ctx, "search_users").name,
          toolOf(ctx, "search_repositories").name,
          ctx.lens.list_pull_requests.name,
        ],
        hidden: [person.login],
      },
    );
  },
);

/** "Across the organization, who opened the most issues (still open, or ever)? Answer with the username." */
export const topReporter: CodeTemplate = {
  name: "top-reporter",
  kind: "programmatic",
  roles: ["search_repositories"],
  maxWrites: () => 0,
  capacity: () => 2,
  build(ctx) {
    const state = pick(ctx.rng, ["open", "all"] as const);
    const org = orgOf(ctx.host);
    if (!state || !org) return unfit("no_repo", "no repository");
    const counts = new Map<string, number>();
    for (const i of ctx.host.issues.filter(
      (x) => !x.isPull && x.repo.owner === org && (state === "all" || x.state === "open"),
    )) {
      counts.set(i.author, (counts.get(i.author) ?? 0) + 1);
    }
    const top = Math.max(0, ...counts.values());
    const leaders = [...counts].filter(([, n]) => n === top);
    const leader = leaders[0]?.[0];
    if (leaders.length !== 1 || !leader) return unfit("tie", "no single top reporter");
    return answered(
      ctx,
      `Across all of ${org}'s repositories, who has opened the most ${state === "open" ? "issues that are still open" : "issues, open or closed"}? Pull requests do not count. Answer with their username.`,
      leader,
      {
        helpers: ["reposOf"],
        statements: [
          "const counts = {};",
          `for (const repo of reposOf(${lit(org)})) {`,
          `  const issues = ${callWith(ctx.lens.list_issues, { owner: lit(org), repo: "repo", state: lit(state), per_page: "100" })};`,
          "  for (const i of issues) if (!i.pull_request) counts[i.user.login] = (counts[i.user.login] || 0) + 1;",
          "}",
          "let best = null;",
          "for (const login of Object.keys(counts)) if (best === null || counts[login] > counts[best]) best = login;",
          "return best;",
        ],
        tools: [toolOf(ctx, "search_repositories").name, ctx.lens.list_issues.name],
      },
    );
  },
};

/** "How many commits on the default branches of the organization's repositories did Name author?" */
export const commitsBy = personAcrossOrg(
  "commits-by",
  ["list_commits", "search_repositories"],
  (ctx, person, org) => {
    const list = toolOf(ctx, "list_commits");
    let answer = 0;
    for (const repo of orgRepos(ctx.host)) {
      const outcome = ctx.runner.call(list.name, {
        [list.args.owner ?? "owner"]: repo.owner,
        [list.args.repo ?? "repo"]: repo.name,
        ...(list.args.per_page ? { [list.args.per_page]: 100 } : {}),
      });
      if (!outcome.ok || !Array.isArray(outcome.result))
        return unfit("no_history", "a history cannot be read");
      answer += outcome.result.filter((c) => commitAuthor(c) === person.name).length;
    }
    return answered(
      ctx,
      `How many commits on the default branches of ${org}'s repositories were authored by ${person.name}? Merge commits count too.`,
      answer,
      {
        helpers: ["reposOf"],
        statements: [
          "let count = 0;",
          `for (const repo of reposOf(${lit(org)})) {`,
          `  const commits = ${callWith(list, { owner: lit(org), repo: "repo", per_page: "100" })};`,
          `  count += commits.filter((c) => c.commit.author.name === ${lit(person.name)}).length;`,
          "}",
          "return count;",
        ],
        tools: [toolOf(ctx, "search_repositories").name, list.name],
      },
    );
  },
);

/** `commit.author.name` of a listed commit, or undefined. */
function commitAuthor(listed: Json): string | undefined {
  const field = (v: Json | undefined, key: string): Json | undefined =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? v[key] : undefined;
  const name = field(field(field(listed, "commit"), "author"), "name");
  return typeof name === "string" ? name : undefined;
}

const lineCount = (text: string) => (text === "" ? 0 : text.replace(/\n$/, "").split("\n").length);

/** "Which file on owner/repo's default branch has the most (fewest) lines? Answer with its path." */
export const longestFile: CodeTemplate = {
  name: "longest-file",
  kind: "programmatic",
  roles: ["get_file_contents"],
  maxWrites: () => 0,
  capacity: (host) => host.repos.length * 2,
  build(ctx) {
    const repo = pick(ctx.rng, ctx.host.repos);
    const most = ctx.rng.next() < 0.5;
    if (!repo) return unfit("no_repo", "no repository");
    const files = ctx.host.files
      .filter((f) => f.repo === repo)
      .map((f) => ({ path: f.path, lines: lineCount(f.content) }));
    const best = most
      ? Math.max(...files.map((f) => f.lines))
      : Math.min(...files.map((f) => f.lines));
    const winners = files.filter((f) => f.lines === best);
    const winner = winners[0];
    if (winners.length !== 1 || !winner) return unfit("tie", "no single file");
    return answered(
      ctx,
      `Which file on the ${repo.defaultBranch} branch of ${repo.full} has the ${most ? "most" : "fewest"} lines? Answer with its path.`,
      winner.path,
      {
        helpers: ["filesOf"],
        statements: [
          ...repoStatements(repo),
          'const lines = (text) => (text === "" ? 0 : text.replace(/\\n$/, "").split("\\n").length);',
          "let best = null;",
          "for (const file of filesOf(owner, repo)) {",
          `  if (best === null || lines(file.content) ${most ? ">" : "<"} lines(best.content)) best = file;`,
          "}",
          "return best.path;",
        ],
        tools: [toolOf(ctx, "get_file_contents").name],
      },
    );
  },
};

interface PullCount {
  name: string;
  role: "get_pull_request_status" | "get_pull_request_reviews" | "get_pull_request_files";
  ask(repo: RepoView): string;
  answer(pulls: readonly PullView[]): string | number | undefined;
  /** Statements inside `for (const pull of openPullsOf(owner, repo)) {`, given the call. */
  each(call: string): string[];
  start: string;
  finish: string;
}

const PULL_COUNTS: readonly PullCount[] = [
  {
    name: "count-failing",
    role: "get_pull_request_status",
    ask: (repo) => `How many open pull requests in ${repo.full} have failing checks?`,
    answer: (pulls) => pulls.filter((p) => p.checks === "failure").length,
    start: "let count = 0;",
    each: (call) => [`if (${call}.state === "failure") count++;`],
    finish: "return count;",
  },
  {
    name: "count-approved",
    role: "get_pull_request_reviews",
    ask: (repo) =>
      `How many open pull requests in ${repo.full} have at least one approving review?`,
    answer: (pulls) => pulls.filter((p) => p.reviews.some((r) => r.state === "APPROVED")).length,
    start: "let count = 0;",
    each: (call) => [`if (${call}.some((r) => r.state === "APPROVED")) count++;`],
    finish: "return count;",
  },
  {
    name: "most-files",
    role: "get_pull_request_files",
    ask: (repo) =>
      `Which open pull request in ${repo.full} changes the most files? Answer with its title.`,
    answer: (pulls) => {
      const top = Math.max(...pulls.map((p) => p.files.length));
      const found = pulls.filter((p) => p.files.length === top);
      return found.length === 1 && found[0] && sayable(found[0].title) ? found[0].title : undefined;
    },
    start: "let best = null;\nlet bestCount = -1;",
    each: (call) => [
      `const n = ${call}.length;`,
      "if (n > bestCount) {",
      "  best = pull.title;",
      "  bestCount = n;",
      "}",
    ],
    finish: "return best;",
  },
];

function pullCount(q: PullCount): CodeTemplate {
  const repos = (host: HostView) =>
    host.repos.filter((r) => host.pulls.some((p) => p.repo === r && p.state === "open"));
  return {
    name: q.name,
    kind: "programmatic",
    roles: [q.role],
    maxWrites: () => 0,
    capacity: (host) => repos(host).length,
    build(ctx) {
      const repo = pick(ctx.rng, repos(ctx.host));
      if (!repo) return unfit("no_pull", "no repository has open pull requests");
      const answer = q.answer(ctx.host.pulls.filter((p) => p.repo === repo && p.state === "open"));
      if (answer === undefined) return unfit("no_answer", "no single answer");
      const tool = toolOf(ctx, q.role);
      const call = callWith(tool, { owner: "owner", repo: "repo", pull_number: "pull.number" });
      return answered(ctx, q.ask(repo), answer, {
        helpers: ["openPullsOf"],
        statements: [
          ...repoStatements(repo),
          q.start,
          "for (const pull of openPullsOf(owner, repo)) {",
          ...q.each(call).map((l) => `  ${l}`),
          "}",
          q.finish,
        ],
        tools: [ctx.lens.list_pull_requests.name, tool.name],
      });
    },
  };
}

export const PULL_COUNTS_TEMPLATES: readonly CodeTemplate[] = PULL_COUNTS.map(pullCount);
