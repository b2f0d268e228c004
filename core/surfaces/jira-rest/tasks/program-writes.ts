// Programmatic write templates for issue trackers behind REST passthrough tools: a set of issues
// named the way a user would (issue-sets.ts), then a write to each member that needs it (a
// transition, a priority, an assignee, a label, a comment), skipping the ones already there or
// failing a condition read per issue (no comments yet, last updated before a day, unassigned).
import type { Json } from "../../../base/json";
import type { Built } from "../../../tasks/draft";
import { pick, shuffled } from "../../../tasks/graph-walk/graph-random";
import { dayMonthYear } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import { namedUsers, type Tracker } from "./explore";
import { drawIssueSet, type IssueSet } from "./issue-sets";
import {
  fail,
  hide,
  quoted,
  type RestTemplate,
  restDraft,
  sendCode,
  toolsOf,
  underIssue,
} from "./program";
import { NEW_COMMENTS, NEW_LABELS, splitDay } from "./words";

function write(
  t: Tracker,
  set: IssueSet,
  instruction: string,
  statements: string[],
  method: "POST" | "PUT",
  extra: { hidden?: Json[]; writes: number; lookups?: number },
): Built {
  return restDraft(
    t.ctx.lens,
    "programmatic",
    instruction,
    [...set.code, ...statements, "return null;"],
    { hidden: [...set.hidden, ...(extra.hidden ?? [])], tools: toolsOf(t.ctx.lens, method) },
    {
      chainLength: set.lookups + 1 + extra.writes,
      branching: 2,
      writes: extra.writes,
      hiddenIds: set.lookups + (extra.lookups ?? 0),
    },
  );
}

/** "Move all open bugs in the "Mobile App" project to "In Review"." */
const transitionAll: RestTemplate = {
  name: "transition-all",
  kind: "programmatic",
  writes: ["POST"],
  under: ["transitions"],
  build(t) {
    const set = drawIssueSet(t, { min: 1, max: 10 });
    const targets = shuffled(t.ctx.rng, t.statuses());
    const target = targets.find(
      (s) => set?.members.some((i) => i.fields.status.name !== s) && s !== set?.status,
    );
    if (!set || !target) return fail("no_transition", "no set with issues to move");
    const moving = set.members.filter((i) => i.fields.status.name !== target).length;
    return write(
      t,
      set,
      `Move all ${set.phrase} to ${quoted(target)}.`,
      [
        "for (const issue of issues) {",
        `  if (issue.fields.status.name === ${lit(target)}) continue;`,
        `  const path = ${underIssue(t.ctx.lens, "transitions")};`,
        `  const transition = api(path).transitions.find((tr) => tr.to.name === ${lit(target)});`,
        `  ${sendCode(t.ctx.lens, "POST", "path", "{ transition: { id: transition.id } }")};`,
        "}",
      ],
      "POST",
      { writes: moving },
    );
  },
};

/** "Set the priority of all open tasks in the "Website" project to High." */
const priorityAll: RestTemplate = {
  name: "priority-all",
  kind: "programmatic",
  writes: ["PUT"],
  under: [],
  build(t) {
    const set = drawIssueSet(t, { min: 1, max: 10, without: ["priority"] });
    const level = shuffled(t.ctx.rng, t.priorities()).find((p) =>
      set?.members.some((i) => i.fields.priority.name !== p),
    );
    if (!set || !level) return fail("no_priority", "no set with issues to reprioritise");
    return write(
      t,
      set,
      `Change the priority of all ${set.phrase} to ${level}.`,
      [
        "for (const issue of issues) {",
        `  if (issue.fields.priority.name === ${lit(level)}) continue;`,
        `  ${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", `{ fields: { priority: { name: ${lit(level)} } } }`)};`,
        "}",
      ],
      "PUT",
      { writes: set.members.filter((i) => i.fields.priority.name !== level).length },
    );
  },
};

/** "Assign all open bugs in the "Core Platform" project to Marcus Chen." */
const assignAll: RestTemplate = {
  name: "assign-all",
  kind: "programmatic",
  writes: ["PUT"],
  under: [],
  build(t) {
    const set = drawIssueSet(t, { min: 1, max: 10, without: ["user"] });
    const user = shuffled(t.ctx.rng, namedUsers(t)).find((u) =>
      set?.members.some((i) => i.fields.assignee?.accountId !== u.accountId),
    );
    if (!set || !user) return fail("no_assignee", "no set with issues to give to someone");
    return write(
      t,
      set,
      `Assign all ${set.phrase} to ${user.displayName}.`,
      [
        `const person = userNamed(${lit(user.displayName)});`,
        "for (const issue of issues) {",
        "  if (issue.fields.assignee !== null && issue.fields.assignee.accountId === person.accountId) continue;",
        `  ${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", "{ fields: { assignee: { accountId: person.accountId } } }")};`,
        "}",
      ],
      "PUT",
      {
        hidden: [user.accountId],
        writes: set.members.filter((i) => i.fields.assignee?.accountId !== user.accountId).length,
        lookups: 1,
      },
    );
  },
};

