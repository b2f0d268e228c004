// Graph templates that change a code host. Each names a repository as `owner/name`, an issue or a
// pull request by its title and a person by their full name; the chain finds the number in the
// repository's list (and the login with a user search) and feeds it to the write: assign an
// issue, add a label, comment, close with a note, approve or request changes on a pull request,
// merge one that merges cleanly, open an issue for someone.

import type { TaskDraft } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { IssueView } from "./explore";
import { callWith, codehostDraft } from "./program";
import {
  type CodeContext,
  type CodeTemplate,
  namedIssues,
  namedPeople,
  namedPulls,
  quoted,
  repoStatements,
  toolOf,
  unfit,
} from "./template";
import { APPROVALS, CHANGE_REQUESTS, CLOSING_NOTES, ISSUE_COMMENTS, NEW_ISSUES } from "./words";

const openIssues = (ctx: { host: CodeContext["host"] }) =>
  namedIssues(ctx.host, (i) => i.state === "open");
const FOUND = { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 };

/**
 * The chain on one issue (or pull request) its title names: find its number in the repository's
 * list, bound as `issue` (`pull`), then run `writes`, code making one call per tool of `tools`.
 */
function foundDraft(
  ctx: CodeContext,
  what: "issue" | "pull",
  found: IssueView,
  instruction: string,
  writes: string[],
  tools: string[],
): TaskDraft {
  const list = what === "issue" ? ctx.lens.list_issues : ctx.lens.list_pull_requests;
  return codehostDraft(ctx.lens, {
    kind: "graph",
    instruction,
    helpers: [what === "issue" ? "issueOf" : "pullOf"],
    statements: [
      ...repoStatements(found.repo),
      `const ${what} = ${what}Of(owner, repo, ${lit(found.title)});`,
      ...writes,
      "return null;",
    ],
    hidden: [found.number],
    tools: [list.name, ...tools],
    difficulty: { ...FOUND, chainLength: 1 + tools.length, writes: tools.length },
  });
}

/** "Assign the open issue "..." in owner/repo, which nobody has taken, to Priya Nair." */
export const assignIssue: CodeTemplate = {
  name: "assign-issue",
  kind: "graph",
  roles: ["update_issue", "search_users"],
  maxWrites: () => 1,
  capacity: (host) =>
    namedIssues(host, (i) => i.state === "open" && i.assignees.length === 0).length *
    namedPeople(host).length,
  build(ctx) {
    const issue = pick(
      ctx.rng,
      namedIssues(ctx.host, (i) => i.state === "open" && i.assignees.length === 0),
    );
    const person = pick(ctx.rng, namedPeople(ctx.host));
    if (!issue || !person) return unfit("no_open_issue", "no unassigned open issue");
    const update = toolOf(ctx, "update_issue");
    return codehostDraft(ctx.lens, {
      kind: "graph",
      instruction: `Nobody has picked up the issue ${quoted(issue.title)} in ${issue.repo.full} yet. Assign it to ${person.name}.`,
      helpers: ["issueOf", "loginOf"],
      statements: [
        ...repoStatements(issue.repo),
        `const login = loginOf(${lit(person.name)});`,
        `const issue = issueOf(owner, repo, ${lit(issue.title)});`,
        `${callWith(update, { owner: "owner", repo: "repo", issue_number: "issue.number", assignees: "[login]" })};`,
        "return null;",
      ],
      hidden: [issue.number, person.login],
      tools: [toolOf(ctx, "search_users").name, ctx.lens.list_issues.name, update.name],
      difficulty: { chainLength: 3, branching: 0, writes: 1, hiddenIds: 2 },
    });
  },
};

const missingLabels = (ctx: CodeContext, i: IssueView) =>
  (ctx.host.labels.get(i.repo.full) ?? []).filter((l) => !i.labels.includes(l));

/** "Add the label "..." to the issue "..." in owner/repo (keep its other labels)." */
export const labelIssue: CodeTemplate = {
  name: "label-issue",
  kind: "graph",
  roles: ["update_issue"],
  maxWrites: () => 1,
  capacity: (host) =>
    namedIssues(host, (i) => i.state === "open").reduce(
      (n, i) =>
        n + (host.labels.get(i.repo.full) ?? []).filter((l) => !i.labels.includes(l)).length,
      0,
    ),
  build(ctx) {
    const issue = pick(
      ctx.rng,
      openIssues(ctx).filter((i) => missingLabels(ctx, i).length > 0),
    );
    const label = issue ? pick(ctx.rng, missingLabels(ctx, issue)) : undefined;
    if (!issue || !label) return unfit("no_open_issue", "no open issue lacks a label");
    const update = toolOf(ctx, "update_issue");
    return foundDraft(
      ctx,
      "issue",
      issue,
      `Add the label ${quoted(label)} to the issue ${quoted(issue.title)} in ${issue.repo.full}, keeping the labels it already has.`,
      [
        `const labels = issue.labels.map((l) => l.name).concat([${lit(label)}]);`,
        `${callWith(update, { owner: "owner", repo: "repo", issue_number: "issue.number", labels: "labels" })};`,
      ],
      [update.name],
    );
  },
};

