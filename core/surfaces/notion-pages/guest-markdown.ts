// Guest JavaScript of a page as Notion-flavoured markdown, for the block types the surface models:
// headings `#`..`###`, `- ` bullets, `1. ` numbers, `- [ ]`/`- [x]` to-dos, `> ` quotes, fenced
// code, `---`, `<empty-block/>`, and `<page url="...">Title</page>` / `<database ...>` for child
// pages and databases; children are indented one tab per level. Writing markdown back parses it
// into blocks and keeps every existing block whose line is unchanged (in order), trashes the rest
// and inserts the new ones; dropping a child page or database needs `allow_deleting_content`.
// Needs OBJECTS_JS in scope.
export const MARKDOWN_JS =
  `
  const FENCE = "` +
  "```" +
  String.raw`";
  const childrenOf = (parentId) => ctx.query("SELECT * FROM pages_blocks WHERE parent_id = ? AND in_trash = 0 ORDER BY position", [parentId]);
  const lineOf = (b, number) => {
    if (b.type === "paragraph") return b.text === "" ? "<empty-block/>" : b.text;
    if (b.type === "heading_1") return "# " + b.text;
    if (b.type === "heading_2") return "## " + b.text;
    if (b.type === "heading_3") return "### " + b.text;
    if (b.type === "bulleted_list_item") return "- " + b.text;
    if (b.type === "numbered_list_item") return number + ". " + b.text;
    if (b.type === "to_do") return "- [" + (b.checked === 1 ? "x" : " ") + "] " + b.text;
    if (b.type === "quote") return "> " + b.text;
    if (b.type === "divider") return "---";
    if (b.type === "code") return FENCE + (b.language || "") + "\n" + b.text + "\n" + FENCE;
    if (b.type === "child_page") { const p = pageRow(b.block_id); return "<page url=\"" + urlOf(p.title, p.page_id) + "\">" + p.title + "</page>"; }
    if (b.type === "child_database") return "<database url=\"" + urlOf("", b.block_id) + "\">" + titleOfDatabase(b.block_id) + "</database>";
    return "";
  };
  // Every block under a parent, depth first: { row, depth, line }.
  const flatten = (parentId, depth, out) => {
    let number = 0;
    for (const b of childrenOf(parentId)) {
      number = b.type === "numbered_list_item" ? number + 1 : 0;
      out.push({ row: b, depth, line: lineOf(b, number) });
      if (b.type !== "child_page" && depth < 20) flatten(b.block_id, depth + 1, out);
    }
    return out;
  };
  const indent = (depth, text) => text.split("\n").map((l) => "\t".repeat(depth) + l).join("\n");
  const renderMarkdown = (pageId) => flatten(pageId, 0, []).map((f) => indent(f.depth, f.line)).join("\n");
  const markdownObject = (id, markdown) => ({ object: "page_markdown", id, markdown, truncated: false, unknown_block_ids: [] });
  const idInUrl = (url) => { const m = /([0-9a-f]{32})(\?|$)/.exec(url); return m ? idOf(m[1], "url") : null; };
  // Markdown lines to { depth, type, text, checked, language, ref } in order.
  const parseMarkdown = (markdown) => {
    const lines = markdown.split("\n");
    const out = [];
    let number = 0;
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i];
      const depth = /^\t*/.exec(raw)[0].length;
      const line = raw.slice(depth).replace(/\s+$/, "");
      if (line === "") continue;
      const item = { depth, type: "paragraph", text: line, checked: null, language: null, ref: null };
      let m;
      if (line.startsWith(FENCE)) {
        const body = [];
        i += 1;
        while (i < lines.length && lines[i].slice(depth).replace(/\s+$/, "") !== FENCE) { body.push(lines[i].slice(depth)); i += 1; }
        item.type = "code"; item.language = line.slice(3).trim() || "plain text"; item.text = body.join("\n");
      } else if ((m = /^(#{1,3}) (.*)$/.exec(line))) { item.type = "heading_" + m[1].length; item.text = m[2]; }
      else if ((m = /^[-*+] \[( |x|X)\] ?(.*)$/.exec(line))) { item.type = "to_do"; item.checked = m[1] === " " ? 0 : 1; item.text = m[2]; }
      else if ((m = /^[-*+] (.*)$/.exec(line))) { item.type = "bulleted_list_item"; item.text = m[1]; }
      else if ((m = /^\d+[.)] (.*)$/.exec(line))) { item.type = "numbered_list_item"; item.text = m[1]; }
      else if ((m = /^> ?(.*)$/.exec(line))) { item.type = "quote"; item.text = m[1]; }
      else if (/^(-{3,}|\*{3,})$/.test(line)) { item.type = "divider"; item.text = ""; }
      else if (line === "<empty-block/>") item.text = "";
      else if ((m = /^<(page|database) url="([^"]*)">(.*)<\/(page|database)>$/.exec(line))) {
        item.type = m[1] === "page" ? "child_page" : "child_database"; item.text = ""; item.ref = idInUrl(m[2]);
        if (item.ref === null) invalid("The " + m[1] + " reference " + JSON.stringify(line) + " has no id in its url.");
      }
      if (item.text.length > 2000) invalid("A block's text is longer than 2000 characters.");
      number = item.type === "numbered_list_item" ? number + 1 : 0;
      item.line = item.type === "numbered_list_item" ? number + ". " + item.text : null;
      out.push(item);
    }
    return out;
  };
  // Replaces the page's content with the parsed markdown, keeping unchanged blocks.
  const applyMarkdown = (page, markdown, allowDeleting) => {
    const old = flatten(page.page_id, 0, []);
    const items = parseMarkdown(markdown);
    if (items.length > 1000) invalid("The markdown makes more than 1000 blocks.");
    const used = new Set();
    let from = 0;
    const parents = [];
    const counters = {};
    for (const item of items) {
      const depth = Math.min(item.depth, parents.length);
      parents.length = depth;
      const parent = depth === 0 ? { type: "page_id", id: page.page_id } : { type: "block_id", id: parents[depth - 1] };
      if (depth > 0) {
        const holder = ctx.one("SELECT type FROM pages_blocks WHERE block_id = ?", [parent.id]);
        const type = holder ? holder.type : item.parentType;
        if (!NESTING.includes(type)) invalid("A " + type + " block cannot hold indented content.");
      }
      counters[parent.id] = (counters[parent.id] || 0) + 1;
      let reuse = null;
      if (item.ref !== null) {
        reuse = old.find((o) => o.row.block_id === item.ref && !used.has(item.ref));
        if (!reuse) invalid("The " + item.type.replace("child_", "") + " " + item.ref + " is not a child of this page.");
      } else {
        const line = item.line === null ? lineOf(item, 0) : item.line;
        for (let k = from; k < old.length; k++) {
          const o = old[k];
          if (!used.has(o.row.block_id) && o.row.type === item.type && o.line === line) { reuse = o; from = k + 1; break; }
        }
      }
      let id;
      if (reuse) {
        id = reuse.row.block_id;
        used.add(id);
        ctx.run("UPDATE pages_blocks SET parent_type = ?, parent_id = ?, position = ? WHERE block_id = ?", [parent.type, parent.id, counters[parent.id], id]);
      } else {
        id = newId();
        ctx.run("INSERT INTO pages_blocks (block_id, parent_type, parent_id, position, type, text, checked, language, in_trash, created_time, last_edited_time, created_by, last_edited_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)", [id, parent.type, parent.id, counters[parent.id], item.type, item.text, item.checked, item.language, NOW, NOW, ME, ME]);
      }
      parents.push(id);
    }
    for (const o of old) {
      if (used.has(o.row.block_id)) continue;
      if (o.row.type === "child_page" || o.row.type === "child_database") {
        if (!allowDeleting) invalid("The edit would delete the child " + (o.row.type === "child_page" ? "page" : "database") + " " + JSON.stringify(o.line) + "; set allow_deleting_content to true to allow it.");
        if (o.row.type === "child_page") trashPage(o.row.block_id, 1);
        else ctx.run("UPDATE pages_data_sources SET in_trash = 1, last_edited_time = ?, last_edited_by = ? WHERE database_id = ?", [NOW, ME, o.row.block_id]);
      }
      ctx.run("UPDATE pages_blocks SET in_trash = 1, last_edited_time = ?, last_edited_by = ? WHERE block_id = ?", [NOW, ME, o.row.block_id]);
    }
    touchPage(page.page_id);
  };
  // "start...end" (or an exact text) in the markdown: [start, end), or a validation_error.
  const rangeOf = (markdown, selection, where) => {
    if (typeof selection !== "string" || selection === "") invalid("body." + where + " should be a non-empty string.");
    const dots = selection.indexOf("...");
    const head = dots < 0 ? selection : selection.slice(0, dots);
    const tail = dots < 0 ? "" : selection.slice(dots + 3);
    const start = markdown.indexOf(head);
    if (start < 0) invalid("Could not find the text " + JSON.stringify(head) + " in the page.");
    const end = tail === "" ? start + head.length : markdown.indexOf(tail, start + head.length);
    if (end < 0) invalid("Could not find the text " + JSON.stringify(tail) + " after " + JSON.stringify(head) + " in the page.");
    return [start, tail === "" ? end : end + tail.length];
  };
`;
