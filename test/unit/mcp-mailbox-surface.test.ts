// The mailbox surface (core/surfaces/mailbox/surface.ts) on the real Gmail MCP server spec
// (GongRzhe/Gmail-MCP-Server): 18 of its 19 tools admitted in the QuickJS sandbox with tests no
// stand-in passes (downloading an attachment to the server's disk is left out with the reason),
// byte-identical imports, a seeded working mailbox, and the tools answering like the real server
// call after call (send, search, read, label, filter; its texts; the Gmail query subset; its
// refusals as tool errors that write nothing); a look-alike server is recognised, one missing
// the essentials is not, and no tool of the other shared specs is claimed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Json } from "../../core/base/json";
import { importMcpSpec } from "../../core/mcp/import/spec-import";
import { PEOPLE } from "../../core/surfaces/mailbox/people";
import { messageIdOf, seedMailbox } from "../../core/surfaces/mailbox/seed";
import { mailboxSurface } from "../../core/surfaces/mailbox/surface";
import { admitImport, failingTests } from "../support/mcp-admission";
import { type McpEpisode, openEpisode, vacuousImportTools } from "../support/mcp-episode";
import {
  otherSpecClaims,
  seededRowCounts,
  sharedSpecText,
  specTool,
  wholeSurfaceProblems,
} from "../support/mcp-surface-checks";

const specText = sharedSpecText("gmail");
const imported = importMcpSpec(specText);
const mailbox = seedMailbox();

/** The ids a search_emails answer lists, in order. */
const idsIn = (answer: Json) =>
  [...String(answer).matchAll(/^ID: (\S+)$/gm)].map((m) => m[1] ?? "");
const bySubject = (subject: string) => {
  const found = mailbox.messages.find((m) => m.subject === subject);
  if (!found) throw new Error(`no seeded message "${subject}"`);
  return found;
};
const labelsOf = (episode: McpEpisode, id: string) =>
  episode
    .rows("mailbox_message_labels", "label_id")
    .filter((r) => r.message_id === id)
    .map((r) => r.label_id);

describe("the gmail spec", () => {
  it("implements 18 of 19 tools with the server's names and schemas, and admits them", async () => {
    expect(wholeSurfaceProblems(specText, imported, "mailbox", ["download_attachment"])).toEqual(
      [],
    );
    expect(imported.report.leftOut[0]?.reason).toMatch(/disk/);
    expect(imported.tools.filter((t) => t.effect === "read").map((t) => t.name)).toEqual([
      "read_email",
      "search_emails",
      "list_email_labels",
      "list_filters",
      "get_filter",
    ]);
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(18);
    expect(admission.totals.tests).toBeGreaterThanOrEqual(50);
  });

  it("has tests that no stand-in implementation passes", async () => {
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds a working mailbox: threads between a dozen people, labels and filters", () => {
    const tables = seededRowCounts(imported);
    expect(tables).toMatchObject({ mailbox_labels: 15, mailbox_messages: 55, mailbox_filters: 3 });
    const { messages } = mailbox;
    expect(messages.map((m) => m.id)).toEqual(messages.map((_, i) => messageIdOf(i + 1)));
    expect(messages.every((m) => /^[0-9a-f]{16}$/.test(m.id))).toBe(true);
    // Time order, RFC 2822 dates, before the episode clock starts.
    for (const [i, m] of messages.entries()) {
      expect(m.date).toMatch(
        /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d \w{3} 20\d\d \d\d:\d\d:00 \+0000$/,
      );
      expect(Date.parse(m.date)).toBe(m.internalDate);
      if (i > 0) expect(m.internalDate).toBeGreaterThan(messages[i - 1]?.internalDate ?? 0);
    }
    expect(Math.max(...messages.map((m) => m.internalDate))).toBeLessThan(
      Date.parse("2025-01-06T09:00:00Z"),
    );
    // A thread is named by its first message, and its replies carry "Re:" and that subject.
    const threads = new Map<string, typeof messages>();
    for (const m of messages) threads.set(m.threadId, [...(threads.get(m.threadId) ?? []), m]);
    expect(threads.size).toBe(28);
    for (const [id, thread] of threads) {
      expect(thread[0]?.id).toBe(id);
      for (const reply of thread.slice(1)) expect(reply.subject).toBe(`Re: ${thread[0]?.subject}`);
    }
    const senders = new Set(messages.map((m) => m.from));
    expect(senders.size).toBe(14);
    const count = (label: string) => messages.filter((m) => m.labels.includes(label)).length;
    expect([count("UNREAD"), count("STARRED"), count("IMPORTANT"), count("DRAFT")]).toEqual([
      15, 4, 4, 1,
    ]);
    expect(count("SENT")).toBe(9);
    expect(messages.filter((m) => m.attachments.length > 0).length).toBe(15);
  });
});

