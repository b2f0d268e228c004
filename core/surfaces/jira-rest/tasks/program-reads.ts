// Programmatic read templates for issue trackers behind REST passthrough tools: a set of issues
// named the way a user would (issue-sets.ts), then a loop over it in JavaScript — summing
// logged hours, the most-commented issue, the busiest assignee, a count under a date condition,
// one person's comments or hours, the issues nobody has commented on.
import type { Json } from "../../../base/json";
import type { Built } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { dayMonthYear } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { AnswerMatch } from "../../../tasks/task";
import { type Issue, namedUsers, type Tracker } from "./explore";
import { drawIssueSet, type IssueSet, type SetOptions } from "./issue-sets";
import { fail, numeric, type RestTemplate, restDraft, toolsOf, underIssue } from "./program";
import { splitDay } from "./words";

const SMALL: SetOptions = { min: 2, max: 12 };

function read(
  t: Tracker,
  set: IssueSet,
  instruction: string,
  statements: string[],
  answerMatch: AnswerMatch,
  extra: { hidden?: Json[]; calls: number; lookups?: number },
): Built {
  return restDraft(
    t.ctx.lens,
    "programmatic",
    instruction,
    [...set.code, ...statements],
    { hidden: [...set.hidden, ...(extra.hidden ?? [])], tools: toolsOf(t.ctx.lens), answerMatch },
    {
      chainLength: set.lookups + 1 + extra.calls,
      branching: 2,
      writes: 0,
      hiddenIds: set.lookups + (extra.lookups ?? 0),
    },
  );
}

const seconds = (t: Tracker, issues: Issue[]) =>
  issues.flatMap((i) => t.worklogs(i)).reduce((sum, w) => sum + w.timeSpentSeconds, 0);

/** "How many hours of work have been logged in total on the open bugs in the "Website" project?" */
const sumLogged: RestTemplate = {
  name: "sum-logged",
  kind: "programmatic",
  writes: [],
  under: ["worklog"],
  build(t) {
    const set = drawIssueSet(t, SMALL);
    if (!set || seconds(t, set.members) === 0)
      return fail("no_logged_work", "no set of issues with logged work");
    return read(
      t,
      set,
      `How many hours of work have been logged in total on the ${set.phrase}?`,
      [
        "let seconds = 0;",
        "for (const issue of issues) {",
        `  const logs = api(${underIssue(t.ctx.lens, "worklog")}, { maxResults: "100" }).worklogs;`,
        "  for (const log of logs) seconds += log.timeSpentSeconds;",
        "}",
        "return Math.round((seconds / 3600) * 100) / 100;",
      ],
      numeric,
      { calls: set.members.length },
    );
  },
};

/** "Which of the issues in the "Website" project has the most comments? Answer with its summary." */
const mostCommented: RestTemplate = {
  name: "most-commented",
  kind: "programmatic",
  writes: [],
  under: ["comment"],
  build(t) {
    const set = drawIssueSet(t, SMALL);
    if (!set) return fail("no_issue_set", "no small set of issues");
    const counts = set.members.map((i) => t.comments(i).length);
    const best = Math.max(...counts);
    if (best === 0 || counts.filter((c) => c === best).length > 1)
      return fail("no_argmax", "no single most-commented issue in the set");
    return read(
      t,
      set,
      `Which of the ${set.phrase} has the most comments? Answer with its summary.`,
      [
        "let best = null;",
        "let most = -1;",
        "for (const issue of issues) {",
        `  const n = api(${underIssue(t.ctx.lens, "comment")}, { maxResults: "100" }).comments.length;`,
        "  if (n > most) { most = n; best = issue.fields.summary; }",
        "}",
        "return best;",
      ],
      { kind: "exact" },
      { calls: set.members.length },
    );
  },
};

