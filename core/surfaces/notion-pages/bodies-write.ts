// The guest bodies of the pages tools that write, after the Notion API: append block children
// (at the end or after a sibling), update or trash a block, update a page's properties, icon,
// cover and trash flag, create a page under a page, a data source or the workspace, comment, change
// or create a data source's schema, move a page, and edit a page as markdown. Each runs after
// OBJECTS_JS (and MARKDOWN_JS for the markdown edit); a refusal fails before anything is written.
const APPEND_CHILDREN = `
  const parent = containerOf(given("block"), "path.block_id");
  editable(parent.row);
  if (!NESTING.includes(parent.type)) invalid("Block type " + parent.type + " does not support children.");
  const blocks = blocksInput(given("children"), "children");
  let start = lastPosition(parent.id);
  if (given("after") !== undefined) {
    const afterId = idOf(given("after"), "body.after");
    const after = ctx.one("SELECT * FROM pages_blocks WHERE block_id = ? AND parent_id = ? AND in_trash = 0", [afterId, parent.id]);
    if (after === null) invalid("body.after " + afterId + " is not a child of block " + parent.id + ".");
    start = after.position;
    ctx.run("UPDATE pages_blocks SET position = position + ? WHERE parent_id = ? AND position > ?", [blocks.length, parent.id, start]);
  }
  const rows = insertBlocks(parent.page ? "page_id" : "block_id", parent.id, blocks, start);
  if (parent.page) touchPage(parent.id);
  else {
    ctx.run("UPDATE pages_blocks SET last_edited_time = ?, last_edited_by = ? WHERE block_id = ?", [NOW, ME, parent.id]);
    const owner = pageOfBlock(parent.row);
    if (owner) touchPage(owner);
  }
  return { object: "list", results: rows.map(blockObject), next_cursor: null, has_more: false, type: "block", block: {} };`;

const UPDATE_BLOCK = `
  const id = idOf(given("block"), "path.block_id");
  const block = ctx.one(BLOCK, [id]);
  if (block === null) missing("block", id);
  const archived = given("archived");
  const change = objectArg("blockType");
  if (block.in_trash === 1 && archived !== false) invalid(ARCHIVED);
  if (change !== undefined && change !== null) {
    const content = change[block.type] !== undefined ? parsed(change[block.type], A.blockType + "." + block.type) : change;
    const other = Object.keys(change).find((k) => k !== block.type && (TEXT_BLOCKS.includes(k) || k === "divider" || k.startsWith("child_")));
    if (other !== undefined) invalid("body." + A.blockType + "." + other + " does not match the block type " + block.type + ".");
    if (!content || typeof content !== "object") invalid("body." + A.blockType + "." + block.type + " should be an object.");
    if (block.type === "child_page" || block.type === "child_database" || block.type === "divider") {
      if (Object.keys(content).length > 0) invalid("A " + block.type + " block cannot be updated here.");
    }
    if (content.rich_text !== undefined) {
      if (!TEXT_BLOCKS.includes(block.type)) invalid("A " + block.type + " block has no rich_text.");
      block.text = textOf(content.rich_text, A.blockType + "." + block.type + ".rich_text");
    }
    if (content.checked !== undefined) {
      if (block.type !== "to_do") invalid("Only to_do blocks have checked.");
      if (typeof content.checked !== "boolean") invalid("body." + A.blockType + ".to_do.checked should be a boolean.");
      block.checked = content.checked ? 1 : 0;
    }
    if (content.language !== undefined) {
      if (block.type !== "code" || typeof content.language !== "string") invalid("Only code blocks have a language.");
      block.language = content.language;
    }
  }
  if (archived !== undefined) {
    block.in_trash = archived ? 1 : 0;
    if (block.type === "child_page") trashPage(block.block_id, block.in_trash);
  }
  ctx.run("UPDATE pages_blocks SET text = ?, checked = ?, language = ?, in_trash = ?, last_edited_time = ?, last_edited_by = ? WHERE block_id = ?", [block.text, block.checked, block.language, block.in_trash, NOW, ME, id]);
  const owner = pageOfBlock(block);
  if (owner) touchPage(owner);
  return blockObject(ctx.one(BLOCK, [id]));`;

