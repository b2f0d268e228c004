// Emitting REST solution programs: a prelude of small helpers every program starts with (a GET
// with JSON output, a write through the method's tool, JQL quoting, finding an issue by its
// summary, a project by its name, a user by their display name, Atlassian document text), then
// the template's own statements. Paths and tool names come from the lens, so a program only
// calls endpoints the environment describes.

import type { Json } from "../../../base/json";
import type { Built, TaskDraft } from "../../../tasks/draft";
import { lit } from "../../../tasks/programs/program-code";
import { programDraft, quoted, unfit } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { HttpMethod } from "../config";
import { ISSUE_FIELDS, type Issue, PAGE, type Tracker } from "./explore";
import type { RestLens } from "./lens";

export { quoted };

export interface RestTemplate {
  name: string;
  kind: TaskKind;
  /** The write methods it calls (none: a read). */
  writes: HttpMethod[];
  /** The endpoints under an issue it needs. */
  under: (keyof RestLens["under"])[];
  build(tracker: Tracker): Built;
}

/** Why a template cannot write this task. */
export const fail = unfit;

/** The helpers every program may use, by name, each defined on one line. */
function helpers(lens: RestLens): [string, string][] {
  const get = lit(lens.tools.GET ?? "");
  return [
    [
      "api",
      `const api = (path, query) => ctx.call(${get}, query === undefined ? { path: path, outputFormat: "json" } : { path: path, queryParams: query, outputFormat: "json" });`,
    ],
    [
      "send",
      `const send = (tool, path, body, query) => ctx.call(tool, Object.assign({ path: path, outputFormat: "json" }, body === undefined ? {} : { body: body }, query === undefined ? {} : { queryParams: query }));`,
    ],
    [
      "quote",
      `const quote = (text) => '"' + String(text).replace(/["\\\\]/g, (c) => "\\\\" + c) + '"';`,
    ],
    [
      "search",
      `const search = (jql) => api(${lit(lens.search.path)}, { ${lit(lens.search.param)}: jql, maxResults: ${lit(PAGE)}, fields: ${lit(ISSUE_FIELDS)} }).issues;`,
    ],
    [
      "issueNamed",
      `const issueNamed = (summary) => search("summary ~ " + quote(summary)).find((i) => i.fields.summary === summary);`,
    ],
    [
      "projectNamed",
      `const projectNamed = (name) => api(${lit(lens.projects)}).find((p) => p.name === name);`,
    ],
    [
      "userNamed",
      `const userNamed = (name) => api(${lit(lens.userSearch.path)}, { ${lit(lens.userSearch.param)}: name }).find((u) => u.displayName === name);`,
    ],
    ["issuePath", `const issuePath = (issue) => ${lit(`${lens.issues}/`)} + issue.key;`],
    [
      "doc",
      `const doc = (text) => ({ type: "doc", version: 1, content: [{ type: "paragraph", content: [{ type: "text", text: text }] }] });`,
    ],
  ];
}

/** The helpers `statements` use, directly or through another helper, in definition order. */
export function prelude(lens: RestLens, statements: readonly string[]): string[] {
  const all = helpers(lens);
  const used = new Set<string>();
  let text = statements.join("\n");
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, line] of all) {
      if (used.has(name) || !new RegExp(`\\b${name}\\(`).test(text)) continue;
      used.add(name);
      text += `\n${line}`;
      grew = true;
    }
  }
  return all.filter(([name]) => used.has(name)).map(([, line]) => line);
}

/** `send("jira_post", <path code>, <body code>)` as a statement fragment. */
export function sendCode(
  lens: RestLens,
  method: HttpMethod,
  pathCode: string,
  bodyCode?: string,
  queryCode?: string,
): string {
  const args = [lit(lens.tools[method] ?? ""), pathCode];
  if (bodyCode !== undefined || queryCode !== undefined) args.push(bodyCode ?? "undefined");
  if (queryCode !== undefined) args.push(queryCode);
  return `send(${args.join(", ")})`;
}

/** `const issue = issueNamed("...")`: how a solution finds the issue a user named. */
export const findIssue = (issue: Issue) =>
  `const issue = issueNamed(${lit(issue.fields.summary)});`;

/** `the issue "Biometric login on iOS"` */
export const namedIssue = (issue: Issue) => `the issue ${quoted(issue.fields.summary)}`;

/** Code for the path of `segment` under the program's `issue`: `issuePath(issue) + "/comment"`. */
export function underIssue(lens: RestLens, segment: keyof RestLens["under"]): string {
  return `issuePath(issue) + ${lit(`/${lens.under[segment] ?? segment}`)}`;
}

/** JQL's string quoting, the same as the prelude's `quote`. */
export function jqlQuote(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

export function restDraft(
  lens: RestLens,
  kind: TaskKind,
  instruction: string,
  statements: string[],
  rest: Pick<TaskDraft, "hidden" | "tools"> & Partial<TaskDraft>,
  difficulty: TaskDraft["difficulty"],
): TaskDraft {
  return programDraft(
    kind,
    instruction,
    [...prelude(lens, statements), ...statements],
    rest,
    difficulty,
  );
}

export const numeric = { kind: "numeric", tolerance: 1e-6 } as const;

/** Tool names of `methods` (GET always first). */
export function toolsOf(lens: RestLens, ...methods: HttpMethod[]): string[] {
  return ["GET" as const, ...methods].flatMap((m) => (lens.tools[m] ? [lens.tools[m]] : []));
}

/** The values given, as a task's hidden list (undefined ones left out). */
export const hide = (...values: (string | number | undefined)[]): Json[] =>
  values.filter((v): v is string | number => v !== undefined);
