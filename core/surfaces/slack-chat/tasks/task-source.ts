// Task synthesis on chat workspaces (the MCP importer's messaging surface, e.g. the Slack MCP
// server): the workspace is read once through the server's own tools, every template lists the
// tasks it allows there, and each attempt drafts one not drafted before in this run (so no two
// drafts make the same calls), from a template chosen at random among those of the wanted kind
// that still have some. Instructions name channels by #name, people by their real name, messages
// by a phrase of their text and threads by their first message; the app bot the agent posts as is
// "you", so its own messages and reactions are "yours".
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import { type CandidatePools, drawFromPools, openPools } from "../../../tasks/candidate-pools";
import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { authorProfile, threadReplyCount, threadStarter } from "./graph-reads";
import { postThenReact, postThenReply, reactToMessage, replyInThread } from "./graph-writes";
import { CHAT_WRITE_ROLES, type ChatLens, messagingLens } from "./lens";
import { PhraseBook } from "./phrases";
import { MESSAGING_PROGRAM_TEMPLATES } from "./program-templates";
import type { ChatCandidate, ChatTemplate } from "./template";
import { exploreWorkspace } from "./workspace";

export const MESSAGING_TEMPLATES: readonly ChatTemplate[] = [
  // graph
  reactToMessage,
  replyInThread,
  postThenReply,
  postThenReact,
  authorProfile,
  threadStarter,
  threadReplyCount,
  // programmatic
  ...MESSAGING_PROGRAM_TEMPLATES,
];

/** One synthesis run's view: each template's candidates and the calls already drafted. */
export type ChatSession = CandidatePools<ChatTemplate, ChatCandidate>;

export function openSession(lens: ChatLens, runner: ToolRunner): ChatSession {
  const ws = exploreWorkspace(lens, runner);
  const ctx = { lens, ws, phrases: new PhraseBook(ws.messages) };
  return openPools(MESSAGING_TEMPLATES, ctx);
}

/** One task of `kind` from a template that still has undrafted candidates; writes when asked. */
export function messagingTask(
  session: ChatSession,
  rng: Prng,
  kind: TaskKind,
  target: DraftTarget,
): DraftAttempt {
  const usable = MESSAGING_TEMPLATES.filter(
    (t) => t.kind === kind && (target.minWrites === 0 || t.writes),
  );
  return drawFromPools(session, usable, rng, {
    reason: "exhausted",
    detail: `every chat ${kind} task was drafted`,
  });
}

/** Environments whose tools are the messaging surface's (see lens.ts). */
export const messagingTaskSource = lensTaskSource({
  name: "messaging",
  lens: messagingLens,
  unfit: (lens) =>
    unfitIfReadOnly("the chat server only reads", () =>
      CHAT_WRITE_ROLES.some((role) => lens[role]),
    ),
  drafter(lens) {
    let session: ChatSession | undefined;
    return ({ rng, runner }, kind, target) => {
      // Exploration only reads, and every attempt's copy is the initial workspace: read it once.
      session ??= openSession(lens, runner);
      return messagingTask(session, rng, kind, target);
    };
  },
});