describe("the gmail tools, call after call", () => {
  let episode: McpEpisode;
  beforeEach(async () => {
    episode = await openEpisode(imported);
  });
  afterEach(() => episode.close());

  it("sends a reply into a thread, finds it, reads it, files it and filters its sender", () => {
    const question = bySubject("Q4 invoice schedule");
    const sent = episode.ok("send_email", {
      to: [PEOPLE.grace.address],
      cc: [PEOPLE.priya.address],
      subject: "Re: Q4 invoice schedule",
      body: "Hi Grace,\n\nThe Q4 invoice is attached to our portal under CP-8120.\n\nJordan",
      threadId: question.threadId,
    });
    const id = messageIdOf(mailbox.messages.length + 1);
    expect(sent).toBe(`Email sent successfully with ID: ${id}`);
    const found = episode.ok("search_emails", { query: "in:sent portal" });
    expect(found).toBe(
      `ID: ${id}\nSubject: Re: Q4 invoice schedule\nFrom: Jordan Ellis <jordan.ellis@lumenworks.io>\nDate: Mon, 06 Jan 2025 09:00:00 +0000\n`,
    );
    expect(episode.ok("read_email", { messageId: id })).toBe(
      `Thread ID: ${question.threadId}\nSubject: Re: Q4 invoice schedule\nFrom: Jordan Ellis <jordan.ellis@lumenworks.io>\nTo: ${PEOPLE.grace.address}\nDate: Mon, 06 Jan 2025 09:00:00 +0000\n\nHi Grace,\n\nThe Q4 invoice is attached to our portal under CP-8120.\n\nJordan`,
    );
    expect(labelsOf(episode, id)).toEqual(["SENT"]);
    // A new label, put on the reply; then a filter for the sender, applied to what is there.
    const created = String(episode.ok("create_label", { name: "Cedar & Pine/Invoices" }));
    expect(created).toBe(
      "Label created successfully:\nID: Label_8\nName: Cedar & Pine/Invoices\nType: user",
    );
    episode.ok("modify_email", { messageId: id, addLabelIds: ["Label_8"] });
    expect(idsIn(episode.ok("search_emails", { query: "label:cedar-&-pine-invoices" }))).toEqual([
      id,
    ]);
    expect(
      episode.ok("create_filter", {
        criteria: { from: PEOPLE.grace.address },
        action: { addLabelIds: ["Label_8"], removeLabelIds: ["INBOX"] },
      }),
    ).toBe(
      `Filter created successfully:\nID: ANe1Bmj4kQ7d5\nCriteria: from: ${PEOPLE.grace.address}\nActions: addLabelIds: Label_8, removeLabelIds: INBOX`,
    );
    const fromGrace = idsIn(
      episode.ok("search_emails", { query: `from:${PEOPLE.grace.address} in:inbox` }),
    );
    expect(fromGrace).toEqual([
      bySubject("Q4 invoice schedule").id,
      bySubject("Q3 invoice INV-2024-0931").id,
    ]);
    expect(
      episode.ok("batch_modify_emails", {
        messageIds: fromGrace,
        addLabelIds: ["Label_8"],
        removeLabelIds: ["INBOX"],
      }),
    ).toBe("Batch label modification complete.\nSuccessfully processed: 2 messages\n");
    expect(episode.ok("search_emails", { query: `from:${PEOPLE.grace.address} in:inbox` })).toBe(
      "",
    );
    expect(String(episode.ok("list_filters"))).toMatch(/^Found 4 filters:\n\n/);
    expect(episode.ok("delete_label", { id: "Label_8" })).toBe(
      'Label "Cedar & Pine/Invoices" deleted successfully.',
    );
    expect(labelsOf(episode, id)).toEqual(["SENT"]);
  });

  it("threads a reply only when the subject matches, drafts apart, and mail to oneself arrives", () => {
    const budget = bySubject("Budget 2025 draft");
    const next = mailbox.messages.length + 1;
    episode.ok("send_email", {
      to: [PEOPLE.priya.address],
      subject: "Re: budget 2025 DRAFT",
      body: "Fine by me.",
      threadId: budget.threadId,
    });
    episode.ok("send_email", {
      to: [PEOPLE.priya.address],
      subject: "Another topic",
      body: "Lunch?",
      threadId: budget.threadId,
    });
    // Without a threadId, the message inReplyTo names decides the thread (by id or Message-ID).
    const rota = bySubject("Holiday schedule and on-call rota");
    episode.ok("send_email", {
      to: [PEOPLE.marco.address],
      subject: "Re: Holiday schedule and on-call rota",
      body: "Posted.",
      inReplyTo: rota.rfcMessageId,
    });
    const rows = episode.rows("mailbox_messages", "seq").slice(-3);
    expect(rows.map((r) => r.thread_id)).toEqual([
      budget.threadId,
      messageIdOf(next + 1),
      rota.threadId,
    ]);
    expect(
      episode.ok("draft_email", {
        to: [PEOPLE.tom.address],
        subject: "Quote",
        body: "<p>Send it <b>today</b>.</p>",
        mimeType: "text/html",
      }),
    ).toMatch(/^Email draft created successfully with ID: r\d+$/);
    const draft = messageIdOf(next + 3);
    expect(String(episode.ok("read_email", { messageId: draft }))).toMatch(
      /\n\n\[Note: This email is HTML-formatted\. Plain text version not available\.\]\n\n<p>Send it <b>today<\/b>\.<\/p>$/,
    );
    expect(idsIn(episode.ok("search_emails", { query: "in:drafts" }))).toEqual([
      draft,
      bySubject("Re: Q4 invoice schedule").id,
    ]);
    episode.ok("send_email", {
      to: [PEOPLE.jordan.address],
      subject: "Reminder",
      body: "Call Elena.",
    });
    expect(labelsOf(episode, messageIdOf(next + 4))).toEqual(["INBOX", "SENT", "UNREAD"]);
    expect(
      idsIn(episode.ok("search_emails", { query: "is:unread in:inbox newer_than:1d" })),
    ).toEqual([messageIdOf(next + 4), bySubject("Q4 invoice schedule").id]);
  });

  it("searches with the Gmail subset and refuses what it does not model", () => {
    const search = (query: string, maxResults = 100) =>
      idsIn(episode.ok("search_emails", { query, maxResults }));
    const subjects = (query: string) =>
      search(query).map((id) => mailbox.messages.find((m) => m.id === id)?.subject);
    expect(subjects("from:priya is:unread")).toEqual([
      "Re: Budget 2025 draft",
      "Expense report for November",
    ]);
    expect(subjects('subject:"release notes" has:attachment')).toEqual([
      "Release notes 4.3",
      "Release notes 4.2",
    ]);
    expect(subjects("label:Clients/Cedar&Pine")).toEqual([]);
    expect(search('label:"Clients/Cedar & Pine"')).toEqual(search("label:clients-cedar-&-pine"));
    expect(search("label:clients-cedar-&-pine").length).toBe(15);
    expect(subjects("is:starred OR is:important -in:inbox")).toEqual([]);
    expect(subjects("filename:pdf after:2024/12/15 before:2025-01-02")).toEqual([
      "Kestrel Cloud invoice for December 2024",
      "Release notes 4.3",
    ]);
    expect(subjects("verify")).toEqual([]);
    expect(subjects("verify in:anywhere")).toEqual(["Urgent: verify your mailbox"]);
    expect(subjects("PO CP-7781")).toEqual(["Re: Q3 invoice INV-2024-0931"]);
    expect(subjects("CP-7781")).toEqual([
      "Re: Q3 invoice INV-2024-0931",
      "Re: Q3 invoice INV-2024-0931",
    ]);
    expect(search("").length).toBe(54);
    expect(idsIn(episode.ok("search_emails", { query: "" }))).toHaveLength(10);
    for (const query of [
      "list:dev",
      "(from:tom)",
      "is:muted",
      "after:last-week",
      '"open',
      "a OR",
    ]) {
      expect(episode.fails("search_emails", { query })).toBe("invalid_argument");
    }
  });

  it("refuses what the server refuses and writes nothing", () => {
    const before = [
      episode.rows("mailbox_messages"),
      episode.rows("mailbox_message_labels"),
      episode.rows("mailbox_labels"),
      episode.rows("mailbox_filters"),
    ];
    const unknown = messageIdOf(999);
    const m = bySubject("Offsite travel plan");
    expect(episode.call("read_email", { messageId: unknown })).toMatchObject({
      ok: false,
      error: { code: "not_found", message: "Requested entity was not found." },
    });
    expect(episode.fails("modify_email", { messageId: m.id, addLabelIds: ["Label_42"] })).toBe(
      "invalid_argument",
    );
    expect(
      episode.fails("modify_email", {
        messageId: m.id,
        addLabelIds: ["STARRED"],
        removeLabelIds: ["DRAFT"],
      }),
    ).toBe("invalid_argument");
    expect(episode.call("modify_email", { messageId: m.id })).toMatchObject({
      ok: false,
      error: { code: "invalid_argument", message: "No label add or removes specified" },
    });
    expect(episode.fails("delete_email", { messageId: unknown })).toBe("not_found");
    expect(episode.fails("send_email", { to: ["tom"], subject: "x", body: "y" })).toBe(
      "invalid_argument",
    );
    expect(
      episode.fails("send_email", {
        to: [PEOPLE.tom.address],
        subject: "x",
        body: "y",
        attachments: ["/tmp/a.pdf"],
      }),
    ).toBe("not_found");
    expect(episode.call("create_label", { name: "TRAVEL" })).toMatchObject({
      ok: false,
      error: {
        code: "conflict",
        message: "Failed to create label: Label name exists or conflicts",
      },
    });
    expect(episode.call("delete_label", { id: "INBOX" })).toMatchObject({
      ok: false,
      error: { message: 'Failed to delete label: Cannot delete system label with ID "INBOX".' },
    });
    expect(episode.call("get_filter", { filterId: "nope" })).toMatchObject({
      ok: false,
      error: { code: "not_found", message: 'Filter with ID "nope" not found.' },
    });
    expect(
      episode.fails("create_filter", {
        criteria: { from: "x@y.com" },
        action: { forward: "me@elsewhere.com" },
      }),
    ).toBe("invalid_argument");
    expect(
      episode.call("create_filter_from_template", {
        template: "largeEmails",
        parameters: { sizeInBytes: 0 },
      }),
    ).toMatchObject({
      ok: false,
      error: { message: "sizeInBytes is required for largeEmails template" },
    });
    expect(episode.fails("batch_delete_emails", { messageIds: [m.id], batchSize: -1 })).toBe(
      "invalid_argument",
    );
    expect([
      episode.rows("mailbox_messages"),
      episode.rows("mailbox_message_labels"),
      episode.rows("mailbox_labels"),
      episode.rows("mailbox_filters"),
    ]).toEqual(before);
  });

  it("manages labels and filters with the server's texts and quirks", () => {
    expect(
      episode.ok("update_label", {
        id: "Label_4",
        name: "Product releases",
        labelListVisibility: "labelHide",
      }),
    ).toBe("Label updated successfully:\nID: Label_4\nName: Product releases\nType: user");
    expect(episode.rows("mailbox_labels").find((l) => l.id === "Label_4")).toMatchObject({
      name: "Product releases",
      message_list_visibility: "show",
      label_list_visibility: "labelHide",
    });
    expect(episode.ok("get_or_create_label", { name: "Vendors" })).toBe(
      "Successfully found existing label:\nID: Label_8\nName: Vendors\nType: user",
    );
    expect(episode.ok("get_or_create_label", { name: "vendors" })).toBe(
      "Successfully created new label:\nID: Label_8\nName: Vendors\nType: user",
    );
    expect(String(episode.ok("list_email_labels"))).toMatch(
      /^Found 16 labels \(8 system, 8 user\):\n\nSystem Labels:\nID: INBOX\nName: INBOX\n\n/,
    );
    expect(
      episode.ok("create_filter_from_template", {
        template: "containingText",
        parameters: { searchText: "purchase order", labelIds: ["Label_1"], markImportant: true },
      }),
    ).toBe(
      "Filter created from template 'containingText':\nID: ANe1Bmj4kQ7d5\nTemplate used: containingText",
    );
    expect(episode.ok("get_filter", { filterId: "ANe1Bmj4kQ7d5" })).toBe(
      'Filter details:\nID: ANe1Bmj4kQ7d5\nCriteria: query: "purchase order"\nActions: addLabelIds: Label_1, IMPORTANT',
    );
    expect(episode.ok("delete_filter", { filterId: "ANe1Bmj4kQ7d5" })).toBe(
      'Filter "ANe1Bmj4kQ7d5" deleted successfully.',
    );
    expect(
      episode.ok("create_filter_from_template", {
        template: "mailingList",
        parameters: { listIdentifier: "product-digest" },
      }),
    ).toMatch(/ANe1Bmj4kQ7d5/);
    expect(episode.rows("mailbox_filters").at(-1)).toMatchObject({
      criteria: '{"query":"list:product-digest OR subject:[product-digest]"}',
      action: '{"removeLabelIds":["INBOX"]}',
    });
  });

  it("batches, keeping the server's one-by-one retry after a failed delete batch", () => {
    const [a, b, c] = mailbox.messages.filter((m) => m.labels.includes("UNREAD"));
    if (!a || !b || !c) throw new Error("too few unread messages");
    const unknown = messageIdOf(999);
    expect(
      episode.ok("batch_delete_emails", { messageIds: [a.id, unknown, b.id, c.id], batchSize: 2 }),
    ).toBe(
      `Batch delete operation complete.\nSuccessfully deleted: 2 messages\nFailed to delete: 2 messages\n\nFailed message IDs:\n- ${a.id}... (Requested entity was not found.)\n- ${unknown}... (Requested entity was not found.)`,
    );
    const left = new Set(episode.rows("mailbox_messages").map((r) => r.id));
    expect([a.id, b.id, c.id].some((id) => left.has(id))).toBe(false);
    expect(episode.rows("mailbox_message_labels").some((r) => r.message_id === a.id)).toBe(false);
    const many = Array.from({ length: 1001 }, () => a.id);
    expect(episode.fails("batch_modify_emails", { messageIds: many })).toBe("invalid_argument");
  });

  it("stays cheap on a full search of a grown mailbox", () => {
    for (let i = 0; i < 40; i++) {
      episode.ok("send_email", {
        to: [PEOPLE.jordan.address],
        subject: `Daily log ${i}`,
        body: "Nothing to report today; all deliveries left on time.",
      });
    }
    expect(
      idsIn(episode.ok("search_emails", { query: "daily log in:inbox", maxResults: 500 })),
    ).toHaveLength(40);
    expect(Math.max(...episode.fuel)).toBeLessThan(400);
  });
});

