// The exploration side of REST task synthesis: what the tracker holds, read through the
// environment's own GET tool on the attempt's fresh copy (JSON output), parsed at this boundary
// and cached for the attempt. Only the parts a template asks for are read (an issue's comments
// when a comment question is drafted), and nothing here writes.
import { z } from "zod";
import type { Json } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import { pick } from "../../../tasks/graph-walk/graph-random";
import type { RestLens } from "./lens";

const Named = z.object({ name: z.string() });
const Person = z.object({ accountId: z.string(), displayName: z.string() });

const IssueDoc = z.object({
  id: z.string(),
  key: z.string(),
  fields: z.object({
    summary: z.string(),
    status: Named.extend({ statusCategory: z.object({ key: z.string() }) }),
    priority: Named,
    issuetype: Named,
    project: z.object({ key: z.string(), name: z.string() }),
    assignee: Person.nullable(),
    labels: z.array(z.string()),
    updated: z.string(),
    duedate: z.string().nullable(),
  }),
});
const Page = (key: string, item: z.ZodTypeAny) => z.object({ [key]: z.array(item) });
const Comment = z.object({ id: z.string(), author: Person, created: z.string() });
const Worklog = z.object({ id: z.string(), author: Person, timeSpentSeconds: z.number() });
const Project = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  lead: Person.optional(),
});
const User = Person.extend({ active: z.boolean() });

export type Issue = z.infer<typeof IssueDoc>;
export type Project = z.infer<typeof Project>;
export type User = z.infer<typeof User>;
export type Person = z.infer<typeof Person>;
export type IssueComment = z.infer<typeof Comment>;
export type IssueWorklog = z.infer<typeof Worklog>;

/** The issue fields solutions and exploration ask for (keeps results small). */
export const ISSUE_FIELDS =
  "summary,status,priority,issuetype,project,assignee,labels,updated,duedate";
/** The search's page size limit; the seeded tracker has far fewer issues. */
export const PAGE = "100";

export interface RestContext {
  lens: RestLens;
  rng: Prng;
  runner: ToolRunner;
}

export interface Tracker {
  ctx: RestContext;
  projects(): Project[];
  /** Active users (the ones work can be given to). */
  users(): User[];
  issues(): Issue[];
  comments(issue: Issue): IssueComment[];
  worklogs(issue: Issue): IssueWorklog[];
  watchers(issue: Issue): Person[];
  /** Names of every status, priority and issue type in use or defined. */
  statuses(): string[];
  priorities(): string[];
  types(): string[];
}

/** A lazily read, per-attempt view of the tracker. */
export function exploreTracker(ctx: RestContext): Tracker {
  const cache = new Map<string, unknown>();
  const once = <T>(key: string, read: () => T): T => {
    if (!cache.has(key)) cache.set(key, read());
    return cache.get(key) as T;
  };
  const get = (path: string, query?: Record<string, string>): Json | undefined => {
    const tool = ctx.lens.tools.GET;
    if (!tool) return undefined;
    const outcome = ctx.runner.call(tool, {
      path,
      ...(query ? { queryParams: query } : {}),
      outputFormat: "json",
    });
    return outcome.ok ? outcome.result : undefined;
  };
  const list = <T>(schema: z.ZodType<T>, value: Json | undefined): T[] => {
    const parsed = z.array(z.unknown()).safeParse(value);
    if (!parsed.success) return [];
    return parsed.data.flatMap((item) => {
      const one = schema.safeParse(item);
      return one.success ? [one.data] : [];
    });
  };
  const under = (issue: Issue, segment: string | undefined, key: string) => {
    if (segment === undefined) return undefined;
    const page = Page(key, z.unknown()).safeParse(
      get(`${ctx.lens.issues}/${issue.key}/${segment}`, { maxResults: PAGE }),
    );
    return page.success ? (page.data[key] as Json) : undefined;
  };
  /** Names listed at a path such as `/rest/api/3/status`, in the API's order. */
  const names = (path: string | undefined): string[] => {
    const parsed = z.array(Named).safeParse(path === undefined ? undefined : get(path));
    return parsed.success ? parsed.data.map((n) => n.name) : [];
  };
  const tracker: Tracker = {
    ctx,
    projects: () => once("projects", () => list(Project, get(ctx.lens.projects))),
    users: () =>
      once("users", () =>
        list(
          User,
          get(ctx.lens.userSearch.path, { [ctx.lens.userSearch.param]: "", maxResults: PAGE }),
        ).filter((u) => u.active),
      ),
    issues: () =>
      once("issues", () => {
        const found = z.object({ issues: z.array(z.unknown()) }).safeParse(
          get(ctx.lens.search.path, {
            [ctx.lens.search.param]: "ORDER BY key ASC",
            maxResults: PAGE,
            fields: ISSUE_FIELDS,
          }),
        );
        return found.success ? list(IssueDoc, found.data.issues as Json) : [];
      }),
    comments: (issue) =>
      once(`comments:${issue.key}`, () =>
        list(Comment, under(issue, ctx.lens.under.comment, "comments")),
      ),
    worklogs: (issue) =>
      once(`worklogs:${issue.key}`, () =>
        list(Worklog, under(issue, ctx.lens.under.worklog, "worklogs")),
      ),
    watchers: (issue) =>
      once(`watchers:${issue.key}`, () =>
        list(Person, under(issue, ctx.lens.under.watchers, "watchers")),
      ),
    statuses: () => once("statuses", () => names(ctx.lens.lists.status)),
    priorities: () => once("priorities", () => names(ctx.lens.lists.priority)),
    types: () => once("types", () => names(ctx.lens.lists.issuetype)),
  };
  return tracker;
}

/** Summaries that name one issue alone. */
export function namedIssues(tracker: Tracker): Issue[] {
  const issues = tracker.issues();
  const counts = new Map<string, number>();
  for (const i of issues) counts.set(i.fields.summary, (counts.get(i.fields.summary) ?? 0) + 1);
  return issues.filter((i) => counts.get(i.fields.summary) === 1 && i.fields.summary.length >= 4);
}

/** A random issue named by its summary alone. */
export function someNamedIssue(tracker: Tracker): Issue | undefined {
  return pick(tracker.ctx.rng, namedIssues(tracker));
}

/** Users whose display name names them alone. */
export function namedUsers(tracker: Tracker): User[] {
  const users = tracker.users();
  return users.filter((u) => users.filter((o) => o.displayName === u.displayName).length === 1);
}

export const isDone = (issue: Issue) => issue.fields.status.statusCategory.key === "done";
