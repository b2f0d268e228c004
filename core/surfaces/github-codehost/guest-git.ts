// Guest JavaScript for the code host's git objects: branches and commits of a repository, trees as
// path -> blob snapshots, new commits by the token's owner at the episode clock (sha as in
// sha.ts), the merge base of two commits (the merge itself: merge.ts), and unified
// diffs between two versions of a file (LCS line diff, 3 lines of context, GitHub's `patch` text
// without the file headers).
export const CODEHOST_GIT_JS = String.raw`
  const commitRow = (sha) => ctx.one("SELECT * FROM code_commits WHERE sha = ?", [sha]);
  const treeOf = (sha) => parse(commitRow(sha).tree);
  const blob = (sha) => ctx.one("SELECT content FROM code_blobs WHERE sha = ?", [sha]).content;
  const branchSha = (r, name) => {
    const b = ctx.one("SELECT sha FROM code_branches WHERE repo_id = ? AND name = ?", [r.id, name]);
    return b === null ? null : b.sha;
  };
  const refObject = (r, name, sha) => ({
    ref: "refs/heads/" + name, node_id: nodeId("REF", r.id), url: repoApi(r) + "/git/refs/heads/" + name,
    object: { sha, type: "commit", url: repoApi(r) + "/git/commits/" + sha },
  });
  const storeBlob = (content) => {
    const sha = blobSha(content);
    ctx.run("INSERT OR IGNORE INTO code_blobs (sha, content) VALUES (?, ?)", [sha, content]);
    return sha;
  };
  const sortedTree = (tree) => {
    const out = {};
    for (const p of Object.keys(tree).sort()) out[p] = tree[p];
    return out;
  };
  // A commit by the token's owner, now; returns its sha.
  const makeCommit = (tree, parents, message) => {
    const me = accountOf(C.viewer);
    const snapshot = sortedTree(tree);
    const treeId = treeSha(snapshot);
    const at = now();
    const sha = commitSha({ treeSha: treeId, parents, authorName: me.name, authorEmail: me.email, at, message });
    ctx.run("INSERT OR IGNORE INTO code_commits (sha, tree_sha, tree, message, author_login, author_name, author_email, authored_at, parents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [sha, treeId, JSON.stringify(snapshot), message, me.login, me.name, me.email, at, JSON.stringify(parents)]);
    return sha;
  };
  const moveBranch = (r, name, sha) => {
    ctx.run("UPDATE code_branches SET sha = ? WHERE repo_id = ? AND name = ?", [sha, r.id, name]);
    touchRepo(r, true);
  };
  const gitUser = (c) => ({ name: c.author_name, email: c.author_email, date: c.authored_at });
  const ancestors = (sha) => {
    const seen = new Set();
    const order = [];
    const stack = [sha];
    while (stack.length > 0) {
      const s = stack.pop();
      if (seen.has(s)) continue;
      seen.add(s);
      const c = commitRow(s);
      order.push(c);
      for (const p of parse(c.parents)) stack.push(p);
    }
    return order;
  };
  const isAncestor = (maybe, of) => ancestors(of).some((c) => c.sha === maybe);
  // The newest commit both histories share (by date, then sha), or null.
  const mergeBase = (a, b) => {
    const inA = new Set(ancestors(a).map((c) => c.sha));
    const shared = ancestors(b).filter((c) => inA.has(c.sha));
    shared.sort((x, y) => (x.authored_at < y.authored_at ? 1 : x.authored_at > y.authored_at ? -1 : x.sha < y.sha ? -1 : 1));
    return shared.length > 0 ? shared[0].sha : null;
  };
  const linesOf = (text) => {
    if (text === "") return [];
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    return lines;
  };
  // Edit script between two line lists: [{ op: " " | "-" | "+", text, a, b }] with 1-based line numbers.
  const lineDiff = (a, b) => {
    const n = a.length, m = b.length;
    const lcs = [];
    for (let i = 0; i <= n; i++) lcs.push(new Array(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    const out = [];
    let i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[i] === b[j]) { out.push({ op: " ", text: a[i], a: i + 1, b: j + 1 }); i++; j++; }
      else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) { out.push({ op: "-", text: a[i], a: i + 1, b: j }); i++; }
      else { out.push({ op: "+", text: b[j], a: i, b: j + 1 }); j++; }
    }
    return out;
  };
  // Hunks with 3 lines of context: [{ header, lines: [{ op, text, a, b }] }].
  const hunksOf = (script) => {
    const changed = [];
    script.forEach((s, k) => { if (s.op !== " ") changed.push(k); });
    const hunks = [];
    let k = 0;
    while (k < changed.length) {
      let start = Math.max(0, changed[k] - 3);
      let end = Math.min(script.length - 1, changed[k] + 3);
      while (k + 1 < changed.length && changed[k + 1] - 3 <= end + 1) { k++; end = Math.min(script.length - 1, changed[k] + 3); }
      const lines = script.slice(start, end + 1);
      const olds = lines.filter((l) => l.op !== "+");
      const news = lines.filter((l) => l.op !== "-");
      const aStart = olds.length > 0 ? olds[0].a : lines[0].a;
      const bStart = news.length > 0 ? news[0].b : lines[0].b;
      const header = "@@ -" + aStart + (olds.length === 1 ? "" : "," + olds.length) + " +" + bStart + (news.length === 1 ? "" : "," + news.length) + " @@";
      hunks.push({ header, lines });
      k++;
    }
    return hunks;
  };
  const patchOf = (hunks) => hunks.map((h) => [h.header].concat(h.lines.map((l) => l.op + l.text)).join("\n")).join("\n");
  // The files two snapshots differ in, as the pull request files endpoint lists them.
  const changedFiles = (r, fromTree, toTree, ref) => {
    const paths = Array.from(new Set(Object.keys(fromTree).concat(Object.keys(toTree)))).sort();
    return paths.filter((p) => fromTree[p] !== toTree[p]).map((p) => {
      const before = fromTree[p] === undefined ? "" : blob(fromTree[p]);
      const after = toTree[p] === undefined ? "" : blob(toTree[p]);
      const script = lineDiff(linesOf(before), linesOf(after));
      const additions = script.filter((s) => s.op === "+").length;
      const deletions = script.filter((s) => s.op === "-").length;
      const status = fromTree[p] === undefined ? "added" : toTree[p] === undefined ? "removed" : "modified";
      const sha = toTree[p] === undefined ? fromTree[p] : toTree[p];
      return {
        sha, filename: p, status, additions, deletions, changes: additions + deletions,
        blob_url: WEB + "/" + fullName(r) + "/blob/" + ref + "/" + p, raw_url: WEB + "/" + fullName(r) + "/raw/" + ref + "/" + p,
        contents_url: repoApi(r) + "/contents/" + p + "?ref=" + ref, patch: patchOf(hunksOf(script)),
        _hunks: hunksOf(script),
      };
    });
  };`;
