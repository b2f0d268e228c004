// Task synthesis for environments whose tools pass HTTP requests through to an issue tracker's
// REST API (mcp-atlassian-jira). The graph walks and the program grammar find no entity tools to
// chain there, so tasks come from templates that know the tracker (graph-reads.ts,
// graph-writes.ts, program-reads.ts, program-writes.ts): they read the fresh copy
// through the GET tool to pick real issues, projects and people, and emit a solution program whose
// calls use JSON output and that finds every key and account id itself from the names the
// instruction gives.
import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { shuffled } from "../../../tasks/graph-walk/graph-random";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import type { TaskKind } from "../../../tasks/task";
import { firstBuilt } from "../../../tasks/template-draw";
import { exploreTracker, type RestContext } from "./explore";
import { REST_GRAPH_READS } from "./graph-reads";
import { REST_GRAPH_WRITES } from "./graph-writes";
import { type RestLens, restLens } from "./lens";
import type { RestTemplate } from "./program";
import { REST_PROGRAM_READS } from "./program-reads";
import { REST_PROGRAM_WRITES } from "./program-writes";

export const REST_TEMPLATES: readonly RestTemplate[] = [
  ...REST_GRAPH_READS,
  ...REST_GRAPH_WRITES,
  ...REST_PROGRAM_READS,
  ...REST_PROGRAM_WRITES,
];

/** The templates this tracker's tools can serve: every method and endpoint they need exists. */
export function usableTemplates(lens: RestLens, kind: TaskKind, minWrites: number): RestTemplate[] {
  return REST_TEMPLATES.filter(
    (t) =>
      t.kind === kind &&
      (minWrites === 0 || t.writes.length > 0) &&
      t.writes.every((m) => lens.tools[m] !== undefined) &&
      t.under.every((segment) => lens.under[segment] !== undefined),
  );
}

/** REST passthrough tools in front of an issue tracker (see lens.ts). */
export const restTaskSource = lensTaskSource({
  name: "rest",
  lens: (_db, tools) => restLens(tools),
  unfit: (lens) =>
    unfitIfReadOnly(
      "the tracker's tools only read",
      (minWrites) =>
        usableTemplates(lens, "graph", minWrites).length +
          usableTemplates(lens, "programmatic", minWrites).length >
        0,
    ),
  drafter:
    (lens) =>
    ({ rng, runner }, kind, target) =>
      restTask({ lens, rng, runner }, kind, target),
});

/** One REST task of `kind`, trying the templates in a random order; writes only when asked. */
export function restTask(ctx: RestContext, kind: TaskKind, target: DraftTarget): DraftAttempt {
  const usable = usableTemplates(ctx.lens, kind, target.minWrites);
  if (usable.length === 0) {
    return { ok: false, reason: "no_template", detail: `no REST ${kind} template fits this API` };
  }
  // Exploration only reads, so a template that gives up leaves the fresh copy as it was.
  const tracker = exploreTracker(ctx);
  return firstBuilt(shuffled(ctx.rng, usable), (t) => t.build(tracker));
}
