// Graph write templates for issue trackers behind REST passthrough tools: one change to the issue
// a user names by its summary (a transition, an assignee, a priority, a comment, logged work, a
// label, a due date, deleting a comment, removing a watcher) or a new issue in a project named by
// its name. The solution first finds the issue's key, the project's key or the person's account
// id, then writes with it.
import type { Json } from "../../../base/json";
import type { Built } from "../../../tasks/draft";
import { pick, shuffled } from "../../../tasks/graph-walk/graph-random";
import { withArticle } from "../../../tasks/phrasing/words";
import { addDays, dayMonthYear } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import { namedIssues, namedUsers, someNamedIssue, type Tracker } from "./explore";
import {
  fail,
  findIssue,
  hide,
  namedIssue,
  quoted,
  type RestTemplate,
  restDraft,
  sendCode,
  toolsOf,
  underIssue,
} from "./program";
import {
  DURATIONS,
  durationPhrase,
  NEW_COMMENTS,
  NEW_LABELS,
  NEW_SUMMARIES,
  typeWord,
} from "./words";

function write(
  t: Tracker,
  instruction: string,
  statements: string[],
  hidden: Json[],
  methods: Parameters<typeof toolsOf>[1][],
  calls: number,
): Built {
  return restDraft(
    t.ctx.lens,
    "graph",
    instruction,
    [...statements, "return null;"],
    { hidden, tools: toolsOf(t.ctx.lens, ...methods) },
    { chainLength: calls, branching: 0, writes: 1, hiddenIds: 1 },
  );
}

/** "Move the issue "..." to "In Review"." */
const transition: RestTemplate = {
  name: "transition",
  kind: "graph",
  writes: ["POST"],
  under: ["transitions"],
  build(t) {
    const issue = someNamedIssue(t);
    const target = pick(
      t.ctx.rng,
      t.statuses().filter((s) => s !== issue?.fields.status.name),
    );
    if (!issue || !target) return fail("no_transition", "no issue with another status to move to");
    return write(
      t,
      pick(t.ctx.rng, [
        `Move ${namedIssue(issue)} to ${quoted(target)}.`,
        `Change the status of ${namedIssue(issue)} to ${quoted(target)}.`,
      ]) ?? "",
      [
        findIssue(issue),
        `const path = ${underIssue(t.ctx.lens, "transitions")};`,
        `const transition = api(path).transitions.find((tr) => tr.to.name === ${lit(target)});`,
        `${sendCode(t.ctx.lens, "POST", "path", "{ transition: { id: transition.id } }")};`,
      ],
      hide(issue.key, issue.id),
      ["POST"],
      3,
    );
  },
};

/** "Assign the issue "..." to Sofia Alvarez." */
const assign: RestTemplate = {
  name: "assign",
  kind: "graph",
  writes: ["PUT"],
  under: [],
  build(t) {
    const issue = someNamedIssue(t);
    const user = pick(
      t.ctx.rng,
      namedUsers(t).filter((u) => u.accountId !== issue?.fields.assignee?.accountId),
    );
    if (!issue || !user) return fail("no_assignee", "no issue and user to assign it to");
    return write(
      t,
      `Assign ${namedIssue(issue)} to ${user.displayName}.`,
      [
        findIssue(issue),
        `const user = userNamed(${lit(user.displayName)});`,
        `${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", "{ fields: { assignee: { accountId: user.accountId } } }")};`,
      ],
      hide(issue.key, issue.id, user.accountId),
      ["PUT"],
      3,
    );
  },
};

/** "Unassign the issue "..." (nobody should be assigned to it)." */
const unassign: RestTemplate = {
  name: "unassign",
  kind: "graph",
  writes: ["PUT"],
  under: [],
  build(t) {
    const issue = pick(
      t.ctx.rng,
      namedIssues(t).filter((i) => i.fields.assignee !== null),
    );
    if (!issue) return fail("no_assigned_issue", "no issue is assigned");
    return write(
      t,
      `Unassign ${namedIssue(issue)} so that nobody is assigned to it.`,
      [
        findIssue(issue),
        `${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", "{ fields: { assignee: null } }")};`,
      ],
      hide(issue.key, issue.id),
      ["PUT"],
      2,
    );
  },
};