const DELETE_BLOCK = `
  const id = idOf(given("block"), "path.block_id");
  const block = blockRow(id);
  if (block === null) missing("block", id);
  editable(block);
  if (block.type === "child_page") trashPage(id, 1);
  if (block.type === "child_database") ctx.run("UPDATE pages_data_sources SET in_trash = 1, last_edited_time = ?, last_edited_by = ? WHERE database_id = ?", [NOW, ME, id]);
  ctx.run("UPDATE pages_blocks SET in_trash = 1, last_edited_time = ?, last_edited_by = ? WHERE block_id = ?", [NOW, ME, id]);
  const owner = pageOfBlock(block);
  if (owner && block.parent_type !== "workspace") touchPage(owner);
  return blockObject(blockRow(id));`;

const UPDATE_PAGE = `
  const page = pageOf(given("page"), "path.page_id");
  const trashFlag = given("inTrash") !== undefined ? given("inTrash") : given("archived");
  if (page.in_trash === 1 && trashFlag !== false) invalid(ARCHIVED);
  const schema = schemaOfPage(page);
  const values = JSON.parse(page.properties);
  const title = applyProperties(schema, given("properties"), page.title, values, "properties");
  let icon = page.icon;
  let cover = page.cover;
  if (given("icon") !== undefined) icon = iconValue(given("icon"), "icon");
  if (given("cover") !== undefined) cover = coverValue(given("cover"), "cover");
  ctx.run("UPDATE pages_pages SET title = ?, properties = ?, icon = ?, cover = ?, last_edited_time = ?, last_edited_by = ? WHERE page_id = ?", [title, orderedValues(schema, values), icon, cover, NOW, ME, page.page_id]);
  if (page.parent_type === "data_source_id") saveSchema(sourceRow(page.parent_id), schema);
  if (trashFlag !== undefined) trashPage(page.page_id, trashFlag ? 1 : 0);
  return pageObject(pageRow(page.page_id));`;

const PARENT = `
  // { type: "page_id" | "data_source_id" | "workspace", id, page?, source? } from a parent object.
  const parentOf = (raw, where) => {
    const parent = parsed(raw, where);
    if (!parent || typeof parent !== "object" || Array.isArray(parent)) invalid("body." + where + " should be an object.");
    if (parent.page_id !== undefined && (parent.type === undefined || parent.type === "page_id")) {
      const page = pageOf(parent.page_id, "body." + where + ".page_id");
      editable(page);
      return { type: "page_id", id: page.page_id, page };
    }
    const sourceKey = parent.data_source_id !== undefined ? "data_source_id" : parent.database_id !== undefined ? "database_id" : null;
    if (sourceKey !== null && (parent.type === undefined || parent.type === sourceKey)) {
      const id = idOf(parent[sourceKey], "body." + where + "." + sourceKey);
      const source = sourceKey === "data_source_id" ? sourceRow(id) : ctx.one("SELECT * FROM pages_data_sources WHERE database_id = ?", [id]);
      if (source === null) missing(sourceKey === "data_source_id" ? "data_source" : "database", id);
      if (source.in_trash === 1) invalid(ARCHIVED);
      return { type: "data_source_id", id: source.data_source_id, source };
    }
    if (parent.type === "workspace") return { type: "workspace", id: null };
    invalid("body." + where + " should have a page_id, a data_source_id, a database_id or type workspace.");
  };`;

const CREATE_PAGE = `${PARENT}
  const parent = parentOf(given("parent"), "parent");
  const schema = parent.type === "data_source_id" ? schemaOf(parent.source) : titleSchema;
  const values = {};
  const title = applyProperties(schema, given("properties") === undefined ? {} : given("properties"), "", values, "properties");
  const blocks = given("children") === undefined ? [] : blocksInput(given("children"), "children");
  const icon = given("icon") === undefined ? null : iconValue(given("icon"), "icon");
  const cover = given("cover") === undefined ? null : coverValue(given("cover"), "cover");
  const id = newId();
  ctx.run("INSERT INTO pages_pages (page_id, parent_type, parent_id, title, icon, cover, properties, in_trash, created_time, last_edited_time, created_by, last_edited_by) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)", [id, parent.type, parent.id, title, icon, cover, orderedValues(schema, values), NOW, NOW, ME, ME]);
  if (parent.type === "page_id") {
    ctx.run("INSERT INTO pages_blocks (block_id, parent_type, parent_id, position, type, text, checked, language, in_trash, created_time, last_edited_time, created_by, last_edited_by) VALUES (?, 'page_id', ?, ?, 'child_page', '', NULL, NULL, 0, ?, ?, ?, ?)", [id, parent.id, lastPosition(parent.id) + 1, NOW, NOW, ME, ME]);
    touchPage(parent.id);
  }
  if (parent.type === "data_source_id") saveSchema(parent.source, schema);
  insertBlocks("page_id", id, blocks, 0);
  return pageObject(pageRow(id));`;

