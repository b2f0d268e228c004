// Graph read templates for issue trackers behind REST passthrough tools: a question about the
// issue a user names by its summary (its comments, logged work, watchers), about a set of issues
// reached through a project or a person named by their name, or about a project lead's workload.
// The solution first finds the key or account id (the search, the project list, the user search)
// and feeds it into the next call.
import type { Json } from "../../../base/json";
import type { Built } from "../../../tasks/draft";
import { shuffled } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { AnswerMatch } from "../../../tasks/task";
import { namedIssues, someNamedIssue, type Tracker } from "./explore";
import { drawIssueSet } from "./issue-sets";
import {
  fail,
  findIssue,
  hide,
  namedIssue,
  numeric,
  quoted,
  type RestTemplate,
  restDraft,
  toolsOf,
  underIssue,
} from "./program";

function read(
  t: Tracker,
  instruction: string,
  statements: string[],
  hidden: Json[],
  answerMatch: AnswerMatch,
  calls: number,
): Built {
  return restDraft(
    t.ctx.lens,
    "graph",
    instruction,
    statements,
    { hidden, tools: toolsOf(t.ctx.lens), answerMatch },
    { chainLength: calls, branching: 0, writes: 0, hiddenIds: 1 },
  );
}

/** "How many comments are there on the issue "Biometric login on iOS"?" */
const commentCount: RestTemplate = {
  name: "comment-count",
  kind: "graph",
  writes: [],
  under: ["comment"],
  build(t) {
    const issue = someNamedIssue(t);
    if (!issue) return fail("no_issue", "the tracker has no issue named by its summary");
    return read(
      t,
      `How many comments are there on ${namedIssue(issue)}?`,
      [
        findIssue(issue),
        `return api(${underIssue(t.ctx.lens, "comment")}, { maxResults: "100" }).comments.length;`,
      ],
      hide(issue.key, issue.id),
      numeric,
      2,
    );
  },
};

/** "Who wrote the most recent comment on the issue "..."? Answer with their name." */
const lastCommenter: RestTemplate = {
  name: "last-commenter",
  kind: "graph",
  writes: [],
  under: ["comment"],
  build(t) {
    for (const issue of shuffled(t.ctx.rng, namedIssues(t)).slice(0, 6)) {
      const comments = t.comments(issue);
      const latest = [...comments].sort((a, b) => b.created.localeCompare(a.created));
      if (!latest[0] || latest[1]?.created === latest[0].created) continue;
      return read(
        t,
        `Who wrote the most recent comment on ${namedIssue(issue)}? Answer with their name.`,
        [
          findIssue(issue),
          `const comments = api(${underIssue(t.ctx.lens, "comment")}, { maxResults: "100" }).comments;`,
          "let latest = null;",
          "for (const c of comments) if (latest === null || c.created > latest.created) latest = c;",
          "return latest.author.displayName;",
        ],
        hide(issue.key, issue.id),
        { kind: "exact" },
        2,
      );
    }
    return fail("no_comments", "no issue with comments was found");
  },
};

/** "How many hours of work have been logged on the issue "..."?" */
const timeLogged: RestTemplate = {
  name: "time-logged",
  kind: "graph",
  writes: [],
  under: ["worklog"],
  build(t) {
    for (const issue of shuffled(t.ctx.rng, namedIssues(t)).slice(0, 8)) {
      if (t.worklogs(issue).length === 0) continue;
      return read(
        t,
        `How many hours of work have been logged on ${namedIssue(issue)} in total?`,
        [
          findIssue(issue),
          `const logs = api(${underIssue(t.ctx.lens, "worklog")}, { maxResults: "100" }).worklogs;`,
          "let seconds = 0;",
          "for (const log of logs) seconds += log.timeSpentSeconds;",
          "return Math.round((seconds / 3600) * 100) / 100;",
        ],
        hide(issue.key, issue.id),
        numeric,
        2,
      );
    }
    return fail("no_worklogs", "no issue with logged work was found");
  },
};

/** "Who is watching the issue "..."? List their names." */
const watchers: RestTemplate = {
  name: "watchers",
  kind: "graph",
  writes: [],
  under: ["watchers"],
  build(t) {
    const issue = shuffled(t.ctx.rng, namedIssues(t)).find((i) => t.watchers(i).length > 0);
    if (!issue) return fail("no_watchers", "no issue has watchers");
    return read(
      t,
      `Who is watching ${namedIssue(issue)}? List their names.`,
      [
        findIssue(issue),
        `return api(${underIssue(t.ctx.lens, "watchers")}).watchers.map((w) => w.displayName);`,
      ],
      hide(issue.key, issue.id),
      { kind: "set" },
      2,
    );
  },
};

/** "How many open bugs in the "Website" project are there?" */
const countSet: RestTemplate = {
  name: "count-set",
  kind: "graph",
  writes: [],
  under: [],
  build(t) {
    const set = drawIssueSet(t, { min: 1, max: 30, lookup: true });
    if (!set) return fail("no_issue_set", "no set of issues reached through a look-up");
    return read(
      t,
      `How many ${set.phrase} are there?`,
      [...set.code, "return issues.length;"],
      set.hidden,
      numeric,
      set.lookups + 1,
    );
  },
};

/** "How many open issues are assigned to the lead of the "Website" project?" */
const leadWorkload: RestTemplate = {
  name: "lead-workload",
  kind: "graph",
  writes: [],
  under: [],
  build(t) {
    for (const project of shuffled(t.ctx.rng, t.projects())) {
      const lead = project.lead;
      if (!lead) continue;
      const variants = shuffled(t.ctx.rng, [
        {
          words: "open issues across all projects",
          jql: " AND statusCategory != Done",
          inProject: false,
        },
        { words: "issues across all projects", jql: "", inProject: false },
        {
          words: "open issues of that project",
          jql: " AND statusCategory != Done",
          inProject: true,
        },
        { words: "issues of that project", jql: "", inProject: true },
      ]);
      for (const v of variants) {
        const n = t
          .issues()
          .filter(
            (i) =>
              i.fields.assignee?.accountId === lead.accountId &&
              (!v.inProject || i.fields.project.key === project.key) &&
              (v.jql === "" || i.fields.status.statusCategory.key !== "done"),
          ).length;
        if (n === 0) continue;
        const scope = v.inProject ? `"project = " + quote(project.key) + " AND " + ` : "";
        return read(
          t,
          `The lead of the ${quoted(project.name)} project: how many ${v.words} are assigned to them?`,
          [
            `const project = projectNamed(${lit(project.name)});`,
            `return search(${scope}"assignee = " + quote(project.lead.accountId) + ${lit(v.jql)}).length;`,
          ],
          hide(project.key, project.id, lead.accountId),
          numeric,
          2,
        );
      }
    }
    return fail("no_lead", "no project lead has issues assigned");
  },
};

export const REST_GRAPH_READS: readonly RestTemplate[] = [
  commentCount,
  lastCommenter,
  timeLogged,
  watchers,
  countSet,
  leadWorkload,
];
