// The JavaScript of each mailbox tool, answering with the text GongRzhe/Gmail-MCP-Server builds
// from the Gmail API's answer: "Email sent successfully with ID: ...", read_email's header block,
// body and attachment lines, search_emails' ID/Subject/From/Date blocks, the batch summaries, the
// label and filter texts. Where the server would throw (Gmail's 404 "Requested entity was not
// found.", an invalid label, a label name that exists, a filter with no criteria...) the tool
// fails with a stable code and the server's message, and writes nothing. Quirks kept on purpose:
// modify_email's `addLabelIds` replaces `labelIds` when both are given; get_or_create_label says
// "found existing" exactly when the label's type is user and its name equals the one asked for
// (so also for a label it has just created); a batch delete retries one by one after a batch with
// a missing id fails, so the batch's other messages, already deleted, are reported as failures.
import type { ToolSpec } from "../../environment/spec";
import { MAILBOX_GUEST_JS } from "./guest";
import { OWNER } from "./people";
import type { MailRole, MailSlot } from "./roles";
import { MAILBOX_IDS } from "./seed";

/** Per-call and per-mailbox bounds; Gmail's where it has them. */
export const MAILBOX_LIMITS = {
  /** search_emails' maxResults ceiling (Gmail's messages.list maximum). */
  maxResults: 500,
  /** Ids one batch call may give (Gmail's batchModify maximum). */
  maxBatch: 1000,
  maxRecipients: 100,
  maxMessages: 2000,
  maxBodyChars: 100_000,
  maxSubjectChars: 1000,
  maxQueryChars: 1000,
  maxLabelNameChars: 225,
  maxUserLabels: 500,
  maxFilters: 1000,
} as const;

const SEND = `
  const sent = composeMessage(false);
  return "Email sent successfully with ID: " + sent.id;`;

const DRAFT = `
  const drafted = composeMessage(true);
  return "Email draft created successfully with ID: " + drafted.draftId;`;

const READ = `
  return readText(messageOf(given("message")));`;

const SEARCH = String.raw`
  const raw = given("max");
  const max = raw === undefined || raw === 0 ? 10 : Math.floor(raw);
  if (!(max >= 1)) refuse("invalid_argument", "Invalid maxResults: " + raw);
  return searchMessages(given("query")).slice(0, Math.min(max, C.maxResults)).map(searchLine).join("\n");`;

const MODIFY = `
  const id = given("message");
  messageOf(id);
  const add = given("add") !== undefined ? given("add") : (given("labelIds") || []);
  const remove = given("remove") || [];
  if (add.length === 0 && remove.length === 0) refuse("invalid_argument", "No label add or removes specified");
  checkLabels(add);
  checkLabels(remove);
  changeLabels(id, add, remove);
  return "Email " + id + " labels updated successfully";`;

const DELETE = `
  const id = given("message");
  messageOf(id);
  removeMessage(id);
  return "Email " + id + " deleted successfully";`;

const LIST_LABELS = String.raw`
  const labels = allLabels();
  const system = labels.filter((l) => l.type === "system");
  const user = labels.filter((l) => l.type === "user");
  return "Found " + labels.length + " labels (" + system.length + " system, " + user.length + " user):\n\n" +
    "System Labels:\n" + system.map(labelLine).join("\n") + "\nUser Labels:\n" + user.map(labelLine).join("\n");`;

/** Ids checked before the batch runs; batchSize must be a positive count. */
const BATCH_HEAD = String.raw`
  const ids = given("messages");
  checkList(ids, C.maxBatch, "message ids");
  const rawSize = given("batchSize");
  const size = rawSize === undefined || rawSize === 0 ? 50 : Math.floor(rawSize);
  if (!(size >= 1)) refuse("invalid_argument", "Invalid batchSize: " + rawSize);
  const failed = (list) => list.map((f) => "- " + f.id.substring(0, 16) + "... (" + f.message + ")").join("\n");`;

