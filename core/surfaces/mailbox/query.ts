// The Gmail search subset the mailbox's search tool understands (guest JavaScript), documented
// here because an agent's query either means what Gmail means or is refused:
//   word, "quoted phrase"      whole-word match in subject, body, sender, recipients, file names
//   from: to: cc: bcc:         the header contains the text (name or address, any case)
//   subject:                   whole-word match in the subject (quote a phrase)
//   label: in:                 a label by name (any case; spaces and "/" may be written "-") or id;
//                              in:inbox|sent|draft|drafts|trash|spam|anywhere
//   is:unread|read|starred|unstarred|important
//   has:attachment|userlabels|nouserlabels, filename:
//   after: before:             YYYY/MM/DD or YYYY-MM-DD (UTC midnight; after includes the day)
//   newer_than: older_than:    Nd, Nm (30 days) or Ny (365 days) before the episode clock
//   -term                      negation of any term;  a OR b  either of two adjacent terms
// Terms are ANDed. Anything else (grouping with () or {}, other operators such as list:,
// category: or larger:) is a tool error that names it. Like Gmail, messages in Spam and Trash are
// left out unless the query asks for them (in:/label: trash, spam or anywhere). Newest first.

export const MAILBOX_QUERY_JS = String.raw`
  const QUERY_OPS = { from: 1, to: 1, cc: 1, bcc: 1, subject: 1, label: 1, in: 1, is: 1, has: 1, filename: 1, after: 1, before: 1, newer_than: 1, older_than: 1 };
  const IS_VALUES = { unread: 1, read: 1, starred: 1, unstarred: 1, important: 1 };
  const HAS_VALUES = { attachment: 1, userlabels: 1, nouserlabels: 1 };
  const IN_PLACES = { inbox: "INBOX", sent: "SENT", draft: "DRAFT", drafts: "DRAFT", trash: "TRASH", spam: "SPAM" };
  const badQuery = (why) => refuse("invalid_argument", "Unsupported search query: " + why);
  const dayOf = (text, op) => {
    const m = /^(\d{4})[\/-](\d{1,2})[\/-](\d{1,2})$/.exec(text);
    if (m === null) {
      if (/^\d{9,11}$/.test(text)) return Number(text) * 1000;
      badQuery(op + ": takes a date written YYYY/MM/DD, not " + JSON.stringify(text));
    }
    const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    if (!(ms === ms)) badQuery("invalid date " + JSON.stringify(text));
    return ms;
  };
  const AGE_UNITS = { d: 86400000, m: 30 * 86400000, y: 365 * 86400000 };
  const ageOf = (text, op) => {
    const m = /^(\d{1,5})([dmy])$/.exec(text.toLowerCase());
    if (m === null) badQuery(op + ": takes an age such as 7d, 2m or 1y, not " + JSON.stringify(text));
    return Number(m[1]) * AGE_UNITS[m[2]];
  };
  const parseTerm = (neg, op, value, nowMs) => {
    const v = value.toLowerCase();
    if (op === "is" && IS_VALUES[v] !== 1) badQuery("is:" + value + " (use is:unread, is:read, is:starred, is:unstarred or is:important)");
    if (op === "has" && HAS_VALUES[v] !== 1) badQuery("has:" + value + " (use has:attachment, has:userlabels or has:nouserlabels)");
    const term = { neg, op, value: v };
    if (op === "after" || op === "before") term.ms = dayOf(value, op);
    if (op === "newer_than" || op === "older_than") term.ms = nowMs - ageOf(value, op);
    return term;
  };
  const parseQuery = (q, nowMs) => {
    checkText(q, C.maxQueryChars, "The query");
    const terms = [];
    let i = 0;
    let pendingOr = false;
    while (i < q.length) {
      if (/\s/.test(q[i])) { i += 1; continue; }
      if ("(){}".indexOf(q[i]) >= 0) badQuery("grouping with " + q[i] + " is not supported");
      let neg = false;
      if (q[i] === "-") { neg = true; i += 1; }
      let op = "";
      const head = /^([A-Za-z_]+):/.exec(q.slice(i));
      if (head !== null) {
        op = head[1].toLowerCase();
        if (QUERY_OPS[op] !== 1) badQuery("the operator " + head[1] + ": is not supported");
        i += head[0].length;
      }
      let value;
      if (q[i] === "\"") {
        const end = q.indexOf("\"", i + 1);
        if (end < 0) badQuery("a quote is not closed");
        value = q.slice(i + 1, end).replace(/\s+/g, " ").trim();
        i = end + 1;
      } else {
        let j = i;
        while (j < q.length && !/\s/.test(q[j])) j += 1;
        value = q.slice(i, j);
        i = j;
        if (/[(){}]/.test(value)) badQuery("grouping with ( ) or { } is not supported");
      }
      if (value === "") {
        if (op !== "" || neg) badQuery((op === "" ? "-" : op + ":") + " needs a value");
        continue;
      }
      if (op === "" && !neg && value === "OR") {
        if (terms.length === 0 || pendingOr) badQuery("OR needs a term on each side");
        pendingOr = true;
        continue;
      }
      if (op === "" && !neg && value === "AND") continue;
      const term = parseTerm(neg, op, value, nowMs);
      if (pendingOr) { terms.push({ neg: false, op: "OR", either: [terms.pop(), term] }); pendingOr = false; }
      else terms.push(term);
    }
    if (pendingOr) badQuery("OR needs a term on each side");
    return terms;
  };
  const wordChar = (c) => c !== undefined && /[a-z0-9]/.test(c);
  // Whole-word match: the text holds the words with no letter or digit glued on either side.
  const hasWords = (text, words) => {
    if (words === "") return true;
    let at = text.indexOf(words);
    while (at >= 0) {
      const before = !wordChar(words[0]) || !wordChar(text[at - 1]);
      const after = !wordChar(words[words.length - 1]) || !wordChar(text[at + words.length]);
      if (before && after) return true;
      at = text.indexOf(words, at + 1);
    }
    return false;
  };
  const labelKey = (name) => name.toLowerCase().replace(/[\s\/]+/g, "-");
  const termHolds = (t, m) => {
    switch (t.op) {
      case "OR": return t.either.some((e) => termHolds(e, m) !== e.neg);
      case "": return hasWords(m.words, t.value.replace(/\s+/g, " "));
      case "from": return m.from.indexOf(t.value) >= 0;
      case "to": return (m.to + "\n" + m.cc + "\n" + m.bcc).indexOf(t.value) >= 0;
      case "cc": return m.cc.indexOf(t.value) >= 0;
      case "bcc": return m.bcc.indexOf(t.value) >= 0;
      case "subject": return hasWords(m.subject, t.value);
      case "label":
      case "in":
        if (t.op === "in" && t.value === "anywhere") return true;
        if (t.op === "in" && IN_PLACES[t.value] !== undefined) return m.labels.indexOf(IN_PLACES[t.value]) >= 0;
        return m.labelKeys.indexOf(labelKey(t.value)) >= 0;
      case "is":
        if (t.value === "unread") return m.labels.indexOf("UNREAD") >= 0;
        if (t.value === "read") return m.labels.indexOf("UNREAD") < 0;
        if (t.value === "starred") return m.labels.indexOf("STARRED") >= 0;
        if (t.value === "unstarred") return m.labels.indexOf("STARRED") < 0;
        return m.labels.indexOf("IMPORTANT") >= 0;
      case "has":
        if (t.value === "attachment") return m.files.length > 0;
        return (t.value === "userlabels") === m.labels.some((id) => m.userLabels[id] === true);
      case "filename": return m.files.some((f) => f.indexOf(t.value) >= 0);
      case "after": return m.internal_date >= t.ms;
      case "before": return m.internal_date < t.ms;
      case "newer_than": return m.internal_date > t.ms;
      case "older_than": return m.internal_date < t.ms;
    }
    return false;
  };
  const asksFor = (t, place) => t.op === "OR" ? t.either.some((e) => asksFor(e, place)) :
    !t.neg && (t.op === "in" || t.op === "label") && t.value === place;
  // The messages a query finds, newest first, as Gmail's messages.list gives them.
  const searchMessages = (q) => {
    const terms = parseQuery(q, Date.parse(ctx.now()));
    const withSpamTrash = terms.some((t) => asksFor(t, "anywhere") || asksFor(t, "trash") || asksFor(t, "spam"));
    const labels = allLabels();
    const userLabels = {};
    const keysById = {};
    for (const l of labels) { keysById[l.id] = [labelKey(l.name), l.id.toLowerCase()]; if (l.type === "user") userLabels[l.id] = true; }
    const held = {};
    for (const r of ctx.query("SELECT message_id, label_id FROM mailbox_message_labels")) {
      (held[r.message_id] = held[r.message_id] || []).push(r.label_id);
    }
    const found = [];
    for (const row of ctx.query(MESSAGES + " ORDER BY internal_date DESC, seq DESC")) {
      const ids = held[row.id] || [];
      if (!withSpamTrash && (ids.indexOf("SPAM") >= 0 || ids.indexOf("TRASH") >= 0)) continue;
      const files = attachmentsOf(row).map((a) => a.filename.toLowerCase());
      const lower = (s) => s.toLowerCase();
      const m = {
        internal_date: row.internal_date,
        from: lower(row.from_header), to: lower(row.to_header), cc: lower(row.cc_header), bcc: lower(row.bcc_header),
        subject: lower(row.subject), files, labels: ids, userLabels,
        labelKeys: ids.reduce((all, id) => all.concat(keysById[id] || []), []),
        words: lower([row.subject, row.body_text, row.body_html, row.from_header, row.to_header, row.cc_header].concat(files).join("\n")).replace(/\s+/g, " "),
      };
      if (terms.every((t) => termHolds(t, m) !== t.neg)) found.push(row);
    }
    return found;
  };`;
