// Pieces the programmatic chat templates share: a channel's messages with or without its thread
// replies (as program code, and as the calls it makes, written short for candidate keys), and
// the workspace facts the templates count over.
import { type ChatContext, colleagues } from "./template";
import type { SeenChannel, SeenMessage, SeenWorkspace } from "./workspace";

/** Channel messages newest first, as the history tool returns them. */
export const newestFirst = (ws: SeenWorkspace, channel: SeenChannel): SeenMessage[] =>
  [...(ws.roots.get(channel) ?? [])].reverse();

/** A channel's messages and their thread replies (each reply right after its thread's start). */
export const withReplies = (ws: SeenWorkspace, channel: SeenChannel): SeenMessage[] =>
  newestFirst(ws, channel).flatMap((m) => [m, ...m.replies]);

/** `H:<channel>` and a `T:<channel>:<ts>` for each thread, in the order the program reads them. */
export function readCalls(ws: SeenWorkspace, channel: SeenChannel, threads: boolean): string[] {
  const history = `H:${channel.id}`;
  if (!threads) return [history];
  const threaded = newestFirst(ws, channel).filter((m) => m.replies.length > 0);
  return [history, ...threaded.map((m) => `T:${channel.id}:${m.ts}`)];
}

/** Code leaving the channel's messages in `name`: channel messages, and replies when asked. */
export function messagesCode(name: string, channel: string, threads: boolean): string[] {
  if (!threads) return [`const ${name} = history(${channel});`];
  return [
    `const ${name} = [];`,
    `for (const m of history(${channel})) {`,
    `  ${name}.push(m);`,
    `  if (m.reply_count) ${name}.push(...replies(${channel}, m.ts));`,
    "}",
  ];
}

/** Whether the server reads threads (templates over replies need it). */
export const readsThreads = (ctx: ChatContext) => ctx.lens.thread_replies !== undefined;

/** The total count of reactions on a message. */
export const reactionTotal = (m: SeenMessage) =>
  m.reactions.reduce((sum, r) => sum + r.users.length, 0);

/** The one item with the highest score, or undefined on a tie or when all score 0. */
export function uniqueBest<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  const scores = items.map(score);
  const best = Math.max(0, ...scores);
  if (best === 0 || scores.filter((s) => s === best).length !== 1) return undefined;
  return items[scores.indexOf(best)];
}

/** Counts by key, in first-seen order. */
export function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

export const numeric = { kind: "numeric", tolerance: 0 } as const;
export const exact = { kind: "exact" } as const;

/** A read that loops and branches over `calls` calls, needing `hiddenIds` found ids. */
export const loopDifficulty = (calls: number, hiddenIds = 1) => ({
  chainLength: calls,
  branching: 2,
  writes: 0,
  hiddenIds,
});

/** Whether `id` is a person a user would ask about (not the bot, not deactivated). */
export const isColleague = (ctx: ChatContext, id: string) =>
  colleagues(ctx.ws).some((p) => p.id === id);