const CREATE_COMMENT = `
  const parent = parsed(given("parent"), "parent");
  if (!parent || typeof parent !== "object" || parent.page_id === undefined) invalid("body.parent.page_id should be defined, instead was undefined.");
  const page = pageOf(parent.page_id, "body.parent.page_id");
  editable(page);
  const text = textOf(given("richText"), A.richText);
  if (text.trim() === "") invalid("body." + A.richText + " should not be empty.");
  const top = ctx.one("SELECT COALESCE(MAX(position), 0) AS p FROM pages_comments").p;
  const row = { comment_id: newId(), position: top + 1, parent_type: "page_id", parent_id: page.page_id, discussion_id: newId(), text, created_by: ME, created_time: NOW };
  ctx.run("INSERT INTO pages_comments (comment_id, position, parent_type, parent_id, discussion_id, text, created_by, created_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [row.comment_id, row.position, row.parent_type, row.parent_id, row.discussion_id, row.text, row.created_by, row.created_time]);
  return commentObject(row);`;

const SCHEMA_EDIT = `
  const SCHEMA_TYPES = ["title", "rich_text", "number", "select", "multi_select", "status", "date", "people", "checkbox", "relation"];
  const configOf = (name, raw, where, existing) => {
    const def = parsed(raw, where);
    if (!def || typeof def !== "object" || Array.isArray(def)) invalid("body." + where + " should be an object.");
    const type = Object.keys(def).find((k) => SCHEMA_TYPES.includes(k));
    if (type === undefined) return null;
    const config = parsed(def[type], where + "." + type) || {};
    const prop = { id: existing ? existing.id : newId().slice(0, 4), name, type };
    if (type === "select" || type === "multi_select" || type === "status") {
      if (type === "status" && existing) invalid("Status property options cannot be updated through the API.");
      const listed = config.options === undefined ? (existing && existing.type === type ? existing.options : []) : config.options;
      if (!Array.isArray(listed)) invalid("body." + where + "." + type + ".options should be an array.");
      const names = new Set();
      prop.options = listed.map((o, i) => {
        if (!o || typeof o.name !== "string" || o.name.trim() === "" || o.name.indexOf(",") >= 0) invalid("body." + where + "." + type + ".options[" + i + "].name should be a non-empty name without commas.");
        if (names.has(o.name)) invalid("Duplicate option name " + JSON.stringify(o.name) + " in " + name + ".");
        names.add(o.name);
        const before = existing && existing.options ? existing.options.find((x) => x.name === o.name) : undefined;
        return { id: before ? before.id : newId().slice(0, 4), name: o.name, color: typeof o.color === "string" ? o.color : before ? before.color : "default" };
      });
      if (type === "status" && prop.options.length === 0) prop.options = [{ id: newId().slice(0, 4), name: "Not started", color: "default" }, { id: newId().slice(0, 4), name: "In progress", color: "blue" }, { id: newId().slice(0, 4), name: "Done", color: "green" }];
    }
    if (type === "number") prop.format = typeof config.format === "string" ? config.format : "number";
    if (type === "relation") {
      if (typeof config.data_source_id !== "string") invalid("body." + where + ".relation.data_source_id should be defined.");
      const target = sourceOf(config.data_source_id, "body." + where + ".relation.data_source_id");
      prop.relation = { data_source_id: target.data_source_id, database_id: target.database_id };
    }
    return prop;
  };`;

