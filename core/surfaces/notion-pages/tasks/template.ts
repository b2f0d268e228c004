// What a page-workspace template is (graph-*.ts, program-*.ts): the roles it calls,
// every distinct task it can make on the explored workspace (its choices, listed once per
// workspace), how many writes each makes, and the draft of one choice. Also the small things
// several share: quoting, naming a page the way a user would, dates in words, and whether an
// instruction would give its own answer away.

import type { DraftTarget, TaskDraft } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { MONTH_NAMES, WEEKDAY_NAMES } from "../../../tasks/phrasing/words-dates";
import { givesAway, quoted, unfit } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { PagesRole } from "../roles";
import type { PagesContext, PageView, SourceView, Workspace } from "./explore";
import type { PagesLens, PagesTool } from "./lens";

export { givesAway, quoted, unfit };

export type Built = TaskDraft | { reason: string; detail: string };

export interface TemplateSpec<C> {
  name: string;
  kind: TaskKind;
  /** The roles it calls besides search, block children and queries. */
  roles: readonly PagesRole[];
  /** Every distinct task it can make here (one per distinct solution). */
  choices(lens: PagesLens, ws: Workspace): C[];
  /** The state-changing calls the choice's solution makes (0: it only reads). */
  writes(choice: C): number;
  draft(ctx: PagesContext, ws: Workspace, choice: C): Built;
}

export interface PagesTemplate {
  name: string;
  kind: TaskKind;
  roles: readonly PagesRole[];
  capacity(lens: PagesLens, ws: Workspace): number;
  maxWrites(lens: PagesLens, ws: Workspace): number;
  build(ctx: PagesContext, ws: Workspace, target: DraftTarget): Built;
}

/** A template over its own choice type, listed once per workspace. */
export function template<C>(spec: TemplateSpec<C>): PagesTemplate {
  const cache = new WeakMap<Workspace, C[]>();
  const choicesOf = (lens: PagesLens, ws: Workspace) => {
    let found = cache.get(ws);
    if (!found) {
      found = spec.choices(lens, ws);
      cache.set(ws, found);
    }
    return found;
  };
  return {
    name: spec.name,
    kind: spec.kind,
    roles: spec.roles,
    capacity: (lens, ws) => choicesOf(lens, ws).length,
    maxWrites: (lens, ws) => Math.max(0, ...choicesOf(lens, ws).map((c) => spec.writes(c))),
    build(ctx, ws, target) {
      const fitting = choicesOf(ctx.lens, ws).filter((c) => spec.writes(c) >= target.minWrites);
      const choice = pick(ctx.rng, fitting);
      if (choice === undefined) return unfit("no_choice", `${spec.name} has nothing to work on`);
      return spec.draft(ctx, ws, choice);
    },
  };
}

/** A tool of the lens the template's roles guarantee. */
export function toolOf(lens: PagesLens, role: PagesRole): PagesTool {
  const tool = lens[role];
  if (!tool) throw new Error(`the pages lens has no ${role} tool`);
  return tool;
}

/** `2025-01-06` as "January 6, 2025". */
export function dateWords(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return `${MONTH_NAMES[(m ?? 1) - 1]} ${d}, ${y}`;
}

const DATED =
  /^(.+) — ((January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}), (\d{4}))$/;

/**
 * How a user names a page: a dated meeting page by its meeting and weekday ("the engineering
 * sync notes of Monday, December 30, 2024"), any other page by its quoted title.
 */
export function pageName(page: PageView): string {
  const dated = DATED.exec(page.title);
  if (!dated) return `the page ${quoted(page.title)}`;
  const [, meeting = "", , month = "", day = "", year = ""] = dated;
  const when = new Date(Date.UTC(Number(year), MONTH_NAMES.indexOf(month), Number(day)));
  return `the ${meeting.toLowerCase()} notes of ${WEEKDAY_NAMES[when.getUTCDay()]}, ${dated[2]}`;
}

/** How a user calls a data source: "the Roadmap database". */
export const sourceName = (source: SourceView) => `the ${source.title} database`;

/** The first property of a type, by name. */
export const propertyOfType = (source: SourceView, type: string) =>
  Object.keys(source.types).find((name) => source.types[name] === type);

/** "owned by" for an owner, "assigned to" for an assignee, "with ... as <prop>" otherwise. */
export function peoplePhrase(property: string, person: string): string {
  if (/assign/i.test(property)) return `assigned to ${person}`;
  if (/owner/i.test(property)) return `owned by ${person}`;
  return `with ${person} as ${property.toLowerCase()}`;
}

/** The rich text a request writes: one text object. */
export const richCode = (text: string) =>
  `[{ type: "text", text: { content: ${JSON.stringify(text)} } }]`;