/** "Change the priority of the issue "..." to High." */
const priority: RestTemplate = {
  name: "priority",
  kind: "graph",
  writes: ["PUT"],
  under: [],
  build(t) {
    const issue = someNamedIssue(t);
    const level = pick(
      t.ctx.rng,
      t.priorities().filter((p) => p !== issue?.fields.priority.name),
    );
    if (!issue || !level) return fail("no_priority", "no issue and other priority");
    return write(
      t,
      `Change the priority of ${namedIssue(issue)} to ${level}.`,
      [
        findIssue(issue),
        `${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", `{ fields: { priority: { name: ${lit(level)} } } }`)};`,
      ],
      hide(issue.key, issue.id),
      ["PUT"],
      2,
    );
  },
};

/** "Add the comment "..." to the issue "..."." */
const comment: RestTemplate = {
  name: "comment",
  kind: "graph",
  writes: ["POST"],
  under: ["comment"],
  build(t) {
    const issue = someNamedIssue(t);
    const text = pick(t.ctx.rng, NEW_COMMENTS);
    if (!issue || !text) return fail("no_issue", "the tracker has no issue named by its summary");
    return write(
      t,
      `Add the comment ${quoted(text)} to ${namedIssue(issue)}.`,
      [
        findIssue(issue),
        `${sendCode(t.ctx.lens, "POST", underIssue(t.ctx.lens, "comment"), `{ body: doc(${lit(text)}) }`)};`,
      ],
      hide(issue.key, issue.id),
      ["POST"],
      2,
    );
  },
};

/** "Log 1.5 hours of work on the issue "..."." */
const logWork: RestTemplate = {
  name: "log-work",
  kind: "graph",
  writes: ["POST"],
  under: ["worklog"],
  build(t) {
    const issue = someNamedIssue(t);
    const seconds = pick(t.ctx.rng, DURATIONS);
    if (!issue || !seconds)
      return fail("no_issue", "the tracker has no issue named by its summary");
    return write(
      t,
      `Log ${durationPhrase(seconds)} of work on ${namedIssue(issue)}.`,
      [
        findIssue(issue),
        `${sendCode(t.ctx.lens, "POST", underIssue(t.ctx.lens, "worklog"), `{ timeSpentSeconds: ${seconds} }`)};`,
      ],
      hide(issue.key, issue.id),
      ["POST"],
      2,
    );
  },
};

/** "Add the label "tech-debt" to the issue "..."" or "Remove the label "ios" from ...". */
const label: RestTemplate = {
  name: "label",
  kind: "graph",
  writes: ["PUT"],
  under: [],
  build(t) {
    const issue = someNamedIssue(t);
    if (!issue) return fail("no_issue", "the tracker has no issue named by its summary");
    const have = issue.fields.labels;
    const inUse = t.issues().flatMap((i) => i.fields.labels);
    const add = pick(
      t.ctx.rng,
      [...new Set([...inUse, ...NEW_LABELS])].filter((l) => !have.includes(l)),
    );
    const remove = pick(t.ctx.rng, have);
    const removing = remove !== undefined && t.ctx.rng.next() < 0.35;
    const chosen = removing ? remove : add;
    if (chosen === undefined) return fail("no_label", "no label to add or remove");
    const labels = removing
      ? `issue.fields.labels.filter((l) => l !== ${lit(chosen)})`
      : `issue.fields.labels.concat([${lit(chosen)}])`;
    return write(
      t,
      removing
        ? `Remove the label ${quoted(chosen)} from ${namedIssue(issue)}.`
        : `Add the label ${quoted(chosen)} to ${namedIssue(issue)}, keeping its other labels.`,
      [
        findIssue(issue),
        `${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", `{ fields: { labels: ${labels} } }`)};`,
      ],
      hide(issue.key, issue.id),
      ["PUT"],
      2,
    );
  },
};

/** "Set the due date of the issue "..." to 14 February 2025." */
const dueDate: RestTemplate = {
  name: "due-date",
  kind: "graph",
  writes: ["PUT"],
  under: [],
  build(t) {
    const issue = someNamedIssue(t);
    if (!issue) return fail("no_issue", "the tracker has no issue named by its summary");
    const day = addDays("2025-01-13", Math.floor(t.ctx.rng.next() * 75));
    if (day === issue.fields.duedate) return fail("same_due_date", "the issue is already due then");
    return write(
      t,
      `Set the due date of ${namedIssue(issue)} to ${dayMonthYear(day)}.`,
      [
        findIssue(issue),
        `${sendCode(t.ctx.lens, "PUT", "issuePath(issue)", `{ fields: { duedate: ${lit(day)} } }`)};`,
      ],
      hide(issue.key, issue.id),
      ["PUT"],
      2,
    );
  },
};

