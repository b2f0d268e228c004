// The graph template that works like a contributor: create a branch from the default branch, read a
// file there, change one passage of it (a typo in a README, a version to bump), commit it with
// the message the user gives, and open a pull request from the branch. The edits are found in the
// seeded files: known misspellings, and package versions in package.json, pyproject.toml and
// go.mod. The file's sha and content come from the read on the new branch.

import { pick } from "../../../tasks/graph-walk/graph-random";
import { lit } from "../../../tasks/programs/program-code";
import type { FileView, HostView } from "./explore";
import { callWith, codehostDraft } from "./program";
import { type CodeTemplate, quoted, repoStatements, toolOf, unfit } from "./template";
import { BRANCH_NAMES } from "./words";

interface Edit {
  file: FileView;
  from: string;
  to: string;
  /** Commit message, pull request title and description. */
  message: string;
  title: string;
  body: string;
}

const TYPOS: Readonly<Record<string, string>> = {
  recieve: "receive",
  seperate: "separate",
  occured: "occurred",
  teh: "the",
  adress: "address",
};

const VERSIONS: readonly RegExp[] = [
  /"version": "(\d+)\.(\d+)\.(\d+)"/,
  /^version = "(\d+)\.(\d+)\.(\d+)"/m,
];

/** The edits the seeded files allow, each changing exactly one occurrence. */
export function editsOf(host: HostView): Edit[] {
  const out: Edit[] = [];
  for (const file of host.files) {
    for (const [wrong, right] of Object.entries(TYPOS)) {
      const hits = file.content.match(new RegExp(`\\b${wrong}\\b`, "g")) ?? [];
      if (hits.length === 1) {
        out.push({
          file,
          from: wrong,
          to: right,
          message: `Fix typo in ${file.path}`,
          title: `Fix the ${wrong} typo in ${file.path}`,
          body: "Spelling fix only, no behaviour change.",
        });
      }
    }
    for (const pattern of VERSIONS) {
      const m = pattern.exec(file.content);
      if (!m) continue;
      const [, major, minor, patch] = m;
      const version = `${major}.${minor}.${Number(patch) + 1}`;
      out.push({
        file,
        from: `${major}.${minor}.${patch}`,
        to: version,
        message: `Bump version to ${version}`,
        title: `Release ${version}`,
        body: `Prepares the ${version} release.`,
      });
    }
  }
  return out.filter((e) => e.file.content.split(e.from).length === 2);
}

/** "In owner/repo, create a branch "...", change "..." to "..." in path, commit "...", open a pull request "..."." */
export const branchEdit: CodeTemplate = {
  name: "branch-edit",
  kind: "graph",
  roles: ["create_branch", "get_file_contents", "create_or_update_file", "create_pull_request"],
  maxWrites: () => 3,
  capacity: (host) => editsOf(host).length * BRANCH_NAMES.length,
  build(ctx) {
    const edit = pick(ctx.rng, editsOf(ctx.host));
    const branch = pick(ctx.rng, BRANCH_NAMES);
    if (!edit || !branch) return unfit("no_edit", "no file has a change to make");
    const repo = edit.file.repo;
    const base = repo.defaultBranch;
    const create = toolOf(ctx, "create_branch");
    const read = toolOf(ctx, "get_file_contents");
    const write = toolOf(ctx, "create_or_update_file");
    const open = toolOf(ctx, "create_pull_request");
    const where = { owner: "owner", repo: "repo" };
    return codehostDraft(ctx.lens, {
      kind: "graph",
      instruction:
        `In ${repo.full}, create a branch named ${quoted(branch)} from ${base}. On that branch, change ${quoted(edit.from)} to ${quoted(edit.to)} in ${edit.file.path} ` +
        `with the commit message ${quoted(edit.message)}, then open a pull request from the branch into ${base} titled ${quoted(edit.title)} with the description ${quoted(edit.body)}.`,
      helpers: [],
      statements: [
        ...repoStatements(repo),
        `${callWith(create, { ...where, branch: lit(branch), from_branch: lit(base) })};`,
        `const file = ${callWith(read, { ...where, path: lit(edit.file.path), branch: lit(branch) })};`,
        `const content = file.content.replace(${lit(edit.from)}, ${lit(edit.to)});`,
        `${callWith(write, { ...where, path: lit(edit.file.path), content: "content", message: lit(edit.message), branch: lit(branch), sha: "file.sha" })};`,
        `${callWith(open, { ...where, title: lit(edit.title), body: lit(edit.body), head: lit(branch), base: lit(base) })};`,
        "return null;",
      ],
      hidden: [],
      tools: [create.name, read.name, write.name, open.name],
      difficulty: { chainLength: 4, branching: 0, writes: 3, hiddenIds: 1 },
    });
  },
};
