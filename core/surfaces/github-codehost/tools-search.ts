// Guest bodies of the code host's four search tools, each a documented subset of GitHub's search
// qualifiers over the seeded host (plain words and "quoted phrases" must all appear; a qualifier
// the tool does not know matches nothing, as GitHub treats `foo:bar` it cannot read as text):
// - repositories: user:/org:, repo:, language:, is:public|private, fork:true|only, in:name|description
//   (default both), archived:false; ordered by last push, newest first.
// - issues: repo:, org:/user:, is:issue|pr|open|closed|merged|unmerged|draft, type:issue|pr,
//   state:, label: (repeat for AND, `a,b` for OR), -label:, author:, assignee:, no:assignee|label|
//   milestone, milestone:, in:title|body|comments (default title and body), comments:, created:,
//   updated:, closed:, head:, base:; sort created|updated|comments (default created), order.
// - code: repo:, org:/user:, language:, path:, filename:, extension:, in:file|path (default file);
//   the default branch of every repository, whole-word-agnostic substring matching.
// - users: type:user|org, in:login|name|email (default login and name), location:, followers:,
//   repos:; sort followers|repositories|joined, order.
export const SEARCH_BODIES = {
  search_repositories: `
  const q = parseQuery(given("query"));
  const repos = ctx.query("SELECT * FROM code_repos").filter((r) => {
    for (const x of q.quals) {
      let ok;
      if (x.key === "user" || x.key === "org" || x.key === "owner") ok = sameText(r.owner, x.value);
      else if (x.key === "repo") ok = sameText(fullName(r), x.value);
      else if (x.key === "language") ok = r.language !== null && sameText(r.language, x.value);
      else if (x.key === "is") ok = x.value === "public" ? r.private === 0 : x.value === "private" ? r.private === 1 : false;
      else if (x.key === "fork") ok = x.value === "only" ? r.fork_of !== null : x.value === "true" || r.fork_of === null;
      else if (x.key === "archived") ok = x.value === "false";
      else if (x.key === "in") continue;
      else ok = false;
      if (ok === x.negate) return false;
    }
    const where = q.all("in").map((x) => x.value.toLowerCase());
    const texts = where.length === 0 ? [r.name, r.description] : [where.indexOf("name") >= 0 ? r.name : null, where.indexOf("description") >= 0 ? r.description : null];
    return mentionsAll(q.words, texts);
  });
  repos.sort((a, b) => (a.pushed_at < b.pushed_at ? 1 : a.pushed_at > b.pushed_at ? -1 : a.id - b.id));
  return searchAnswer(repos.map(repoObject), given("page"), given("per_page"));`,

  search_issues: `
  const q = parseQuery(given("query"));
  const repos = new Map(ctx.query("SELECT * FROM code_repos").map((r) => [r.id, r]));
  const pulls = new Map(ctx.query("SELECT * FROM code_pulls").map((p) => [p.repo_id + "#" + p.number, p]));
  const rows = ctx.query("SELECT * FROM code_issues").filter((row) => {
    const r = repos.get(row.repo_id);
    const pull = row.is_pull === 1 ? pulls.get(row.repo_id + "#" + row.number) : null;
    const labels = parse(row.labels).map((l) => l.toLowerCase());
    const assignees = parse(row.assignees).map((l) => l.toLowerCase());
    const milestone = row.milestone === null ? null : ctx.one("SELECT title FROM code_milestones WHERE repo_id = ? AND number = ?", [row.repo_id, row.milestone]).title;
    for (const x of q.quals) {
      const v = x.value.toLowerCase();
      let ok;
      if (x.key === "repo") ok = sameText(fullName(r), v);
      else if (x.key === "org" || x.key === "user") ok = sameText(r.owner, v);
      else if (x.key === "is" || x.key === "type") {
        if (v === "issue") ok = row.is_pull === 0;
        else if (v === "pr" || v === "pull-request") ok = row.is_pull === 1;
        else if (v === "open" || v === "closed") ok = row.state === v;
        else if (v === "merged") ok = pull !== null && pull.merged === 1;
        else if (v === "unmerged") ok = pull !== null && pull.merged === 0 && row.state === "closed";
        else if (v === "draft") ok = pull !== null && pull.draft === 1;
        else ok = false;
      }
      else if (x.key === "state") ok = row.state === v;
      else if (x.key === "label") ok = v.split(",").some((l) => labels.indexOf(l.trim()) >= 0);
      else if (x.key === "author") ok = sameText(row.author, v);
      else if (x.key === "assignee") ok = assignees.indexOf(v) >= 0;
      else if (x.key === "no") ok = v === "assignee" ? assignees.length === 0 : v === "label" ? labels.length === 0 : v === "milestone" ? milestone === null : false;
      else if (x.key === "milestone") ok = milestone !== null && sameText(milestone, v);
      else if (x.key === "comments") ok = compares(v, commentCount(r, row.number));
      else if (x.key === "created") ok = compares(v, row.created_at);
      else if (x.key === "updated") ok = compares(v, row.updated_at);
      else if (x.key === "closed") ok = row.closed_at !== null && compares(v, row.closed_at);
      else if (x.key === "head") ok = pull !== null && sameText(pull.head_ref, v);
      else if (x.key === "base") ok = pull !== null && sameText(pull.base_ref, v);
      else if (x.key === "in") continue;
      else ok = false;
      if (ok === x.negate) return false;
    }
    const where = q.all("in").map((x) => x.value.toLowerCase());
    const scope = where.length === 0 ? ["title", "body"] : where;
    const texts = [scope.indexOf("title") >= 0 ? row.title : null, scope.indexOf("body") >= 0 ? row.body : null];
    if (scope.indexOf("comments") >= 0) for (const c of ctx.query("SELECT body FROM code_comments WHERE repo_id = ? AND number = ?", [row.repo_id, row.number])) texts.push(c.body);
    return mentionsAll(q.words, texts);
  });
  const sort = given("sort");
  const keyOf = (row) => (sort === "comments" ? commentCount(repos.get(row.repo_id), row.number) : sort === "updated" ? row.updated_at : row.created_at);
  rows.sort((a, b) => {
    const x = keyOf(a), y = keyOf(b);
    const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return given("order") === "asc" ? order : -order;
  });
  const items = pageOf(rows, given("page"), given("per_page"), 30).map((row) => {
    const out = issueObject(repos.get(row.repo_id), row);
    out.score = 1;
    return out;
  });
  return { total_count: rows.length, incomplete_results: false, items };`,

  search_code: String.raw`
  const q = parseQuery(given("query"));
  if (q.words.length === 0) invalid([{ resource: "Search", field: "q", code: "invalid", message: "Must include at least one search term." }]);
  const where = q.all("in").map((x) => x.value.toLowerCase());
  const items = [];
  for (const r of ctx.query("SELECT * FROM code_repos ORDER BY id")) {
    const head = branchSha(r, r.default_branch);
    if (head === null) continue;
    const tree = treeOf(head);
    for (const path of Object.keys(tree).sort()) {
      const name = path.slice(path.lastIndexOf("/") + 1);
      const dot = name.lastIndexOf(".");
      let keep = true;
      for (const x of q.quals) {
        const v = x.value;
        let ok;
        if (x.key === "repo") ok = sameText(fullName(r), v);
        else if (x.key === "org" || x.key === "user") ok = sameText(r.owner, v);
        else if (x.key === "language") ok = languageOf(path) !== null && sameText(languageOf(path), v);
        else if (x.key === "path") ok = path.toLowerCase().startsWith(v.toLowerCase().replace(/^\/+/, "")) || path.toLowerCase().indexOf("/" + v.toLowerCase().replace(/^\/+/, "")) >= 0;
        else if (x.key === "filename") ok = sameText(name, v);
        else if (x.key === "extension") ok = dot >= 0 && sameText(name.slice(dot + 1), v.replace(/^\./, ""));
        else if (x.key === "in") continue;
        else ok = false;
        if (ok === x.negate) { keep = false; break; }
      }
      if (!keep) continue;
      const texts = where.length === 0 || where.indexOf("file") >= 0 ? [blob(tree[path])] : [];
      if (where.indexOf("path") >= 0) texts.push(path);
      if (!mentionsAll(q.words, texts)) continue;
      items.push({
        name, path, sha: tree[path], url: repoApi(r) + "/contents/" + path + "?ref=" + head, git_url: repoApi(r) + "/git/blobs/" + tree[path],
        html_url: WEB + "/" + fullName(r) + "/blob/" + head + "/" + path,
        repository: { id: r.id, node_id: nodeId("R", r.id), name: r.name, full_name: fullName(r), private: r.private === 1, owner: userOf(r.owner), html_url: WEB + "/" + fullName(r), description: r.description, fork: r.fork_of !== null, url: repoApi(r) },
        score: 1,
      });
    }
  }
  if (given("order") === "desc") items.reverse();
  return searchAnswer(items, given("page"), given("per_page"));`,

  search_users: `
  const q = parseQuery(given("query"));
  const repoCount = (login) => ctx.one("SELECT COUNT(*) AS n FROM code_repos WHERE owner = ?", [login]).n;
  const users = ctx.query("SELECT * FROM code_accounts").filter((a) => {
    for (const x of q.quals) {
      const v = x.value.toLowerCase();
      let ok;
      if (x.key === "type") ok = v === "org" ? a.type === "Organization" : v === "user" ? a.type === "User" : false;
      else if (x.key === "location") ok = a.location.toLowerCase().indexOf(v) >= 0;
      else if (x.key === "followers") ok = compares(v, a.followers);
      else if (x.key === "repos") ok = compares(v, repoCount(a.login));
      else if (x.key === "created") ok = compares(v, a.created_at);
      else if (x.key === "user" || x.key === "org") ok = sameText(a.login, v);
      else if (x.key === "in") continue;
      else ok = false;
      if (ok === x.negate) return false;
    }
    const where = q.all("in").map((x) => x.value.toLowerCase());
    const scope = where.length === 0 ? ["login", "name"] : where;
    return mentionsAll(q.words, [scope.indexOf("login") >= 0 ? a.login : null, scope.indexOf("name") >= 0 ? a.name : null, scope.indexOf("email") >= 0 ? a.email : null]);
  });
  const sort = given("sort");
  const keyOf = (a) => (sort === "followers" ? a.followers : sort === "repositories" ? repoCount(a.login) : sort === "joined" ? a.created_at : a.login);
  users.sort((a, b) => {
    const x = keyOf(a), y = keyOf(b);
    const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
    if (sort === undefined) return order;
    return given("order") === "asc" ? order : -order;
  });
  return searchAnswer(users.map((a) => {
    const u = userOf(a.login);
    u.score = 1;
    return u;
  }), given("page"), given("per_page"));`,
} as const;