/** "Create a bug titled "..." in the "Website" project and assign it to Sofia Alvarez." */
const createIssue: RestTemplate = {
  name: "create-issue",
  kind: "graph",
  writes: ["POST"],
  under: [],
  build(t) {
    const rng = t.ctx.rng;
    const project = pick(rng, t.projects());
    const type = pick(
      rng,
      t.types().filter((ty) => ty !== "Epic"),
    );
    const summary = pick(rng, NEW_SUMMARIES);
    if (!project || !type || !summary) return fail("no_project", "no project or issue type");
    const user = rng.next() < 0.5 ? pick(rng, namedUsers(t)) : undefined;
    const level = rng.next() < 0.4 ? pick(rng, t.priorities()) : undefined;
    const fields = [
      "project: { key: project.key }",
      `summary: ${lit(summary)}`,
      `issuetype: { name: ${lit(type)} }`,
      ...(user ? ["assignee: { accountId: user.accountId }"] : []),
      ...(level ? [`priority: { name: ${lit(level)} }`] : []),
    ];
    const extras = [
      ...(level ? [`with ${level} priority`] : []),
      ...(user ? [`assign it to ${user.displayName}`] : []),
    ];
    return write(
      t,
      `Create ${withArticle(typeWord(type))} titled ${quoted(summary)} in the ${quoted(project.name)} project` +
        (extras.length === 0
          ? "."
          : level && user
            ? ` ${extras[0]}, and ${extras[1]}.`
            : user
              ? ` and ${extras[0]}.`
              : ` ${extras[0]}.`),
      [
        `const project = projectNamed(${lit(project.name)});`,
        ...(user ? [`const user = userNamed(${lit(user.displayName)});`] : []),
        `${sendCode(t.ctx.lens, "POST", lit(t.ctx.lens.issues), `{ fields: { ${fields.join(", ")} } }`)};`,
      ],
      hide(project.key, project.id, user?.accountId),
      ["POST"],
      user ? 3 : 2,
    );
  },
};

/** "Delete the comment Hannah Schmidt wrote on the issue "..."." */
const deleteComment: RestTemplate = {
  name: "delete-comment",
  kind: "graph",
  writes: ["DELETE"],
  under: ["comment"],
  build(t) {
    for (const issue of shuffled(t.ctx.rng, namedIssues(t)).slice(0, 8)) {
      const comments = t.comments(issue);
      const authors = comments.map((c) => c.author.displayName);
      const only = shuffled(
        t.ctx.rng,
        comments.filter((c) => authors.filter((a) => a === c.author.displayName).length === 1),
      )[0];
      if (!only) continue;
      const name = only.author.displayName;
      return write(
        t,
        `Delete the comment ${name} wrote on ${namedIssue(issue)}.`,
        [
          findIssue(issue),
          `const comments = api(${underIssue(t.ctx.lens, "comment")}, { maxResults: "100" }).comments;`,
          `const mine = comments.find((c) => c.author.displayName === ${lit(name)});`,
          `${sendCode(t.ctx.lens, "DELETE", `${underIssue(t.ctx.lens, "comment")} + "/" + mine.id`)};`,
        ],
        hide(issue.key, issue.id, only.id),
        ["DELETE"],
        3,
      );
    }
    return fail("no_comment_author", "no issue with a comment its author wrote alone");
  },
};

/** "Remove Sofia Alvarez from the watchers of the issue "..."." */
const unwatch: RestTemplate = {
  name: "remove-watcher",
  kind: "graph",
  writes: ["DELETE"],
  under: ["watchers"],
  build(t) {
    for (const issue of shuffled(t.ctx.rng, namedIssues(t)).slice(0, 8)) {
      const watcher = pick(t.ctx.rng, t.watchers(issue));
      if (!watcher) continue;
      return write(
        t,
        `Remove ${watcher.displayName} from the watchers of ${namedIssue(issue)}.`,
        [
          findIssue(issue),
          `const watcher = api(${underIssue(t.ctx.lens, "watchers")}).watchers.find((w) => w.displayName === ${lit(watcher.displayName)});`,
          `${sendCode(t.ctx.lens, "DELETE", underIssue(t.ctx.lens, "watchers"), undefined, "{ accountId: watcher.accountId }")};`,
        ],
        hide(issue.key, issue.id, watcher.accountId),
        ["DELETE"],
        3,
      );
    }
    return fail("no_watchers", "no issue has watchers");
  },
};

export const REST_GRAPH_WRITES: readonly RestTemplate[] = [
  transition,
  assign,
  unassign,
  priority,
  comment,
  logWork,
  label,
  dueDate,
  createIssue,
  deleteComment,
  unwatch,
];
