// Task source for code-host environments (the GitHub MCP server and its look-alikes, imported by
// core/surfaces/github-codehost/surface.ts). Tasks speak a user's words: a repository as
// `owner/name`, an issue or a pull request by its title, a person by their full name. Graph chains
// find the number (and the login) first, then act or ask: assign, label, comment, close, review,
// merge, open an issue, branch-edit-and-open-a-pull-request, or read a pull request's files,
// checks, reviews and newest commit. Programs loop over open issues or pull requests with a
// condition per item, or count and compare across repositories. The host is read once per shard
// from the initial state (explore.ts); templates are drawn in proportion to how many
// distinct tasks each can make (capped).
import type { SqlDatabase } from "../../../episode/sql-database";
import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { weightedTemplateTask } from "../../../tasks/template-draw";
import { VIEWER } from "../people";
import { CODE_WRITE_ROLES } from "../tools";
import { type HostView, readHost } from "./explore";
import { branchEdit } from "./graph-branch";
import { PULL_QUESTIONS } from "./graph-reads";
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
} from "./graph-writes";
import { codehostLens } from "./lens";
import {
  commitsBy,
  countLabelled,
  longestFile,
  openPullsBy,
  PULL_COUNTS_TEMPLATES,
  topReporter,
} from "./program-reads";
import {
  approveGreen,
  assignLabelled,
  closeMentioning,
  commentFailing,
  labelMentioning,
  milestoneLabelled,
  nudgeAssignee,
  unassignPerson,
} from "./program-writes";
import type { CodeContext, CodeTemplate } from "./template";

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

function readViewer(db: SqlDatabase, host: HostView): HostView {
  // The token's owner is the account the surface acts as; it is a member, not a named person here.
  const found = db.query("SELECT login FROM code_accounts WHERE login = ?", [VIEWER.login]);
  return found.length > 0 ? { ...host, viewer: VIEWER.login } : host;
}

/** Environments whose tools are a code host of core/surfaces/github-codehost/surface.ts. */
export const codehostTaskSource = lensTaskSource({
  name: "codehost",
  lens: codehostLens,
  unfit: (lens) =>
    unfitIfReadOnly("this code host's tools only read", () =>
      CODEHOST_TEMPLATES.some(
        (t) =>
          t.roles.every((role) => lens[role] !== undefined) &&
          t.roles.some((r) => CODE_WRITE_ROLES.has(r)),
      ),
    ),
  drafter(lens, db) {
    let host: HostView | undefined;
    return ({ rng, runner }, kind, target) => {
      host ??= readViewer(db, readHost(db));
      return codehostTask({ lens, rng, runner, host }, kind, target);
    };
  },
});

/** One code-host task of `kind`: templates drawn by capped weight until one builds. */
export function codehostTask(ctx: CodeContext, kind: TaskKind, target: DraftTarget): DraftAttempt {
  return weightedTemplateTask(CODEHOST_TEMPLATES, kind, target, ctx.rng, {
    runs: (t) => t.roles.every((role) => ctx.lens[role] !== undefined),
    capacity: (t) => t.capacity(ctx.host),
    maxWrites: (t) => t.maxWrites(ctx.host),
    cap: 30,
    place: { of: "of this code host", fits: "this code host" },
    build: (t) => t.build(ctx, target),
  });
}
