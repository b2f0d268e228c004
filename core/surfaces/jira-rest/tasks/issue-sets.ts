// Sets of issues the way a user names them ("the open bugs in the "Website" project assigned to
// Sofia Alvarez"): a phrase, the JQL that finds them, and the look-ups the solution makes first
// (the project by its name, the user by their display name) whose answers the JQL needs. The
// members are found by running that same JQL through the environment's search, so a template's
// expectations and its program can never disagree about who is in the set.
import type { Json } from "../../../base/json";
import { shuffled } from "../../../tasks/graph-walk/graph-random";
import { plural } from "../../../tasks/phrasing/words";
import {
  ISSUE_FIELDS,
  type Issue,
  namedUsers,
  PAGE,
  type Project,
  type Tracker,
  type User,
} from "./explore";
import { jqlQuote, quoted } from "./program";
import { typeWord } from "./words";

export type Dimension =
  | "project"
  | "status"
  | "open"
  | "type"
  | "priority"
  | "user"
  | "unassigned"
  | "label";

export interface IssueSet {
  /** A noun phrase without an article: `open bugs in the "Website" project`. */
  phrase: string;
  /** Statements that leave the members in `const issues`. */
  code: string[];
  /** Calls the code makes before the search (look-ups). */
  lookups: number;
  hidden: Json[];
  members: Issue[];
  project?: Project;
  user?: User;
  status?: string;
  open?: boolean;
  type?: string;
  priority?: string;
  unassigned?: boolean;
  label?: string;
}

export interface SetOptions {
  min: number;
  max: number;
  /** Dimensions the set must not use (the template's own question is about them). */
  without?: Dimension[];
  /** The set must use at least one look-up (graph chains need a hidden value). */
  lookup?: boolean;
}

const TRIES = 12;

/** A random set with between `min` and `max` members, or undefined. */
export function drawIssueSet(tracker: Tracker, options: SetOptions): IssueSet | undefined {
  const rng = tracker.ctx.rng;
  const issues = tracker.issues();
  const projects = tracker.projects();
  const users = namedUsers(tracker);
  if (issues.length === 0) return undefined;
  const allowed = (d: Dimension) => !options.without?.includes(d);
  for (let attempt = 0; attempt < TRIES; attempt++) {
    // Each set starts from a real issue, so its filters describe something that exists.
    const seed = shuffled(rng, issues)[0] as Issue;
    const f = seed.fields;
    const spec: Partial<IssueSet> = {};
    const project = projects.find((p) => p.key === f.project.key);
    const useProject = allowed("project") && project !== undefined && rng.next() < 0.75;
    if (useProject) spec.project = project;
    const filters = shuffled(rng, ["status", "type", "priority", "user", "label"] as const).slice(
      0,
      rng.next() < 0.55 ? 1 : 2,
    );
    for (const d of filters) {
      if (d === "status") {
        if (allowed("open") && f.status.statusCategory.key !== "done" && rng.next() < 0.4)
          spec.open = true;
        else if (allowed("status")) spec.status = f.status.name;
      } else if (d === "type" && allowed("type")) spec.type = f.issuetype.name;
      else if (d === "priority" && allowed("priority")) spec.priority = f.priority.name;
      else if (d === "user") {
        const user = users.find((u) => u.accountId === f.assignee?.accountId);
        if (user && allowed("user")) spec.user = user;
        else if (!f.assignee && allowed("unassigned")) spec.unassigned = true;
      } else if (d === "label" && allowed("label")) {
        const label = shuffled(rng, f.labels)[0];
        if (label !== undefined) spec.label = label;
      }
    }
    const lookups = (spec.project ? 1 : 0) + (spec.user ? 1 : 0);
    if (options.lookup && lookups === 0) continue;
    const built = buildSet(tracker, spec);
    if (built && built.members.length >= options.min && built.members.length <= options.max)
      return built;
  }
  return undefined;
}

/** A piece of the JQL: fixed text, or a value the program reads from a look-up's answer. */
type Piece = string | { code: string; value: string };

