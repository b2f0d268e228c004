// Which mailbox operation a tool is, from its name and arguments. A mailbox server sends, reads
// and searches messages by id, changes their labels, manages labels by id and name, and keeps
// filters of criteria and actions (like GongRzhe/Gmail-MCP-Server). The name must say the
// operation (`send_email`, `read_email`, `search_emails`, `modify_email`, `batch_modify_emails`,
// `create_label`, `get_or_create_label`, `create_filter_from_template`...) and every argument
// must fill one of that operation's slots, whatever the server calls it (`messageId` or
// `message_id`, `query` or `q`...). A name that says an operation over arguments that do not fit
// is reported with the reason.

import { isJsonObject, type JsonObject } from "../../mcp/spec-schema";
import {
  anyWord as any,
  matchRoleSlots,
  onlyTypes as only,
  type SlotMatch,
  type SlotRule,
} from "../kit/role-matching";
import type { SurfaceTool } from "../surface";

export type MailRole =
  | "send"
  | "draft"
  | "read"
  | "search"
  | "modify"
  | "delete"
  | "list_labels"
  | "batch_modify"
  | "batch_delete"
  | "create_label"
  | "update_label"
  | "delete_label"
  | "get_or_create_label"
  | "create_filter"
  | "list_filters"
  | "get_filter"
  | "delete_filter"
  | "filter_template"
  | "download_attachment";

type SlotKind = "text" | "texts" | "number" | "criteria" | "action" | "parameters" | "template";

export type MailSlot =
  | "message"
  | "messages"
  | "to"
  | "cc"
  | "bcc"
  | "subject"
  | "body"
  | "html"
  | "mime"
  | "thread"
  | "inReplyTo"
  | "attachments"
  | "query"
  | "max"
  | "labelIds"
  | "add"
  | "remove"
  | "batchSize"
  | "name"
  | "label"
  | "messageVisibility"
  | "labelVisibility"
  | "criteria"
  | "action"
  | "filter"
  | "template"
  | "parameters"
  | "attachment"
  | "filename"
  | "savePath";

/** The argument names each slot answers to (compared without case, `_` or `-`) and its kind. */
const SLOTS: Record<MailSlot, { names: readonly string[]; kind: SlotKind }> = {
  message: { names: ["messageid", "emailid", "id"], kind: "text" },
  messages: { names: ["messageids", "emailids", "ids"], kind: "texts" },
  to: { names: ["to", "recipients"], kind: "texts" },
  cc: { names: ["cc"], kind: "texts" },
  bcc: { names: ["bcc"], kind: "texts" },
  subject: { names: ["subject"], kind: "text" },
  body: { names: ["body", "text", "content"], kind: "text" },
  html: { names: ["htmlbody", "html"], kind: "text" },
  mime: { names: ["mimetype", "contenttype"], kind: "text" },
  thread: { names: ["threadid"], kind: "text" },
  inReplyTo: { names: ["inreplyto"], kind: "text" },
  attachments: { names: ["attachments"], kind: "texts" },
  query: { names: ["query", "q", "search"], kind: "text" },
  max: { names: ["maxresults", "limit", "max"], kind: "number" },
  labelIds: { names: ["labelids"], kind: "texts" },
  add: { names: ["addlabelids", "addlabels"], kind: "texts" },
  remove: { names: ["removelabelids", "removelabels"], kind: "texts" },
  batchSize: { names: ["batchsize"], kind: "number" },
  name: { names: ["name", "labelname"], kind: "text" },
  label: { names: ["id", "labelid"], kind: "text" },
  messageVisibility: { names: ["messagelistvisibility"], kind: "text" },
  labelVisibility: { names: ["labellistvisibility"], kind: "text" },
  criteria: { names: ["criteria"], kind: "criteria" },
  action: { names: ["action", "actions"], kind: "action" },
  filter: { names: ["filterid", "id"], kind: "text" },
  template: { names: ["template"], kind: "template" },
  parameters: { names: ["parameters", "params"], kind: "parameters" },
  attachment: { names: ["attachmentid"], kind: "text" },
  filename: { names: ["filename"], kind: "text" },
  savePath: { names: ["savepath", "directory"], kind: "text" },
};

/** Filter criteria and actions as Gmail's settings API takes them, in its order. */
export const FILTER_CRITERIA = [
  "from",
  "to",
  "subject",
  "query",
  "negatedQuery",
  "hasAttachment",
  "excludeChats",
  "size",
  "sizeComparison",
] as const;
export const FILTER_ACTIONS = ["addLabelIds", "removeLabelIds", "forward"] as const;
export const FILTER_TEMPLATES = [
  "fromSender",
  "withSubject",
  "withAttachments",
  "largeEmails",
  "containingText",
  "mailingList",
] as const;
export const TEMPLATE_PARAMETERS = [
  "senderEmail",
  "subjectText",
  "searchText",
  "listIdentifier",
  "sizeInBytes",
  "labelIds",
  "archive",
  "markAsRead",
  "markImportant",
] as const;

const SEND_SLOTS = {
  to: true,
  subject: true,
  body: true,
  html: false,
  mime: false,
  cc: false,
  bcc: false,
  thread: false,
  inReplyTo: false,
  attachments: false,
} as const;
const VISIBILITY = { messageVisibility: false, labelVisibility: false } as const;

