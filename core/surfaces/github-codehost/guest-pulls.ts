// Guest JavaScript the pull request tools share: a pull request by number (an issue number that is
// not a pull request is GitHub's 404), its head (the branch's current commit while open, frozen
// when merged or closed), what it is compared against (the merge base with its base branch; for a
// merged one, with the base as it stood before the merge), its changed files, where a review
// comment sits in them (GitHub's `position`: lines below the file's first hunk header), and the
// pull request object as the server's zod schema keeps it (no `merged`, `mergeable` or `draft`).
export const CODEHOST_PULLS_JS = String.raw`
  const pullOf = (r, number) => {
    const issue = issueRow(r, number);
    if (issue.is_pull !== 1) notFound();
    const p = ctx.one("SELECT * FROM code_pulls WHERE repo_id = ? AND number = ?", [r.id, issue.number]);
    const headRepo = repoById(p.head_repo_id);
    const live = issue.state === "open" ? branchSha(headRepo, p.head_ref) : null;
    return { issue, p, headRepo, head: live === null ? p.head_sha : live };
  };
  const compareBase = (r, pr) => {
    if (pr.p.merged === 1 && pr.p.merge_commit_sha !== null) {
      const first = parse(commitRow(pr.p.merge_commit_sha).parents)[0];
      return mergeBase(first, pr.head);
    }
    const base = branchSha(r, pr.p.base_ref);
    return base === null ? null : mergeBase(base, pr.head);
  };
  const pullFiles = (r, pr, upTo) => {
    const from = compareBase(r, pr);
    return changedFiles(r, from === null ? {} : treeOf(from), treeOf(upTo || pr.head), upTo || pr.head);
  };
  // Where a line (new side) or a position sits in a file's diff: { line, position, hunk } or null.
  const locate = (file, line, position) => {
    let pos = 0;
    for (let h = 0; h < file._hunks.length; h++) {
      const hunk = file._hunks[h];
      if (h > 0) pos++;
      for (let i = 0; i < hunk.lines.length; i++) {
        pos++;
        const l = hunk.lines[i];
        const newLine = l.op === "-" ? null : l.b;
        if ((position !== null && position === pos) || (position === null && line !== null && newLine === line)) {
          const text = [hunk.header].concat(hunk.lines.slice(0, i + 1).map((x) => x.op + x.text)).join("\n");
          return { line: newLine, position: pos, hunk: text };
        }
      }
    }
    return null;
  };
  const briefLabel = (r, name) => {
    const l = labelObject(r, name);
    if (l.description === null) delete l.description;
    return l;
  };
  const refSide = (repo, ref, sha) => ({ label: repo.owner + ":" + ref, ref, sha, user: briefUser(repo.owner), repo: repoObject(repo) });
  const pullObject = (r, pr) => {
    const { issue, p, headRepo } = pr;
    const base = WEB + "/" + fullName(r) + "/pull/" + issue.number;
    const assignees = parse(issue.assignees);
    const baseSha = branchSha(r, p.base_ref);
    return {
      url: repoApi(r) + "/pulls/" + issue.number, id: issue.id - 1000000000, node_id: nodeId("PR", issue.id), html_url: base,
      diff_url: base + ".diff", patch_url: base + ".patch", issue_url: repoApi(r) + "/issues/" + issue.number,
      number: issue.number, state: issue.state, locked: false, title: issue.title, user: briefUser(issue.author), body: issue.body,
      created_at: issue.created_at, updated_at: issue.updated_at, closed_at: issue.closed_at, merged_at: p.merged_at,
      merge_commit_sha: p.merge_commit_sha, assignee: assignees.length > 0 ? briefUser(assignees[0]) : null,
      assignees: assignees.map(briefUser), requested_reviewers: [], labels: parse(issue.labels).map((n) => briefLabel(r, n)),
      head: refSide(headRepo, p.head_ref, pr.head), base: refSide(r, p.base_ref, baseSha === null ? pr.head : baseSha),
    };
  };
  const reviewObject = (r, row) => ({
    id: row.id, node_id: nodeId("PRR", row.id), user: briefUser(row.author), body: row.body, state: row.state,
    html_url: WEB + "/" + fullName(r) + "/pull/" + row.number + "#pullrequestreview-" + row.id,
    pull_request_url: repoApi(r) + "/pulls/" + row.number, commit_id: row.commit_id, submitted_at: row.submitted_at,
    author_association: association(r, row.author),
  });
  const touchIssue = (issue, at) => ctx.run("UPDATE code_issues SET updated_at = ? WHERE id = ?", [at, issue.id]);`;
