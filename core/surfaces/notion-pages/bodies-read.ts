// The guest bodies of the pages tools that read, after the Notion API: users, title search with an
// object filter and an edit-time sort, block children, a block, a page (optionally limited to some
// properties) and one property item, comments, a data source query, a data source, a database, and
// a page as markdown. Each runs after OBJECTS_JS (and QUERY_JS or MARKDOWN_JS where it needs them).
const GET_SELF = `
  return userObject(ctx.one("SELECT * FROM pages_users WHERE user_id = ?", [ME]));`;

const LIST_USERS = `
  const users = ctx.query("SELECT * FROM pages_users ORDER BY position");
  return listOf(users, (u) => u.user_id, userObject, "user");`;

const GET_USER = `
  const id = idOf(given("user"), "path.user_id");
  const user = ctx.one("SELECT * FROM pages_users WHERE user_id = ?", [id]);
  if (user === null) missing("user", id);
  return userObject(user);`;

const SEARCH = `
  const query = given("query") === undefined ? "" : String(given("query")).trim().toLowerCase();
  const filter = objectArg("filter");
  let only = null;
  if (filter !== undefined && filter !== null) {
    if (filter.property !== "object") invalid("body.filter.property should be " + JSON.stringify("object") + ", instead was " + JSON.stringify(filter.property) + ".");
    if (filter.value !== "page" && filter.value !== "data_source") invalid("body.filter.value should be " + JSON.stringify("page") + " or " + JSON.stringify("data_source") + ", instead was " + JSON.stringify(filter.value) + ".");
    only = filter.value;
  }
  const sort = objectArg("sort");
  let sign = -1;
  if (sort !== undefined && sort !== null) {
    if (sort.timestamp !== "last_edited_time") invalid("body.sort.timestamp should be " + JSON.stringify("last_edited_time") + ", instead was " + JSON.stringify(sort.timestamp) + ".");
    if (sort.direction !== "ascending" && sort.direction !== "descending") invalid("body.sort.direction should be ascending or descending, instead was " + JSON.stringify(sort.direction) + ".");
    sign = sort.direction === "ascending" ? 1 : -1;
  }
  const found = [];
  if (only !== "data_source") {
    for (const p of ctx.query("SELECT page_id, last_edited_time FROM pages_pages WHERE in_trash = 0 AND instr(lower(title), ?) > 0", [query])) found.push({ kind: "page", id: p.page_id, time: p.last_edited_time });
  }
  if (only !== "page") {
    for (const s of ctx.query("SELECT data_source_id, last_edited_time FROM pages_data_sources WHERE in_trash = 0 AND instr(lower(title), ?) > 0", [query])) found.push({ kind: "data_source", id: s.data_source_id, time: s.last_edited_time });
  }
  found.sort((a, b) => a.time === b.time ? (a.id < b.id ? -1 : 1) : (a.time < b.time ? -sign : sign));
  return listOf(found, (f) => f.id, (f) => f.kind === "page" ? pageObject(pageRow(f.id)) : sourceObject(sourceRow(f.id)), "page_or_data_source");`;

const BLOCK_CHILDREN = `
  const parent = containerOf(given("block"), "path.block_id");
  const rows = ctx.query("SELECT * FROM pages_blocks WHERE parent_id = ? AND in_trash = 0 ORDER BY position", [parent.id]);
  return listOf(rows, (b) => b.block_id, blockObject, "block");`;

const GET_BLOCK = `
  const id = idOf(given("block"), "path.block_id");
  const block = blockRow(id);
  if (block === null) missing("block", id);
  return blockObject(block);`;

const FILTER_PROPERTIES = `
  const filterProperties = (raw) => {
    if (raw === undefined) return undefined;
    const list = Array.isArray(raw) ? raw : String(raw).split(/[,&]|filter_properties=/);
    return list.map((x) => String(x).trim()).filter((x) => x !== "").map((x) => decodeURIComponent(x));
  };`;

const GET_PAGE = `${FILTER_PROPERTIES}
  const page = pageOf(given("page"), "path.page_id");
  return pageObject(page, filterProperties(given("filterProperties")));`;

