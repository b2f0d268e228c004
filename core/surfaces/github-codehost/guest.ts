// Guest JavaScript every code-host tool shares: its arguments by slot, GitHub's errors as the
// server reports them (a tool error whose code names the HTTP failure, whose message is the
// server's text — `Not Found: Resource not found: Not Found`, `Validation Error: Validation
// Failed\nDetails: {...}` — and whose details are GitHub's JSON body), look-ups by owner/repo and
// number (owner and name compared without case, as GitHub does), and the REST v3 objects the
// server returns (users, repositories, labels, milestones, issues, pull requests), with API and
// web URLs built from the names.
export const CODEHOST_GUEST_JS = String.raw`
  const API = "https://api.github.com";
  const WEB = "https://github.com";
  const DOCS = "https://docs.github.com/rest";
  const DEFAULT_LABELS = ["bug", "documentation", "duplicate", "enhancement", "good first issue", "help wanted", "invalid", "question", "wontfix"];
  const given = (slot) => (A[slot] === undefined ? undefined : args[A[slot]]);
  const now = () => ctx.now().replace(/\.\d{3}Z$/, "Z");
  const parse = (text) => JSON.parse(text);
  const notFound = (what) => ctx.fail("not_found", "Not Found: Resource not found: " + (what || "Not Found"), { message: what || "Not Found", documentation_url: DOCS, status: "404" });
  const invalid = (errors, message) => {
    const body = { message: message || "Validation Failed", errors: errors || [], documentation_url: DOCS, status: "422" };
    ctx.fail("validation_failed", "Validation Error: " + body.message + "\nDetails: " + JSON.stringify(body), body);
  };
  const conflict = (message) => ctx.fail("conflict", "Conflict: " + message, { message, documentation_url: DOCS, status: "409" });
  const notAllowed = (message) => ctx.fail("method_not_allowed", "GitHub API Error: " + message, { message, documentation_url: DOCS, status: "405" });
  const checkText = (text, max, what) => {
    if (typeof text === "string" && text.length > max) invalid([{ resource: what, code: "custom", message: what + " is too long (maximum is " + max + " characters)" }]);
  };
  const pageOf = (list, page, perPage, fallback) => {
    const size = Math.min(100, Math.max(1, Math.floor(perPage || fallback || 30)));
    const from = (Math.max(1, Math.floor(page || 1)) - 1) * size;
    return list.slice(from, from + size);
  };

  // Accounts and labels are read many times while one answer is built; each is read once per call.
  const accounts = new Map();
  const accountOf = (login) => {
    const key = String(login).toLowerCase();
    if (!accounts.has(key)) accounts.set(key, ctx.one("SELECT * FROM code_accounts WHERE login = ? COLLATE NOCASE", [login]));
    return accounts.get(key);
  };
  const labelRows = new Map();
  const avatar = (a) => "https://avatars.githubusercontent.com/u/" + a.id + "?v=4";
  const nodeId = (prefix, id) => prefix + "_kgDO" + Number(id).toString(36).toUpperCase();
  // The user objects the server passes on: the whole simple user from raw API answers, the five
  // fields its zod schemas keep from parsed ones.
  const userOf = (login) => {
    const a = accountOf(login);
    return { login: a.login, id: a.id, node_id: nodeId(a.type === "User" ? "U" : "O", a.id), avatar_url: avatar(a), gravatar_id: "", url: API + "/users/" + a.login, html_url: WEB + "/" + a.login, type: a.type, site_admin: false };
  };
  const briefUser = (login) => {
    const a = accountOf(login);
    return { login: a.login, id: a.id, avatar_url: avatar(a), url: API + "/users/" + a.login, html_url: WEB + "/" + a.login };
  };
  const ownerOf = (login) => {
    const a = accountOf(login);
    return { login: a.login, id: a.id, node_id: nodeId(a.type === "User" ? "U" : "O", a.id), avatar_url: avatar(a), url: API + "/users/" + a.login, html_url: WEB + "/" + a.login, type: a.type };
  };
  const isMember = (org, login) => ctx.one("SELECT 1 AS yes FROM code_members WHERE org = ? AND login = ? COLLATE NOCASE", [org, login]) !== null;
  const association = (repo, login) => {
    if (repo.owner.toLowerCase() === login.toLowerCase()) return "OWNER";
    return isMember(repo.owner, login) ? "MEMBER" : "NONE";
  };

  const REPO_SQL = "SELECT * FROM code_repos WHERE owner = ? COLLATE NOCASE AND name = ? COLLATE NOCASE";
  const findRepo = (owner, name) => ctx.one(REPO_SQL, [owner, name]);
  const repoOf = (owner, name) => {
    const r = findRepo(owner, name);
    if (r === null) notFound();
    return r;
  };
  const repoById = (id) => ctx.one("SELECT * FROM code_repos WHERE id = ?", [id]);
  const fullName = (r) => r.owner + "/" + r.name;
  const repoApi = (r) => API + "/repos/" + fullName(r);
  const repoObject = (r) => ({
    id: r.id, node_id: nodeId("R", r.id), name: r.name, full_name: fullName(r), private: r.private === 1,
    owner: ownerOf(r.owner), html_url: WEB + "/" + fullName(r), description: r.description, fork: r.fork_of !== null,
    url: repoApi(r), created_at: r.created_at, updated_at: r.updated_at, pushed_at: r.pushed_at,
    git_url: "git://github.com/" + fullName(r) + ".git", ssh_url: "git@github.com:" + fullName(r) + ".git",
    clone_url: WEB + "/" + fullName(r) + ".git", default_branch: r.default_branch,
  });
  const touchRepo = (r, pushed) => {
    const at = now();
    ctx.run(pushed ? "UPDATE code_repos SET updated_at = ?, pushed_at = ? WHERE id = ?" : "UPDATE code_repos SET updated_at = ? WHERE id = ?", pushed ? [at, at, r.id] : [at, r.id]);
  };

  const labelObject = (r, name) => {
    const key = r.id + "/" + name;
    if (!labelRows.has(key)) labelRows.set(key, ctx.one("SELECT * FROM code_labels WHERE repo_id = ? AND name = ?", [r.id, name]));
    const l = labelRows.get(key);
    return { id: l.id, node_id: nodeId("LA", l.id), url: repoApi(r) + "/labels/" + encodeURIComponent(l.name), name: l.name, color: l.color, default: DEFAULT_LABELS.indexOf(l.name) >= 0, description: l.description };
  };
  // Labels a write names are found without case or created grey, as GitHub does.
  const ensureLabels = (r, names) => names.map((name) => {
    const found = ctx.one("SELECT name FROM code_labels WHERE repo_id = ? AND name = ? COLLATE NOCASE", [r.id, name]);
    if (found !== null) return found.name;
    if (name.trim() === "") invalid([{ resource: "Label", code: "invalid", field: "name", value: name }]);
    checkText(name, 50, "Label");
    ctx.run("INSERT INTO code_labels (id, repo_id, name, color, description) SELECT COALESCE(MAX(id), 0) + 1, ?, ?, 'ededed', NULL FROM code_labels", [r.id, name]);
    return name;
  });
  const milestoneObject = (r, number) => {
    const m = ctx.one("SELECT * FROM code_milestones WHERE repo_id = ? AND number = ?", [r.id, number]);
    const counts = ctx.one("SELECT SUM(CASE WHEN state = 'open' THEN 1 ELSE 0 END) AS open, SUM(CASE WHEN state = 'closed' THEN 1 ELSE 0 END) AS closed FROM code_issues WHERE repo_id = ? AND milestone = ?", [r.id, number]);
    return {
      url: repoApi(r) + "/milestones/" + m.number, html_url: WEB + "/" + fullName(r) + "/milestone/" + m.number,
      labels_url: repoApi(r) + "/milestones/" + m.number + "/labels", id: m.id, node_id: nodeId("MI", m.id),
      number: m.number, title: m.title, description: m.description, state: m.state,
      open_issues: counts.open || 0, closed_issues: counts.closed || 0, created_at: m.created_at, due_on: m.due_on,
    };
  };
  const byName = (a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : a < b ? -1 : a > b ? 1 : 0);
  const nameSet = (names) => JSON.stringify(Array.from(new Set(names)).sort(byName));
  const checkAssignees = (r, logins) => {
    const bad = logins.filter((login) => accountOf(login) === null || !(r.owner.toLowerCase() === login.toLowerCase() || isMember(r.owner, login)));
    if (bad.length > 0) invalid(bad.map((value) => ({ value, resource: "Issue", field: "assignees", code: "invalid" })));
    return logins.map((login) => accountOf(login).login);
  };
  const checkMilestone = (r, number) => {
    if (ctx.one("SELECT 1 AS yes FROM code_milestones WHERE repo_id = ? AND number = ?", [r.id, number]) === null) {
      invalid([{ value: number, resource: "Issue", field: "milestone", code: "invalid" }]);
    }
    return number;
  };

  const ISSUE_SQL = "SELECT * FROM code_issues WHERE repo_id = ? AND number = ?";
  const issueRow = (r, number) => {
    const row = Number.isInteger(number) ? ctx.one(ISSUE_SQL, [r.id, number]) : null;
    if (row === null) notFound();
    return row;
  };
  const commentCount = (r, number) => ctx.one("SELECT COUNT(*) AS n FROM code_comments WHERE repo_id = ? AND number = ?", [r.id, number]).n;
  const issueObject = (r, row) => {
    const base = repoApi(r) + "/issues/" + row.number;
    const assignees = parse(row.assignees);
    const out = {
      url: base, repository_url: repoApi(r), labels_url: base + "/labels{/name}", comments_url: base + "/comments",
      events_url: base + "/events", html_url: WEB + "/" + fullName(r) + (row.is_pull === 1 ? "/pull/" : "/issues/") + row.number,
      id: row.id, node_id: nodeId(row.is_pull === 1 ? "PR" : "I", row.id), number: row.number, title: row.title,
      user: userOf(row.author), labels: parse(row.labels).map((name) => labelObject(r, name)), state: row.state,
      locked: false, assignee: assignees.length > 0 ? userOf(assignees[0]) : null, assignees: assignees.map(userOf),
      milestone: row.milestone === null ? null : milestoneObject(r, row.milestone), comments: commentCount(r, row.number),
      created_at: row.created_at, updated_at: row.updated_at, closed_at: row.closed_at,
      author_association: association(r, row.author), body: row.body,
      state_reason: row.state === "closed" ? "completed" : null,
    };
    if (row.is_pull === 1) {
      const p = ctx.one("SELECT merged_at FROM code_pulls WHERE repo_id = ? AND number = ?", [r.id, row.number]);
      out.pull_request = { url: repoApi(r) + "/pulls/" + row.number, html_url: WEB + "/" + fullName(r) + "/pull/" + row.number, diff_url: WEB + "/" + fullName(r) + "/pull/" + row.number + ".diff", patch_url: WEB + "/" + fullName(r) + "/pull/" + row.number + ".patch", merged_at: p.merged_at };
    }
    return out;
  };`;
