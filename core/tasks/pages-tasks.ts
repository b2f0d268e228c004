// Task source for page workspaces (Notion and look-alikes: pages of blocks, data sources whose rows
// are pages). Tasks speak the user's words: a page by its title or its meeting and date, a
// database by its title, an item by its title, a person by name. Graph chains find the page or
// the row (title search, block children, a title filter on the query) and then act on it or read
// it; programs loop over the rows a filter picks or over a page's child pages and to-dos with a
// condition per item, aggregate counts and totals, or append a summary of rows to a page.
// Templates are drawn in proportion to how many distinct tasks each can make (capped).
import type { PagesRole } from "../importers/mcp-pages-roles";
import type { DraftAttempt, DraftTarget } from "./draft";
import { pickWeighted } from "./graph-random";
import { type PagesContext, readWorkspace, type Workspace } from "./pages-explore";
import {
  bulletUnderHeading,
  commentOnPage,
  movePage,
  paragraphAtEnd,
  tickTodo,
} from "./pages-graph-content";
import { assignPerson, setDate, setSelect, setStatus, whoOwns } from "./pages-graph-rows";
import { pagesLens } from "./pages-lens";
import { openTodoCount, todoSweep, trashSweep } from "./pages-program-content";
import { countOrTotal, countPerOption } from "./pages-program-counts";
import { appendSummary, bulkStatus, linkedSweep, overdueSweep } from "./pages-program-rows";
import type { PagesTemplate } from "./pages-template";
import type { SurfaceTaskSource } from "./surface-tasks";
import type { TaskKind } from "./task";

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

/** No template is drawn more often than one that can make this many tasks. */
const WEIGHT_CAP = 60;

/** Environments whose tools are a page workspace of core/importers/mcp-pages-surface.ts. */
export const pagesTaskSource: SurfaceTaskSource = {
  name: "pages",
  recognise(db, tools) {
    const lens = pagesLens(db, tools);
    if (!lens) return undefined;
    // The initial state is the same for every attempt: read it once, on the first attempt's copy.
    let workspace: Workspace | undefined | null = null;
    return {
      unfit(minWrites) {
        if (minWrites === 0) return undefined;
        const writes = PAGES_TEMPLATES.some((t) =>
          t.roles.some((role) => lens[role] !== undefined && WRITE_ROLES.has(role)),
        );
        return writes
          ? undefined
          : `this workspace's tools only read, so no task can make ${minWrites} write(s)`;
      },
      draft({ rng, runner }, kind, target) {
        const ctx: PagesContext = { lens, rng, runner };
        if (workspace === null) workspace = readWorkspace(ctx);
        if (!workspace) {
          return { ok: false, reason: "no_workspace", detail: "the title search reads nothing" };
        }
        return pagesTask(ctx, workspace, kind, target);
      },
    };
  },
};

/** One page-workspace task of `kind`: templates drawn by weight until one builds. */
export function pagesTask(
  ctx: PagesContext,
  ws: Workspace,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  let usable = PAGES_TEMPLATES.filter(
    (t) =>
      t.kind === kind &&
      t.roles.every((role) => ctx.lens[role] !== undefined) &&
      t.capacity(ctx.lens, ws) > 0 &&
      (target.minWrites === 0 || t.maxWrites(ctx.lens, ws) >= target.minWrites),
  );
  if (usable.length === 0) {
    return {
      ok: false,
      reason: "no_template",
      detail:
        target.minWrites > 0
          ? `no ${kind} task of this workspace makes ${target.minWrites} write(s)`
          : `no ${kind} template fits this workspace`,
    };
  }
  let last = { reason: "no_template", detail: "" };
  while (usable.length > 0) {
    const chosen = pickWeighted(
      ctx.rng,
      usable.map((t) => ({ item: t, weight: Math.min(WEIGHT_CAP, t.capacity(ctx.lens, ws)) })),
    );
    if (!chosen) break;
    const built = chosen.build(ctx, ws, target);
    if ("program" in built) return { ok: true, draft: built };
    last = built;
    usable = usable.filter((t) => t !== chosen);
  }
  return { ok: false, ...last };
}