type RoleRule = SlotRule<MailRole, MailSlot>;

const mail = (w: ReadonlySet<string>) =>
  any(w, "email", "emails", "mail", "mails", "message", "messages", "gmail");
const label = (w: ReadonlySet<string>) => any(w, "label", "labels");
const filter = (w: ReadonlySet<string>) => any(w, "filter", "filters");
const batch = (w: ReadonlySet<string>) => any(w, "batch", "bulk");

/** In order: the first rule whose name test passes decides the role. */
const RULES: readonly RoleRule[] = [
  {
    role: "download_attachment",
    named: (w) => any(w, "download", "save") && any(w, "attachment", "attachments"),
    slots: { message: true, attachment: true, filename: false, savePath: false },
  },
  {
    role: "filter_template",
    named: (w) => filter(w) && any(w, "template"),
    slots: { template: true, parameters: true },
  },
  {
    role: "get_or_create_label",
    named: (w) => label(w) && any(w, "get", "find") && any(w, "create"),
    slots: { name: true, ...VISIBILITY },
  },
  {
    role: "batch_modify",
    named: (w) => batch(w) && any(w, "modify", "label", "labels", "update"),
    slots: { messages: true, add: false, remove: false, batchSize: false },
  },
  {
    role: "batch_delete",
    named: (w) => batch(w) && any(w, "delete", "remove"),
    slots: { messages: true, batchSize: false },
  },
  {
    role: "create_filter",
    named: (w) => filter(w) && any(w, "create", "add"),
    slots: { criteria: true, action: true },
  },
  { role: "list_filters", named: (w) => filter(w) && any(w, "list"), slots: {} },
  { role: "get_filter", named: (w) => filter(w) && any(w, "get", "show"), slots: { filter: true } },
  {
    role: "delete_filter",
    named: (w) => filter(w) && any(w, "delete", "remove"),
    slots: { filter: true },
  },
  {
    role: "create_label",
    named: (w) => label(w) && any(w, "create", "add", "new") && !mail(w),
    slots: { name: true, ...VISIBILITY },
  },
  {
    role: "update_label",
    named: (w) => label(w) && any(w, "update", "rename", "edit") && !mail(w),
    slots: { label: true, name: false, ...VISIBILITY },
  },
  {
    role: "delete_label",
    named: (w) => label(w) && any(w, "delete", "remove") && !mail(w),
    slots: { label: true },
  },
  { role: "list_labels", named: (w) => label(w) && any(w, "list", "get", "all"), slots: {} },
  { role: "send", named: (w) => any(w, "send") && mail(w), slots: SEND_SLOTS },
  { role: "draft", named: (w) => any(w, "draft") && mail(w), slots: SEND_SLOTS },
  {
    role: "search",
    named: (w) => any(w, "search", "find", "query") && mail(w),
    slots: { query: true, max: false },
  },
  {
    role: "read",
    named: (w) => any(w, "read", "get", "open") && mail(w),
    slots: { message: true },
  },
  {
    role: "modify",
    named: (w) => any(w, "modify") && mail(w),
    slots: { message: true, labelIds: false, add: false, remove: false },
  },
  { role: "delete", named: (w) => any(w, "delete") && mail(w), slots: { message: true } },
];

export type MailRoleMatch = SlotMatch<MailRole, MailSlot>;

/** The tool's role, or undefined when its name names no mailbox operation. */
export function matchMailRole(tool: SurfaceTool): MailRoleMatch | undefined {
  return matchRoleSlots(tool, RULES, {
    surface: "mailbox",
    names: (slot) => SLOTS[slot].names,
    unfit: (schema, slot, name) => {
      const kind = SLOTS[slot].kind;
      if (isJsonObject(schema) && fits(schema, kind)) return undefined;
      return `its "${name}" is not ${kind === "texts" ? "a list of strings" : `a ${kind}`}`;
    },
  });
}

/** An object whose properties are all among `known`. */
const objectOf = (schema: JsonObject, known: readonly string[]) =>
  only(schema, "object") &&
  isJsonObject(schema.properties) &&
  Object.keys(schema.properties).every((k) => known.includes(k));

function fits(schema: JsonObject, kind: SlotKind): boolean {
  switch (kind) {
    case "text":
      return only(schema, "string");
    case "texts":
      return only(schema, "array") && isJsonObject(schema.items) && only(schema.items, "string");
    case "number":
      return only(schema, "number", "integer");
    case "criteria":
      return objectOf(schema, FILTER_CRITERIA);
    case "action":
      return objectOf(schema, FILTER_ACTIONS);
    case "parameters":
      return objectOf(schema, TEMPLATE_PARAMETERS);
    case "template":
      return (
        only(schema, "string") &&
        Array.isArray(schema.enum) &&
        schema.enum.every(
          (e) => typeof e === "string" && (FILTER_TEMPLATES as readonly string[]).includes(e),
        )
      );
  }
}

/**
 * A server keeps a mailbox when its fitting tools send mail, read a message by id, search with a
 * query and change a message's labels: the send -> find -> read -> file cycle the surface models.
 */
export function looksLikeMailbox(roles: readonly MailRole[]): boolean {
  return (["send", "read", "search", "modify"] as const).every((r) => roles.includes(r));
}
