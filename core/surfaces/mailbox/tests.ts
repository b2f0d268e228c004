// Unit tests of the mailbox tools, computed from the seeded mailbox independently of the guest
// code: exact answers (the server's texts, search listings worked out by filtering the seed, new
// ids one above the highest), the rows each write adds, changes or removes, and the server's
// refusals (an unknown message, label or filter, an invalid label or recipient, a label name that
// exists, a system label, a filter with no criteria...), each as a stable error code.
import type { ToolTest } from "../../environment/spec";
import { slotTestMakers } from "../kit/tool-test-kit";
import { LABEL_KEYS, PEOPLE, SEED_LABELS } from "./people";
import type { MailSlot } from "./roles";
import {
  draftIdOf,
  filterIdOf,
  MAILBOX_TABLES,
  type Mailbox,
  type MailMessage,
  messageIdOf,
} from "./seed";
import type { ModelledRole } from "./tools";
import { filterLines, labelListText, newestFirst, readText, searchText } from "./view";

export interface MailboxTestInput {
  role: ModelledRole;
  /** The server's argument name for each slot the tool takes. */
  args: Partial<Record<MailSlot, string>>;
  mailbox: Mailbox;
}

const NOT_FOUND = "not_found";
const INVALID = "invalid_argument";

/** The seeded messages a test works on, each picked by what the test needs of it. */
function picks(mailbox: Mailbox) {
  const find = (what: string, test: (m: MailMessage) => boolean) => {
    const found = mailbox.messages.find(test);
    if (!found) throw new Error(`the seeded mailbox has no ${what}`);
    return found;
  };
  const has = (m: MailMessage, label: string) => m.labels.includes(label);
  return {
    withFiles: find("message with attachments", (m) => m.attachments.length > 0),
    plain: find(
      "message without attachments",
      (m) => m.attachments.length === 0 && has(m, "INBOX"),
    ),
    unreadNotStarred: find("unread message", (m) => has(m, "UNREAD") && !has(m, "STARRED")),
    finance: mailbox.messages.filter((m) => has(m, "INBOX") && !has(m, LABEL_KEYS.finance)),
    replyTo: find(
      "unread message in a thread",
      (m) => has(m, "UNREAD") && m.subject.startsWith("Re: "),
    ),
  };
}

const visible = (m: MailMessage) => !m.labels.includes("SPAM") && !m.labels.includes("TRASH");

