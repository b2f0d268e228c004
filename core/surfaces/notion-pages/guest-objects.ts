// Guest JavaScript every pages tool shares: Notion's errors as tool errors, id checks, rich text,
// the JSON objects Notion answers with (user, page and its property values, block, data source,
// database, comment, list with `has_more`/`next_cursor`), and the parsing of request values
// (property values, block objects, icons) into the stored rows. Arguments the server types as
// "object or string" may come as JSON text, as the MCP server forwards them; both are taken.
// Runs inside the tool function, where `args`, `ctx`, `A` (slot -> argument name) and `W`
// (workspace constants) are in scope.
export const OBJECTS_JS = String.raw`
  const fail = (status, code, message) => ctx.fail(code, message, { object: "error", status, code, message });
  const invalid = (message) => fail(400, "validation_error", message);
  const missing = (kind, id) => fail(404, "object_not_found", "Could not find " + kind + " with ID: " + id + ". Make sure the relevant pages and databases are shared with your integration.");
  const given = (slot) => (A[slot] === undefined ? undefined : args[A[slot]]);
  const parsed = (value, where) => {
    if (typeof value !== "string") return value;
    try { return JSON.parse(value); } catch (e) { invalid("body." + where + " should be an object, instead was " + JSON.stringify(value) + "."); }
  };
  const objectArg = (slot) => {
    const value = parsed(given(slot), A[slot]);
    if (value !== undefined && value !== null && (typeof value !== "object" || Array.isArray(value))) invalid("body." + A[slot] + " should be an object.");
    return value;
  };
  const idOf = (value, where) => {
    const raw = String(value).trim();
    const hex = raw.replace(/-/g, "").toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(hex)) invalid("path failed validation: " + where + " should be a valid uuid, instead was " + JSON.stringify(raw) + ".");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  };
  const HEX = "0123456789abcdef";
  const newId = () => {
    let h = "";
    for (let i = 0; i < 32; i++) h += HEX[Math.floor(ctx.random() * 16)];
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-4" + h.slice(13, 16) + "-" + "89ab"[Math.floor(ctx.random() * 4)] + h.slice(17, 20) + "-" + h.slice(20);
  };
  // Notion keeps edit times to the minute.
  const NOW = ctx.now().slice(0, 16) + ":00.000Z";
  const ME = ctx.one("SELECT user_id FROM pages_users WHERE type = 'bot' ORDER BY position LIMIT 1").user_id;
  const userRef = (id) => ({ object: "user", id });
  const userObject = (u) => u.type === "bot"
    ? { object: "user", id: u.user_id, name: u.name, avatar_url: null, type: "bot", bot: { owner: { type: "workspace", workspace: true }, workspace_name: W.workspace } }
    : { object: "user", id: u.user_id, name: u.name, avatar_url: null, type: "person", person: { email: u.email } };
  const rt = (text) => text === "" ? [] : [{ type: "text", text: { content: text, link: null }, annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" }, plain_text: text, href: null }];
  const textOf = (list, where) => {
    const items = parsed(list, where);
    if (items === undefined || items === null) return "";
    if (!Array.isArray(items)) invalid("body." + where + " should be an array.");
    let text = "";
    items.forEach((raw, i) => {
      const item = parsed(raw, where + "[" + i + "]");
      if (item && typeof item === "object" && item.text && typeof item.text.content === "string") text += item.text.content;
      else if (item && typeof item === "object" && typeof item.plain_text === "string") text += item.plain_text;
      else invalid("body." + where + "[" + i + "].text should be defined, instead was undefined.");
      if (item.text && typeof item.text.content === "string" && item.text.content.length > 2000) invalid("body." + where + "[" + i + "].text.content.length should be ≤ 2000.");
    });
    return text;
  };
  const slug = (title) => title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  const urlOf = (title, id) => "https://www.notion.so/" + (slug(title) ? slug(title) + "-" : "") + id.replace(/-/g, "");
  const iconOf = (icon) => icon === null ? null : /^https?:/.test(icon) ? { type: "external", external: { url: icon } } : { type: "emoji", emoji: icon };
  const coverOf = (cover) => cover === null ? null : { type: "external", external: { url: cover } };
  const iconValue = (raw, where) => {
    const icon = parsed(raw, where);
    if (icon === null) return null;
    if (icon && typeof icon.emoji === "string" && icon.emoji !== "") return icon.emoji;
    if (icon && icon.external && typeof icon.external.url === "string") return icon.external.url;
    invalid("body." + where + " should be an emoji or an external file object.");
  };
  const coverValue = (raw, where) => {
    const cover = parsed(raw, where);
    if (cover === null) return null;
    if (cover && cover.external && typeof cover.external.url === "string") return cover.external.url;
    invalid("body." + where + ".external should be defined, instead was undefined.");
  };
  const SOURCE = "SELECT * FROM pages_data_sources WHERE data_source_id = ?";
  const PAGE = "SELECT * FROM pages_pages WHERE page_id = ?";
  const BLOCK = "SELECT * FROM pages_blocks WHERE block_id = ?";
  const sourceRow = (id) => ctx.one(SOURCE, [id]);
  const pageRow = (id) => ctx.one(PAGE, [id]);
  const schemaOf = (source) => JSON.parse(source.properties);
  const propertyIn = (schema, key) => schema.find((p) => p.id === key) || schema.find((p) => p.name === key);
  const option = (prop, name) => {
    const found = (prop.options || []).find((o) => o.name === name);
    return found ? { id: found.id, name: found.name, color: found.color } : { id: name, name, color: "default" };
  };
  const propertyValue = (prop, page, values) => {
    const v = prop.type === "title" ? page.title : values[prop.name];
    const out = { id: prop.id, type: prop.type };
    const none = v === undefined || v === null;
    if (prop.type === "title") out.title = rt(v);
    else if (prop.type === "rich_text") out.rich_text = rt(none ? "" : v);
    else if (prop.type === "select" || prop.type === "status") out[prop.type] = none ? null : option(prop, v);
    else if (prop.type === "multi_select") out.multi_select = (none ? [] : v).map((n) => option(prop, n));
    else if (prop.type === "date") out.date = none ? null : { start: v, end: null, time_zone: null };
    else if (prop.type === "people") out.people = (none ? [] : v).map(userRef);
    else if (prop.type === "checkbox") out.checkbox = v === true;
    else if (prop.type === "number") out.number = none ? null : v;
    else if (prop.type === "relation") { out.relation = (none ? [] : v).map((id) => ({ id })); out.has_more = false; }
    return out;
  };
  const titleSchema = [{ id: "title", name: "title", type: "title" }];
  const schemaOfPage = (page) => page.parent_type === "data_source_id" ? schemaOf(sourceRow(page.parent_id)) : titleSchema;
  const pageProperties = (page, only) => {
    const values = JSON.parse(page.properties);
    const out = {};
    for (const prop of schemaOfPage(page)) {
      if (only && !only.includes(prop.id) && !only.includes(prop.name)) continue;
      out[prop.name] = propertyValue(prop, page, values);
    }
    return out;
  };
  const pageParent = (page) => {
    if (page.parent_type === "workspace") return { type: "workspace", workspace: true };
    if (page.parent_type === "page_id") return { type: "page_id", page_id: page.parent_id };
    return { type: "data_source_id", data_source_id: page.parent_id, database_id: sourceRow(page.parent_id).database_id };
  };
  const pageObject = (page, only) => ({
    object: "page",
    id: page.page_id,
    created_time: page.created_time,
    last_edited_time: page.last_edited_time,
    created_by: userRef(page.created_by),
    last_edited_by: userRef(page.last_edited_by),
    cover: coverOf(page.cover),
    icon: iconOf(page.icon),
    parent: pageParent(page),
    archived: page.in_trash === 1,
    in_trash: page.in_trash === 1,
    is_locked: false,
    properties: pageProperties(page, only),
    url: urlOf(page.title, page.page_id),
    public_url: null,
  });
  const TEXT_BLOCKS = ["paragraph", "heading_1", "heading_2", "heading_3", "bulleted_list_item", "numbered_list_item", "to_do", "quote", "code"];
  const NESTING = ["paragraph", "bulleted_list_item", "numbered_list_item", "to_do", "quote", "child_page"];
  const titleOfDatabase = (id) => {
    const found = ctx.one("SELECT title FROM pages_data_sources WHERE database_id = ?", [id]);
    return found ? found.title : "";
  };
  const blockContent = (b) => {
    if (b.type === "divider") return {};
    if (b.type === "child_page") return { title: pageRow(b.block_id).title };
    if (b.type === "child_database") return { title: titleOfDatabase(b.block_id) };
    if (b.type === "code") return { caption: [], rich_text: rt(b.text), language: b.language };
    if (b.type === "to_do") return { rich_text: rt(b.text), checked: b.checked === 1, color: "default" };
    if (b.type.startsWith("heading_")) return { rich_text: rt(b.text), is_toggleable: false, color: "default" };
    return { rich_text: rt(b.text), color: "default" };
  };
  const hasChildren = (id) => ctx.one("SELECT COUNT(*) AS n FROM pages_blocks WHERE parent_id = ? AND in_trash = 0", [id]).n > 0;
  const blockObject = (b) => {
    const out = {
      object: "block",
      id: b.block_id,
      parent: b.parent_type === "workspace" ? { type: "workspace", workspace: true } : b.parent_type === "page_id" ? { type: "page_id", page_id: b.parent_id } : { type: "block_id", block_id: b.parent_id },
      created_time: b.created_time,
      last_edited_time: b.last_edited_time,
      created_by: userRef(b.created_by),
      last_edited_by: userRef(b.last_edited_by),
      has_children: b.type === "child_database" ? false : hasChildren(b.block_id),
      archived: b.in_trash === 1,
      in_trash: b.in_trash === 1,
      type: b.type,
    };
    out[b.type] = blockContent(b);
    return out;
  };
  // A page at the top of the workspace or in a data source has no child_page block; read as a
  // block it is one, under its own parent.
  const blockRow = (id) => {
    const found = ctx.one(BLOCK, [id]);
    if (found !== null) return found;
    const page = pageRow(id);
    if (page === null) return null;
    return {
      block_id: page.page_id, parent_type: page.parent_type === "workspace" ? "workspace" : "page_id",
      parent_id: page.parent_type === "data_source_id" ? sourceRow(page.parent_id).database_id : page.parent_id,
      position: 0, type: "child_page", text: "", checked: null, language: null, in_trash: page.in_trash,
      created_time: page.created_time, last_edited_time: page.last_edited_time, created_by: page.created_by, last_edited_by: page.last_edited_by,
    };
  };
  const sourceObject = (s) => {
    const properties = {};
    for (const p of schemaOf(s)) {
      const config = {};
      if (p.options) config.options = p.options.map((o) => ({ id: o.id, name: o.name, color: o.color, description: null }));
      if (p.type === "status") {
        const ids = p.options.map((o) => o.id);
        config.groups = [
          { id: "todo", name: "To-do", color: "gray", option_ids: ids.slice(0, 1) },
          { id: "in-progress", name: "In progress", color: "blue", option_ids: ids.slice(1, 2) },
          { id: "complete", name: "Complete", color: "green", option_ids: ids.slice(2) },
        ];
      }
      if (p.type === "number") config.format = p.format;
      if (p.type === "relation") { config.data_source_id = p.relation.data_source_id; config.database_id = p.relation.database_id; config.type = "single_property"; config.single_property = {}; }
      const entry = { id: p.id, name: p.name, type: p.type, description: null };
      entry[p.type] = config;
      properties[p.name] = entry;
    }
    return {
      object: "data_source",
      id: s.data_source_id,
      created_time: s.created_time,
      last_edited_time: s.last_edited_time,
      created_by: userRef(s.created_by),
      last_edited_by: userRef(s.last_edited_by),
      properties,
      parent: { type: "database_id", database_id: s.database_id },
      database_parent: { type: "page_id", page_id: s.parent_page_id },
      archived: s.in_trash === 1,
      in_trash: s.in_trash === 1,
      is_inline: false,
      icon: iconOf(s.icon),
      cover: null,
      url: urlOf("", s.database_id) + "?v=" + s.data_source_id.replace(/-/g, ""),
      public_url: null,
      title: rt(s.title),
      description: rt(s.description),
    };
  };
  const commentObject = (c) => ({
    object: "comment",
    id: c.comment_id,
    parent: c.parent_type === "page_id" ? { type: "page_id", page_id: c.parent_id } : { type: "block_id", block_id: c.parent_id },
    discussion_id: c.discussion_id,
    created_time: c.created_time,
    last_edited_time: c.created_time,
    created_by: userRef(c.created_by),
    rich_text: rt(c.text),
  });
  // One page of a list: results after the cursor (the id of the first item of that page).
  const listOf = (items, idOfItem, render, type) => {
    const size = given("size") === undefined ? 100 : given("size");
    if (!Number.isInteger(size) || size < 1 || size > 100) invalid("body.page_size should be a number between 1 and 100, instead was " + JSON.stringify(size) + ".");
    let start = 0;
    const cursor = given("cursor");
    if (cursor !== undefined) {
      start = items.findIndex((item) => idOfItem(item) === cursor);
      if (start < 0) invalid("start_cursor provided is invalid: " + cursor);
    }
    const next = items[start + size];
    const out = { object: "list", results: items.slice(start, start + size).map(render), next_cursor: next === undefined ? null : idOfItem(next), has_more: next !== undefined, type };
    out[type] = {};
    return out;
  };
  const ARCHIVED = "Can't edit block that is archived. You must unarchive the block before editing.";
  const editable = (row) => { if (row.in_trash === 1) invalid(ARCHIVED); return row; };
  const pageOf = (value, where) => {
    const id = idOf(value, where);
    const page = pageRow(id);
    if (page === null) missing("page", id);
    return page;
  };
  const sourceOf = (value, where) => {
    const id = idOf(value, where);
    const found = sourceRow(id);
    if (found === null) missing("data_source", id);
    return found;
  };
  // A page or a block whose children can be listed or appended to.
  const containerOf = (value, where) => {
    const id = idOf(value, where);
    const block = ctx.one(BLOCK, [id]);
    if (block !== null) return { id, type: block.type, row: block, page: block.type === "child_page" ? pageRow(id) : null };
    const page = pageRow(id);
    if (page !== null) return { id, type: "child_page", row: page, page };
    missing("block", id);
  };
  const touchPage = (id) => ctx.run("UPDATE pages_pages SET last_edited_time = ?, last_edited_by = ? WHERE page_id = ?", [NOW, ME, id]);
  // The page a block belongs to, for its edit time.
  const pageOfBlock = (row) => {
    let parent = row;
    for (let depth = 0; depth < 50 && parent && parent.parent_type === "block_id"; depth++) parent = ctx.one(BLOCK, [parent.parent_id]);
    return parent ? parent.parent_id : null;
  };
  const TITLE_LIMIT = 2000;
  // A property value in the request's form, as stored (option names, ids, ISO dates).
  const storedValue = (prop, raw, where, schema) => {
    const value = parsed(raw, where);
    const typed = value !== null && typeof value === "object" && !Array.isArray(value) && prop.type in value;
    if (!typed && !((prop.type === "title" || prop.type === "rich_text") && Array.isArray(value))) invalid(prop.name + " is expected to be " + prop.type + ".");
    const inner = typed ? value[prop.type] : value;
    const where2 = where + "." + prop.type;
    if (prop.type === "title" || prop.type === "rich_text") return textOf(inner, where2);
    if (prop.type === "number") {
      if (inner !== null && (typeof inner !== "number" || !Number.isFinite(inner))) invalid("body." + where2 + " should be a number or null, instead was " + JSON.stringify(inner) + ".");
      return inner;
    }
    if (prop.type === "checkbox") {
      if (typeof inner !== "boolean") invalid("body." + where2 + " should be a boolean, instead was " + JSON.stringify(inner) + ".");
      return inner;
    }
    const choose = (o, at) => {
      if (!o || typeof o !== "object") invalid("body." + at + " should be an object.");
      const found = (prop.options || []).find((x) => (o.id !== undefined && x.id === o.id) || (o.name !== undefined && x.name === o.name));
      if (found) return found.name;
      if (prop.type === "status" || typeof o.name !== "string" || o.name.trim() === "") invalid("Invalid " + prop.type + " option " + JSON.stringify(o.name === undefined ? o.id : o.name) + " for " + prop.name + ".");
      if (o.name.indexOf(",") >= 0) invalid("body." + at + ".name should not contain commas.");
      // Like Notion, a new select option name adds the option to the schema.
      prop.options = (prop.options || []).concat([{ id: newId().slice(0, 4), name: o.name, color: "default" }]);
      schema.changed = true;
      return o.name;
    };
    if (prop.type === "select" || prop.type === "status") return inner === null ? null : choose(inner, where2);
    if (prop.type === "multi_select") {
      if (!Array.isArray(inner)) invalid("body." + where2 + " should be an array.");
      return inner.map((o, i) => choose(o, where2 + "[" + i + "]"));
    }
    if (prop.type === "date") {
      if (inner === null) return null;
      if (!inner || typeof inner.start !== "string" || !/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(inner.start)) invalid("body." + where2 + ".start should be a valid ISO 8601 date string.");
      return inner.start;
    }
    const refs = (kind) => {
      if (!Array.isArray(inner)) invalid("body." + where2 + " should be an array.");
      return inner.map((o, i) => {
        if (!o || typeof o.id !== "string") invalid("body." + where2 + "[" + i + "].id should be defined.");
        const id = idOf(o.id, where2 + "[" + i + "].id");
        const exists = kind === "people"
          ? ctx.one("SELECT user_id FROM pages_users WHERE user_id = ?", [id])
          : ctx.one("SELECT page_id FROM pages_pages WHERE page_id = ? AND parent_type = 'data_source_id' AND parent_id = ?", [id, prop.relation.data_source_id]);
        if (exists === null) invalid("body." + where2 + "[" + i + "].id " + id + " is not a " + (kind === "people" ? "user" : "page of the related data source") + ".");
        return id;
      });
    };
    if (prop.type === "people") return refs("people");
    if (prop.type === "relation") return refs("relation");
    invalid(prop.name + " has a property type that cannot be written.");
  };
  // The request's property values applied to a page's row: title and a JSON of the others.
  const applyProperties = (schema, raw, title, values, where) => {
    const props = parsed(raw, where);
    if (props === undefined) return title;
    if (props === null || typeof props !== "object" || Array.isArray(props)) invalid("body." + where + " should be an object.");
    for (const key of Object.keys(props)) {
      const prop = propertyIn(schema, key);
      if (!prop) invalid(key + " is not a property that exists.");
      const value = storedValue(prop, props[key], where + "." + key, schema);
      if (prop.type === "title") {
        if (value.length > TITLE_LIMIT) invalid("body." + where + "." + key + " is longer than " + TITLE_LIMIT + " characters.");
        title = value;
      } else values[prop.name] = value;
    }
    return title;
  };
  // Stored values in schema order, so the same page always reads back the same JSON.
  const orderedValues = (schema, values) => {
    const out = {};
    for (const p of schema) if (p.type !== "title" && values[p.name] !== undefined) out[p.name] = values[p.name];
    return JSON.stringify(out);
  };
  const saveSchema = (source, schema) => {
    if (!schema.changed) return;
    delete schema.changed;
    ctx.run("UPDATE pages_data_sources SET properties = ?, last_edited_time = ?, last_edited_by = ? WHERE data_source_id = ?", [JSON.stringify(schema), NOW, ME, source.data_source_id]);
  };
  // A block of the request, checked, as { type, text, checked, language, children }.
  const blockInput = (raw, where, depth) => {
    const b = parsed(raw, where);
    if (!b || typeof b !== "object" || Array.isArray(b)) invalid("body." + where + " should be an object.");
    let type = b.type;
    if (type === undefined) type = Object.keys(b).find((k) => TEXT_BLOCKS.includes(k) || k === "divider");
    if (type !== "divider" && !TEXT_BLOCKS.includes(type)) invalid("body." + where + ".type should be one of " + TEXT_BLOCKS.concat(["divider"]).join(", ") + ", instead was " + JSON.stringify(type) + ".");
    const content = b[type] === undefined ? (type === "divider" ? {} : undefined) : b[type];
    if (!content || typeof content !== "object") invalid("body." + where + "." + type + " should be defined, instead was undefined.");
    const out = { type, text: "", checked: null, language: null, children: [] };
    if (type !== "divider") {
      if (content.rich_text === undefined) invalid("body." + where + "." + type + ".rich_text should be defined, instead was undefined.");
      out.text = textOf(content.rich_text, where + "." + type + ".rich_text");
    }
    if (type === "to_do") out.checked = content.checked === true ? 1 : 0;
    if (type === "code") out.language = typeof content.language === "string" ? content.language : "plain text";
    const nested = content.children !== undefined ? content.children : b.children;
    if (nested !== undefined) {
      if (!Array.isArray(nested)) invalid("body." + where + ".children should be an array.");
      if (nested.length > 0 && !NESTING.includes(type)) invalid("body." + where + " (" + type + ") does not support children.");
      if (nested.length > 0 && depth >= 2) invalid("body." + where + ".children exceeds the maximum nesting depth of 2.");
      out.children = nested.map((c, i) => blockInput(c, where + ".children[" + i + "]", depth + 1));
    }
    return out;
  };
  const blocksInput = (raw, where) => {
    const list = parsed(raw, where);
    if (!Array.isArray(list)) invalid("body." + where + " should be an array.");
    if (list.length > 100) invalid("body." + where + ".length should be ≤ 100, instead was " + list.length + ".");
    return list.map((b, i) => blockInput(b, where + "[" + i + "]", 1));
  };
  // Inserts blocks under a parent at positions start+1..; returns their rows.
  const insertBlocks = (parentType, parentId, blocks, start) => blocks.map((b, i) => {
    const row = { block_id: newId(), parent_type: parentType, parent_id: parentId, position: start + i + 1, type: b.type, text: b.text, checked: b.checked, language: b.language, in_trash: 0, created_time: NOW, last_edited_time: NOW, created_by: ME, last_edited_by: ME };
    ctx.run("INSERT INTO pages_blocks (block_id, parent_type, parent_id, position, type, text, checked, language, in_trash, created_time, last_edited_time, created_by, last_edited_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)", [row.block_id, parentType, parentId, row.position, row.type, row.text, row.checked, row.language, NOW, NOW, ME, ME]);
    insertBlocks("block_id", row.block_id, b.children, 0);
    return row;
  });
  const lastPosition = (parentId) => ctx.one("SELECT COALESCE(MAX(position), 0) AS p FROM pages_blocks WHERE parent_id = ?", [parentId]).p;
  // Moves a page (and its child_page block) into the trash or out of it.
  const trashPage = (id, flag) => {
    ctx.run("UPDATE pages_pages SET in_trash = ?, last_edited_time = ?, last_edited_by = ? WHERE page_id = ?", [flag, NOW, ME, id]);
    ctx.run("UPDATE pages_blocks SET in_trash = ?, last_edited_time = ?, last_edited_by = ? WHERE block_id = ? AND type = 'child_page'", [flag, NOW, ME, id]);
  };
`;