describe("recognising a mailbox server", () => {
  const text = { type: "string" };
  const texts = { type: "array", items: text };

  it("recognises other names for the same operations, and reports a tool whose arguments do not fit", async () => {
    const lookAlike = {
      serverInfo: { name: "mail-desk", version: "0.2.0" },
      tools: [
        specTool("gmail_send_message", { to: texts, subject: text, body: text, cc: texts }, [
          "to",
          "subject",
          "body",
        ]),
        specTool("getMessage", { message_id: text }, ["message_id"]),
        specTool("searchMessages", { q: text, limit: { type: "integer" } }, ["q"]),
        specTool(
          "modifyMessage",
          { message_id: text, add_label_ids: texts, remove_label_ids: texts },
          ["message_id"],
        ),
        specTool("list_labels", {}, []),
        specTool("delete_message", { message_id: text, reason: text }, ["message_id"]),
        specTool("create_calendar_event", { title: text }, ["title"]),
      ],
    };
    const { report } = importMcpSpec(lookAlike);
    const mail = report.implemented.filter((t) => t.surface === "mailbox");
    expect(mail.map((t) => [t.tool, t.verb])).toEqual([
      ["gmail_send_message", "create"],
      ["getMessage", "get"],
      ["searchMessages", "list"],
      ["modifyMessage", "update"],
      ["list_labels", "list"],
    ]);
    expect(report.leftOut.find((t) => t.tool === "delete_message")?.reason).toMatch(
      /delete.*argument "reason"/,
    );
    expect(
      report.implemented.find((t) => t.tool === "create_calendar_event")?.surface,
    ).toBeUndefined();
    const again = importMcpSpec(lookAlike);
    expect(failingTests(await admitImport(again))).toEqual([]);
    const episode = await openEpisode(again);
    try {
      const id = messageIdOf(mailbox.messages.length + 1);
      expect(
        episode.ok("gmail_send_message", {
          to: [PEOPLE.marco.address],
          subject: "Rota",
          body: "Thanks!",
        }),
      ).toBe(`Email sent successfully with ID: ${id}`);
      expect(idsIn(episode.ok("searchMessages", { q: "rota", limit: 1 }))).toEqual([id]);
      episode.ok("modifyMessage", { message_id: id, add_label_ids: ["STARRED"] });
      expect(String(episode.ok("getMessage", { message_id: id }))).toMatch(/\n\nThanks!$/);
      expect(labelsOf(episode, id)).toEqual(["SENT", "STARRED"]);
    } finally {
      episode.close();
    }
  });

  it("leaves servers that cannot search or relabel alone", () => {
    const { report } = importMcpSpec({
      tools: [
        specTool("send_email", { to: texts, subject: text, body: text }, ["to", "subject", "body"]),
        specTool("read_email", { messageId: text }, ["messageId"]),
        specTool("list_email_labels", {}, []),
      ],
    });
    expect(report.implemented.some((t) => t.surface === "mailbox")).toBe(false);
  });

  it("claims no tool of the other shared specs", () => {
    expect(otherSpecClaims(mailboxSurface, ["gmail"])).toEqual([]);
  });
});