function buildSet(tracker: Tracker, spec: Partial<IssueSet>): IssueSet | undefined {
  const clauses: Piece[][] = [];
  const code: string[] = [];
  const hidden: Json[] = [];
  if (spec.project) {
    code.push(`const project = projectNamed(${JSON.stringify(spec.project.name)});`);
    clauses.push(["project = ", { code: "quote(project.key)", value: jqlQuote(spec.project.key) }]);
    hidden.push(spec.project.key, spec.project.id);
  }
  if (spec.user) {
    code.push(`const user = userNamed(${JSON.stringify(spec.user.displayName)});`);
    clauses.push([
      "assignee = ",
      { code: "quote(user.accountId)", value: jqlQuote(spec.user.accountId) },
    ]);
    hidden.push(spec.user.accountId);
  }
  if (spec.unassigned) clauses.push(["assignee IS EMPTY"]);
  if (spec.status) clauses.push([`status = ${jqlQuote(spec.status)}`]);
  if (spec.open) clauses.push(["statusCategory != Done"]);
  if (spec.type) clauses.push([`issuetype = ${jqlQuote(spec.type)}`]);
  if (spec.priority) clauses.push([`priority = ${jqlQuote(spec.priority)}`]);
  if (spec.label) clauses.push([`labels = ${jqlQuote(spec.label)}`]);
  if (clauses.length === 0) return undefined;
  const pieces = clauses.flatMap((c, i) => [...(i > 0 ? [" AND "] : []), ...c]);
  pieces.push(" ORDER BY key ASC");
  const members = membersOf(
    tracker,
    pieces.map((p) => (typeof p === "string" ? p : p.value)).join(""),
  );
  if (!members) return undefined;
  code.push(`const issues = search(${concatenation(pieces)});`);
  return {
    ...spec,
    phrase: phraseOf(spec),
    code,
    lookups: (spec.project ? 1 : 0) + (spec.user ? 1 : 0),
    hidden,
    members,
  };
}

/** `"project = " + quote(project.key) + " AND status = \"Done\""`: fixed runs as one literal. */
function concatenation(pieces: readonly Piece[]): string {
  const terms: string[] = [];
  let run = "";
  for (const p of pieces) {
    if (typeof p === "string") run += p;
    else {
      if (run !== "") terms.push(JSON.stringify(run));
      terms.push(p.code);
      run = "";
    }
  }
  if (run !== "") terms.push(JSON.stringify(run));
  return terms.join(" + ");
}

function membersOf(tracker: Tracker, jql: string): Issue[] | undefined {
  const lens = tracker.ctx.lens;
  const tool = lens.tools.GET;
  if (!tool) return undefined;
  const outcome = tracker.ctx.runner.call(tool, {
    path: lens.search.path,
    queryParams: { [lens.search.param]: jql, maxResults: PAGE, fields: ISSUE_FIELDS },
    outputFormat: "json",
  });
  if (!outcome.ok) return undefined;
  const result = outcome.result;
  const found =
    result !== null && typeof result === "object" && !Array.isArray(result) ? result.issues : null;
  if (!Array.isArray(found)) return undefined;
  const keys = new Set(
    found.map((i) => (i !== null && typeof i === "object" && !Array.isArray(i) ? i.key : null)),
  );
  return tracker.issues().filter((i) => keys.has(i.key));
}

/** `unassigned open high-priority bugs in the "Website" project labelled "seo"`. */
function phraseOf(spec: Partial<IssueSet>): string {
  const adjectives = [
    ...(spec.unassigned ? ["unassigned"] : []),
    ...(spec.open ? ["open"] : []),
    ...(spec.status ? [quoted(spec.status)] : []),
    ...(spec.priority ? [`${spec.priority.toLowerCase()}-priority`] : []),
  ];
  const noun = spec.type ? plural(typeWord(spec.type)) : "issues";
  const parts = [[...adjectives, noun].join(" ")];
  if (spec.project) parts.push(`in the ${quoted(spec.project.name)} project`);
  if (spec.user) parts.push(`assigned to ${spec.user.displayName}`);
  if (spec.label) parts.push(`labelled ${quoted(spec.label)}`);
  return parts.join(" ");
}