/** "Comment on the issue "..." in owner/repo: "..."." */
export const commentIssue: CodeTemplate = {
  name: "comment-issue",
  kind: "graph",
  roles: ["add_issue_comment"],
  maxWrites: () => 1,
  capacity: (host) => namedIssues(host, (i) => i.state === "open").length * ISSUE_COMMENTS.length,
  build(ctx) {
    const issue = pick(ctx.rng, openIssues(ctx));
    const text = pick(ctx.rng, ISSUE_COMMENTS);
    if (!issue || !text) return unfit("no_open_issue", "no open issue");
    const comment = toolOf(ctx, "add_issue_comment");
    return foundDraft(
      ctx,
      "issue",
      issue,
      `Leave a comment on the issue ${quoted(issue.title)} in ${issue.repo.full} saying ${quoted(text)}.`,
      [
        `${callWith(comment, { owner: "owner", repo: "repo", issue_number: "issue.number", body: lit(text) })};`,
      ],
      [comment.name],
    );
  },
};

/** "Close the issue "..." in owner/repo, after commenting "..."." */
export const closeWithNote: CodeTemplate = {
  name: "close-with-note",
  kind: "graph",
  roles: ["add_issue_comment", "update_issue"],
  maxWrites: () => 2,
  capacity: (host) => namedIssues(host, (i) => i.state === "open").length * CLOSING_NOTES.length,
  build(ctx) {
    const issue = pick(ctx.rng, openIssues(ctx));
    const note = pick(ctx.rng, CLOSING_NOTES);
    if (!issue || !note) return unfit("no_open_issue", "no open issue");
    const comment = toolOf(ctx, "add_issue_comment");
    const update = toolOf(ctx, "update_issue");
    return foundDraft(
      ctx,
      "issue",
      issue,
      `Close the issue ${quoted(issue.title)} in ${issue.repo.full}. Before closing it, comment ${quoted(note)} on it.`,
      [
        `${callWith(comment, { owner: "owner", repo: "repo", issue_number: "issue.number", body: lit(note) })};`,
        `${callWith(update, { owner: "owner", repo: "repo", issue_number: "issue.number", state: lit("closed") })};`,
      ],
      [comment.name, update.name],
    );
  },
};

const reviewable = (ctx: CodeContext) =>
  namedPulls(ctx.host, (p) => p.state === "open" && p.author !== ctx.host.viewer);

function reviewTemplate(
  name: string,
  event: "APPROVE" | "REQUEST_CHANGES",
  texts: readonly string[],
): CodeTemplate {
  return {
    name,
    kind: "graph",
    roles: ["create_pull_request_review"],
    maxWrites: () => 1,
    capacity: (host) =>
      namedPulls(host, (p) => p.state === "open" && p.author !== host.viewer).length * texts.length,
    build(ctx) {
      const pull = pick(ctx.rng, reviewable(ctx));
      const text = pick(ctx.rng, texts);
      if (!pull || !text) return unfit("no_open_pull", "no open pull request to review");
      const review = toolOf(ctx, "create_pull_request_review");
      const instruction =
        event === "APPROVE"
          ? `Approve the pull request ${quoted(pull.title)} in ${pull.repo.full} with the review comment ${quoted(text)}.`
          : `Request changes on the pull request ${quoted(pull.title)} in ${pull.repo.full}; the review should say ${quoted(text)}.`;
      return foundDraft(
        ctx,
        "pull",
        pull,
        instruction,
        [
          `${callWith(review, { owner: "owner", repo: "repo", pull_number: "pull.number", body: lit(text), event: lit(event) })};`,
        ],
        [review.name],
      );
    },
  };
}

export const approvePull = reviewTemplate("approve-pull", "APPROVE", APPROVALS);
export const requestChanges = reviewTemplate("request-changes", "REQUEST_CHANGES", CHANGE_REQUESTS);

const METHODS = [
  { method: "merge", say: "" },
  { method: "squash", say: ", squashing its commits into one" },
] as const;

