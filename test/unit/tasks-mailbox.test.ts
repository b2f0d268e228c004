// Task synthesis on the Gmail MCP server (mcp-gmail): chains that find a message by its sender,
// day and subject (and a label by its name, or a thread by opening the message), then label, flag,
// file, answer or filter; programs that loop over what a search finds with a condition per
// message, sweep a conversation or a label, apply a new filter to the mail already there, or
// count over labels and threads. At count 200 every kept task is solved by its own solution, not
// by doing nothing, and no instruction names an id, a tool or a raw column.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_LABELS } from "../../core/surfaces/mailbox/people";
import { seedMailbox } from "../../core/surfaces/mailbox/seed";
import { mailboxLens } from "../../core/surfaces/mailbox/tasks/lens";
import { MAILBOX_TEMPLATES } from "../../core/surfaces/mailbox/tasks/task-source";
import { synthesizeTasks } from "../../core/tasks/synthesize";
import type { Task } from "../../core/tasks/task";
import {
  catalogWorld,
  lookIn,
  openingOf,
  readsOnly,
  shard,
  surveySynthesis,
  synthesizeTwice,
} from "../support/surface-synthesis";
import type { NodeWorld } from "../support/synthesis-harness";

/** Message and thread ids (16 hex digits), label ids, filter and draft ids. */
const IDS = /\b([0-9a-f]{16}|Label_\d+|ANe1Bmj\w+|r\d{10,})\b/;
const TOOL_NAMES =
  /\b(send_email|draft_email|read_email|search_emails|modify_email|delete_email|list_email_labels|batch_modify_emails|batch_delete_emails|create_label|update_label|delete_label|get_or_create_label|create_filter|list_filters|get_filter|delete_filter|create_filter_from_template)\b/;
const RAW_NAMES =
  /\b(messageId|threadId|labelIds|addLabelIds|removeLabelIds|thread_id|from_header|to_header|body_text|internal_date|message_id|label_id)\b/;
const WRITE_TOOLS = new Set([
  "send_email",
  "draft_email",
  "modify_email",
  "batch_modify_emails",
  "create_label",
  "create_filter",
  "create_filter_from_template",
]);

const FLAGS: Record<string, { add?: string; remove?: string }> = {
  "star it": { add: "STARRED" },
  "remove its star": { remove: "STARRED" },
  "mark it as read": { remove: "UNREAD" },
  "mark it as unread": { add: "UNREAD" },
  "mark it as important": { add: "IMPORTANT" },
  "archive it (take it out of the inbox)": { remove: "INBOX" },
};
const CONDITIONS: Record<string, (labels: string[], files: number) => boolean> = {
  "is still unread": (labels) => labels.includes("UNREAD"),
  "has an attachment": (_labels, files) => files > 0,
  "is still in my inbox": (labels) => labels.includes("INBOX"),
};

/**
 * Checks, against the seed, the state change of every "For each email from <person> that
 * <condition>, <flag change>" task: exactly the label rows of the matching messages that change.
 */
function sweepsChecked(tasks: readonly Task[]): number {
  const mailbox = seedMailbox();
  let checked = 0;
  for (const task of tasks) {
    const m =
      /^For each email from (.+) that (is still unread|has an attachment|is still in my inbox), (.+)\.$/.exec(
        task.instruction,
      );
    const flag = FLAGS[m?.[3] ?? ""];
    const holds = CONDITIONS[m?.[2] ?? ""];
    if (!m || !flag || !holds) continue;
    const matching = mailbox.messages.filter(
      (x) =>
        x.from.startsWith(`${m[1]} <`) &&
        !x.labels.includes("SPAM") &&
        holds(x.labels, x.attachments.length),
    );
    const rows = (label: string | undefined, present: boolean) =>
      label === undefined
        ? []
        : matching
            .filter((x) => x.labels.includes(label) === present)
            .map((x) => `${x.id}/${label}`)
            .sort();
    const diff = task.groundTruth.changes.mailbox_message_labels;
    const keys = (list: readonly Record<string, unknown>[] = []) =>
      list.map((r) => `${String(r.message_id)}/${String(r.label_id)}`).sort();
    expect(keys(diff?.inserted)).toEqual(rows(flag.add, false));
    expect(keys(diff?.deleted)).toEqual(rows(flag.remove, true));
    checked += 1;
  }
  return checked;
}

