// Guest bodies of the code host's repository, branch, file and commit tools, answering as
// @modelcontextprotocol/server-github does: the REST call behind each tool, its answer passed
// through the server's zod schema where it parses one (repositories, file contents with the text
// already decoded from base64 by the server, the commit of a file write, git references), raw
// where it does not (the commit list). Writes commit as the token's owner at the episode clock.
export const REPO_BODIES = {
  create_or_update_file: String.raw`
  const r = repoOf(given("owner"), given("repo"));
  const path = String(given("path")).replace(/^\/+/, "");
  const content = given("content");
  const message = given("message");
  const branch = given("branch");
  if (path === "" || path.split("/").some((part) => part === "" || part === "." || part === "..")) invalid([{ resource: "Commit", field: "path", code: "invalid" }], "path is invalid");
  checkText(content, C.maxContentChars, "Content");
  checkText(message, C.maxMessageChars, "Message");
  if (String(message).trim() === "") invalid([{ resource: "Commit", field: "message", code: "missing_field" }]);
  const headSha = branchSha(r, branch);
  const emptyRepo = ctx.one("SELECT COUNT(*) AS n FROM code_branches WHERE repo_id = ?", [r.id]).n === 0;
  if (headSha === null && !emptyRepo) notFound("Branch " + branch + " not found");
  const tree = headSha === null ? {} : treeOf(headSha);
  const expected = given("sha");
  // The server looks the current sha up itself when none is given; a stale one is GitHub's 409.
  if (expected !== undefined && expected !== "" && tree[path] !== expected) conflict(path + " does not match " + expected);
  if (Object.keys(tree).some((p) => p.startsWith(path + "/"))) invalid([{ resource: "Commit", field: "path", code: "invalid" }], "path is a directory");
  tree[path] = storeBlob(content);
  const sha = makeCommit(tree, headSha === null ? [] : [headSha], message);
  if (headSha === null) ctx.run("INSERT INTO code_branches (repo_id, name, sha) VALUES (?, ?, ?)", [r.id, branch, sha]);
  moveBranch(r, branch, sha);
  const c = commitRow(sha);
  const name = path.slice(path.lastIndexOf("/") + 1);
  return {
    content: {
      name, path, sha: tree[path], size: utf8Length(content), url: repoApi(r) + "/contents/" + path + "?ref=" + branch,
      html_url: WEB + "/" + fullName(r) + "/blob/" + branch + "/" + path, git_url: repoApi(r) + "/git/blobs/" + tree[path],
      download_url: "https://raw.githubusercontent.com/" + fullName(r) + "/" + branch + "/" + path, type: "file",
      _links: { self: repoApi(r) + "/contents/" + path + "?ref=" + branch, git: repoApi(r) + "/git/blobs/" + tree[path], html: WEB + "/" + fullName(r) + "/blob/" + branch + "/" + path },
    },
    commit: {
      sha, node_id: nodeId("C", r.id), url: repoApi(r) + "/git/commits/" + sha, html_url: WEB + "/" + fullName(r) + "/commit/" + sha,
      author: gitUser(c), committer: gitUser(c), message: c.message, tree: { sha: c.tree_sha, url: repoApi(r) + "/git/trees/" + c.tree_sha },
      parents: parse(c.parents).map((p) => ({ sha: p, url: repoApi(r) + "/git/commits/" + p, html_url: WEB + "/" + fullName(r) + "/commit/" + p })),
    },
  };`,

  push_files: String.raw`
  const r = repoOf(given("owner"), given("repo"));
  const branch = given("branch");
  const files = given("files");
  const message = given("message");
  if (files.length > C.maxFiles) invalid([{ resource: "Tree", field: "tree", code: "custom", message: "At most " + C.maxFiles + " files can be pushed at once" }]);
  checkText(message, C.maxMessageChars, "Message");
  const headSha = branchSha(r, branch);
  if (headSha === null) notFound();
  const tree = treeOf(headSha);
  for (const f of files) {
    const path = String(f.path).replace(/^\/+/, "");
    if (path === "" || path.split("/").some((part) => part === "" || part === "." || part === "..")) invalid([{ resource: "Tree", field: "path", code: "invalid", value: f.path }]);
    checkText(f.content, C.maxContentChars, "Content");
    tree[path] = storeBlob(f.content);
  }
  const sha = makeCommit(tree, [headSha], message);
  moveBranch(r, branch, sha);
  return refObject(r, branch, sha);`,

  get_file_contents: String.raw`
  const r = repoOf(given("owner"), given("repo"));
  const ref = given("branch") === undefined ? r.default_branch : given("branch");
  let head = branchSha(r, ref);
  if (head === null && /^[0-9a-f]{40}$/.test(ref) && commitRow(ref) !== null) head = ref;
  if (head === null) {
    if (ctx.one("SELECT COUNT(*) AS n FROM code_branches WHERE repo_id = ?", [r.id]).n === 0) notFound("This repository is empty.");
    notFound("No commit found for the ref " + ref);
  }
  const tree = treeOf(head);
  const path = String(given("path")).replace(/^\/+|\/+$/g, "");
  const links = (p, sha, kind) => ({ self: repoApi(r) + "/contents/" + p + "?ref=" + ref, git: repoApi(r) + "/git/" + kind + "/" + sha, html: WEB + "/" + fullName(r) + "/" + (kind === "blobs" ? "blob" : "tree") + "/" + ref + "/" + p });
  if (path !== "" && tree[path] !== undefined) {
    const sha = tree[path];
    const content = blob(sha);
    const name = path.slice(path.lastIndexOf("/") + 1);
    return {
      name, path, sha, size: utf8Length(content), url: repoApi(r) + "/contents/" + path + "?ref=" + ref,
      html_url: WEB + "/" + fullName(r) + "/blob/" + ref + "/" + path, git_url: repoApi(r) + "/git/blobs/" + sha,
      download_url: "https://raw.githubusercontent.com/" + fullName(r) + "/" + ref + "/" + path, type: "file",
      content, encoding: "base64", _links: links(path, sha, "blobs"),
    };
  }
  const prefix = path === "" ? "" : path + "/";
  const inside = Object.keys(tree).filter((p) => p.startsWith(prefix));
  if (inside.length === 0) notFound();
  const entries = new Map();
  for (const p of inside) {
    const rest = p.slice(prefix.length);
    const slash = rest.indexOf("/");
    const name = slash < 0 ? rest : rest.slice(0, slash);
    const entryPath = prefix + name;
    if (entries.has(name)) continue;
    if (slash < 0) {
      const sha = tree[p];
      entries.set(name, { type: "file", size: utf8Length(blob(sha)), name, path: entryPath, sha, url: repoApi(r) + "/contents/" + entryPath + "?ref=" + ref, git_url: repoApi(r) + "/git/blobs/" + sha, html_url: WEB + "/" + fullName(r) + "/blob/" + ref + "/" + entryPath, download_url: "https://raw.githubusercontent.com/" + fullName(r) + "/" + ref + "/" + entryPath });
    } else {
      const sub = {};
      for (const q of inside) if (q.startsWith(entryPath + "/")) sub[q.slice(entryPath.length + 1)] = tree[q];
      const sha = treeSha(sub);
      entries.set(name, { type: "dir", size: 0, name, path: entryPath, sha, url: repoApi(r) + "/contents/" + entryPath + "?ref=" + ref, git_url: repoApi(r) + "/git/trees/" + sha, html_url: WEB + "/" + fullName(r) + "/tree/" + ref + "/" + entryPath, download_url: null });
    }
  }
  return Array.from(entries.values()).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));`,

  create_repository: String.raw`
  const name = String(given("name")).trim().replace(/[^A-Za-z0-9._-]+/g, "-");
  if (name === "" || name === "." || name === "..") invalid([{ resource: "Repository", code: "custom", field: "name", message: "name is invalid" }], "Repository creation failed.");
  if (name.length > 100) invalid([{ resource: "Repository", code: "custom", field: "name", message: "name is too long (maximum is 100 characters)" }], "Repository creation failed.");
  const description = given("description");
  checkText(description, 350, "Description");
  if (findRepo(C.viewer, name) !== null) invalid([{ resource: "Repository", code: "custom", field: "name", message: "name already exists on this account" }], "Repository creation failed.");
  const at = now();
  const id = ctx.one("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM code_repos").id;
  ctx.run("INSERT INTO code_repos (id, owner, name, description, private, fork_of, default_branch, language, created_at, updated_at, pushed_at) VALUES (?, ?, ?, ?, ?, NULL, 'main', NULL, ?, ?, ?)", [id, C.viewer, name, description === undefined || description === "" ? null : description, given("private") === true ? 1 : 0, at, at, at]);
  const r = repoById(id);
  if (given("auto_init") === true) {
    const readme = "# " + name + (description ? "\n" + description : "") + "\n";
    const sha = makeCommit({ "README.md": storeBlob(readme) }, [], "Initial commit");
    ctx.run("INSERT INTO code_branches (repo_id, name, sha) VALUES (?, 'main', ?)", [id, sha]);
  }
  return repoObject(r);`,

  fork_repository: `
  const source = repoOf(given("owner"), given("repo"));
  const org = given("organization");
  let target = C.viewer;
  if (org !== undefined) {
    const account = accountOf(org);
    if (account === null || account.type !== "Organization") notFound();
    if (!isMember(account.login, C.viewer)) invalid([{ resource: "Fork", code: "custom", message: "You do not have permission to create repositories in " + account.login }]);
    target = account.login;
  }
  const root = source.fork_of === null ? source : repoById(source.fork_of);
  const answer = (r) => {
    const out = repoObject(r);
    out.parent = repoObject(source);
    out.source = repoObject(root);
    return out;
  };
  if (target.toLowerCase() === source.owner.toLowerCase()) invalid([{ resource: "Fork", code: "custom", message: "Repository cannot be forked into the account that owns it" }]);
  const existing = ctx.one("SELECT * FROM code_repos WHERE owner = ? COLLATE NOCASE AND fork_of = ?", [target, root.id]);
  if (existing !== null) return answer(existing);
  let name = source.name;
  for (let i = 1; findRepo(target, name) !== null; i++) name = source.name + "-" + i;
  const at = now();
  const id = ctx.one("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM code_repos").id;
  ctx.run("INSERT INTO code_repos (id, owner, name, description, private, fork_of, default_branch, language, created_at, updated_at, pushed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [id, target, name, source.description, source.private, root.id, source.default_branch, source.language, at, at, source.pushed_at]);
  ctx.run("INSERT INTO code_branches (repo_id, name, sha) SELECT ?, name, sha FROM code_branches WHERE repo_id = ?", [id, source.id]);
  return answer(repoById(id));`,

  create_branch: String.raw`
  const r = repoOf(given("owner"), given("repo"));
  const name = given("branch");
  if (!/^[^\s~^:?*\[\\]+$/.test(name) || name.startsWith("/") || name.endsWith("/") || name.endsWith(".lock") || name.indexOf("..") >= 0) {
    invalid([], "Reference name is not a valid ref name");
  }
  const from = given("from_branch");
  let sha;
  if (from !== undefined) {
    sha = branchSha(r, from);
    if (sha === null) notFound();
  } else {
    // The server branches from main, or master when there is no main, not the default branch.
    sha = branchSha(r, "main");
    if (sha === null) sha = branchSha(r, "master");
    if (sha === null) notFound();
  }
  if (branchSha(r, name) !== null) invalid([], "Reference already exists");
  ctx.run("INSERT INTO code_branches (repo_id, name, sha) VALUES (?, ?, ?)", [r.id, name, sha]);
  return refObject(r, name, sha);`,

  list_commits: `
  const r = repoOf(given("owner"), given("repo"));
  const ref = given("sha") === undefined ? r.default_branch : given("sha");
  let head = branchSha(r, ref);
  if (head === null && commitRow(ref) !== null) head = ref;
  if (head === null) {
    if (ctx.one("SELECT COUNT(*) AS n FROM code_branches WHERE repo_id = ?", [r.id]).n === 0) conflict("Git Repository is empty.");
    notFound("No commit found for SHA: " + ref);
  }
  const all = ancestors(head).sort((a, b) => (a.authored_at < b.authored_at ? 1 : a.authored_at > b.authored_at ? -1 : a.sha < b.sha ? -1 : 1));
  return pageOf(all, given("page"), given("per_page"), 30).map((c) => ({
    sha: c.sha, node_id: nodeId("C", r.id),
    commit: {
      author: gitUser(c), committer: gitUser(c), message: c.message,
      tree: { sha: c.tree_sha, url: repoApi(r) + "/git/trees/" + c.tree_sha }, url: repoApi(r) + "/git/commits/" + c.sha, comment_count: 0,
    },
    url: repoApi(r) + "/commits/" + c.sha, html_url: WEB + "/" + fullName(r) + "/commit/" + c.sha, comments_url: repoApi(r) + "/commits/" + c.sha + "/comments",
    author: c.author_login === null ? null : userOf(c.author_login), committer: c.author_login === null ? null : userOf(c.author_login),
    parents: parse(c.parents).map((p) => ({ sha: p, url: repoApi(r) + "/commits/" + p, html_url: WEB + "/" + fullName(r) + "/commit/" + p })),
  }));`,
} as const;