/** "Merge the pull request "..." in owner/repo (squash it)." */
export const mergePull: CodeTemplate = {
  name: "merge-pull",
  kind: "graph",
  roles: ["merge_pull_request"],
  maxWrites: () => 1,
  capacity: (host) => namedPulls(host, (p) => p.mergeable).length * METHODS.length,
  build(ctx) {
    const pull = pick(
      ctx.rng,
      namedPulls(ctx.host, (p) => p.mergeable),
    );
    const how = pick(ctx.rng, METHODS);
    if (!pull || !how) return unfit("no_mergeable_pull", "no pull request merges cleanly");
    const merge = toolOf(ctx, "merge_pull_request");
    return foundDraft(
      ctx,
      "pull",
      pull,
      `Merge the pull request ${quoted(pull.title)} in ${pull.repo.full}${how.say}.`,
      [
        `${callWith(merge, { owner: "owner", repo: "repo", pull_number: "pull.number", merge_method: lit(how.method) })};`,
      ],
      [merge.name],
    );
  },
};

/** "Open an issue in owner/repo titled "..." saying "...", labelled ..., and assign it to Name." */
export const openIssueFor: CodeTemplate = {
  name: "open-issue-for",
  kind: "graph",
  roles: ["create_issue", "search_users"],
  maxWrites: () => 1,
  capacity: (host) => host.repos.length * NEW_ISSUES.length * namedPeople(host).length,
  build(ctx) {
    const repo = pick(
      ctx.rng,
      ctx.host.repos.filter((r) => (ctx.host.labels.get(r.full) ?? []).length > 0),
    );
    const idea = pick(ctx.rng, NEW_ISSUES);
    const person = pick(ctx.rng, namedPeople(ctx.host));
    const label = repo ? pick(ctx.rng, ctx.host.labels.get(repo.full) ?? []) : undefined;
    if (!repo || !idea || !person || !label)
      return unfit("no_repo", "no repository to open an issue in");
    if (namedIssues(ctx.host, (i) => i.repo === repo && i.title === idea.title).length > 0) {
      return unfit("exists", "the repository already has that issue");
    }
    const create = toolOf(ctx, "create_issue");
    return codehostDraft(ctx.lens, {
      kind: "graph",
      instruction: `Open an issue in ${repo.full} titled ${quoted(idea.title)} with the description ${quoted(idea.body)}, label it ${quoted(label)} and assign it to ${person.name}.`,
      helpers: ["loginOf"],
      statements: [
        ...repoStatements(repo),
        `const login = loginOf(${lit(person.name)});`,
        `${callWith(create, { owner: "owner", repo: "repo", title: lit(idea.title), body: lit(idea.body), labels: lit([label]), assignees: "[login]" })};`,
        "return null;",
      ],
      hidden: [person.login],
      tools: [toolOf(ctx, "search_users").name, create.name],
      difficulty: FOUND,
    });
  },
};

/** Open pull requests a user can name by the one new file they add (no other open one adds it). */
function addingPulls(ctx: { host: CodeContext["host"] }) {
  const open = namedPulls(ctx.host, (p) => p.state === "open" && p.author !== ctx.host.viewer);
  return open.flatMap((p) =>
    p.added
      .filter(
        (path) => open.filter((q) => q.repo === p.repo && q.added.includes(path)).length === 1,
      )
      .map((path) => ({ pull: p, path })),
  );
}

/** "Approve the pull request in owner/repo that adds path, with the review comment "..."." */
export const approveAdding: CodeTemplate = {
  name: "approve-adding",
  kind: "graph",
  roles: ["get_pull_request_files", "create_pull_request_review"],
  maxWrites: () => 1,
  capacity: (host) => addingPulls({ host }).length * APPROVALS.length,
  build(ctx) {
    const found = pick(ctx.rng, addingPulls(ctx));
    const text = pick(ctx.rng, APPROVALS);
    if (!found || !text) return unfit("no_adding_pull", "no open pull request adds a file");
    const files = toolOf(ctx, "get_pull_request_files");
    const review = toolOf(ctx, "create_pull_request_review");
    const at = { owner: "owner", repo: "repo", pull_number: "pull.number" };
    return codehostDraft(ctx.lens, {
      kind: "graph",
      instruction: `One of the open pull requests in ${found.pull.repo.full} adds the file ${found.path}. Approve that pull request with the review comment ${quoted(text)}.`,
      helpers: ["openPullsOf"],
      statements: [
        ...repoStatements(found.pull.repo),
        "const pull = openPullsOf(owner, repo).find((pull) =>",
        `  ${callWith(files, at)}.some((f) => f.status === "added" && f.filename === ${lit(found.path)}),`,
        ");",
        `${callWith(review, { ...at, body: lit(text), event: lit("APPROVE") })};`,
        "return null;",
      ],
      hidden: [found.pull.number],
      tools: [ctx.lens.list_pull_requests.name, files.name, review.name],
      difficulty: { chainLength: 3, branching: 1, writes: 1, hiddenIds: 1 },
    });
  },
};
