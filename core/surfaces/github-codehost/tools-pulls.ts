// Guest bodies of the code host's pull request tools, answering as the server does (its zod
// schemas trim pull requests, reviews, review comments, files and statuses; merging answers
// GitHub's `{sha, merged, message}`; updating the branch answers `{success: true}`). GitHub's
// rules: a pull request needs an existing base and head with commits between them and no other
// open pull request for the same head; merging needs it open, not a draft, and a clean file-level
// three-way merge (405 "Pull Request is not mergeable" otherwise), by merge commit, squash or
// rebase, and closes the issues its title or body closes with a keyword (`Fixes #12`) when it
// lands on the default branch; nobody approves or requests changes on their own pull request;
// review comments must sit on a line of the diff.
export const PULL_BODIES = {
  create_pull_request: `
  const r = repoOf(given("owner"), given("repo"));
  const title = given("title");
  if (String(title).trim() === "") invalid([{ resource: "PullRequest", field: "title", code: "missing_field" }]);
  checkText(title, 256, "Title");
  checkText(given("body"), C.maxBodyChars, "Body");
  const baseRef = given("base");
  const baseSha = branchSha(r, baseRef);
  if (baseSha === null) invalid([{ resource: "PullRequest", field: "base", code: "invalid" }]);
  const headArg = String(given("head"));
  const colon = headArg.indexOf(":");
  const headOwner = colon < 0 ? r.owner : headArg.slice(0, colon);
  const headRef = colon < 0 ? headArg : headArg.slice(colon + 1);
  let headRepo = sameText(headOwner, r.owner) ? r : ctx.one("SELECT * FROM code_repos WHERE owner = ? COLLATE NOCASE AND (fork_of = ? OR fork_of = ?)", [headOwner, r.id, r.fork_of === null ? r.id : r.fork_of]);
  const headSha = headRepo === null ? null : branchSha(headRepo, headRef);
  if (headSha === null) invalid([{ resource: "PullRequest", field: "head", code: "invalid" }]);
  if (isAncestor(headSha, baseSha)) invalid([{ resource: "PullRequest", code: "custom", message: "No commits between " + baseRef + " and " + headArg }]);
  const open = ctx.one("SELECT p.number FROM code_pulls p JOIN code_issues i ON i.repo_id = p.repo_id AND i.number = p.number WHERE p.repo_id = ? AND p.head_repo_id = ? AND p.head_ref = ? AND p.base_ref = ? AND i.state = 'open'", [r.id, headRepo.id, headRef, baseRef]);
  if (open !== null) invalid([{ resource: "PullRequest", code: "custom", message: "A pull request already exists for " + headRepo.owner + ":" + headRef + "." }]);
  const at = now();
  const number = ctx.one("SELECT COALESCE(MAX(number), 0) + 1 AS n FROM code_issues WHERE repo_id = ?", [r.id]).n;
  const id = ctx.one("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM code_issues").id;
  const body = given("body");
  ctx.run("INSERT INTO code_issues (id, repo_id, number, is_pull, title, body, state, author, labels, assignees, milestone, created_at, updated_at, closed_at) VALUES (?, ?, ?, 1, ?, ?, 'open', ?, '[]', '[]', NULL, ?, ?, NULL)", [id, r.id, number, title, body === undefined ? null : body, C.viewer, at, at]);
  ctx.run("INSERT INTO code_pulls (repo_id, number, head_repo_id, head_ref, head_sha, base_ref, draft, merged, merged_at, merged_by, merge_commit_sha, maintainer_can_modify) VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, NULL, NULL, ?)", [r.id, number, headRepo.id, headRef, headSha, baseRef, given("draft") === true ? 1 : 0, given("maintainer_can_modify") === false ? 0 : 1]);
  return pullObject(r, pullOf(r, number));`,

  get_pull_request: `
  const r = repoOf(given("owner"), given("repo"));
  return pullObject(r, pullOf(r, given("pull_number")));`,

  list_pull_requests: `
  const r = repoOf(given("owner"), given("repo"));
  const state = given("state") || "open";
  const sort = given("sort") || "created";
  const direction = given("direction") || (sort === "created" ? "desc" : "asc");
  const head = given("head");
  let rows = ctx.query("SELECT i.number, i.state, i.created_at, i.updated_at, p.head_ref, p.base_ref, p.head_repo_id FROM code_issues i JOIN code_pulls p ON p.repo_id = i.repo_id AND p.number = i.number WHERE i.repo_id = ?", [r.id]);
  rows = rows.filter((x) => state === "all" || x.state === state);
  if (given("base") !== undefined) rows = rows.filter((x) => x.base_ref === given("base"));
  if (head !== undefined) {
    const colon = head.indexOf(":");
    rows = rows.filter((x) => {
      const hr = repoById(x.head_repo_id);
      return colon < 0 ? x.head_ref === head : sameText(hr.owner, head.slice(0, colon)) && x.head_ref === head.slice(colon + 1);
    });
  }
  const keyOf = (x) => (sort === "updated" ? x.updated_at : sort === "popularity" ? commentCount(r, x.number) : x.created_at);
  rows.sort((a, b) => {
    const x = keyOf(a), y = keyOf(b);
    const order = x < y ? -1 : x > y ? 1 : a.number - b.number;
    return direction === "asc" ? order : -order;
  });
  return pageOf(rows, given("page"), given("per_page"), 30).map((x) => pullObject(r, pullOf(r, x.number)));`,

  merge_pull_request: String.raw`
  const r = repoOf(given("owner"), given("repo"));
  const pr = pullOf(r, given("pull_number"));
  const { issue, p } = pr;
  if (issue.state !== "open" || p.merged === 1) notAllowed("Pull Request is not mergeable");
  if (p.draft === 1) notAllowed("Pull Request is still a draft");
  const base = branchSha(r, p.base_ref);
  const head = pr.head;
  const mb = mergeBase(base, head);
  const start = mb === null ? {} : treeOf(mb);
  const merged = mergeTrees(start, treeOf(base), treeOf(head));
  if (merged === null) notAllowed("Pull Request is not mergeable");
  const method = given("merge_method") || "merge";
  const title = given("commit_title");
  const extra = given("commit_message");
  const inBase = new Set(ancestors(base).map((c) => c.sha));
  const own = ancestors(head).filter((c) => !inBase.has(c.sha)).sort((a, b) => (a.authored_at < b.authored_at ? -1 : a.authored_at > b.authored_at ? 1 : 0));
  let sha;
  if (method === "squash") {
    const body = extra !== undefined ? extra : own.map((c) => "* " + c.message).join("\n\n");
    sha = makeCommit(merged, [base], (title || issue.title + " (#" + issue.number + ")") + (body === "" ? "" : "\n\n" + body));
  } else if (method === "rebase") {
    sha = base;
    let tree = treeOf(base);
    for (const c of own) {
      const parents = parse(c.parents);
      const next = mergeTrees(parents.length > 0 ? treeOf(parents[0]) : {}, tree, treeOf(c.sha));
      if (next === null) notAllowed("Pull Request is not mergeable");
      tree = next;
      sha = makeCommit(tree, [sha], c.message);
    }
  } else {
    const headline = title || "Merge pull request #" + issue.number + " from " + pr.headRepo.owner + "/" + p.head_ref;
    sha = makeCommit(merged, [base, head], headline + "\n\n" + (extra !== undefined ? extra : issue.title));
  }
  const at = now();
  moveBranch(r, p.base_ref, sha);
  ctx.run("UPDATE code_pulls SET merged = 1, merged_at = ?, merged_by = ?, merge_commit_sha = ?, head_sha = ? WHERE repo_id = ? AND number = ?", [at, C.viewer, sha, head, r.id, issue.number]);
  ctx.run("UPDATE code_issues SET state = 'closed', closed_at = ?, updated_at = ? WHERE id = ?", [at, at, issue.id]);
  // Closing keywords close issues of this repository when the pull request lands on the default branch.
  if (p.base_ref === r.default_branch) {
    const text = issue.title + "\n" + (issue.body || "");
    const re = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s*:?\s+#(\d+)\b/gi;
    let m;
    while ((m = re.exec(text)) !== null) {
      ctx.run("UPDATE code_issues SET state = 'closed', closed_at = ?, updated_at = ? WHERE repo_id = ? AND number = ? AND is_pull = 0 AND state = 'open'", [at, at, r.id, Number(m[1])]);
    }
  }
  return { sha, merged: true, message: "Pull Request successfully merged" };`,

  get_pull_request_files: `
  const r = repoOf(given("owner"), given("repo"));
  return pullFiles(r, pullOf(r, given("pull_number"))).map((f) => {
    delete f._hunks;
    return f;
  });`,

  get_pull_request_status: `
  const r = repoOf(given("owner"), given("repo"));
  const pr = pullOf(r, given("pull_number"));
  const rows = ctx.query("SELECT * FROM code_statuses WHERE sha = ? ORDER BY id DESC", [pr.head]);
  const latest = [];
  for (const row of rows) if (!latest.some((x) => x.context === row.context)) latest.push(row);
  latest.reverse();
  const states = latest.map((x) => x.state);
  const state = states.some((s) => s === "error" || s === "failure") ? "failure" : states.length === 0 || states.some((s) => s === "pending") ? "pending" : "success";
  return {
    state,
    statuses: latest.map((x) => ({ url: repoApi(r) + "/statuses/" + pr.head, state: x.state, description: x.description, target_url: null, context: x.context, created_at: x.created_at, updated_at: x.created_at })),
    sha: pr.head,
    total_count: latest.length,
  };`,

  update_pull_request_branch: `
  const r = repoOf(given("owner"), given("repo"));
  const pr = pullOf(r, given("pull_number"));
  if (pr.issue.state !== "open") invalid([], "Cannot update a closed pull request");
  const expected = given("expected_head_sha");
  if (expected !== undefined && expected !== pr.head) invalid([], "expected_head_sha does not match the pull request's head commit");
  const base = branchSha(r, pr.p.base_ref);
  if (isAncestor(base, pr.head)) invalid([], "There are no new commits on the base branch.");
  const mb = mergeBase(base, pr.head);
  const tree = mergeTrees(mb === null ? {} : treeOf(mb), treeOf(pr.head), treeOf(base));
  if (tree === null) invalid([], "merge conflict between base and head");
  const sha = makeCommit(tree, [pr.head, base], "Merge branch '" + pr.p.base_ref + "' into " + pr.p.head_ref);
  moveBranch(pr.headRepo, pr.p.head_ref, sha);
  ctx.run("UPDATE code_pulls SET head_sha = ? WHERE repo_id = ? AND number = ?", [sha, r.id, pr.issue.number]);
  touchIssue(pr.issue, now());
  return { success: true };`,

  get_pull_request_comments: `
  const r = repoOf(given("owner"), given("repo"));
  const pr = pullOf(r, given("pull_number"));
  const byCommit = new Map();
  const filesAt = (sha) => {
    if (!byCommit.has(sha)) byCommit.set(sha, pullFiles(r, pr, sha));
    return byCommit.get(sha);
  };
  return ctx.query("SELECT * FROM code_review_comments WHERE repo_id = ? AND number = ? ORDER BY id", [r.id, pr.issue.number]).map((c) => {
    const file = filesAt(c.commit_id).find((f) => f.filename === c.path);
    const spot = file === undefined ? null : locate(file, c.line, c.position);
    const url = repoApi(r) + "/pulls/comments/" + c.id;
    const html = WEB + "/" + fullName(r) + "/pull/" + c.number + "#discussion_r" + c.id;
    return {
      url, id: c.id, node_id: nodeId("PRRC", c.id), pull_request_review_id: c.review_id, diff_hunk: spot === null ? "" : spot.hunk,
      path: c.path, position: spot !== null && c.commit_id === pr.head ? spot.position : null, original_position: spot === null ? null : spot.position,
      commit_id: pr.head, original_commit_id: c.commit_id, user: briefUser(c.author), body: c.body, created_at: c.created_at, updated_at: c.created_at,
      html_url: html, pull_request_url: repoApi(r) + "/pulls/" + c.number, author_association: association(r, c.author),
      _links: { self: { href: url }, html: { href: html }, pull_request: { href: repoApi(r) + "/pulls/" + c.number } },
    };
  });`,

  get_pull_request_reviews: `
  const r = repoOf(given("owner"), given("repo"));
  const pr = pullOf(r, given("pull_number"));
  return ctx.query("SELECT * FROM code_reviews WHERE repo_id = ? AND number = ? ORDER BY id", [r.id, pr.issue.number]).map((row) => reviewObject(r, row));`,

  create_pull_request_review: String.raw`
  const r = repoOf(given("owner"), given("repo"));
  const pr = pullOf(r, given("pull_number"));
  const event = given("event");
  const body = given("body");
  const comments = given("comments") || [];
  const refuse = (message) => {
    const details = { message: "Unprocessable Entity", errors: [message], documentation_url: DOCS, status: "422" };
    ctx.fail("validation_failed", "Validation Error: Unprocessable Entity\nDetails: " + JSON.stringify(details), details);
  };
  checkText(body, C.maxBodyChars, "Body");
  if (comments.length > C.maxReviewComments) refuse("At most " + C.maxReviewComments + " comments can be given in one review");
  if (sameText(pr.issue.author, C.viewer) && event === "APPROVE") refuse("Can not approve your own pull request");
  if (sameText(pr.issue.author, C.viewer) && event === "REQUEST_CHANGES") refuse("Can not request changes on your own pull request");
  if (event !== "APPROVE" && String(body).trim() === "" && comments.length === 0) refuse("Body is required when using " + event);
  const commitId = given("commit_id") === undefined ? pr.head : given("commit_id");
  if (!ancestors(pr.head).some((c) => c.sha === commitId)) refuse("Commit " + commitId + " is not part of the pull request");
  const files = pullFiles(r, pr, commitId);
  const spots = comments.map((c) => {
    checkText(c.body, C.maxBodyChars, "Body");
    const file = files.find((f) => f.filename === c.path);
    if (file === undefined) refuse("Pull request review thread path is invalid");
    const spot = locate(file, c.line === undefined ? null : c.line, c.position === undefined ? null : c.position);
    if (spot === null) refuse(c.line === undefined ? "Pull request review thread position is invalid" : "Pull request review thread line must be part of the diff");
    return spot;
  });
  const at = now();
  const state = event === "APPROVE" ? "APPROVED" : event === "REQUEST_CHANGES" ? "CHANGES_REQUESTED" : "COMMENTED";
  const id = ctx.one("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM code_reviews").id;
  ctx.run("INSERT INTO code_reviews (id, repo_id, number, author, state, body, commit_id, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [id, r.id, pr.issue.number, C.viewer, state, body, commitId, at]);
  comments.forEach((c, i) => {
    ctx.run("INSERT INTO code_review_comments (id, review_id, repo_id, number, path, line, position, body, author, commit_id, created_at) SELECT COALESCE(MAX(id), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM code_review_comments", [id, r.id, pr.issue.number, c.path, spots[i].line, spots[i].position, c.body, C.viewer, commitId, at]);
  });
  touchIssue(pr.issue, at);
  return reviewObject(r, ctx.one("SELECT * FROM code_reviews WHERE id = ?", [id]));`,
} as const;