export function mailboxToolTests(input: MailboxTestInput): ToolTest[] {
  const { role, mailbox } = input;
  const slot = (s: MailSlot) => input.args[s] !== undefined;
  const { ok, fails } = slotTestMakers(input.args, MAILBOX_TABLES, "exact");
  const p = picks(mailbox);
  const nextSeq = Math.max(...mailbox.messages.map((m) => m.seq)) + 1;
  const unknownId = messageIdOf(nextSeq + 500);
  const userLabels = SEED_LABELS.filter((l) => l.type === "user");
  const nextLabel = `Label_${userLabels.length + 1}`;
  const nextFilter = filterIdOf(mailbox.filters.length + 1);
  const letter = {
    to: [PEOPLE.priya.address],
    subject: "Budget 2025 comments",
    body: "Hi Priya,\n\nThe research shift looks fine to me. Let's keep travel flat otherwise.\n\nJordan",
  };
  switch (role) {
    case "send":
    case "draft": {
      const draft = role === "draft";
      const answer = draft
        ? `Email draft created successfully with ID: ${draftIdOf(nextSeq)}`
        : `Email sent successfully with ID: ${messageIdOf(nextSeq)}`;
      const tests = [
        ok(
          draft ? "saves a draft with the next ids" : "sends a message with the next id",
          letter,
          answer,
          { messages: [1, 0, 0], messageLabels: [1, 0, 0] },
        ),
        fails(
          "refuses a recipient that is not an email address",
          { ...letter, to: ["Priya Raman"] },
          INVALID,
        ),
      ];
      if (!draft) {
        tests.push(
          ok(
            "delivers mail sent to oneself to the inbox, unread",
            { ...letter, to: [PEOPLE.jordan.address], subject: "Note to self" },
            answer,
            { messages: [1, 0, 0], messageLabels: [3, 0, 0] },
          ),
        );
      }
      if (slot("thread")) {
        tests.push(
          ok(
            "replies in a thread",
            {
              ...letter,
              to: [p.replyTo.from.replace(/^.*<|>$/g, "")],
              subject: p.replyTo.subject,
              thread: p.replyTo.threadId,
            },
            answer,
            { messages: [1, 0, 0], messageLabels: [1, 0, 0] },
          ),
          fails("refuses an unknown thread", { ...letter, thread: unknownId }, NOT_FOUND),
        );
      }
      if (slot("attachments")) {
        tests.push(
          fails(
            "cannot attach files, as the server's disk holds none",
            { ...letter, attachments: ["/home/jordan/report.pdf"] },
            NOT_FOUND,
          ),
        );
      }
      return tests;
    }
    case "read":
      return [
        ok(
          "reads a message with its attachments",
          { message: p.withFiles.id },
          readText(p.withFiles),
        ),
        ok("reads a message without attachments", { message: p.plain.id }, readText(p.plain)),
        fails("refuses an unknown message", { message: unknownId }, NOT_FOUND),
      ];
    case "search": {
      const where = (test: (m: MailMessage) => boolean, max = 10) =>
        searchText(
          newestFirst(mailbox.messages.filter((m) => visible(m) && test(m))).slice(0, max),
        );
      const after = Date.UTC(2024, 11, 10);
      const before = Date.UTC(2025, 0, 1);
      const tests = [
        ok(
          "finds unread mail from a person",
          { query: "from:priya is:unread" },
          where((m) => m.from.toLowerCase().includes("priya") && m.labels.includes("UNREAD")),
        ),
        ok(
          "finds a subject phrase",
          { query: 'subject:"Release notes"' },
          where((m) => m.subject.toLowerCase().includes("release notes")),
        ),
        ok(
          "finds by label and negation",
          { query: "label:travel -has:attachment" },
          where((m) => m.labels.includes(LABEL_KEYS.travel) && m.attachments.length === 0),
        ),
        ok(
          "finds spam only when asked for it",
          { query: "in:spam" },
          searchText(newestFirst(mailbox.messages.filter((m) => m.labels.includes("SPAM")))),
        ),
        ok("finds nothing for words no message holds", { query: '"quarterly yacht regatta"' }, ""),
        fails("refuses an operator outside its subset", { query: "list:announcements" }, INVALID),
      ];
      if (slot("max")) {
        tests.push(
          ok(
            "finds mail with attachments between two dates, at most three",
            { query: "has:attachment after:2024/12/10 before:2025/01/01", max: 3 },
            where(
              (m) => m.attachments.length > 0 && m.internalDate >= after && m.internalDate < before,
              3,
            ),
          ),
        );
      }
      return tests;
    }
    case "modify": {
      const m = p.unreadNotStarred;
      const tests = [
        fails("refuses an unknown message", { message: unknownId, add: ["STARRED"] }, NOT_FOUND),
      ];
      if (slot("add") && slot("remove")) {
        tests.push(
          ok(
            "stars a message and marks it read",
            { message: m.id, add: ["STARRED"], remove: ["UNREAD"] },
            `Email ${m.id} labels updated successfully`,
            { messageLabels: [1, 0, 1] },
          ),
          fails("refuses an unknown label", { message: m.id, add: ["Label_99"] }, INVALID),
          fails("refuses to set the SENT label", { message: m.id, add: ["SENT"] }, INVALID),
          fails(
            "refuses a change that names no label",
            { message: m.id, add: [], remove: [] },
            INVALID,
          ),
        );
      } else if (slot("labelIds")) {
        tests.push(
          ok(
            "adds a label",
            { message: m.id, labelIds: ["STARRED"] },
            `Email ${m.id} labels updated successfully`,
            { messageLabels: [1, 0, 0] },
          ),
        );
      }
      return tests;
    }
    case "delete":
      return [
        ok(
          "deletes a message for good",
          { message: p.plain.id },
          `Email ${p.plain.id} deleted successfully`,
          { messages: [0, 0, 1], messageLabels: [0, 0, p.plain.labels.length] },
        ),
        fails("refuses an unknown message", { message: unknownId }, NOT_FOUND),
      ];
    case "list_labels":
      return [ok("lists system and user labels", {}, labelListText(mailbox.labels))];
    case "batch_modify": {
      const [a, b] = p.finance;
      if (!a || !b) throw new Error("the seeded mailbox has too few inbox messages");
      const head = "Batch label modification complete.\n";
      return [
        ok(
          "labels two messages and reports an unknown one",
          { messages: [a.id, b.id, unknownId], add: [LABEL_KEYS.finance], remove: [] },
          `${head}Successfully processed: 2 messages\nFailed to process: 1 messages\n\nFailed message IDs:\n- ${unknownId.substring(0, 16)}... (Requested entity was not found.)`,
          { messageLabels: [2, 0, 0] },
        ),
        ok(
          "fails every message for an invalid label and changes nothing",
          { messages: [a.id, b.id], add: ["Label_99"] },
          `${head}Successfully processed: 0 messages\nFailed to process: 2 messages\n\nFailed message IDs:\n- ${a.id}... (Invalid label: Label_99)\n- ${b.id}... (Invalid label: Label_99)`,
          {},
        ),
      ];
    }
    case "batch_delete": {
      const [a, b] = p.finance;
      if (!a || !b) throw new Error("the seeded mailbox has too few inbox messages");
      const head = "Batch delete operation complete.\n";
      return [
        ok(
          "deletes two messages",
          { messages: [a.id, b.id] },
          `${head}Successfully deleted: 2 messages\n`,
          { messages: [0, 0, 2], messageLabels: [0, 0, a.labels.length + b.labels.length] },
        ),
        ok(
          "reports a whole batch as failed when one id is unknown, though the others are gone",
          { messages: [a.id, unknownId] },
          `${head}Successfully deleted: 0 messages\nFailed to delete: 2 messages\n\nFailed message IDs:\n- ${a.id}... (Requested entity was not found.)\n- ${unknownId}... (Requested entity was not found.)`,
          { messages: [0, 0, 1], messageLabels: [0, 0, a.labels.length] },
        ),
      ];
    }
    case "create_label":
      return [
        ok(
          `creates ${nextLabel}`,
          { name: "Vendors" },
          `Label created successfully:\nID: ${nextLabel}\nName: Vendors\nType: user`,
          { labels: [1, 0, 0] },
        ),
        fails("refuses a name in use, in any case", { name: "finance" }, "conflict"),
      ];
    case "update_label": {
      const tests = [
        fails("refuses an unknown label", { label: "Label_99", name: "X" }, NOT_FOUND),
        fails("refuses a system label", { label: "INBOX", name: "Arrivals" }, INVALID),
      ];
      if (slot("name")) {
        tests.unshift(
          ok(
            "renames a label",
            { label: LABEL_KEYS.releases, name: "Product releases" },
            `Label updated successfully:\nID: ${LABEL_KEYS.releases}\nName: Product releases\nType: user`,
            { labels: [0, 1, 0] },
          ),
          fails(
            "refuses a name in use",
            { label: LABEL_KEYS.releases, name: "Travel" },
            "conflict",
          ),
        );
      }
      return tests;
    }
    case "delete_label": {
      const carried = mailbox.messages.filter((m) => m.labels.includes(LABEL_KEYS.hiring)).length;
      return [
        ok(
          "deletes a user label and takes it off its messages",
          { label: LABEL_KEYS.hiring },
          'Label "Hiring" deleted successfully.',
          { labels: [0, 0, 1], messageLabels: [0, 0, carried] },
        ),
        fails("refuses a system label", { label: "INBOX" }, INVALID),
        fails("refuses an unknown label", { label: "Label_99" }, NOT_FOUND),
      ];
    }
    case "get_or_create_label":
      return [
        ok(
          "finds a label by its exact name",
          { name: "Travel" },
          `Successfully found existing label:\nID: ${LABEL_KEYS.travel}\nName: Travel\nType: user`,
          {},
        ),
        ok(
          "finds a label in another case, saying it created it as the server does",
          { name: "travel" },
          `Successfully created new label:\nID: ${LABEL_KEYS.travel}\nName: Travel\nType: user`,
          {},
        ),
        ok(
          "creates a missing label, saying it found it as the server does",
          { name: "Vendors" },
          `Successfully found existing label:\nID: ${nextLabel}\nName: Vendors\nType: user`,
          { labels: [1, 0, 0] },
        ),
      ];
    case "create_filter": {
      const [first] = mailbox.filters;
      return [
        ok(
          "creates a filter",
          {
            criteria: { from: PEOPLE.tom.address },
            action: { addLabelIds: [LABEL_KEYS.cedar], removeLabelIds: ["INBOX"] },
          },
          `Filter created successfully:\nID: ${nextFilter}\nCriteria: from: ${PEOPLE.tom.address}\nActions: addLabelIds: ${LABEL_KEYS.cedar}, removeLabelIds: INBOX`,
          { filters: [1, 0, 0] },
        ),
        fails(
          "refuses a filter with no criteria",
          { criteria: {}, action: { addLabelIds: ["STARRED"] } },
          INVALID,
        ),
        fails(
          "refuses an unknown label",
          { criteria: { subject: "invoice" }, action: { addLabelIds: ["Label_99"] } },
          INVALID,
        ),
        fails(
          "refuses a filter that exists",
          { criteria: first?.criteria ?? {}, action: first?.action ?? {} },
          INVALID,
        ),
      ];
    }
    case "list_filters":
      return [
        ok(
          "lists every filter",
          {},
          `Found ${mailbox.filters.length} filters:\n\n${mailbox.filters.map((f) => `${filterLines(f)}\n`).join("\n")}`,
        ),
      ];
    case "get_filter": {
      const f = mailbox.filters[1];
      if (!f) throw new Error("the seeded mailbox has too few filters");
      return [
        ok("shows a filter", { filter: f.id }, `Filter details:\n${filterLines(f)}`),
        fails("refuses an unknown filter", { filter: "ANe1Bmj4kQ7d99" }, NOT_FOUND),
      ];
    }
    case "delete_filter": {
      const f = mailbox.filters[1];
      if (!f) throw new Error("the seeded mailbox has too few filters");
      return [
        ok("deletes a filter", { filter: f.id }, `Filter "${f.id}" deleted successfully.`, {
          filters: [0, 0, 1],
        }),
        fails("refuses an unknown filter", { filter: "ANe1Bmj4kQ7d99" }, NOT_FOUND),
      ];
    }
    case "filter_template":
      return [
        ok(
          "creates a filter from the fromSender template",
          {
            template: "fromSender",
            parameters: {
              senderEmail: PEOPLE.northstar.address,
              labelIds: [LABEL_KEYS.travel],
              archive: true,
            },
          },
          `Filter created from template 'fromSender':\nID: ${nextFilter}\nTemplate used: fromSender`,
          { filters: [1, 0, 0] },
        ),
        fails(
          "refuses a template without its parameter",
          { template: "withSubject", parameters: { labelIds: [LABEL_KEYS.finance] } },
          INVALID,
        ),
        fails(
          "refuses a template that would do nothing",
          { template: "withAttachments", parameters: {} },
          INVALID,
        ),
      ];
  }
}
