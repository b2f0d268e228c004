// Guest helpers shared by the mailbox tools (JavaScript run in the sandbox): arguments by slot,
// Gmail's errors, messages with their labels, label checks and changes, new mail (ids, RFC 2822
// dates from the episode clock, threading by threadId or inReplyTo with a matching subject), the texts
// GongRzhe/Gmail-MCP-Server answers with (read_email, search_emails, label and filter lines),
// filter storage, and the search query subset (query.ts). The constants C (limits,
// id rules), A (slot -> argument name) and OWNER are written in front of them.
import { MAILBOX_QUERY_JS } from "./query";

export const MAILBOX_GUEST_JS = String.raw`
  const refuse = (code, message) => ctx.fail(code, message, { error: message });
  const given = (slot) => (A[slot] === undefined ? undefined : args[A[slot]]);
  const NOT_FOUND = "Requested entity was not found.";
  const two = (n) => (n < 10 ? "0" : "") + n;
  const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const rfc2822 = (ms) => {
    const d = new Date(ms);
    return DAYS[d.getUTCDay()] + ", " + two(d.getUTCDate()) + " " + MONTHS[d.getUTCMonth()] + " " + d.getUTCFullYear() + " " +
      two(d.getUTCHours()) + ":" + two(d.getUTCMinutes()) + ":" + two(d.getUTCSeconds()) + " +0000";
  };
  const hex = (n, width) => { let s = n.toString(16); while (s.length < width) s = "0" + s; return s; };
  const messageIdOf = (seq) => "19" + hex(C.messageBase + seq * C.messageStep, 14);
  const draftIdOf = (seq) => "r" + (C.draftBase + seq * C.draftStep);
  const filterIdOf = (seq) => "ANe1Bmj4kQ7d" + (seq + 1);
  const checkText = (text, max, what) => {
    if (text.length > max) refuse("invalid_argument", what + " is longer than " + max + " characters");
  };
  const checkList = (list, max, what) => {
    if (list.length > max) refuse("invalid_argument", "At most " + max + " " + what + " can be given in one call");
  };

  // ---------------------------------------------------------------- labels
  const LABELS = "SELECT id, position, name, type, message_list_visibility, label_list_visibility FROM mailbox_labels";
  const allLabels = () => ctx.query(LABELS + " ORDER BY position");
  const labelById = (id) => ctx.one(LABELS + " WHERE id = ?", [id]);
  // Labels a message change may name: any existing label but DRAFT and SENT, which Gmail sets itself.
  const checkLabels = (ids) => {
    for (const id of ids) {
      if (id === "DRAFT" || id === "SENT" || labelById(id) === null) refuse("invalid_argument", "Invalid label: " + id);
    }
  };
  const labelsOf = (messageId) =>
    ctx.query("SELECT l.label_id AS id FROM mailbox_message_labels l JOIN mailbox_labels b ON b.id = l.label_id WHERE l.message_id = ? ORDER BY b.position", [messageId]).map((r) => r.id);
  const changeLabels = (messageId, add, remove) => {
    for (const id of add) ctx.run("INSERT OR IGNORE INTO mailbox_message_labels (message_id, label_id) VALUES (?, ?)", [messageId, id]);
    for (const id of remove) ctx.run("DELETE FROM mailbox_message_labels WHERE message_id = ? AND label_id = ?", [messageId, id]);
  };
  const labelLine = (l) => "ID: " + l.id + "\nName: " + l.name + "\n";
  const labelAnswer = (head, l) => head + "\nID: " + l.id + "\nName: " + l.name + "\nType: " + l.type;
  const VISIBLE = { show: true, hide: true };
  const LISTED = { labelShow: true, labelShowIfUnread: true, labelHide: true };
  const checkVisibility = () => {
    const m = given("messageVisibility");
    const l = given("labelVisibility");
    if (m !== undefined && VISIBLE[m] !== true) refuse("invalid_argument", "Invalid messageListVisibility: " + m);
    if (l !== undefined && LISTED[l] !== true) refuse("invalid_argument", "Invalid labelListVisibility: " + l);
  };
  const nameTaken = (name, exceptId) => allLabels().some((l) => l.id !== exceptId && l.name.toLowerCase() === name.toLowerCase());
  const createLabel = (name) => {
    if (name.trim() === "") refuse("invalid_argument", "Failed to create label: Invalid label name");
    checkText(name, C.maxLabelNameChars, "A label name");
    if (nameTaken(name, "")) refuse("conflict", "Failed to create label: Label name exists or conflicts");
    const users = ctx.query("SELECT id FROM mailbox_labels WHERE type = 'user'");
    if (users.length >= C.maxUserLabels) refuse("limit_exceeded", "Failed to create label: Too many labels");
    let top = 0;
    for (const u of users) { const n = Number(u.id.slice(6)); if (u.id.slice(0, 6) === "Label_" && n > top) top = n; }
    const position = ctx.one("SELECT MAX(position) AS n FROM mailbox_labels").n + 1;
    const m = given("messageVisibility");
    const l = given("labelVisibility");
    const row = { id: "Label_" + (top + 1), position, name, type: "user", message_list_visibility: m ? m : "show", label_list_visibility: l ? l : "labelShow" };
    ctx.run("INSERT INTO mailbox_labels (id, position, name, type, message_list_visibility, label_list_visibility) VALUES (?, ?, ?, ?, ?, ?)",
      [row.id, row.position, row.name, row.type, row.message_list_visibility, row.label_list_visibility]);
    return row;
  };

  // ---------------------------------------------------------------- messages
  const MESSAGES = "SELECT id, seq, thread_id, draft_id, rfc_message_id, from_header, to_header, cc_header, bcc_header, subject, body_text, body_html, date_header, internal_date, snippet, size_estimate, attachments FROM mailbox_messages";
  const messageOf = (id) => {
    const found = ctx.one(MESSAGES + " WHERE id = ?", [id]);
    if (found === null) refuse("not_found", NOT_FOUND);
    return found;
  };
  const removeMessage = (id) => {
    ctx.run("DELETE FROM mailbox_message_labels WHERE message_id = ?", [id]);
    ctx.run("DELETE FROM mailbox_messages WHERE id = ?", [id]);
  };
  const attachmentsOf = (m) => JSON.parse(m.attachments);
  const readText = (m) => {
    const body = m.body_text || m.body_html;
    const note = !m.body_text && m.body_html ? "[Note: This email is HTML-formatted. Plain text version not available.]\n\n" : "";
    const files = attachmentsOf(m);
    const info = files.length > 0
      ? "\n\nAttachments (" + files.length + "):\n" + files.map((a) => "- " + a.filename + " (" + a.mimeType + ", " + Math.round(a.size / 1024) + " KB, ID: " + a.id + ")").join("\n")
      : "";
    return "Thread ID: " + m.thread_id + "\nSubject: " + m.subject + "\nFrom: " + m.from_header + "\nTo: " + m.to_header + "\nDate: " + m.date_header + "\n\n" + note + body + info;
  };
  const searchLine = (m) => "ID: " + m.id + "\nSubject: " + m.subject + "\nFrom: " + m.from_header + "\nDate: " + m.date_header + "\n";
  const baseSubject = (s) => {
    let t = s.trim().toLowerCase();
    for (;;) {
      const m = /^(re|fwd?|aw|sv)\s*:\s*/.exec(t);
      if (m === null) return t;
      t = t.slice(m[0].length);
    }
  };
  const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  const addressOf = (text) => { const m = /<([^>]*)>\s*$/.exec(text); return (m ? m[1] : text).trim().toLowerCase(); };
  // A new message as the server builds it: MIME parts from mimeType/htmlBody, the owner as sender,
  // the episode clock as date, and the thread of threadId when the subjects match (as Gmail requires).
  const composeMessage = (asDraft) => {
    const to = given("to");
    const cc = given("cc") || [];
    const bcc = given("bcc") || [];
    const subject = given("subject");
    const body = given("body");
    const htmlBody = given("html");
    const files = given("attachments") || [];
    checkList(to, C.maxRecipients, "recipients");
    checkList(cc, C.maxRecipients, "CC recipients");
    checkList(bcc, C.maxRecipients, "BCC recipients");
    if (to.length === 0) refuse("invalid_argument", "Recipient address required");
    for (const address of to) if (!ADDRESS.test(address)) refuse("invalid_argument", "Recipient email address is invalid: " + address);
    checkText(subject, C.maxSubjectChars, "The subject");
    checkText(body, C.maxBodyChars, "The body");
    if (htmlBody !== undefined) checkText(htmlBody, C.maxBodyChars, "The HTML body");
    // The server attaches files from its own disk; this mailbox's server has none to read.
    if (files.length > 0) refuse("not_found", "ENOENT: no such file or directory, open '" + files[0] + "'");
    let mime = given("mime") === undefined ? "text/plain" : given("mime");
    if (mime !== "text/plain" && mime !== "text/html" && mime !== "multipart/alternative") refuse("invalid_argument", "Invalid mimeType: " + mime);
    if (htmlBody && mime !== "text/plain") mime = "multipart/alternative";
    let text = body;
    let html = "";
    if (mime === "text/html") { text = ""; html = body; }
    if (mime === "multipart/alternative") html = htmlBody || body;
    const top = ctx.one("SELECT COUNT(*) AS n, COALESCE(MAX(seq), 0) AS top FROM mailbox_messages");
    if (top.n >= C.maxMessages) refuse("limit_exceeded", "The mailbox holds at most " + C.maxMessages + " messages");
    const seq = top.top + 1;
    const id = messageIdOf(seq);
    // A reply joins the thread of threadId, or else of the message inReplyTo names (its id or its
    // Message-ID header), when the subjects match as Gmail requires; otherwise it starts a thread.
    let threadId = id;
    const wanted = given("thread");
    const replyTo = given("inReplyTo");
    let parent = null;
    if (wanted !== undefined && wanted !== "") {
      parent = ctx.one("SELECT thread_id, subject FROM mailbox_messages WHERE thread_id = ? ORDER BY internal_date, seq LIMIT 1", [wanted]);
      if (parent === null) refuse("not_found", NOT_FOUND);
    } else if (replyTo !== undefined && replyTo !== "") {
      parent = ctx.one("SELECT thread_id, subject FROM mailbox_messages WHERE id = ? OR rfc_message_id = ?", [replyTo, replyTo]);
    }
    if (parent !== null && baseSubject(parent.subject) === baseSubject(subject)) threadId = parent.thread_id;
    const ms = Date.parse(ctx.now());
    const draftId = asDraft ? draftIdOf(seq) : null;
    ctx.run("INSERT INTO mailbox_messages (id, seq, thread_id, draft_id, rfc_message_id, from_header, to_header, cc_header, bcc_header, subject, body_text, body_html, date_header, internal_date, snippet, size_estimate, attachments) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]')",
      [id, seq, threadId, draftId, "<CA" + id.toUpperCase() + "." + seq + "@mail." + OWNER.address.slice(OWNER.address.indexOf("@") + 1) + ">",
       OWNER.name + " <" + OWNER.address + ">", to.join(", "), cc.join(", "), bcc.join(", "),
       subject, text, html, rfc2822(ms), ms, (text || html).replace(/\s+/g, " ").trim().slice(0, C.snippetChars),
       text.length + html.length + C.headerBytes]);
    const labels = asDraft ? ["DRAFT"] : ["SENT"];
    // Mail to oneself is also delivered: it lands in the inbox, unread.
    const me = OWNER.address.toLowerCase();
    if (!asDraft && to.concat(cc, bcc).some((a) => addressOf(a) === me)) labels.push("INBOX", "UNREAD");
    changeLabels(id, labels, []);
    return { id, draftId };
  };

  // ---------------------------------------------------------------- filters
  const CRITERIA = ["from", "to", "subject", "query", "negatedQuery", "hasAttachment", "excludeChats", "size", "sizeComparison"];
  const ACTIONS = ["addLabelIds", "removeLabelIds", "forward"];
  const criteriaText = (c) => CRITERIA.filter((k) => c[k] !== undefined).map((k) => k + ": " + c[k]).join(", ");
  const actionText = (a) => ACTIONS.filter((k) => a[k] !== undefined && (!Array.isArray(a[k]) || a[k].length > 0))
    .map((k) => k + ": " + (Array.isArray(a[k]) ? a[k].join(", ") : a[k])).join(", ");
  const filterLines = (f) => "ID: " + f.id + "\nCriteria: " + criteriaText(JSON.parse(f.criteria)) + "\nActions: " + actionText(JSON.parse(f.action));
  const filterOf = (id) => {
    const found = ctx.one("SELECT id, seq, criteria, action FROM mailbox_filters WHERE id = ?", [id]);
    if (found === null) refuse("not_found", "Filter with ID \"" + id + "\" not found.");
    return found;
  };
  // Gmail keeps a filter's criteria and actions in its own field order, without empty lists.
  const createFilter = (criteria, action) => {
    const bad = (why) => refuse("invalid_argument", "Invalid filter criteria or action: " + why);
    const c = {};
    for (const k of CRITERIA) if (criteria[k] !== undefined && criteria[k] !== "") c[k] = criteria[k];
    const a = {};
    for (const k of ACTIONS) {
      const v = action[k];
      if (v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0)) a[k] = v;
    }
    if (Object.keys(c).length === 0) bad("Filter doesn't have any criteria");
    if (Object.keys(a).length === 0) bad("Filter doesn't have any actions");
    for (const k of ["query", "negatedQuery", "subject", "from", "to"]) if (c[k] !== undefined) checkText(c[k], C.maxQueryChars, "A filter's " + k);
    if (c.size !== undefined && !(c.size >= 0)) bad("Invalid size");
    for (const id of (a.addLabelIds || []).concat(a.removeLabelIds || [])) {
      if (labelById(id) === null) bad("Invalid label: " + id);
    }
    // No forwarding address is verified on this account, so Gmail refuses any.
    if (a.forward !== undefined) bad("Unrecognized forwarding address: " + a.forward);
    const criteriaJson = JSON.stringify(c);
    const actionJson = JSON.stringify(a);
    if (ctx.one("SELECT id FROM mailbox_filters WHERE criteria = ? AND action = ?", [criteriaJson, actionJson]) !== null) bad("Filter already exists");
    const top = ctx.one("SELECT COUNT(*) AS n, COALESCE(MAX(seq), 0) AS top FROM mailbox_filters");
    if (top.n >= C.maxFilters) refuse("limit_exceeded", "Failed to create filter: Too many filters");
    const id = filterIdOf(top.top + 1);
    ctx.run("INSERT INTO mailbox_filters (id, seq, criteria, action) VALUES (?, ?, ?, ?)", [id, top.top + 1, criteriaJson, actionJson]);
    return { id, criteria: c, action: a };
  };
  ${MAILBOX_QUERY_JS}`;