const UPDATE_DATA_SOURCE = `${SCHEMA_EDIT}
  const source = sourceOf(given("dataSource"), "path.data_source_id");
  editable(source);
  let schema = schemaOf(source);
  const title = given("title") === undefined ? source.title : textOf(given("title"), A.title);
  const description = given("description") === undefined ? source.description : textOf(given("description"), A.description);
  const rows = ctx.query("SELECT page_id, properties FROM pages_pages WHERE parent_type = 'data_source_id' AND parent_id = ?", [source.data_source_id]);
  const values = rows.map((r) => JSON.parse(r.properties));
  const changes = parsed(given("properties"), "properties");
  if (changes !== undefined && (changes === null || typeof changes !== "object" || Array.isArray(changes))) invalid("body.properties should be an object.");
  for (const key of Object.keys(changes || {})) {
    const existing = propertyIn(schema, key);
    const change = parsed(changes[key], "properties." + key);
    if (change === null) {
      if (!existing) invalid(key + " is not a property that exists.");
      if (existing.type === "title") invalid("The title property cannot be removed.");
      schema = schema.filter((p) => p !== existing);
      values.forEach((v) => { delete v[existing.name]; });
      continue;
    }
    const name = change && typeof change.name === "string" && change.name.trim() !== "" ? change.name : existing ? existing.name : key;
    if (schema.some((p) => p !== existing && p.name === name)) invalid("A property named " + JSON.stringify(name) + " already exists.");
    const config = configOf(name, change, "properties." + key, existing);
    if (!existing) {
      if (config === null) invalid("body.properties." + key + " should name a property type.");
      if (config.type === "title") invalid("A data source has exactly one title property.");
      schema.push(config);
      continue;
    }
    let next = config === null ? Object.assign({}, existing, { name }) : config;
    if (next.type !== existing.type && (next.type === "title" || existing.type === "title")) invalid("The title property's type cannot change.");
    schema = schema.map((p) => (p === existing ? next : p));
    values.forEach((v) => {
      const old = v[existing.name];
      delete v[existing.name];
      if (old !== undefined && next.type === existing.type) v[name] = old;
    });
  }
  ctx.run("UPDATE pages_data_sources SET title = ?, description = ?, properties = ?, last_edited_time = ?, last_edited_by = ? WHERE data_source_id = ?", [title, description, JSON.stringify(schema), NOW, ME, source.data_source_id]);
  rows.forEach((r, i) => {
    const text = orderedValues(schema, values[i]);
    if (text !== r.properties) ctx.run("UPDATE pages_pages SET properties = ? WHERE page_id = ?", [text, r.page_id]);
  });
  return sourceObject(sourceRow(source.data_source_id));`;

const CREATE_DATA_SOURCE = `${SCHEMA_EDIT}
  const parent = parsed(given("parent"), "parent");
  if (!parent || typeof parent !== "object" || parent.page_id === undefined) invalid("body.parent.page_id should be defined, instead was undefined.");
  const page = pageOf(parent.page_id, "body.parent.page_id");
  editable(page);
  const defs = parsed(given("properties"), "properties");
  if (!defs || typeof defs !== "object" || Array.isArray(defs)) invalid("body.properties should be an object.");
  const schema = [];
  for (const name of Object.keys(defs)) {
    if (name.trim() === "") invalid("A property name cannot be empty.");
    const prop = configOf(name, defs[name], "properties." + name, undefined);
    if (prop === null) invalid("body.properties." + name + " should name a property type.");
    if (prop.type === "title") prop.id = "title";
    schema.push(prop);
  }
  const titles = schema.filter((p) => p.type === "title").length;
  if (titles !== 1) invalid(titles === 0 ? "Title is not provided" : "A data source has exactly one title property.");
  const title = given("title") === undefined ? "" : textOf(given("title"), A.title);
  const sourceId = newId();
  const databaseId = newId();
  ctx.run("INSERT INTO pages_data_sources (data_source_id, database_id, parent_page_id, title, description, icon, properties, in_trash, created_time, last_edited_time, created_by, last_edited_by) VALUES (?, ?, ?, ?, '', NULL, ?, 0, ?, ?, ?, ?)", [sourceId, databaseId, page.page_id, title, JSON.stringify(schema), NOW, NOW, ME, ME]);
  ctx.run("INSERT INTO pages_blocks (block_id, parent_type, parent_id, position, type, text, checked, language, in_trash, created_time, last_edited_time, created_by, last_edited_by) VALUES (?, 'page_id', ?, ?, 'child_database', '', NULL, NULL, 0, ?, ?, ?, ?)", [databaseId, page.page_id, lastPosition(page.page_id) + 1, NOW, NOW, ME, ME]);
  touchPage(page.page_id);
  return sourceObject(sourceRow(sourceId));`;

