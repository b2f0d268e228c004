// What a code-host template is (graph-*.ts, program-*.ts), and the small choices
// several share: which issues and pull requests a user can name by title, how a repository and a
// person are said, and whether an instruction would give its own answer away.
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import type { Built, DraftTarget } from "../../../tasks/draft";
import { lit } from "../../../tasks/programs/program-code";
import { givesAway, quoted, unfit } from "../../../tasks/surface-draft";
import type { TaskKind } from "../../../tasks/task";
import type { CodeRole } from "../roles";
import type { HostView, IssueView, PersonView, PullView, RepoView } from "./explore";
import type { CodeLens, CodeTool } from "./lens";

export { givesAway, quoted, unfit };

export interface CodeContext {
  lens: CodeLens;
  rng: Prng;
  runner: ToolRunner;
  host: HostView;
}

export interface CodeTemplate {
  name: string;
  kind: TaskKind;
  /** The roles it calls besides listing issues and pull requests. */
  roles: readonly CodeRole[];
  /** The most state-changing calls one of its tasks makes on this host (0: it only reads). */
  maxWrites(host: HostView): number;
  /** How many distinct tasks it can make on this host; templates are drawn in proportion. */
  capacity(host: HostView): number;
  build(ctx: CodeContext, target: DraftTarget): Built;
}

/** Text that can sit inside a quoted instruction and a JSON literal alike. */
export const sayable = (text: string) =>
  text.length >= 3 && text.length <= 160 && text === text.trim() && !/["`\n\r]/.test(text);

/** A tool of the lens the template's roles guarantee. */
export function toolOf(ctx: CodeContext, role: CodeRole): CodeTool {
  const tool = ctx.lens[role];
  if (!tool) throw new Error(`the code-host lens has no ${role} tool`);
  return tool;
}

/** Titles must name one item of their kind in their repository. */
function unique(items: readonly IssueView[], item: IssueView): boolean {
  return (
    sayable(item.title) &&
    items.filter((i) => i.repo === item.repo && i.isPull === item.isPull && i.title === item.title)
      .length === 1
  );
}

export const namedIssues = (host: HostView, test: (i: IssueView) => boolean = () => true) =>
  host.issues.filter((i) => !i.isPull && unique(host.issues, i) && test(i));

export const namedPulls = (host: HostView, test: (p: PullView) => boolean = () => true) =>
  host.pulls.filter((p) => unique(host.issues, p) && test(p));

/** People a user names by their full name (one search result each). */
export const namedPeople = (host: HostView): PersonView[] =>
  host.people.filter(
    (p) =>
      p.login !== host.viewer &&
      sayable(p.name) &&
      host.people.filter(
        (q) =>
          q.name.toLowerCase().includes(p.name.toLowerCase()) ||
          q.login.includes(p.name.toLowerCase()),
      ).length === 1,
  );

/** `const owner = ...; const repo = ...;` for a repository. */
export const repoStatements = (repo: RepoView) => [
  `const owner = ${lit(repo.owner)};`,
  `const repo = ${lit(repo.name)};`,
];

export const nameOf = (host: HostView, login: string) =>
  host.people.find((p) => p.login === login)?.name ?? login;