describe("mailbox synthesis on mcp-gmail", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-gmail");
  });
  afterAll(() => env.close());

  it("sees every mailbox role under the server's own tool and argument names", () => {
    const lens = mailboxLens(env.world.db, env.world.tools);
    expect(lens?.search).toEqual({
      name: "search_emails",
      args: { query: "query", max: "maxResults" },
    });
    expect(lens?.read).toEqual({ name: "read_email", args: { message: "messageId" } });
    expect(lens?.modify?.args).toEqual({
      message: "messageId",
      labelIds: "labelIds",
      add: "addLabelIds",
      remove: "removeLabelIds",
    });
    expect(lens?.send?.args.thread).toBe("threadId");
    expect(Object.keys(lens ?? {}).length).toBe(18);
  });

  it.each(["graph", "programmatic"] as const)(
    "keeps 200 %s tasks the oracle solves and inaction does not, in the user's words",
    async (strategy) => {
      const run = await surveySynthesis(
        env,
        shard({ count: 200, strategy, seed: `mailbox-${strategy}` }),
        { leaks: [IDS, TOOL_NAMES, RAW_NAMES], writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      expect(run.stoppedBecause).toBe("");
      expect(run.tasks.length).toBe(200);
      expect(run.distinctKeys).toBe(200);
      expect(run.kinds).toEqual([strategy]);
      expect(run.fewestCalls).toBeGreaterThanOrEqual(2);
      expect(run.leaking).toEqual([]);
      expect(run.nothingRewards).toEqual([0]);
      // Writes are judged by the state they leave, reads by the answer.
      expect(run.unjudged).toEqual([]);
      expect(run.oracleRewards).toEqual([1]);
      if (strategy === "programmatic") expect(sweepsChecked(run.tasks)).toBeGreaterThan(5);
      // Variety: many templates, told apart by the tools they chain and how instructions open.
      const openings = new Set(run.tasks.map((t) => openingOf(t, 2)));
      expect(openings.size).toBeGreaterThanOrEqual(strategy === "graph" ? 6 : 5);
      expect(run.writes.some((w) => w > 0)).toBe(true);
      expect(run.writes.some((w) => w === 0)).toBe(true);
    },
    600_000,
  );

  it("names a message by sender, day and subject, and finds its id with a search", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 30, strategy: "graph", seed: "mailbox-named" }),
    );
    const named = tasks.filter((t) =>
      /the email .+ sent me on \d+ \w+ 20\d\d with the subject "/.test(t.instruction),
    );
    expect(named.length).toBeGreaterThan(15);
    for (const task of named) {
      const calls = task.solution.calls;
      const at = calls.findIndex((c) => c.tool === "search_emails");
      expect(String(calls[at]?.args.query)).toMatch(/^from:\S+@\S+ subject:"/);
      // A later call uses the id that search revealed, which the instruction never states.
      const revealed = calls
        .slice(at + 1)
        .flatMap((c) => Object.values(c.args))
        .flat()
        .filter((v) => typeof v === "string" && /^[0-9a-f]{16}$/.test(v));
      expect(revealed.length).toBeGreaterThan(0);
      for (const id of revealed) expect(task.instruction).not.toContain(String(id));
    }
  }, 120_000);

  it("leaves exactly the change the instruction asks for", async () => {
    const { tasks } = await synthesizeTasks(
      env.world,
      shard({ count: 60, strategy: "graph", seed: "mailbox-effects" }),
    );
    const mailbox = seedMailbox();
    const labels = new Map(SEED_LABELS.map((l) => [l.name, l.id]));
    let checked = 0;
    for (const task of tasks) {
      const m =
        /^(?:Find|Put my label "(.+)" on) the email (.+) sent me on .+ with the subject "(.+?)"(?: and label it "(.+)")?\.$/.exec(
          task.instruction,
        );
      if (!m) continue;
      const label = labels.get(m[1] ?? m[4] ?? "");
      const message = mailbox.messages.find(
        (x) => x.subject === m[3] && x.from.startsWith(`${m[2]} <`),
      );
      expect(message).toBeDefined();
      expect(task.groundTruth.changes).toEqual({
        mailbox_message_labels: {
          inserted: [{ message_id: message?.id, label_id: label }],
          deleted: [],
          updated: [],
        },
      });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(3);
    const replies = tasks.filter((t) => t.instruction.startsWith("Reply to "));
    expect(replies.length).toBeGreaterThan(2);
    for (const task of replies) {
      const sent = task.groundTruth.changes.mailbox_messages?.inserted ?? [];
      expect(sent).toHaveLength(1);
      const named =
        /^Reply to the email (.+) sent me on .+? with the subject "(.+?)" in the same/.exec(
          task.instruction,
        );
      const original = mailbox.messages.find(
        (x) => x.subject === named?.[2] && x.from.startsWith(`${named?.[1]} <`),
      );
      expect(sent[0]).toMatchObject({
        thread_id: original?.threadId,
        to_header: original?.from.replace(/^.*<|>$/g, ""),
      });
      expect(task.groundTruth.volatile.mailbox_messages).toEqual(["date_header", "internal_date"]);
    }
  }, 120_000);

  it("makes tasks with at least the writes asked for", async () => {
    for (const minWrites of [1, 3]) {
      const run = await surveySynthesis(
        env,
        shard({
          count: 10,
          strategy: "mixed",
          seed: `mailbox-w${minWrites}`,
          difficulty: { minWrites },
        }),
        { writeTools: WRITE_TOOLS, oracleEvery: 1 },
      );
      expect(run.tasks.length).toBe(10);
      expect(Math.min(...run.writes)).toBeGreaterThanOrEqual(minWrites);
      expect(run.oracleRewards).toEqual([1]);
    }
  }, 120_000);

  it("is deterministic", async () => {
    const [a, b] = await synthesizeTwice(
      env,
      shard({ count: 12, strategy: "mixed", seed: "mailbox-same" }),
    );
    expect(b.ids).toEqual(a.ids);
    expect(b.instructions).toEqual(a.instructions);
  }, 120_000);

  it("has room for far more than 200 tasks of each kind", () => {
    expect(MAILBOX_TEMPLATES.filter((t) => t.kind === "graph").length).toBeGreaterThanOrEqual(6);
    expect(
      MAILBOX_TEMPLATES.filter((t) => t.kind === "programmatic").length,
    ).toBeGreaterThanOrEqual(6);
  });
});

describe("mailbox synthesis on a mailbox that only reads", () => {
  let env: NodeWorld;
  beforeAll(async () => {
    env = await catalogWorld("mcp-gmail", readsOnly);
  });
  afterAll(() => env.close());

  it("still asks questions, and says why when writes are asked for", async () => {
    const reads = await surveySynthesis(
      env,
      shard({ count: 5, strategy: "graph", seed: "mailbox-reads" }),
    );
    expect(reads.tasks.length).toBe(5);
    expect(reads.unanswered).toEqual([]);
    const { tasks, report } = await synthesizeTasks(
      env.world,
      shard({ count: 5, strategy: "graph", seed: "mailbox-writes", difficulty: { minWrites: 1 } }),
    );
    expect(tasks).toEqual([]);
    expect(report.stoppedBecause).toMatch(/only read/);
  }, 120_000);

  it("is not taken for a mailbox without the mailbox's tables", async () => {
    const lens = await lookIn("mcp-slack", (other) =>
      mailboxLens(other.world.db, other.world.tools),
    );
    expect(lens).toBeUndefined();
  });
});