/** "Add the label "tech-debt" to every bug in the "Core Platform" project that lacks it." */
const labelAll: RestTemplate = {
  name: "label-all",
  kind: "programmatic",
  writes: ["PUT"],
  under: [],
  build(t) {
    const set = drawIssueSet(t, { min: 1, max: 10, without: ["label"] });
    const inUse = t.issues().flatMap((i) => i.fields.labels);
    const label = shuffled(t.ctx.rng, [...new Set([...inUse, ...NEW_LABELS])]).find((l) =>
      set?.members.some((i) => !i.fields.labels.includes(l)),
    );
    if (!set || !label) return fail("no_label", "no set with issues to label");
    return write(
      t,
      set,
      `Add the label ${quoted(label)} to all ${set.phrase}, keeping the labels they already have.`,
      [
        "for (const issue of issues) {",
        `  if (issue.fields.labels.includes(${lit(label)})) continue;`,
        `  ${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", `{ fields: { labels: issue.fields.labels.concat([${lit(label)}]) } }`)};`,
        "}",
      ],
      "PUT",
      { writes: set.members.filter((i) => !i.fields.labels.includes(label)).length },
    );
  },
};

/** "Add the comment "..." to each of the open issues in the "Website" project that has no comments yet." */
const commentWhere: RestTemplate = {
  name: "comment-where",
  kind: "programmatic",
  writes: ["POST"],
  under: ["comment"],
  build(t) {
    const set = drawIssueSet(t, { min: 1, max: 8 });
    const text = pick(t.ctx.rng, NEW_COMMENTS);
    if (!set || !text) return fail("no_issue_set", "no small set of issues");
    const silent = set.members.filter((i) => t.comments(i).length === 0).length;
    const onlySilent = silent > 0 && silent < set.members.length && t.ctx.rng.next() < 0.6;
    const statements = onlySilent
      ? [
          "for (const issue of issues) {",
          `  const path = ${underIssue(t.ctx.lens, "comment")};`,
          `  if (api(path, { maxResults: "1" }).total > 0) continue;`,
          `  ${sendCode(t.ctx.lens, "POST", "path", `{ body: doc(${lit(text)}) }`)};`,
          "}",
        ]
      : [
          "for (const issue of issues) {",
          `  ${sendCode(t.ctx.lens, "POST", underIssue(t.ctx.lens, "comment"), `{ body: doc(${lit(text)}) }`)};`,
          "}",
        ];
    return write(
      t,
      set,
      onlySilent
        ? `Of the ${set.phrase}, add the comment ${quoted(text)} to each one that has no comments yet.`
        : `Add the comment ${quoted(text)} to each of the ${set.phrase}.`,
      statements,
      "POST",
      { writes: onlySilent ? silent : set.members.length },
    );
  },
};

/** "Move each of the open issues in the "Website" project last updated before 1 December 2024 to "To Do"." */
const staleMove: RestTemplate = {
  name: "stale-move",
  kind: "programmatic",
  writes: ["POST"],
  under: ["transitions"],
  build(t) {
    const set = drawIssueSet(t, { min: 2, max: 12 });
    if (!set) return fail("no_issue_set", "no small set of issues");
    const day = splitDay(
      t.ctx.rng,
      set.members.map((i) => i.fields.updated.slice(0, 10)),
    );
    const stale = set.members.filter((i) => day !== undefined && i.fields.updated < day);
    const target = shuffled(t.ctx.rng, t.statuses()).find(
      (s) => s !== set.status && stale.some((i) => i.fields.status.name !== s),
    );
    if (!day || !target) return fail("no_threshold", "the set's update dates cannot be split");
    return write(
      t,
      set,
      `Of the ${set.phrase}, move the ones last updated before ${dayMonthYear(day)} to ${quoted(target)}.`,
      [
        "for (const issue of issues) {",
        `  if (issue.fields.updated >= ${lit(day)} || issue.fields.status.name === ${lit(target)}) continue;`,
        `  const path = ${underIssue(t.ctx.lens, "transitions")};`,
        `  const transition = api(path).transitions.find((tr) => tr.to.name === ${lit(target)});`,
        `  ${sendCode(t.ctx.lens, "POST", "path", "{ transition: { id: transition.id } }")};`,
        "}",
      ],
      "POST",
      { writes: stale.filter((i) => i.fields.status.name !== target).length },
    );
  },
};

/** "Assign every issue in the "Core Platform" project that nobody is assigned to, to the project's lead." */
const leadTakesOver: RestTemplate = {
  name: "lead-takes-over",
  kind: "programmatic",
  writes: ["PUT"],
  under: [],
  build(t) {
    const set = drawIssueSet(t, { min: 2, max: 12, without: ["user", "unassigned"] });
    const project = set?.project;
    const lead = project?.lead;
    const open = set?.members.filter((i) => i.fields.assignee === null).length ?? 0;
    if (!set || !project || !lead || open === 0)
      return fail("no_unassigned", "no project set with unassigned issues and a lead");
    return write(
      t,
      set,
      `Of the ${set.phrase}, assign the unassigned ones to the lead of that project.`,
      [
        "for (const issue of issues) {",
        "  if (issue.fields.assignee !== null) continue;",
        `  ${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", "{ fields: { assignee: { accountId: project.lead.accountId } } }")};`,
        "}",
      ],
      "PUT",
      { hidden: hide(lead.accountId), writes: open },
    );
  },
};

export const REST_PROGRAM_WRITES: readonly RestTemplate[] = [
  transitionAll,
  priorityAll,
  assignAll,
  labelAll,
  commentWhere,
  staleMove,
  leadTakesOver,
];
