// Guest helpers shared by the messaging tools (JavaScript run in the sandbox): Slack errors,
// arguments by slot, page limits and base64 cursors, Slack timestamps from the episode clock, and
// the Web API's JSON for users, profiles, channels and messages (with thread summaries and
// reactions). Each body in tools.ts uses these; the constants C, A, BOT, TEAM,
// EMOJI and ALIASES are written in front of them.

export const MESSAGING_GUEST_JS = `
  const fail = (error, message) => ctx.fail(error, message, { ok: false, error });
  const given = (slot) => (A[slot] === undefined ? undefined : args[A[slot]]);
  const pageLimit = (max) => {
    const raw = given("limit");
    const n = raw === undefined ? C.defaultLimit : Math.floor(raw);
    if (!(n >= 1)) fail("invalid_limit", "Value passed for limit is not valid: it must be at least 1");
    return Math.min(n, max);
  };
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const encodeCursor = (text) => {
    let out = "";
    for (let i = 0; i < text.length; i += 3) {
      const n = (text.charCodeAt(i) << 16) | ((text.charCodeAt(i + 1) || 0) << 8) | (text.charCodeAt(i + 2) || 0);
      out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
      out += i + 1 < text.length ? B64[(n >> 6) & 63] : "=";
      out += i + 2 < text.length ? B64[n & 63] : "=";
    }
    return out;
  };
  const decodeCursor = (text) => {
    if (text.length > C.maxCursorChars || text.length % 4 !== 0 || !/^[A-Za-z0-9+\\/]*={0,2}$/.test(text)) return null;
    let out = "";
    for (let i = 0; i < text.length; i += 4) {
      let n = 0;
      for (let k = 0; k < 4; k++) n = (n << 6) | Math.max(0, B64.indexOf(text.charAt(i + k)));
      out += String.fromCharCode((n >> 16) & 255);
      if (text.charAt(i + 2) !== "=") out += String.fromCharCode((n >> 8) & 255);
      if (text.charAt(i + 3) !== "=") out += String.fromCharCode(n & 255);
    }
    return out;
  };
  // Where a page starts: the id the cursor names after its prefix, or "" for the first page.
  const cursorStart = (prefix) => {
    const raw = given("cursor");
    if (raw === undefined || raw === "") return "";
    const text = decodeCursor(raw);
    if (text === null || !text.startsWith(prefix) || text.length === prefix.length) {
      fail("invalid_cursor", "Value passed for cursor was not valid or is no longer valid.");
    }
    return text.slice(prefix.length);
  };
  const channelById = (id) => {
    const c = ctx.one("SELECT * FROM chat_channels WHERE id = ?", [id]);
    if (c === null) fail("channel_not_found", "Value passed for channel was invalid.");
    return c;
  };
  const image = (u, size) => u.image_url.replace("{size}", String(size));
  const profileOf = (u) => {
    const p = { title: u.title, phone: u.phone, skype: "", real_name: u.real_name, real_name_normalized: u.real_name_normalized,
      display_name: u.display_name, display_name_normalized: u.display_name_normalized, fields: {}, status_text: u.status_text,
      status_emoji: u.status_emoji, status_emoji_display_info: [], status_expiration: 0, avatar_hash: u.avatar_hash };
    if (u.email !== null) p.email = u.email;
    if (u.bot_id !== null) {
      p.bot_id = u.bot_id;
      p.api_app_id = u.app_id;
      p.always_active = true;
    }
    p.first_name = u.first_name;
    p.last_name = u.last_name;
    for (const size of [24, 32, 48, 72, 192, 512]) p["image_" + size] = image(u, size);
    p.status_text_canonical = "";
    p.team = TEAM;
    return p;
  };
  const memberOf = (u) => {
    const active = u.deleted === 0;
    const m = { id: u.id, team_id: TEAM, name: u.name, deleted: !active };
    if (active) Object.assign(m, { color: u.color, real_name: u.real_name, tz: u.tz, tz_label: u.tz_label, tz_offset: u.tz_offset });
    m.profile = profileOf(u);
    if (active) Object.assign(m, { is_admin: u.is_admin === 1, is_owner: u.is_owner === 1, is_primary_owner: u.is_primary_owner === 1,
      is_restricted: false, is_ultra_restricted: false });
    m.is_bot = u.is_bot === 1;
    m.is_app_user = false;
    m.updated = u.updated;
    return m;
  };
  const channelOf = (c) => ({ id: c.id, name: c.name, is_channel: true, is_group: false, is_im: false, is_mpim: false,
    is_private: false, created: c.created, is_archived: c.is_archived === 1, is_general: c.is_general === 1, unlinked: 0,
    name_normalized: c.name, is_shared: false, is_org_shared: false, is_pending_ext_shared: false, pending_shared: [],
    context_team_id: TEAM, updated: c.updated, parent_conversation: null, creator: c.creator, is_ext_shared: false,
    shared_team_ids: [TEAM], pending_connected_team_ids: [], is_member: true,
    topic: { value: c.topic, creator: c.topic_creator, last_set: c.topic_last_set },
    purpose: { value: c.purpose, creator: c.purpose_creator, last_set: c.purpose_last_set },
    previous_names: [], num_members: c.num_members });
  const MESSAGES = "SELECT m.ts, m.user_id, m.text, m.thread_ts, u.real_name, u.bot_id, u.app_id, u.updated, u.image_url FROM chat_messages m JOIN chat_users u ON u.id = m.user_id";
  const messageOf = (row) => {
    const m = { user: row.user_id, type: "message", ts: row.ts };
    if (row.bot_id !== null) {
      m.bot_id = row.bot_id;
      m.app_id = row.app_id;
    }
    m.text = row.text;
    m.team = TEAM;
    if (row.bot_id !== null) {
      m.bot_profile = { id: row.bot_id, deleted: false, name: row.real_name, updated: row.updated, app_id: row.app_id,
        icons: { image_36: image(row, 36), image_48: image(row, 48), image_72: image(row, 72) }, team_id: TEAM };
    }
    return m;
  };
  // Reply count, repliers (in order of first reply) and latest reply of the threads whose parent ts
  // lies between first and last.
  const threadsBetween = (channel, first, last) => {
    const out = new Map();
    const rows = ctx.query("SELECT thread_ts, ts, user_id FROM chat_messages WHERE channel_id = ? AND thread_ts >= ? AND thread_ts <= ? ORDER BY ts", [channel, first, last]);
    for (const r of rows) {
      let t = out.get(r.thread_ts);
      if (t === undefined) {
        t = { count: 0, users: [], latest: r.ts };
        out.set(r.thread_ts, t);
      }
      t.count += 1;
      t.latest = r.ts;
      if (t.users.indexOf(r.user_id) < 0) t.users.push(r.user_id);
    }
    return out;
  };
  // Reactions of the messages between first and last, by ts: one entry per emoji, users in order.
  const reactionsBetween = (channel, first, last) => {
    const out = new Map();
    const rows = ctx.query("SELECT ts, name, user_id FROM chat_reactions WHERE channel_id = ? AND ts >= ? AND ts <= ? ORDER BY position", [channel, first, last]);
    for (const r of rows) {
      let list = out.get(r.ts);
      if (list === undefined) {
        list = [];
        out.set(r.ts, list);
      }
      let entry = list.find((e) => e.name === r.name);
      if (entry === undefined) {
        entry = { name: r.name, users: [], count: 0 };
        list.push(entry);
      }
      entry.users.push(r.user_id);
      entry.count += 1;
    }
    return out;
  };
  const withThread = (m, thread) => {
    if (thread !== undefined) {
      Object.assign(m, { thread_ts: m.ts, reply_count: thread.count, reply_users_count: thread.users.length,
        latest_reply: thread.latest, reply_users: thread.users, is_locked: false, subscribed: false });
    }
    return m;
  };
  const withReactions = (m, reactions) => {
    const list = reactions.get(m.ts);
    if (list !== undefined) m.reactions = list;
    return m;
  };
  // A new message's ts: the clock's second and microseconds, after every ts already written.
  const micros = (ts) => Number(ts.slice(0, ts.indexOf("."))) * 1e6 + Number(ts.slice(ts.indexOf(".") + 1));
  const nextTs = () => {
    let n = Date.parse(ctx.now()) * 1000 + C.tsStep;
    const top = ctx.one("SELECT MAX(ts) AS ts FROM chat_messages");
    if (top !== null && top.ts !== null && micros(top.ts) >= n) n = micros(top.ts) + C.tsStep;
    const seconds = Math.floor(n / 1e6);
    return seconds + "." + String(n - seconds * 1e6).padStart(6, "0");
  };
  // The channel to post to: an id, or a name with or without "#", as chat.postMessage takes.
  const postTarget = () => {
    const raw = given("channel");
    const c = ctx.one("SELECT * FROM chat_channels WHERE id = ? OR name = ?", [raw, raw.charAt(0) === "#" ? raw.slice(1) : raw]);
    if (c === null) fail("channel_not_found", "Value passed for channel was invalid.");
    if (c.is_archived === 1) fail("is_archived", "Channel has been archived.");
    return c;
  };
  const checkText = (text) => {
    if (text.trim() === "") fail("no_text", "No text was provided for the message.");
    if (text.length > C.maxTextChars) fail("msg_too_long", "Message text is too long (at most " + C.maxTextChars + " characters).");
  };
  const botMessage = (ts, text) => messageOf({ ts, user_id: BOT.id, text, real_name: BOT.real_name, bot_id: BOT.bot_id,
    app_id: BOT.app_id, updated: BOT.updated, image_url: BOT.image_url });`;
