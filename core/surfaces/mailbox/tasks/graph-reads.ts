// Graph templates that read a mailbox: the chain finds a received message by its sender, day and
// subject, opens it, and answers with something only the later call tells: the file attached to
// it, or who wrote the first message of the conversation it belongs to (opened by its thread id).
import { pick } from "../../../tasks/graph-walk/graph-random";
import { dayMonthYearAt } from "../../../tasks/phrasing/words-dates";
import { lit } from "../../../tasks/programs/program-code";
import type { MailboxView, MessageView } from "./explore";
import { mailboxDraft } from "./program";
import {
  findQuery,
  givesAway,
  type MailboxTemplate,
  nameable,
  naming,
  sayable,
  unfit,
} from "./template";

const withOneFile = (view: MailboxView) =>
  nameable(view).filter((m) => m.attachments.length === 1 && sayable(m.attachments[0] ?? ""));

const findStatement = (m: MessageView) =>
  `const id = messageIdOf(${lit(findQuery(m))}, ${lit(m.subject)});`;

/** "What is the name of the file attached to the email ...?" */
export const attachmentName: MailboxTemplate = {
  name: "attachment-name",
  kind: "graph",
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, view) => withOneFile(view).length,
  build(ctx, view) {
    const m = pick(ctx.rng, withOneFile(view));
    const file = m?.attachments[0];
    if (!m || !file) return unfit("no_attachment", "no nameable message has one attachment");
    const instruction = `What is the name of the file attached to ${naming(m, dayMonthYearAt(m.time))}? Answer with the file name only.`;
    if (givesAway(instruction, file)) return unfit("answer_in_question", "the file is named");
    return mailboxDraft(ctx.lens, {
      kind: "graph",
      instruction,
      helpers: ["messageIdOf", "open"],
      statements: [findStatement(m), "return open(id).files[0];"],
      answerMatch: { kind: "exact" },
      hidden: [m.id, m.threadId],
      tools: [ctx.lens.search.name, ctx.lens.read.name],
      difficulty: { chainLength: 2, branching: 0, writes: 0, hiddenIds: 1 },
    });
  },
};

/** Replies whose conversation was started by someone the answer can name. */
function replies(view: MailboxView) {
  const byId = new Map(view.messages.map((m) => [m.id, m]));
  return nameable(view).flatMap((m) => {
    const first = byId.get(m.threadId);
    return m.threadId !== m.id && first && sayable(first.name) ? [{ m, first }] : [];
  });
}

/** "Who wrote the first message of the conversation that the email ... belongs to?" */
export const threadStarter: MailboxTemplate = {
  name: "thread-starter",
  kind: "graph",
  roles: [],
  maxWrites: () => 0,
  capacity: (_ctx, view) => replies(view).length,
  build(ctx, view) {
    const found = pick(ctx.rng, replies(view));
    if (!found) return unfit("no_reply", "no nameable reply");
    const { m, first } = found;
    const instruction = `${naming(m, dayMonthYearAt(m.time))} is part of a longer conversation. Who wrote the first message of that conversation? Answer with the person's full name.`;
    const answer = first.name;
    if (givesAway(instruction, answer)) return unfit("answer_in_question", "the writer is named");
    return mailboxDraft(ctx.lens, {
      kind: "graph",
      instruction: `${instruction.charAt(0).toUpperCase()}${instruction.slice(1)}`,
      helpers: ["messageIdOf", "open"],
      statements: [
        findStatement(m),
        "const first = open(open(id).threadId);",
        'return first.from.replace(/\\s*<[^>]*>$/, "");',
      ],
      answerMatch: { kind: "exact" },
      hidden: [m.id, m.threadId],
      tools: [ctx.lens.search.name, ctx.lens.read.name],
      difficulty: { chainLength: 3, branching: 0, writes: 0, hiddenIds: 2 },
    });
  },
};
