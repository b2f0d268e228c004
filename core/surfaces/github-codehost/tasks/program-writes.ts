// Programmatic templates that change a code host: loops over a repository's open issues or pull
// requests with a condition on each (a label and no assignee, a word in the title, an assignee,
// failing or passing checks and the reviews so far), writing to every one that matches. Every task
// makes at least one write; the instruction names the rule, never the matching items.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { HostView, IssueView, PullView, RepoView } from "./explore";
import { callWith, codehostDraft } from "./program";
import {
  type CodeTemplate,
  namedPeople,
  quoted,
  repoStatements,
  sayable,
  toolOf,
  unfit,
} from "./template";
import { APPROVALS, CLOSING_NOTES, PULL_COMMENTS } from "./words";

const openOf = (host: HostView, repo: RepoView) =>
  host.issues.filter((i) => !i.isPull && i.repo === repo && i.state === "open");
const openPullsOf = (host: HostView, repo: RepoView) =>
  host.pulls.filter((p) => p.repo === repo && p.state === "open");
const LOOP = (writes: number) => ({ chainLength: 2 + writes, branching: 2, writes, hiddenIds: 1 });

/** (repo, label) pairs with open issues that carry the label and have nobody assigned. */
function unassignedByLabel(host: HostView) {
  return host.repos.flatMap((repo) =>
    (host.labels.get(repo.full) ?? []).flatMap((label) => {
      const hits = openOf(host, repo).filter(
        (i) => i.labels.includes(label) && i.assignees.length === 0,
      );
      return hits.length > 0 ? [{ repo, label, hits }] : [];
    }),
  );
}

/** "In owner/repo, assign every open issue labelled "..." that nobody is assigned to to Name." */
export const assignLabelled: CodeTemplate = {
  name: "assign-labelled",
  kind: "programmatic",
  roles: ["update_issue", "search_users"],
  maxWrites: (host) => Math.max(0, ...unassignedByLabel(host).map((x) => x.hits.length)),
  capacity: (host) => unassignedByLabel(host).length * namedPeople(host).length,
  build(ctx, target) {
    const pair = pick(
      ctx.rng,
      unassignedByLabel(ctx.host).filter((x) => x.hits.length >= target.minWrites),
    );
    const person = pick(ctx.rng, namedPeople(ctx.host));
    if (!pair || !person) return unfit("no_match", "no open issue lacks an assignee");
    const update = toolOf(ctx, "update_issue");
    return codehostDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `In ${pair.repo.full}, every open issue labelled ${quoted(pair.label)} that nobody is assigned to should go to ${person.name}. Assign them all to ${person.name}.`,
      helpers: ["loginOf", "openIssuesOf"],
      statements: [
        ...repoStatements(pair.repo),
        `const login = loginOf(${lit(person.name)});`,
        "for (const issue of openIssuesOf(owner, repo)) {",
        `  if (issue.assignees.length > 0 || !issue.labels.some((l) => l.name === ${lit(pair.label)})) continue;`,
        `  ${callWith(update, { owner: "owner", repo: "repo", issue_number: "issue.number", assignees: "[login]" })};`,
        "}",
        "return null;",
      ],
      hidden: [person.login, ...pair.hits.map((i) => i.number)],
      tools: [toolOf(ctx, "search_users").name, ctx.lens.list_issues.name, update.name],
      difficulty: LOOP(pair.hits.length),
    });
  },
};

/** Words too plain to pick issues by. */
const COMMON = new Set([
  "about",
  "after",
  "again",
  "before",
  "being",
  "could",
  "every",
  "isn't",
  "never",
  "other",
  "should",
  "still",
  "their",
  "there",
  "these",
  "those",
  "under",
  "until",
  "where",
  "which",
  "while",
  "would",
]);

/** Words that pick some (not all) of `among` by their title, matched as whole words either way. */
export function titleWords(among: readonly IssueView[]): { word: string; hits: IssueView[] }[] {
  const words = new Set(among.flatMap((i) => i.title.toLowerCase().match(/[a-z]{5,}/g) ?? []));
  return [...words]
    .filter((w) => !COMMON.has(w))
    .sort()
    .flatMap((word) => {
      const whole = new RegExp(`(?<![a-z])${word}(?![a-z])`);
      if (
        among.some(
          (i) => i.title.toLowerCase().includes(word) !== whole.test(i.title.toLowerCase()),
        )
      )
        return [];
      const hits = among.filter((i) => whole.test(i.title.toLowerCase()));
      return hits.length > 0 && hits.length < among.length ? [{ word, hits }] : [];
    });
}

const wordPicks = (host: HostView) =>
  host.repos.flatMap((repo) => titleWords(openOf(host, repo)).map((w) => ({ repo, ...w })));

