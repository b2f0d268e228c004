// The mailbox surface: Gmail-like servers that send, read and search messages by id, change their
// labels, manage labels and keep filters (like GongRzhe/Gmail-MCP-Server: send_email,
// read_email, search_emails, modify_email, batch_modify_emails, create_label,
// get_or_create_label, create_filter, create_filter_from_template...). Recognised by a general
// criterion (mcp-mailbox-roles.ts): each tool's name says a mailbox operation and its arguments
// fill that operation's slots, and the server sends, reads, searches and relabels messages. The
// model is four tables (messages, the labels each carries, labels, filters) seeded with a working
// mailbox (mcp-mailbox-seed.ts); each tool answers with the real server's text
// (mcp-mailbox-tools.ts). Downloading an attachment writes to the server's local disk, which
// an episode does not have, so that tool is left out with the reason.
import type { ToolSpec } from "../environment/spec";
import { validateArguments } from "../json-schema/validate-arguments";
import type { McpImportReport } from "./mcp-import-report";
import {
  looksLikeMailbox,
  type MailRole,
  type MailRoleMatch,
  matchMailRole,
} from "./mcp-mailbox-roles";
import {
  MAILBOX_COLUMNS,
  MAILBOX_SCHEMA_SQL,
  MAILBOX_TABLES,
  mailboxRows,
  seedMailbox,
} from "./mcp-mailbox-seed";
import { mailboxToolTests } from "./mcp-mailbox-tests";
import { MAILBOX_LIMITS, mailboxEffect, mailboxImplementation } from "./mcp-mailbox-tools";
import { isJsonObject, type JsonObject } from "./mcp-spec-schema";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "./mcp-surface";

type TableKey = keyof typeof MAILBOX_TABLES;

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<MailRole, { verb: string; table: TableKey }> = {
  send: { verb: "create", table: "messages" },
  draft: { verb: "create", table: "messages" },
  read: { verb: "get", table: "messages" },
  search: { verb: "list", table: "messages" },
  modify: { verb: "update", table: "messageLabels" },
  delete: { verb: "delete", table: "messages" },
  list_labels: { verb: "list", table: "labels" },
  batch_modify: { verb: "update", table: "messageLabels" },
  batch_delete: { verb: "delete", table: "messages" },
  create_label: { verb: "create", table: "labels" },
  update_label: { verb: "update", table: "labels" },
  delete_label: { verb: "delete", table: "labels" },
  get_or_create_label: { verb: "create", table: "labels" },
  create_filter: { verb: "create", table: "filters" },
  list_filters: { verb: "list", table: "filters" },
  get_filter: { verb: "get", table: "filters" },
  delete_filter: { verb: "delete", table: "filters" },
  filter_template: { verb: "create", table: "filters" },
  download_attachment: { verb: "get", table: "messages" },
};

const KEYS: Record<TableKey, string> = {
  messages: "id",
  messageLabels: "message_id, label_id",
  labels: "id",
  filters: "id",
};

export const mailboxSurface: McpSurface = {
  name: "mailbox",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = input.tools.flatMap((tool) => {
      const match = matchMailRole(tool);
      return match ? [{ tool, match }] : [];
    });
    const fitting = matched.flatMap((m) => (m.match.ok ? [m.match.role] : []));
    if (!looksLikeMailbox(fitting)) return undefined;
    return importMailbox(input, matched);
  },
};

function importMailbox(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: MailRoleMatch }[],
): SurfaceImport {
  const mailbox = seedMailbox();
  const leftOut: McpImportReport["leftOut"] = [];
  const tools: ToolSpec[] = [];
  const implemented: McpImportReport["implemented"] = [];
  const notes: string[] = [];
  for (const { tool, match } of matched) {
    const original = tool.original;
    const left = (reason: string) =>
      leftOut.push({ tool: original.name, status: "not yet implemented", reason });
    if (!match.ok) {
      left(match.reason);
      continue;
    }
    const role = match.role;
    if (role === "download_attachment") {
      left(
        "it writes the attachment's bytes to a folder on the server's own disk; an episode has no such disk and the seeded attachments are metadata only (name, type, size), so the file it would write cannot be modelled honestly",
      );
      continue;
    }
    const tests = mailboxToolTests({ role, args: match.args, mailbox });
    const invalid = tests.find(
      (t) => t.expect.error === undefined && !validateArguments(tool.schema, t.args).valid,
    );
    if (invalid || !isJsonObject(original.inputSchema)) {
      left(
        `could not build test arguments valid for its inputSchema (${invalid?.name ?? "schema"})`,
      );
      continue;
    }
    const name = input.publishName(original.name);
    if (name !== original.name)
      notes.push(
        `${original.name} is published as ${name} (tool names allow letters, digits and _)`,
      );
    tools.push({
      name,
      description: (original.description ?? name).slice(0, 4000) || name,
      inputSchema: original.inputSchema as JsonObject,
      effect: mailboxEffect(role),
      implementation: mailboxImplementation(role, name, match.args),
      tests,
    });
    implemented.push({
      tool: name,
      original: original.name,
      table: MAILBOX_TABLES[ROLES[role].table],
      verb: ROLES[role].verb,
      surface: "mailbox",
    });
  }
  const rows = mailboxRows(mailbox);
  const threads = new Set(mailbox.messages.map((m) => m.threadId)).size;
  const count = (label: string) => mailbox.messages.filter((m) => m.labels.includes(label)).length;
  notes.push(
    `mailbox: ${mailbox.messages.length} messages in ${threads} threads (${count("UNREAD")} unread, ${count("STARRED")} starred, ${count("DRAFT")} draft), ${mailbox.labels.length} labels, ${mailbox.filters.length} filters; search takes the Gmail query subset of mcp-mailbox-query.ts and refuses other operators; sent mail goes to SENT (and to the inbox when sent to oneself) and joins the thread of threadId (or of the message inReplyTo names) when the subjects match; filters are kept but no new mail arrives for them to act on; at most ${MAILBOX_LIMITS.maxResults} results a search, ${MAILBOX_LIMITS.maxBatch} ids a batch and ${MAILBOX_LIMITS.maxMessages} messages in the mailbox`,
  );
  const tableKeys = Object.keys(MAILBOX_TABLES) as TableKey[];
  return {
    surface: "mailbox",
    claimed: matched.map((m) => m.tool.original.name),
    schemaSql: MAILBOX_SCHEMA_SQL,
    seed: {
      tables: Object.fromEntries(
        tableKeys.map((k) => [
          MAILBOX_TABLES[k],
          { columns: [...MAILBOX_COLUMNS[k]], rows: rows[k] },
        ]),
      ),
    },
    tools,
    tables: tableKeys.map((k) => ({
      name: MAILBOX_TABLES[k],
      key: KEYS[k],
      columns: [...MAILBOX_COLUMNS[k]],
      rows: rows[k].length,
    })),
    implemented,
    leftOut,
    notes,
  };
}
