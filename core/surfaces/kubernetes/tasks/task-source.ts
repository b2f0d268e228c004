// Task source for environments whose tools model a Kubernetes cluster (the MCP importer's resource
// surface: kubectl get, describe, logs, scale, patch, rollout, delete, node cordon...). On its
// first attempt it reads the cluster through the environment's own tools (cluster.ts);
// every template then lists the tasks it can write on that cluster, and each attempt drafts one
// not drafted before in this shard: a template picked uniformly among those with tasks left, then
// one of its tasks. Graph templates chain a lookup into an action (graph-*.ts),
// programmatic ones loop, test and add up (program-*.ts).
import type { ToolRunner } from "../../../episode/tool-runner";
import type { Prng } from "../../../sandbox/determinism";
import type { DraftAttempt, DraftTarget } from "../../../tasks/draft";
import { pick } from "../../../tasks/graph-walk/graph-random";
import { lensTaskSource, unfitIfReadOnly } from "../../../tasks/lens-task-source";
import { instructionLeaks } from "../../../tasks/phrasing/phrasing-leaks";
import type { SurfaceDraftContext } from "../../../tasks/surface-task-source";
import type { TaskKind } from "../../../tasks/task";
import { type Cluster, readCluster } from "./cluster";
import { GRAPH_READ_TEMPLATES } from "./graph-reads";
import { GRAPH_WRITE_TEMPLATES } from "./graph-writes";
import { type ResourceLens, resourceLens, writeTools } from "./lens";
import { PROGRAM_CONDITION_TEMPLATES } from "./program-conditions";
import { PROGRAM_LOG_TEMPLATES } from "./program-logs";
import { PROGRAM_NAMESPACE_TEMPLATES } from "./program-namespaces";
import { PROGRAM_POD_TEMPLATES } from "./program-pods";
import { PROGRAM_WRITE_TEMPLATES } from "./program-writes";
import type { ResourceCandidate, ResourceTemplate } from "./template";

export const RESOURCE_TEMPLATES: readonly ResourceTemplate[] = [
  ...GRAPH_WRITE_TEMPLATES,
  ...GRAPH_READ_TEMPLATES,
  ...PROGRAM_POD_TEMPLATES,
  ...PROGRAM_LOG_TEMPLATES,
  ...PROGRAM_NAMESPACE_TEMPLATES,
  ...PROGRAM_WRITE_TEMPLATES,
  ...PROGRAM_CONDITION_TEMPLATES,
];

/** Candidates tried per attempt before it gives up (each is drafted once per shard either way). */
const MAX_TRIES = 8;

const draftKey = (template: ResourceTemplate, c: ResourceCandidate) =>
  c.group === undefined ? `${template.name}/${c.key}` : `group:${c.group}`;

interface Listed {
  template: ResourceTemplate;
  candidates: ResourceCandidate[];
}

/** One shard's drafting state: the cluster as read once, each template's tasks, and those drafted. */
class ResourceShard {
  private listed: Listed[] | undefined;
  private readonly drafted = new Set<string>();

  constructor(private readonly lens: ResourceLens) {}

  draft({ rng, runner }: SurfaceDraftContext, kind: TaskKind, target: DraftTarget): DraftAttempt {
    const listed = this.list(runner);
    if (!listed) {
      return {
        ok: false,
        reason: "unreadable_cluster",
        detail: "listing the cluster's objects failed",
      };
    }
    let leaked: string | undefined;
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const candidate = this.next(listed, rng, kind, target);
      if (!candidate) break;
      const draft = candidate.draft();
      // A value the solution must find may happen to be written in the request (a variable
      // whose value is the namespace's name): such a task would be rejected, so draw again.
      const leaks = instructionLeaks(draft.instruction, {
        toolNames: [],
        identifiers: [],
        hidden: draft.hidden,
      });
      if (leaks.length === 0) return { ok: true, draft };
      leaked = `${leaks.join("; ")} — ${draft.instruction}`;
    }
    return leaked
      ? { ok: false, reason: "hidden_in_request", detail: leaked }
      : {
          ok: false,
          reason: "exhausted",
          detail: `every ${kind} task the cluster's templates can write was drafted in this shard`,
        };
  }

  /** A template with tasks left, uniformly, then one of its tasks; marked drafted. */
  private next(
    listed: readonly Listed[],
    rng: Prng,
    kind: TaskKind,
    target: DraftTarget,
  ): ResourceCandidate | undefined {
    const open = listed.flatMap(({ template, candidates }) => {
      if (template.kind !== kind || (target.minWrites > 0 && !template.writes)) return [];
      const left = candidates.filter((c) => !this.drafted.has(draftKey(template, c)));
      return left.length > 0 ? [{ template, left }] : [];
    });
    const chosen = pick(rng, open);
    const candidate = chosen ? pick(rng, chosen.left) : undefined;
    if (chosen && candidate) this.drafted.add(draftKey(chosen.template, candidate));
    return candidate;
  }

  /** Exploration only reads, so the fresh copy is left as it was. */
  private list(runner: ToolRunner): Listed[] | undefined {
    if (!this.listed) {
      const cluster: Cluster | undefined = readCluster(this.lens, runner);
      if (!cluster) return undefined;
      const ctx = { lens: this.lens, cluster };
      this.listed = RESOURCE_TEMPLATES.map((template) => ({
        template,
        candidates: template.candidates(ctx),
      }));
    }
    return this.listed;
  }
}

/** Environments whose tools list and change a Kubernetes cluster (see lens.ts). */
export const resourceTaskSource = lensTaskSource({
  name: "resources",
  lens: (_db, tools) => resourceLens(tools),
  unfit: (lens) =>
    unfitIfReadOnly("the cluster's tools only read", () => writeTools(lens).length > 0),
  drafter(lens) {
    const shard = new ResourceShard(lens);
    return (ctx, kind, target) => shard.draft(ctx, kind, target);
  },
});