/** "Who is assigned the most open issues in the "Core Platform" project? Answer with their name." */
const topAssignee: RestTemplate = {
  name: "top-assignee",
  kind: "programmatic",
  writes: [],
  under: [],
  build(t) {
    const set = drawIssueSet(t, { min: 3, max: 30, lookup: true, without: ["user", "unassigned"] });
    if (!set) return fail("no_issue_set", "no set of issues reached through a look-up");
    const counts = new Map<string, number>();
    for (const i of set.members) {
      const name = i.fields.assignee?.displayName;
      if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const best = Math.max(0, ...counts.values());
    if (best < 2 || [...counts.values()].filter((c) => c === best).length > 1)
      return fail("no_argmax", "no single assignee with the most issues in the set");
    return read(
      t,
      set,
      `Who is assigned the most ${set.phrase}? Answer with their name.`,
      [
        "const counts = {};",
        "for (const issue of issues) {",
        "  if (issue.fields.assignee === null) continue;",
        "  const name = issue.fields.assignee.displayName;",
        "  counts[name] = (counts[name] || 0) + 1;",
        "}",
        "let best = null;",
        "for (const name of Object.keys(counts)) if (best === null || counts[name] > counts[best]) best = name;",
        "return best;",
      ],
      { kind: "exact" },
      { calls: 0 },
    );
  },
};

/** "How many of the bugs in the "Website" project were last updated before 1 December 2024?" */
const countBefore: RestTemplate = {
  name: "count-before",
  kind: "programmatic",
  writes: [],
  under: [],
  build(t) {
    const set = drawIssueSet(t, { min: 3, max: 30, lookup: true });
    if (!set) return fail("no_issue_set", "no set of issues reached through a look-up");
    const due = t.ctx.rng.next() < 0.35;
    const field = due ? "duedate" : "updated";
    const days = set.members.flatMap((i) => {
      const v = due ? i.fields.duedate : i.fields.updated;
      return v === null ? [] : [v.slice(0, 10)];
    });
    const day = splitDay(t.ctx.rng, days);
    if (!day) return fail("no_threshold", "the set's dates cannot be split by a day");
    return read(
      t,
      set,
      due
        ? `How many of the ${set.phrase} are due before ${dayMonthYear(day)}?`
        : `How many of the ${set.phrase} were last updated before ${dayMonthYear(day)}?`,
      [
        "let n = 0;",
        `for (const issue of issues) if (issue.fields.${field} !== null && issue.fields.${field} < ${lit(day)}) n += 1;`,
        "return n;",
      ],
      numeric,
      { calls: 0 },
    );
  },
};

/** "How many comments has Sofia Alvarez written on the issues in the "Website" project?" */
const byPerson: RestTemplate = {
  name: "by-person",
  kind: "programmatic",
  writes: [],
  under: ["comment", "worklog"],
  build(t) {
    const set = drawIssueSet(t, { ...SMALL, without: ["user"] });
    if (!set) return fail("no_issue_set", "no small set of issues");
    const worklogs = t.ctx.rng.next() < 0.5;
    const authored = (i: Issue) =>
      worklogs
        ? t.worklogs(i).map((w) => ({ id: w.author.accountId, amount: w.timeSpentSeconds }))
        : t.comments(i).map((c) => ({ id: c.author.accountId, amount: 1 }));
    const totals = new Map<string, number>();
    for (const a of set.members.flatMap(authored))
      totals.set(a.id, (totals.get(a.id) ?? 0) + a.amount);
    const user = pick(
      t.ctx.rng,
      namedUsers(t).filter((u) => (totals.get(u.accountId) ?? 0) > 0),
    );
    if (!user) return fail("no_author", "nobody wrote on the set's issues");
    const segment = worklogs ? "worklog" : "comment";
    const list = worklogs ? "worklogs" : "comments";
    return read(
      t,
      set,
      worklogs
        ? `How many hours has ${user.displayName} logged on the ${set.phrase}?`
        : `How many comments has ${user.displayName} written on the ${set.phrase}?`,
      [
        `const person = userNamed(${lit(user.displayName)});`,
        "let total = 0;",
        "for (const issue of issues) {",
        `  for (const item of api(${underIssue(t.ctx.lens, segment)}, { maxResults: "100" }).${list}) {`,
        `    if (item.author.accountId === person.accountId) total += ${worklogs ? "item.timeSpentSeconds" : "1"};`,
        "  }",
        "}",
        worklogs ? "return Math.round((total / 3600) * 100) / 100;" : "return total;",
      ],
      numeric,
      { hidden: [user.accountId], calls: 1 + set.members.length, lookups: 1 },
    );
  },
};

/** "How many of the open issues assigned to Kenji Watanabe have no comments yet?" */
const uncommented: RestTemplate = {
  name: "uncommented",
  kind: "programmatic",
  writes: [],
  under: ["comment"],
  build(t) {
    const set = drawIssueSet(t, SMALL);
    if (!set) return fail("no_issue_set", "no small set of issues");
    const n = set.members.filter((i) => t.comments(i).length === 0).length;
    if (n === 0) return fail("no_uncommented", "every issue of the set has comments");
    return read(
      t,
      set,
      `How many of the ${set.phrase} have no comments yet?`,
      [
        "let n = 0;",
        "for (const issue of issues) {",
        `  if (api(${underIssue(t.ctx.lens, "comment")}, { maxResults: "1" }).total === 0) n += 1;`,
        "}",
        "return n;",
      ],
      numeric,
      { calls: set.members.length },
    );
  },
};

export const REST_PROGRAM_READS: readonly RestTemplate[] = [
  sumLogged,
  mostCommented,
  topAssignee,
  countBefore,
  byPerson,
  uncommented,
];