const BATCH_MODIFY = String.raw`${BATCH_HEAD}
  const add = given("add") || [];
  const remove = given("remove") || [];
  // Gmail refuses the whole change for an invalid label, so every message fails with it.
  let invalid = add.length === 0 && remove.length === 0 ? "No label add or removes specified" : "";
  for (const id of add.concat(remove)) if (invalid === "" && (id === "DRAFT" || id === "SENT" || labelById(id) === null)) invalid = "Invalid label: " + id;
  const done = [];
  const failures = [];
  for (const id of ids) {
    if (invalid !== "") failures.push({ id, message: invalid });
    else if (ctx.one("SELECT id FROM mailbox_messages WHERE id = ?", [id]) === null) failures.push({ id, message: NOT_FOUND });
    else { changeLabels(id, add, remove); done.push(id); }
  }
  let text = "Batch label modification complete.\n";
  text += "Successfully processed: " + done.length + " messages\n";
  if (failures.length > 0) {
    text += "Failed to process: " + failures.length + " messages\n\n";
    text += "Failed message IDs:\n";
    text += failed(failures);
  }
  return text;`;

const BATCH_DELETE = String.raw`${BATCH_HEAD}
  let deleted = 0;
  const failures = [];
  for (let i = 0; i < ids.length; i += size) {
    const batch = ids.slice(i, i + size);
    const seen = {};
    const fails = batch.some((id) => {
      const missing = seen[id] === true || ctx.one("SELECT id FROM mailbox_messages WHERE id = ?", [id]) === null;
      seen[id] = true;
      return missing;
    });
    // The batch's deletes all go out at once; when one fails, the others have still happened,
    // and the one-by-one retry then finds every message gone.
    for (const id of batch) if (ctx.one("SELECT id FROM mailbox_messages WHERE id = ?", [id]) !== null) removeMessage(id);
    if (!fails) deleted += batch.length;
    else for (const id of batch) failures.push({ id, message: NOT_FOUND });
  }
  let text = "Batch delete operation complete.\n";
  text += "Successfully deleted: " + deleted + " messages\n";
  if (failures.length > 0) {
    text += "Failed to delete: " + failures.length + " messages\n\n";
    text += "Failed message IDs:\n";
    text += failed(failures);
  }
  return text;`;

const CREATE_LABEL = `
  checkVisibility();
  return labelAnswer("Label created successfully:", createLabel(given("name")));`;

const UPDATE_LABEL = String.raw`
  const id = given("label");
  const label = labelById(id);
  if (label === null) refuse("not_found", "Label with ID \"" + id + "\" not found.");
  checkVisibility();
  if (label.type === "system") refuse("invalid_argument", "Failed to update label: Invalid update request for a system label");
  const name = given("name");
  if (name) {
    checkText(name, C.maxLabelNameChars, "A label name");
    if (name.trim() === "") refuse("invalid_argument", "Failed to update label: Invalid label name");
    if (nameTaken(name, id)) refuse("conflict", "Failed to update label: Label name exists or conflicts");
    label.name = name;
  }
  if (given("messageVisibility")) label.message_list_visibility = given("messageVisibility");
  if (given("labelVisibility")) label.label_list_visibility = given("labelVisibility");
  ctx.run("UPDATE mailbox_labels SET name = ?, message_list_visibility = ?, label_list_visibility = ? WHERE id = ?",
    [label.name, label.message_list_visibility, label.label_list_visibility, id]);
  return labelAnswer("Label updated successfully:", label);`;

const DELETE_LABEL = String.raw`
  const id = given("label");
  const label = labelById(id);
  if (label === null) refuse("not_found", "Label with ID \"" + id + "\" not found.");
  if (label.type === "system") refuse("invalid_argument", "Failed to delete label: Cannot delete system label with ID \"" + id + "\".");
  ctx.run("DELETE FROM mailbox_message_labels WHERE label_id = ?", [id]);
  ctx.run("DELETE FROM mailbox_labels WHERE id = ?", [id]);
  return "Label \"" + label.name + "\" deleted successfully.";`;

const GET_OR_CREATE_LABEL = `
  checkVisibility();
  const name = given("name");
  const wanted = name.toLowerCase();
  let label = allLabels().find((l) => l.name.toLowerCase() === wanted);
  if (label === undefined) label = createLabel(name);
  const action = label.type === "user" && label.name === name ? "found existing" : "created new";
  return labelAnswer("Successfully " + action + " label:", label);`;

const CREATE_FILTER = String.raw`
  const made = createFilter(given("criteria"), given("action"));
  return "Filter created successfully:\nID: " + made.id + "\nCriteria: " + criteriaText(made.criteria) + "\nActions: " + actionText(made.action);`;

