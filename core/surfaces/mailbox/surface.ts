// The mailbox surface: Gmail-like servers that send, read and search messages by id, change their
// labels, manage labels and keep filters (like GongRzhe/Gmail-MCP-Server: send_email,
// read_email, search_emails, modify_email, batch_modify_emails, create_label,
// get_or_create_label, create_filter, create_filter_from_template...). Recognised by a general
// criterion (roles.ts): each tool's name says a mailbox operation and its arguments
// fill that operation's slots, and the server sends, reads, searches and relabels messages. The
// model is four tables (messages, the labels each carries, labels, filters) seeded with a working
// mailbox (seed.ts); each tool answers with the real server's text
// (tools.ts). Downloading an attachment writes to the server's local disk, which
// an episode does not have, so that tool is left out with the reason.

import { fittingMatches, matchTools } from "../kit/role-matching";
import { importRoleSurface, leaveOutRoles, roleTables } from "../kit/role-surface";
import type { McpSurface, SurfaceImport, SurfaceInput, SurfaceTool } from "../surface";
import { looksLikeMailbox, type MailRole, type MailRoleMatch, matchMailRole } from "./roles";
import {
  MAILBOX_COLUMNS,
  MAILBOX_SCHEMA_SQL,
  MAILBOX_TABLES,
  mailboxRows,
  seedMailbox,
} from "./seed";
import { mailboxToolTests } from "./tests";
import { MAILBOX_LIMITS, type ModelledRole, mailboxEffect, mailboxImplementation } from "./tools";

/** The verb the import report shows, and the table each role works on. */
const ROLES: Record<ModelledRole, { verb: string; table: string }> = {
  send: { verb: "create", table: MAILBOX_TABLES.messages },
  draft: { verb: "create", table: MAILBOX_TABLES.messages },
  read: { verb: "get", table: MAILBOX_TABLES.messages },
  search: { verb: "list", table: MAILBOX_TABLES.messages },
  modify: { verb: "update", table: MAILBOX_TABLES.messageLabels },
  delete: { verb: "delete", table: MAILBOX_TABLES.messages },
  list_labels: { verb: "list", table: MAILBOX_TABLES.labels },
  batch_modify: { verb: "update", table: MAILBOX_TABLES.messageLabels },
  batch_delete: { verb: "delete", table: MAILBOX_TABLES.messages },
  create_label: { verb: "create", table: MAILBOX_TABLES.labels },
  update_label: { verb: "update", table: MAILBOX_TABLES.labels },
  delete_label: { verb: "delete", table: MAILBOX_TABLES.labels },
  get_or_create_label: { verb: "create", table: MAILBOX_TABLES.labels },
  create_filter: { verb: "create", table: MAILBOX_TABLES.filters },
  list_filters: { verb: "list", table: MAILBOX_TABLES.filters },
  get_filter: { verb: "get", table: MAILBOX_TABLES.filters },
  delete_filter: { verb: "delete", table: MAILBOX_TABLES.filters },
  filter_template: { verb: "create", table: MAILBOX_TABLES.filters },
};

const ATTACHMENT_LEFT_OUT =
  "it writes the attachment's bytes to a folder on the server's own disk; an episode has no such disk and the seeded attachments are metadata only (name, type, size), so the file it would write cannot be modelled honestly";

export const mailboxSurface: McpSurface = {
  name: "mailbox",
  recognise(input: SurfaceInput): SurfaceImport | undefined {
    const matched = matchTools(input.tools, matchMailRole);
    const fitting = fittingMatches(matched).map((m) => m.role);
    if (!looksLikeMailbox(fitting)) return undefined;
    return importMailbox(input, matched);
  },
};

function importMailbox(
  input: SurfaceInput,
  matched: readonly { tool: SurfaceTool; match: MailRoleMatch }[],
): SurfaceImport {
  const mailbox = seedMailbox();
  const rows = mailboxRows(mailbox);
  const threads = new Set(mailbox.messages.map((m) => m.threadId)).size;
  const count = (label: string) => mailbox.messages.filter((m) => m.labels.includes(label)).length;
  const table = roleTables(MAILBOX_TABLES, MAILBOX_COLUMNS, rows);
  const modelled = (role: MailRole): role is ModelledRole => role !== "download_attachment";
  return importRoleSurface(input, leaveOutRoles(matched, modelled, ATTACHMENT_LEFT_OUT), {
    surface: "mailbox",
    schemaSql: MAILBOX_SCHEMA_SQL,
    tables: [
      table("labels", "id"),
      table("messages", "id"),
      table("messageLabels", "message_id, label_id"),
      table("filters", "id"),
    ],
    roles: ROLES,
    tests: ({ role, args }) => mailboxToolTests({ role, args, mailbox }),
    tool: ({ role, args }, name) => ({
      effect: mailboxEffect(role),
      implementation: mailboxImplementation(role, name, args),
    }),
    notes: [
      `mailbox: ${mailbox.messages.length} messages in ${threads} threads (${count("UNREAD")} unread, ${count("STARRED")} starred, ${count("DRAFT")} draft), ${mailbox.labels.length} labels, ${mailbox.filters.length} filters; search takes the Gmail query subset of mcp-mailbox-query.ts and refuses other operators; sent mail goes to SENT (and to the inbox when sent to oneself) and joins the thread of threadId (or of the message inReplyTo names) when the subjects match; filters are kept but no new mail arrives for them to act on; at most ${MAILBOX_LIMITS.maxResults} results a search, ${MAILBOX_LIMITS.maxBatch} ids a batch and ${MAILBOX_LIMITS.maxMessages} messages in the mailbox`,
    ],
  });
}
