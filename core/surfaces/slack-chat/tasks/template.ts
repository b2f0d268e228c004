// The shape of a chat task template: from the explored workspace it lists every task it could make
// (a candidate, keyed by the calls its solution makes, so a synthesis run never drafts the same
// calls twice), and renders one into a draft: a user's instruction and a solution program whose
// helper functions (calls.ts) are defined at its top.
import type { Json } from "../../../base/json";
import type { Prng } from "../../../sandbox/determinism";
import type { Built, TaskDraft } from "../../../tasks/draft";
import { MONTH_NAMES, WEEKDAY_NAMES } from "../../../tasks/phrasing/words-dates";
import { programDraft, quoted } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import { helpersFor } from "./calls";
import type { ChatLens } from "./lens";
import type { PhraseBook } from "./phrases";
import type { SeenChannel, SeenMessage, SeenPerson, SeenWorkspace } from "./workspace";

export { quoted };

export interface ChatContext {
  lens: ChatLens;
  ws: SeenWorkspace;
  phrases: PhraseBook;
}

export interface ChatCandidate {
  /** The solution's calls, written short: equal for candidates that would make the same calls. */
  key: string;
  render(rng: Prng): Built;
}

export interface ChatTemplate {
  name: string;
  kind: TaskKind;
  writes: boolean;
  /** Every candidate this workspace allows (empty when the server lacks a tool it needs). */
  candidates(ctx: ChatContext): ChatCandidate[];
}

/** The draft of a program body: its helpers are added, the tools it calls are listed. */
export function chatDraft(
  ctx: ChatContext,
  kind: TaskKind,
  instruction: string,
  body: readonly string[],
  rest: { hidden: Json[]; answerMatch?: TaskDraft["answerMatch"] },
  difficulty: TaskDraft["difficulty"],
): TaskDraft {
  const program = [...helpersFor(ctx.lens, body), ...body];
  const tools = Object.values(ctx.lens)
    .map((t) => t?.name)
    .filter(
      (name): name is string => name !== undefined && program.join("\n").includes(`"${name}"`),
    );
  return programDraft(
    kind,
    instruction,
    program,
    { tools: [...new Set(tools)], ...rest },
    difficulty,
  );
}

export const channelWords = (channel: SeenChannel) => `#${channel.name}`;
export const emojiWords = (name: string) => `:${name}:`;

/** "you" for the app bot the agent posts as, else the person's real name. */
export function personWords(ctx: ChatContext, id: string): string | undefined {
  if (ctx.ws.me?.id === id) return "you";
  return ctx.ws.person(id)?.realName;
}

/** People a user would name: neither the agent's own bot nor a deactivated or nameless account. */
export function colleagues(ws: SeenWorkspace): SeenPerson[] {
  return ws.people.filter((p) => !p.isBot && !p.deleted && p.realName !== "" && p.id !== ws.me?.id);
}

/** Whether a reaction `name` by the agent would be refused as already there. */
export function reactedByMe(ctx: ChatContext, message: SeenMessage, name: string): boolean {
  const me = ctx.ws.me?.id;
  return message.reactions.some((r) => r.name === name && me !== undefined && r.users.includes(me));
}

/** `2025-01-03` -> "Friday 3 January". */
export function dayWords(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAY_NAMES[date.getUTCDay()]} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]}`;
}
