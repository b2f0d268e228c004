// Guest bodies of the code host's issue tools, answering with the raw REST v3 answers the server
// passes on: an issue (a pull request too, through the issues endpoints, with its `pull_request`
// link), the repository's issue list (which on GitHub lists pull requests as well), a comment.
// The server's rules: assignees must be members of the owning organization (GitHub's 422
// `invalid` otherwise), a milestone must exist, unknown labels are created; closing stamps
// `closed_at`, reopening clears it; every write stamps `updated_at`. Labels and assignees are kept
// once each, in name order, so the order a caller lists them in does not matter.
export const ISSUE_BODIES = {
  create_issue: String.raw`
  const r = findRepo(given("owner"), given("repo"));
  if (r === null) {
    ctx.fail("not_found", "Repository '" + given("owner") + "/" + given("repo") + "' not found. Please verify:\n1. The repository exists\n2. You have correct access permissions\n3. The owner and repository names are spelled correctly", { message: "Not Found", documentation_url: DOCS, status: "404" });
  }
  const title = given("title");
  if (String(title).trim() === "") invalid([{ resource: "Issue", field: "title", code: "missing_field" }]);
  checkText(title, 256, "Title");
  const body = given("body");
  checkText(body, C.maxBodyChars, "Body");
  const assignees = given("assignees") === undefined ? [] : checkAssignees(r, given("assignees"));
  const milestone = given("milestone") === undefined ? null : checkMilestone(r, given("milestone"));
  const labels = given("labels") === undefined ? [] : ensureLabels(r, given("labels"));
  const at = now();
  const number = ctx.one("SELECT COALESCE(MAX(number), 0) + 1 AS n FROM code_issues WHERE repo_id = ?", [r.id]).n;
  const id = ctx.one("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM code_issues").id;
  ctx.run("INSERT INTO code_issues (id, repo_id, number, is_pull, title, body, state, author, labels, assignees, milestone, created_at, updated_at, closed_at) VALUES (?, ?, ?, 0, ?, ?, 'open', ?, ?, ?, ?, ?, ?, NULL)", [id, r.id, number, title, body === undefined ? null : body, C.viewer, nameSet(labels), nameSet(assignees), milestone, at, at]);
  return issueObject(r, issueRow(r, number));`,

  get_issue: `
  const r = repoOf(given("owner"), given("repo"));
  return issueObject(r, issueRow(r, given("issue_number")));`,

  list_issues: `
  const r = repoOf(given("owner"), given("repo"));
  const state = given("state") === undefined ? "open" : given("state");
  const wanted = (given("labels") || []).map((l) => l.toLowerCase());
  const since = given("since");
  const sort = given("sort") || "created";
  const direction = given("direction") || "desc";
  let rows = ctx.query("SELECT * FROM code_issues WHERE repo_id = ?", [r.id]);
  rows = rows.filter((row) => state === "all" || row.state === state);
  rows = rows.filter((row) => {
    const have = parse(row.labels).map((l) => l.toLowerCase());
    return wanted.every((l) => have.indexOf(l) >= 0);
  });
  if (since !== undefined) {
    if (Number.isNaN(Date.parse(since))) invalid([{ resource: "Issue", field: "since", code: "invalid" }]);
    rows = rows.filter((row) => Date.parse(row.updated_at) >= Date.parse(since));
  }
  const keyOf = (row) => (sort === "comments" ? commentCount(r, row.number) : sort === "updated" ? row.updated_at : row.created_at);
  rows.sort((a, b) => {
    const x = keyOf(a), y = keyOf(b);
    const order = x < y ? -1 : x > y ? 1 : a.number - b.number;
    return direction === "asc" ? order : -order;
  });
  return pageOf(rows, given("page"), given("per_page"), 30).map((row) => issueObject(r, row));`,

  update_issue: `
  const r = repoOf(given("owner"), given("repo"));
  const row = issueRow(r, given("issue_number"));
  const at = now();
  const title = given("title");
  if (title !== undefined) {
    if (String(title).trim() === "") invalid([{ resource: "Issue", field: "title", code: "missing_field" }]);
    checkText(title, 256, "Title");
    row.title = title;
  }
  if (given("body") !== undefined) {
    checkText(given("body"), C.maxBodyChars, "Body");
    row.body = given("body");
  }
  if (given("assignees") !== undefined) row.assignees = nameSet(checkAssignees(r, given("assignees")));
  if (given("milestone") !== undefined) row.milestone = checkMilestone(r, given("milestone"));
  if (given("labels") !== undefined) row.labels = nameSet(ensureLabels(r, given("labels")));
  const state = given("state");
  if (state !== undefined && state !== row.state) {
    if (row.is_pull === 1 && state === "open") {
      const merged = ctx.one("SELECT merged FROM code_pulls WHERE repo_id = ? AND number = ?", [r.id, row.number]).merged === 1;
      if (merged) invalid([{ resource: "Issue", field: "state", code: "custom", message: "state cannot be changed. The pull request has already been merged." }]);
    }
    row.state = state;
    row.closed_at = state === "closed" ? at : null;
  }
  row.updated_at = at;
  ctx.run("UPDATE code_issues SET title = ?, body = ?, assignees = ?, milestone = ?, labels = ?, state = ?, closed_at = ?, updated_at = ? WHERE id = ?", [row.title, row.body, row.assignees, row.milestone, row.labels, row.state, row.closed_at, row.updated_at, row.id]);
  if (row.is_pull === 1 && row.state === "closed") {
    ctx.run("UPDATE code_pulls SET head_sha = COALESCE((SELECT sha FROM code_branches b WHERE b.repo_id = code_pulls.head_repo_id AND b.name = code_pulls.head_ref), head_sha) WHERE repo_id = ? AND number = ?", [r.id, row.number]);
  }
  return issueObject(r, row);`,

  add_issue_comment: `
  const r = repoOf(given("owner"), given("repo"));
  const row = issueRow(r, given("issue_number"));
  const body = given("body");
  if (String(body).trim() === "") invalid([{ resource: "IssueComment", field: "body", code: "missing_field" }]);
  checkText(body, C.maxBodyChars, "Body");
  const at = now();
  const id = ctx.one("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM code_comments").id;
  ctx.run("INSERT INTO code_comments (id, repo_id, number, author, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)", [id, r.id, row.number, C.viewer, body, at, at]);
  ctx.run("UPDATE code_issues SET updated_at = ? WHERE id = ?", [at, row.id]);
  return {
    url: repoApi(r) + "/issues/comments/" + id, html_url: WEB + "/" + fullName(r) + (row.is_pull === 1 ? "/pull/" : "/issues/") + row.number + "#issuecomment-" + id,
    issue_url: repoApi(r) + "/issues/" + row.number, id, node_id: nodeId("IC", id), user: userOf(C.viewer),
    created_at: at, updated_at: at, author_association: association(r, C.viewer), body,
  };`,
} as const;
