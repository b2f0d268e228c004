// Task source for code-host environments (the GitHub MCP server and its look-alikes, imported by
// core/importers/mcp-codehost-surface.ts). Tasks speak a user's words: a repository as
// `owner/name`, an issue or a pull request by its title, a person by their full name. Graph chains
// find the number (and the login) first, then act or ask: assign, label, comment, close, review,
// merge, open an issue, branch-edit-and-open-a-pull-request, or read a pull request's files,
// checks, reviews and newest commit. Programs loop over open issues or pull requests with a
// condition per item, or count and compare across repositories. The host is read once per shard
// from the initial state (codehost-explore.ts); templates are drawn in proportion to how many
// distinct tasks each can make (capped).
import type { SqlDatabase } from "../episode/sql-database";
import { VIEWER } from "../importers/mcp-codehost-people";
import { type HostView, readHost } from "./codehost-explore";
import { branchEdit } from "./codehost-graph-branch";
import { PULL_QUESTIONS } from "./codehost-graph-reads";
import {
  approveAdding,
  approvePull,
  assignIssue,
  closeWithNote,
  commentIssue,
  labelIssue,
  mergePull,
  openIssueFor,
  requestChanges,
} from "./codehost-graph-writes";
import { CODE_WRITE_ROLES, codehostLens } from "./codehost-lens";
import {
  commitsBy,
  countLabelled,
  longestFile,
  openPullsBy,
  PULL_COUNTS_TEMPLATES,
  topReporter,
} from "./codehost-program-reads";
import {
  approveGreen,
  assignLabelled,
  closeMentioning,
  commentFailing,
  labelMentioning,
  milestoneLabelled,
  nudgeAssignee,
  unassignPerson,
} from "./codehost-program-writes";
import type { CodeContext, CodeTemplate } from "./codehost-template";
import type { DraftAttempt, DraftTarget } from "./draft";
import { pickWeighted } from "./graph-random";
import type { SurfaceTaskSource } from "./surface-tasks";
import type { TaskKind } from "./task";

export const CODEHOST_TEMPLATES: readonly CodeTemplate[] = [
  assignIssue,
  labelIssue,
  commentIssue,
  closeWithNote,
  approvePull,
  approveAdding,
  requestChanges,
  mergePull,
  openIssueFor,
  branchEdit,
  ...PULL_QUESTIONS,
  assignLabelled,
  closeMentioning,
  labelMentioning,
  unassignPerson,
  milestoneLabelled,
  nudgeAssignee,
  commentFailing,
  approveGreen,
  countLabelled,
  openPullsBy,
  topReporter,
  commitsBy,
  longestFile,
  ...PULL_COUNTS_TEMPLATES,
];

/** No template is drawn more often than one that can make this many tasks. */
const WEIGHT_CAP = 30;

function readViewer(db: SqlDatabase, host: HostView): HostView {
  // The token's owner is the account the surface acts as; it is a member, not a named person here.
  const found = db.query("SELECT login FROM code_accounts WHERE login = ?", [VIEWER.login]);
  return found.length > 0 ? { ...host, viewer: VIEWER.login } : host;
}

/** Environments whose tools are a code host of core/importers/mcp-codehost-surface.ts. */
export const codehostTaskSource: SurfaceTaskSource = {
  name: "codehost",
  recognise(db, tools) {
    const lens = codehostLens(db, tools);
    if (!lens) return undefined;
    let host: HostView | undefined;
    const view = () => {
      host ??= readViewer(db, readHost(db));
      return host;
    };
    const usable = (t: CodeTemplate) => t.roles.every((role) => lens[role] !== undefined);
    return {
      unfit(minWrites) {
        if (minWrites === 0) return undefined;
        const writes = CODEHOST_TEMPLATES.some(
          (t) => usable(t) && t.roles.some((r) => CODE_WRITE_ROLES.has(r)),
        );
        return writes
          ? undefined
          : `this code host's tools only read, so no task can make ${minWrites} write(s)`;
      },
      draft: ({ rng, runner }, kind, target) =>
        codehostTask({ lens, rng, runner, host: view() }, kind, target),
    };
  },
};

/** One code-host task of `kind`: templates drawn by weight until one builds. */
export function codehostTask(ctx: CodeContext, kind: TaskKind, target: DraftTarget): DraftAttempt {
  let usable = CODEHOST_TEMPLATES.filter(
    (t) =>
      t.kind === kind &&
      t.roles.every((role) => ctx.lens[role] !== undefined) &&
      t.capacity(ctx.host) > 0 &&
      (target.minWrites === 0 || t.maxWrites(ctx.host) >= target.minWrites),
  );
  if (usable.length === 0) {
    return {
      ok: false,
      reason: "no_template",
      detail:
        target.minWrites > 0
          ? `no ${kind} task of this code host makes ${target.minWrites} write(s)`
          : `no ${kind} template fits this code host`,
    };
  }
  let last = { reason: "no_template", detail: "" };
  while (usable.length > 0) {
    const template = pickWeighted(
      ctx.rng,
      usable.map((t) => ({ item: t, weight: Math.min(WEIGHT_CAP, t.capacity(ctx.host)) })),
    );
    if (!template) break;
    const built = template.build(ctx, target);
    if ("program" in built) return { ok: true, draft: built };
    last = built;
    usable = usable.filter((t) => t !== template);
  }
  return { ok: false, ...last };
}
