// The solution side of code-host synthesis: the JavaScript a program needs to find things the way a
// user names them (an issue or a pull request by its title in a repository, a person's login by
// their name, every file of a branch), the calls written from the lens under the server's own
// argument names, and the draft every template returns. Helpers are emitted only when used.

import type { TaskDraft } from "../../../tasks/draft";
import { callCode } from "../../../tasks/programs/program-code";
import { inOrder, type SurfaceDraftParts, surfaceDraft } from "../../../tasks/surface-draft";
import type { CodeSlot } from "../roles";
import type { CodeLens, CodeTool } from "./lens";

export type Helper =
  | "issueOf"
  | "pullOf"
  | "loginOf"
  | "reposOf"
  | "openIssuesOf"
  | "openPullsOf"
  | "filesOf";

/** `ctx.call(tool, {...})` with each slot's value code under the tool's own argument name. */
export function callWith(tool: CodeTool, values: Partial<Record<CodeSlot, string>>): string {
  const entries = (Object.entries(values) as [CodeSlot, string][]).flatMap(([slot, code]) => {
    const name = tool.args[slot];
    return name === undefined ? [] : [[name, code] as const];
  });
  return callCode(tool.name, entries);
}

const REPO = { owner: "owner", repo: "repo" } as const;

function helperCode(lens: CodeLens, helper: Helper): string[] {
  const issues = (state: string) =>
    callWith(lens.list_issues, { ...REPO, state: JSON.stringify(state), per_page: "100" });
  const pulls = (state: string) =>
    callWith(lens.list_pull_requests, { ...REPO, state: JSON.stringify(state), per_page: "100" });
  switch (helper) {
    case "issueOf":
      return [
        "const issueOf = (owner, repo, title) => {",
        `  const found = ${issues("all")}.filter((i) => !i.pull_request && i.title === title);`,
        '  if (found.length !== 1) throw new Error("no single issue titled " + JSON.stringify(title));',
        "  return found[0];",
        "};",
      ];
    case "pullOf":
      return [
        "const pullOf = (owner, repo, title) => {",
        `  const found = ${pulls("all")}.filter((p) => p.title === title);`,
        '  if (found.length !== 1) throw new Error("no single pull request titled " + JSON.stringify(title));',
        "  return found[0];",
        "};",
      ];
    case "loginOf":
      return [
        "const loginOf = (name) => {",
        `  const found = ${lens.search_users ? callWith(lens.search_users, { query: "name" }) : "{ items: [] }"}.items;`,
        '  if (found.length !== 1) throw new Error("no single person called " + JSON.stringify(name));',
        "  return found[0].login;",
        "};",
      ];
    case "reposOf":
      return [
        "const reposOf = (org) =>",
        `  ${lens.search_repositories ? callWith(lens.search_repositories, { query: '"org:" + org', per_page: "100" }) : "{ items: [] }"}.items.map((r) => r.name);`,
      ];
    case "openIssuesOf":
      return [
        `const openIssuesOf = (owner, repo) => ${issues("open")}.filter((i) => !i.pull_request);`,
      ];
    case "openPullsOf":
      return [`const openPullsOf = (owner, repo) => ${pulls("open")};`];
    case "filesOf": {
      const read = lens.get_file_contents;
      if (!read) return ["const filesOf = () => [];"];
      return [
        "const filesOf = (owner, repo) => {",
        "  const out = [];",
        "  const walk = (path) => {",
        `    const listed = ${callWith(read, { ...REPO, path: "path" })};`,
        "    for (const entry of listed) {",
        '      if (entry.type === "dir") walk(entry.path);',
        `      else out.push({ path: entry.path, content: ${callWith(read, { ...REPO, path: "entry.path" })}.content });`,
        "    }",
        "  };",
        '  walk("");',
        "  return out;",
        "};",
      ];
    }
  }
}

export type CodehostDraftParts = SurfaceDraftParts<Helper>;

const ORDER: readonly Helper[] = [
  "issueOf",
  "pullOf",
  "loginOf",
  "reposOf",
  "openIssuesOf",
  "openPullsOf",
  "filesOf",
];

export function codehostDraft(lens: CodeLens, parts: CodehostDraftParts): TaskDraft {
  return surfaceDraft(
    parts,
    inOrder(ORDER, parts.helpers).flatMap((h) => helperCode(lens, h)),
  );
}