const LIST_FILTERS = String.raw`
  const filters = ctx.query("SELECT id, seq, criteria, action FROM mailbox_filters ORDER BY seq");
  if (filters.length === 0) return "No filters found.";
  return "Found " + filters.length + " filters:\n\n" + filters.map((f) => filterLines(f) + "\n").join("\n");`;

const GET_FILTER = String.raw`
  return "Filter details:\n" + filterLines(filterOf(given("filter")));`;

const DELETE_FILTER = String.raw`
  const f = filterOf(given("filter"));
  ctx.run("DELETE FROM mailbox_filters WHERE id = ?", [f.id]);
  return "Filter \"" + f.id + "\" deleted successfully.";`;

/** The server's filterTemplates: criteria and actions each template builds from its parameters. */
const FILTER_TEMPLATE = String.raw`
  const template = given("template");
  const p = given("parameters");
  const labels = p.labelIds || [];
  const need = (key) => { if (!p[key]) refuse("invalid_argument", key + " is required for " + template + " template"); return p[key]; };
  let config;
  if (template === "fromSender") config = { criteria: { from: need("senderEmail") }, action: { addLabelIds: labels, removeLabelIds: p.archive ? ["INBOX"] : undefined } };
  else if (template === "withSubject") config = { criteria: { subject: need("subjectText") }, action: { addLabelIds: labels, removeLabelIds: p.markAsRead ? ["UNREAD"] : undefined } };
  else if (template === "withAttachments") config = { criteria: { hasAttachment: true }, action: { addLabelIds: labels } };
  else if (template === "largeEmails") config = { criteria: { size: need("sizeInBytes"), sizeComparison: "larger" }, action: { addLabelIds: labels } };
  else if (template === "containingText") config = { criteria: { query: "\"" + need("searchText") + "\"" }, action: { addLabelIds: p.markImportant ? labels.concat(["IMPORTANT"]) : labels } };
  else if (template === "mailingList") {
    const list = need("listIdentifier");
    config = { criteria: { query: "list:" + list + " OR subject:[" + list + "]" }, action: { addLabelIds: labels, removeLabelIds: p.archive === false ? undefined : ["INBOX"] } };
  } else refuse("invalid_argument", "Unknown template: " + template);
  const made = createFilter(config.criteria, config.action);
  return "Filter created from template '" + template + "':\nID: " + made.id + "\nTemplate used: " + template;`;

const BODIES: Record<Exclude<MailRole, "download_attachment">, string> = {
  send: SEND,
  draft: DRAFT,
  read: READ,
  search: SEARCH,
  modify: MODIFY,
  delete: DELETE,
  list_labels: LIST_LABELS,
  batch_modify: BATCH_MODIFY,
  batch_delete: BATCH_DELETE,
  create_label: CREATE_LABEL,
  update_label: UPDATE_LABEL,
  delete_label: DELETE_LABEL,
  get_or_create_label: GET_OR_CREATE_LABEL,
  create_filter: CREATE_FILTER,
  list_filters: LIST_FILTERS,
  get_filter: GET_FILTER,
  delete_filter: DELETE_FILTER,
  filter_template: FILTER_TEMPLATE,
};

export type ModelledRole = keyof typeof BODIES;

const READS: ReadonlySet<MailRole> = new Set([
  "read",
  "search",
  "list_labels",
  "list_filters",
  "get_filter",
]);

export function mailboxEffect(role: MailRole): ToolSpec["effect"] {
  return READS.has(role) ? "read" : "write";
}

/** `function name(args, ctx) { const C = {...}; const A = {...}; helpers; body }`. */
export function mailboxImplementation(
  role: ModelledRole,
  functionName: string,
  slots: Partial<Record<MailSlot, string>>,
): string {
  return [
    `function ${functionName}(args, ctx) {`,
    `  const C = ${JSON.stringify({ ...MAILBOX_LIMITS, ...MAILBOX_IDS })};`,
    `  const A = ${JSON.stringify(slots)};`,
    `  const OWNER = ${JSON.stringify(OWNER)};`,
    `  ${MAILBOX_GUEST_JS.trim()}`,
    `  ${BODIES[role].trim()}`,
    "}",
  ].join("\n");
}