const GET_PAGE_PROPERTY = `
  const page = pageOf(given("page"), "path.page_id");
  const key = decodeURIComponent(String(given("property")));
  const prop = propertyIn(schemaOfPage(page), key);
  if (!prop) missing("property", key);
  const value = propertyValue(prop, page, JSON.parse(page.properties));
  const item = (content) => { const out = { object: "property_item", id: prop.id, type: prop.type }; out[prop.type] = content; return out; };
  if (prop.type === "title" || prop.type === "rich_text") {
    return listOf(value[prop.type], (t) => t.plain_text, (t) => item(t), "property_item");
  }
  if (prop.type === "people" || prop.type === "relation") {
    return listOf(value[prop.type], (v) => v.id, (v) => item(v), "property_item");
  }
  return item(value[prop.type]);`;

const LIST_COMMENTS = `
  const id = idOf(given("block"), "query.block_id");
  if (ctx.one(BLOCK, [id]) === null && pageRow(id) === null) missing("block", id);
  const rows = ctx.query("SELECT * FROM pages_comments WHERE parent_id = ? ORDER BY position", [id]);
  return listOf(rows, (c) => c.comment_id, commentObject, "comment");`;

const QUERY_DATA_SOURCE = `${FILTER_PROPERTIES}
  const source = sourceOf(given("dataSource"), "path.data_source_id");
  const schema = schemaOf(source);
  const withTrash = given("inTrash") === true || given("archived") === true;
  let rows = ctx.query("SELECT * FROM pages_pages WHERE parent_type = 'data_source_id' AND parent_id = ? AND (in_trash = 0 OR ?) ORDER BY created_time, page_id", [source.data_source_id, withTrash ? 1 : 0]);
  const filter = objectArg("filter");
  if (filter !== undefined && filter !== null) {
    const test = compileFilter(filter, schema, 0, "filter");
    rows = rows.filter(test);
  }
  rows = sortRows(rows, given("sorts"), schema);
  const only = filterProperties(given("filterProperties"));
  return listOf(rows, (r) => r.page_id, (r) => pageObject(r, only), "page_or_data_source");`;

const GET_DATA_SOURCE = `
  return sourceObject(sourceOf(given("dataSource"), "path.data_source_id"));`;

const GET_DATABASE = `
  const id = idOf(given("database"), "path.database_id");
  const s = ctx.one("SELECT * FROM pages_data_sources WHERE database_id = ?", [id]);
  if (s === null) missing("database", id);
  return {
    object: "database",
    id: s.database_id,
    title: rt(s.title),
    description: rt(s.description),
    parent: { type: "page_id", page_id: s.parent_page_id },
    is_inline: false,
    in_trash: s.in_trash === 1,
    is_locked: false,
    created_time: s.created_time,
    last_edited_time: s.last_edited_time,
    data_sources: [{ id: s.data_source_id, name: s.title }],
    icon: iconOf(s.icon),
    cover: null,
    url: urlOf(s.title, s.database_id),
    public_url: null,
  };`;

const PAGE_MARKDOWN = String.raw`
  const id = idOf(given("page"), "path.page_id");
  const page = pageRow(id);
  if (page === null) {
    const block = ctx.one(BLOCK, [id]);
    if (block === null) missing("page", id);
    return markdownObject(id, flatten(id, 0, []).map((f) => indent(f.depth, f.line)).join("\n"));
  }
  return markdownObject(id, renderMarkdown(id));`;

export const READ_BODIES = {
  get_self: GET_SELF,
  list_users: LIST_USERS,
  get_user: GET_USER,
  search: SEARCH,
  block_children: BLOCK_CHILDREN,
  get_block: GET_BLOCK,
  get_page: GET_PAGE,
  get_page_property: GET_PAGE_PROPERTY,
  list_comments: LIST_COMMENTS,
  query_data_source: QUERY_DATA_SOURCE,
  get_data_source: GET_DATA_SOURCE,
  get_database: GET_DATABASE,
  page_markdown: PAGE_MARKDOWN,
} as const;