const MOVE_PAGE = `${PARENT}
  const page = pageOf(given("page"), "path.page_id");
  editable(page);
  const parent = parentOf(given("parent"), "parent");
  if (parent.type === "page_id") {
    for (let at = parent.page, depth = 0; at && depth < 100; depth++) {
      if (at.page_id === page.page_id) invalid("A page cannot be moved into itself or one of its own pages.");
      at = at.parent_type === "page_id" ? pageRow(at.parent_id) : null;
    }
  }
  ctx.run("DELETE FROM pages_blocks WHERE block_id = ? AND type = 'child_page'", [page.page_id]);
  if (page.parent_type === "page_id") touchPage(page.parent_id);
  const schema = parent.type === "data_source_id" ? schemaOf(parent.source) : titleSchema;
  const kept = page.parent_type === parent.type && page.parent_id === parent.id ? page.properties : parent.type === "data_source_id" ? orderedValues(schema, {}) : "{}";
  ctx.run("UPDATE pages_pages SET parent_type = ?, parent_id = ?, properties = ?, last_edited_time = ?, last_edited_by = ? WHERE page_id = ?", [parent.type, parent.id, kept, NOW, ME, page.page_id]);
  if (parent.type === "page_id") {
    ctx.run("INSERT INTO pages_blocks (block_id, parent_type, parent_id, position, type, text, checked, language, in_trash, created_time, last_edited_time, created_by, last_edited_by) VALUES (?, 'page_id', ?, ?, 'child_page', '', NULL, NULL, 0, ?, ?, ?, ?)", [page.page_id, parent.id, lastPosition(parent.id) + 1, page.created_time, NOW, page.created_by, ME]);
    touchPage(parent.id);
  }
  return pageObject(pageRow(page.page_id));`;

const UPDATE_MARKDOWN = String.raw`
  const page = pageOf(given("page"), "path.page_id");
  editable(page);
  const kind = given("edit");
  const SLOT = { replace_content: "replaceContent", update_content: "updateContent", insert_content: "insertContent", replace_content_range: "replaceRange" }[kind];
  if (SLOT === undefined || A[SLOT] === undefined) invalid("body.type should be one of replace_content, update_content, insert_content, replace_content_range, instead was " + JSON.stringify(kind) + ".");
  const edit = parsed(given(SLOT), kind);
  if (!edit || typeof edit !== "object" || Array.isArray(edit)) invalid("body." + kind + " should be defined, instead was undefined.");
  const current = renderMarkdown(page.page_id);
  let next;
  if (kind === "replace_content") {
    if (typeof edit.new_str !== "string") invalid("body.replace_content.new_str should be a string.");
    next = edit.new_str;
  } else if (kind === "update_content") {
    if (!Array.isArray(edit.content_updates) || edit.content_updates.length === 0 || edit.content_updates.length > 100) invalid("body.update_content.content_updates should be an array of 1 to 100 edits.");
    next = current;
    edit.content_updates.forEach((u, i) => {
      if (!u || typeof u.old_str !== "string" || typeof u.new_str !== "string" || u.old_str === "") invalid("body.update_content.content_updates[" + i + "] should have old_str and new_str.");
      const at = next.indexOf(u.old_str);
      if (at < 0) invalid("Could not find old_str " + JSON.stringify(u.old_str) + " in the page.");
      next = u.replace_all_matches === true ? next.split(u.old_str).join(u.new_str) : next.slice(0, at) + u.new_str + next.slice(at + u.old_str.length);
    });
  } else if (kind === "insert_content") {
    if (typeof edit.content !== "string") invalid("body.insert_content.content should be a string.");
    if (edit.after !== undefined && edit.position !== undefined) invalid("body.insert_content cannot have both after and position.");
    if (edit.after !== undefined) {
      const end = rangeOf(current, edit.after, "insert_content.after")[1];
      next = current.slice(0, end) + "\n" + edit.content + current.slice(end);
    } else if (edit.position && edit.position.type === "start") next = edit.content + "\n" + current;
    else next = current + (current === "" ? "" : "\n") + edit.content;
  } else {
    if (typeof edit.content !== "string") invalid("body.replace_content_range.content should be a string.");
    const range = rangeOf(current, edit.content_range, "replace_content_range.content_range");
    next = current.slice(0, range[0]) + edit.content + current.slice(range[1]);
  }
  applyMarkdown(page, next, edit.allow_deleting_content === true);
  return markdownObject(page.page_id, renderMarkdown(page.page_id));`;

export const WRITE_BODIES = {
  append_children: APPEND_CHILDREN,
  update_block: UPDATE_BLOCK,
  delete_block: DELETE_BLOCK,
  update_page: UPDATE_PAGE,
  create_page: CREATE_PAGE,
  create_comment: CREATE_COMMENT,
  update_data_source: UPDATE_DATA_SOURCE,
  create_data_source: CREATE_DATA_SOURCE,
  move_page: MOVE_PAGE,
  update_markdown: UPDATE_MARKDOWN,
} as const;