/** "Close every open issue in owner/repo whose title mentions "...", commenting "..." on each." */
export const closeMentioning: CodeTemplate = {
  name: "close-mentioning",
  kind: "programmatic",
  roles: ["update_issue", "add_issue_comment"],
  maxWrites: (host) => 2 * Math.max(0, ...wordPicks(host).map((x) => x.hits.length)),
  capacity: (host) => wordPicks(host).length * CLOSING_NOTES.length,
  build(ctx, target) {
    const found = pick(
      ctx.rng,
      wordPicks(ctx.host).filter((x) => 2 * x.hits.length >= target.minWrites),
    );
    const note = pick(ctx.rng, CLOSING_NOTES);
    if (!found || !note) return unfit("no_word", "no word picks some open issues");
    const update = toolOf(ctx, "update_issue");
    const comment = toolOf(ctx, "add_issue_comment");
    return codehostDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Close every open issue in ${found.repo.full} whose title contains the word ${quoted(found.word)} (pull requests excepted), and comment ${quoted(note)} on each one before closing it.`,
      helpers: ["openIssuesOf"],
      statements: [
        ...repoStatements(found.repo),
        `const word = new RegExp("(?<![a-z])" + ${lit(found.word)} + "(?![a-z])");`,
        "for (const issue of openIssuesOf(owner, repo)) {",
        "  if (!word.test(issue.title.toLowerCase())) continue;",
        `  ${callWith(comment, { owner: "owner", repo: "repo", issue_number: "issue.number", body: lit(note) })};`,
        `  ${callWith(update, { owner: "owner", repo: "repo", issue_number: "issue.number", state: lit("closed") })};`,
        "}",
        "return null;",
      ],
      hidden: found.hits.map((i) => i.number),
      tools: [ctx.lens.list_issues.name, comment.name, update.name],
      difficulty: LOOP(2 * found.hits.length),
    });
  },
};

const labelPicks = (host: HostView) =>
  wordPicks(host).flatMap((w) =>
    (host.labels.get(w.repo.full) ?? []).flatMap((label) => {
      const lacking = w.hits.filter((i) => !i.labels.includes(label));
      return lacking.length > 0 ? [{ ...w, label, lacking }] : [];
    }),
  );

/** "Add the label "..." to every open issue in owner/repo whose title mentions "..."." */
export const labelMentioning: CodeTemplate = {
  name: "label-mentioning",
  kind: "programmatic",
  roles: ["update_issue"],
  maxWrites: (host) => Math.max(0, ...labelPicks(host).map((x) => x.lacking.length)),
  capacity: (host) => labelPicks(host).length,
  build(ctx, target) {
    const found = pick(
      ctx.rng,
      labelPicks(ctx.host).filter((x) => x.lacking.length >= target.minWrites),
    );
    if (!found) return unfit("no_word", "no word picks issues lacking a label");
    const update = toolOf(ctx, "update_issue");
    return codehostDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `Add the label ${quoted(found.label)} to every open issue in ${found.repo.full} whose title contains the word ${quoted(found.word)}, keeping their other labels. Leave pull requests alone.`,
      helpers: ["openIssuesOf"],
      statements: [
        ...repoStatements(found.repo),
        `const word = new RegExp("(?<![a-z])" + ${lit(found.word)} + "(?![a-z])");`,
        "for (const issue of openIssuesOf(owner, repo)) {",
        "  const labels = issue.labels.map((l) => l.name);",
        `  if (!word.test(issue.title.toLowerCase()) || labels.includes(${lit(found.label)})) continue;`,
        `  ${callWith(update, { owner: "owner", repo: "repo", issue_number: "issue.number", labels: `labels.concat([${lit(found.label)}])` })};`,
        "}",
        "return null;",
      ],
      hidden: found.lacking.map((i) => i.number),
      tools: [ctx.lens.list_issues.name, update.name],
      difficulty: LOOP(found.lacking.length),
    });
  },
};

const assignedPicks = (host: HostView) =>
  host.repos.flatMap((repo) =>
    namedPeople(host).flatMap((person) => {
      const hits = openOf(host, repo).filter((i) => i.assignees.includes(person.login));
      return hits.length > 0 ? [{ repo, person, hits }] : [];
    }),
  );

/** "Name is going on leave: take them off every open issue in owner/repo they are assigned to." */
export const unassignPerson: CodeTemplate = {
  name: "unassign-person",
  kind: "programmatic",
  roles: ["update_issue", "search_users"],
  maxWrites: (host) => Math.max(0, ...assignedPicks(host).map((x) => x.hits.length)),
  capacity: (host) => assignedPicks(host).length,
  build(ctx, target) {
    const found = pick(
      ctx.rng,
      assignedPicks(ctx.host).filter((x) => x.hits.length >= target.minWrites),
    );
    if (!found) return unfit("no_assignee", "nobody is assigned to an open issue");
    const update = toolOf(ctx, "update_issue");
    return codehostDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `${found.person.name} is going on leave. Take ${found.person.name} off every open issue in ${found.repo.full} they are assigned to, leaving any other assignees in place.`,
      helpers: ["loginOf", "openIssuesOf"],
      statements: [
        ...repoStatements(found.repo),
        `const login = loginOf(${lit(found.person.name)});`,
        "for (const issue of openIssuesOf(owner, repo)) {",
        "  const assignees = issue.assignees.map((a) => a.login);",
        "  if (!assignees.includes(login)) continue;",
        `  ${callWith(update, { owner: "owner", repo: "repo", issue_number: "issue.number", assignees: "assignees.filter((a) => a !== login)" })};`,
        "}",
        "return null;",
      ],
      hidden: [found.person.login, ...found.hits.map((i) => i.number)],
      tools: [toolOf(ctx, "search_users").name, ctx.lens.list_issues.name, update.name],
      difficulty: LOOP(found.hits.length),
    });
  },
};

const failing = (host: HostView, repo: RepoView) =>
  openPullsOf(host, repo).filter((p) => p.checks === "failure");
const green = (host: HostView, repo: RepoView) =>
  openPullsOf(host, repo).filter(
    (p) =>
      p.checks === "success" &&
      p.author !== host.viewer &&
      !p.reviews.some((r) => r.state === "CHANGES_REQUESTED"),
  );

function pullLoop(
  name: string,
  roles: CodeTemplate["roles"],
  texts: readonly string[],
  picks: (host: HostView, repo: RepoView) => PullView[],
  say: (repo: RepoView, text: string) => string,
  write: (
    ctx: Parameters<CodeTemplate["build"]>[0],
    text: string,
  ) => { code: string[]; tools: string[] },
): CodeTemplate {
  const repos = (host: HostView) => host.repos.filter((r) => picks(host, r).length > 0);
  return {
    name,
    kind: "programmatic",
    roles,
    maxWrites: (host) => Math.max(0, ...host.repos.map((r) => picks(host, r).length)),
    capacity: (host) => repos(host).length * texts.length,
    build(ctx, target) {
      const repo = pick(
        ctx.rng,
        repos(ctx.host).filter((r) => picks(ctx.host, r).length >= target.minWrites),
      );
      const text = pick(ctx.rng, texts.filter(sayable));
      if (!repo || !text) return unfit("no_pull", `no repository has pull requests for ${name}`);
      const hits = picks(ctx.host, repo);
      const body = write(ctx, text);
      return codehostDraft(ctx.lens, {
        kind: "programmatic",
        instruction: say(repo, text),
        helpers: ["openPullsOf"],
        statements: [
          ...repoStatements(repo),
          "for (const pull of openPullsOf(owner, repo)) {",
          ...body.code.map((l) => `  ${l}`),
          "}",
          "return null;",
        ],
        hidden: hits.map((p) => p.number),
        tools: [ctx.lens.list_pull_requests.name, ...body.tools],
        difficulty: LOOP(hits.length),
      });
    },
  };
}

/** "In owner/repo, comment "..." on every open pull request whose checks are failing." */
export const commentFailing = pullLoop(
  "comment-failing",
  ["get_pull_request_status", "add_issue_comment"],
  PULL_COMMENTS,
  failing,
  (repo, text) =>
    `In ${repo.full}, leave the comment ${quoted(text)} on every open pull request whose checks are failing.`,
  (ctx, text) => {
    const status = toolOf(ctx, "get_pull_request_status");
    const comment = toolOf(ctx, "add_issue_comment");
    return {
      code: [
        `if (${callWith(status, { owner: "owner", repo: "repo", pull_number: "pull.number" })}.state !== "failure") continue;`,
        `${callWith(comment, { owner: "owner", repo: "repo", issue_number: "pull.number", body: lit(text) })};`,
      ],
      tools: [status.name, comment.name],
    };
  },
);

/** "In owner/repo, approve every open pull request whose checks pass and nobody asked changes on." */
export const approveGreen = pullLoop(
  "approve-green",
  ["get_pull_request_status", "get_pull_request_reviews", "create_pull_request_review"],
  APPROVALS,
  green,
  (repo, text) =>
    `In ${repo.full}, approve every open pull request whose checks all pass and on which nobody has requested changes, with the review comment ${quoted(text)}.`,
  (ctx, text) => {
    const status = toolOf(ctx, "get_pull_request_status");
    const reviews = toolOf(ctx, "get_pull_request_reviews");
    const review = toolOf(ctx, "create_pull_request_review");
    const at = { owner: "owner", repo: "repo", pull_number: "pull.number" };
    return {
      code: [
        `if (${callWith(status, at)}.state !== "success") continue;`,
        `if (${callWith(reviews, at)}.some((r) => r.state === "CHANGES_REQUESTED")) continue;`,
        `${callWith(review, { ...at, body: lit(text), event: lit("APPROVE") })};`,
      ],
      tools: [status.name, reviews.name, review.name],
    };
  },
);

/** (repo, milestone, label): open issues with the label and no milestone, in a repository that has the open milestone. */
function milestonePicks(host: HostView) {
  return host.repos.flatMap((repo) => {
    const named = [
      ...new Set(
        host.issues
          .filter((i) => i.repo === repo && i.milestone !== null)
          .map((i) => i.milestone as string),
      ),
    ];
    return named.flatMap((milestone) =>
      (host.labels.get(repo.full) ?? []).flatMap((label) => {
        const hits = openOf(host, repo).filter(
          (i) => i.milestone === null && i.labels.includes(label),
        );
        return hits.length > 0 && sayable(milestone) ? [{ repo, milestone, label, hits }] : [];
      }),
    );
  });
}

/** "In owner/repo, put every open issue labelled "..." that has no milestone into the milestone "..."." */
export const milestoneLabelled: CodeTemplate = {
  name: "milestone-labelled",
  kind: "programmatic",
  roles: ["update_issue"],
  maxWrites: (host) => Math.max(0, ...milestonePicks(host).map((x) => x.hits.length)),
  capacity: (host) => milestonePicks(host).length,
  build(ctx, target) {
    const found = pick(
      ctx.rng,
      milestonePicks(ctx.host).filter((x) => x.hits.length >= target.minWrites),
    );
    if (!found) return unfit("no_milestone", "no labelled issue lacks a milestone");
    const update = toolOf(ctx, "update_issue");
    return codehostDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `In ${found.repo.full}, put every open issue labelled ${quoted(found.label)} that has no milestone yet into the milestone ${quoted(found.milestone)}.`,
      helpers: [],
      statements: [
        ...repoStatements(found.repo),
        `const all = ${callWith(ctx.lens.list_issues, { owner: "owner", repo: "repo", state: lit("all"), per_page: "100" })};`,
        `const number = all.find((i) => i.milestone !== null && i.milestone.title === ${lit(found.milestone)}).milestone.number;`,
        "for (const issue of all) {",
        `  if (issue.pull_request || issue.state !== "open" || issue.milestone !== null) continue;`,
        `  if (!issue.labels.some((l) => l.name === ${lit(found.label)})) continue;`,
        `  ${callWith(update, { owner: "owner", repo: "repo", issue_number: "issue.number", milestone: "number" })};`,
        "}",
        "return null;",
      ],
      hidden: found.hits.map((i) => i.number),
      tools: [ctx.lens.list_issues.name, update.name],
      difficulty: LOOP(found.hits.length),
    });
  },
};

const NUDGES: readonly string[] = [
  "Any update on this one?",
  "Checking in: is this still on track for the milestone?",
  "Please post a short status update here.",
];

/** "In owner/repo, ask for a status update on every open issue assigned to Name." */
export const nudgeAssignee: CodeTemplate = {
  name: "nudge-assignee",
  kind: "programmatic",
  roles: ["add_issue_comment", "search_users"],
  maxWrites: (host) => Math.max(0, ...assignedPicks(host).map((x) => x.hits.length)),
  capacity: (host) => assignedPicks(host).length * NUDGES.length,
  build(ctx, target) {
    const found = pick(
      ctx.rng,
      assignedPicks(ctx.host).filter((x) => x.hits.length >= target.minWrites),
    );
    const text = pick(ctx.rng, NUDGES);
    if (!found || !text) return unfit("no_assignee", "nobody is assigned to an open issue");
    const comment = toolOf(ctx, "add_issue_comment");
    return codehostDraft(ctx.lens, {
      kind: "programmatic",
      instruction: `In ${found.repo.full}, comment ${quoted(text)} on every open issue that ${found.person.name} is assigned to.`,
      helpers: ["loginOf", "openIssuesOf"],
      statements: [
        ...repoStatements(found.repo),
        `const login = loginOf(${lit(found.person.name)});`,
        "for (const issue of openIssuesOf(owner, repo)) {",
        "  if (!issue.assignees.some((a) => a.login === login)) continue;",
        `  ${callWith(comment, { owner: "owner", repo: "repo", issue_number: "issue.number", body: lit(text) })};`,
        "}",
        "return null;",
      ],
      hidden: [found.person.login, ...found.hits.map((i) => i.number)],
      tools: [toolOf(ctx, "search_users").name, ctx.lens.list_issues.name, comment.name],
      difficulty: LOOP(found.hits.length),
    });
  },
};
