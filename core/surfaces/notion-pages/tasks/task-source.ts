// Task source for page workspaces (Notion and look-alikes: pages of blocks, data sources whose rows
// are pages). Tasks speak the user's words: a page by its title or its meeting and date, a
// database by its title, an item by its title, a person by name. Graph chains find the page or
// the row (title search, block children, a title filter on the query) and then act on it or read
// it; programs loop over the rows a filter picks or over a page's child pages and to-dos with a
// condition per item, aggregate counts and totals, or append a summary of rows to a page.
// Templates are drawn in proportion to how many distinct tasks each can make (capped).

import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { weightedTemplateTask } from "../../../tasks/template-draw";
import type { PagesRole } from "../roles";
import { type PagesContext, readWorkspace, type Workspace } from "./explore";
import {
  bulletUnderHeading,
  commentOnPage,
  movePage,
  paragraphAtEnd,
  tickTodo,
} from "./graph-content";
import { assignPerson, setDate, setSelect, setStatus, whoOwns } from "./graph-rows";
import { pagesLens } from "./lens";
import { openTodoCount, todoSweep, trashSweep } from "./program-content";
import { countOrTotal, countPerOption } from "./program-counts";
import { appendSummary, bulkStatus, linkedSweep, overdueSweep } from "./program-rows";
import type { PagesTemplate } from "./template";

export const PAGES_TEMPLATES: readonly PagesTemplate[] = [
  setStatus,
  setSelect,
  setDate,
  assignPerson,
  whoOwns,
  tickTodo,
  bulletUnderHeading,
  paragraphAtEnd,
  commentOnPage,
  movePage,
  overdueSweep,
  countPerOption,
  countOrTotal,
  appendSummary,
  linkedSweep,
  bulkStatus,
  trashSweep,
  todoSweep,
  openTodoCount,
];

const WRITE_ROLES: ReadonlySet<PagesRole> = new Set([
  "update_page",
  "update_block",
  "append_children",
  "create_comment",
  "move_page",
]);

/** Environments whose tools are a page workspace of core/surfaces/notion-pages/surface.ts. */
export const pagesTaskSource = lensTaskSource({
  name: "pages",
  lens: pagesLens,
  unfit: (lens) =>
    unfitIfReadOnly("this workspace's tools only read", () =>
      PAGES_TEMPLATES.some((t) =>
        t.roles.some((role) => lens[role] !== undefined && WRITE_ROLES.has(role)),
      ),
    ),
  drafter(lens) {
    // The initial state is the same for every attempt: read it once, on the first attempt's copy.
    let workspace: Workspace | undefined | null = null;
    return ({ rng, runner }, kind, target) => {
      const ctx: PagesContext = { lens, rng, runner };
      if (workspace === null) workspace = readWorkspace(ctx);
      if (!workspace) {
        return { ok: false, reason: "no_workspace", detail: "the title search reads nothing" };
      }
      return pagesTask(ctx, workspace, kind, target);
    };
  },
});

/** One page-workspace task of `kind`: templates drawn by capped weight until one builds. */
export function pagesTask(
  ctx: PagesContext,
  ws: Workspace,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  return weightedTemplateTask(PAGES_TEMPLATES, kind, target, ctx.rng, {
    runs: (t) => t.roles.every((role) => ctx.lens[role] !== undefined),
    capacity: (t) => t.capacity(ctx.lens, ws),
    maxWrites: (t) => t.maxWrites(ctx.lens, ws),
    cap: 60,
    place: { of: "of this workspace", fits: "this workspace" },
    build: (t) => t.build(ctx, ws, target),
  });
}
