// Task synthesis on file-system environments (the MCP importer's filesystem surface): the tree is
// read once through the server's own tools, every template lists the tasks it allows there, and
// each attempt drafts one not drafted before in this run (so no two drafts make the same calls),
// from a template chosen at random among those of the wanted kind that still have some.
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import { type CandidatePools, drawFromPools, openPools } from "../../../tasks/candidate-pools";
import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { FS_ROOT } from "../seed";
import { moveByRule } from "./bulk-moves";
import { csvSetField, csvUpdateJoined, csvUpdateWhere } from "./csv-edits";
import { csvJoinAnswer, csvSummary } from "./csv-reports";
import {
  extremeFileQuestion,
  mentionedFile,
  moveExtremeFile,
  moveMentionedFile,
} from "./file-finds";
import { filesQuestion } from "./file-stats";
import { bumpVersion, copySetting, jsonSetField } from "./json-edits";
import { type FsLens, filesystemLens } from "./lens";
import { csvReferences, csvTables } from "./tables";
import type { FsCandidate, FsContext, FsTemplate } from "./template";
import { checkItem, replaceName } from "./text-edits";
import { exploreTree } from "./tree";

export const FILESYSTEM_TEMPLATES: readonly FsTemplate[] = [
  // graph
  extremeFileQuestion,
  mentionedFile,
  moveExtremeFile,
  moveMentionedFile,
  csvSetField,
  jsonSetField,
  copySetting,
  bumpVersion,
  checkItem,
  // programmatic
  filesQuestion,
  csvJoinAnswer,
  csvUpdateWhere,
  csvUpdateJoined,
  csvSummary,
  replaceName,
  moveByRule,
];

const WRITE_ROLES = ["write", "edit", "move", "mkdir"] as const;

/** One synthesis run's view: the explored tree, each template's candidates, what was drafted. */
export interface FsSession extends CandidatePools<FsTemplate, FsCandidate> {
  ctx: FsContext;
}

export function openSession(lens: FsLens, runner: ToolRunner): FsSession {
  const tree = exploreTree(lens, runner, FS_ROOT);
  const tables = csvTables(tree);
  const ctx: FsContext = { lens, tree, tables, references: csvReferences(tables) };
  return { ctx, ...openPools(FILESYSTEM_TEMPLATES, ctx) };
}

/** One task of `kind` from a template that still has undrafted candidates; writes when asked. */
export function filesystemTask(
  session: FsSession,
  rng: Prng,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  const usable = FILESYSTEM_TEMPLATES.filter(
    (t) => t.kind === kind && (target.minWrites === 0 || t.writes),
  );
  return drawFromPools(session, usable, rng, {
    reason: "exhausted",
    detail: `every file-system ${kind} task was drafted`,
  });
}

/** Environments whose tools are the filesystem surface's (see lens.ts). */
export const filesystemTaskSource = lensTaskSource({
  name: "filesystem",
  lens: filesystemLens,
  unfit: (lens) =>
    unfitIfReadOnly("the file-system server only reads", () =>
      WRITE_ROLES.some((role) => lens[role]),
    ),
  drafter(lens) {
    let session: FsSession | undefined;
    return ({ rng, runner }, kind, target) => {
      // Exploration only reads, and every attempt's copy is the initial tree: read it once.
      session ??= openSession(lens, runner);
      return filesystemTask(session, rng, kind, target);
    };
  },
});
