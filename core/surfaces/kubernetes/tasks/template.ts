// The shape of a resource-task template: from the cluster snapshot it lists every task it could
// write (one candidate per choice of pod, workload, namespace, action...), each keyed so a shard
// drafts it at most once; a candidate builds its draft only when chosen. Also the builders of
// programmatic candidates, the words tasks use for Kubernetes things and the labels writes set.
import type { TaskDraft } from "../../../tasks/draft";
import { functionSource } from "../../../tasks/programs/program-code";
import type { AnswerMatch, TaskKind } from "../../../tasks/task";
import type { Cluster, KubeObject } from "./cluster";
import { type Helper, prelude, toolsOf } from "./code";
import type { ResourceLens } from "./lens";

export interface ResourceContext {
  lens: ResourceLens;
  cluster: Cluster;
}

export interface ResourceCandidate {
  /** Unique within its template. */
  key: string;
  /**
   * Candidates (of any template) whose solutions make the very same calls and differ only in what
   * they compute from them share a group: synthesis keeps one task per call sequence, so a shard
   * drafts one of them.
   */
  group?: string;
  draft(): TaskDraft;
}

export interface ResourceTemplate {
  name: string;
  kind: TaskKind;
  writes: boolean;
  /** Every task the template can write on this cluster (empty when its tools are missing). */
  candidates(ctx: ResourceContext): ResourceCandidate[];
}

export interface DraftParts {
  kind: TaskKind;
  instruction: string;
  helpers: readonly Helper[];
  statements: readonly string[];
  answerMatch?: AnswerMatch;
  hidden?: TaskDraft["hidden"];
  /** Calls that use a value an earlier call revealed (graph tasks need one). */
  dependentCalls: number;
  difficulty: TaskDraft["difficulty"];
}

export function resourceDraft(lens: ResourceLens, parts: DraftParts): TaskDraft {
  return {
    kind: parts.kind,
    instruction: parts.instruction,
    program: functionSource([...prelude(lens, parts.helpers), ...parts.statements]),
    ...(parts.answerMatch ? { answerMatch: parts.answerMatch } : {}),
    difficulty: parts.difficulty,
    hidden: parts.hidden ?? [],
    tools: toolsOf(lens, parts.helpers),
    dependentCalls: parts.dependentCalls,
  };
}

/** A programmatic task that answers; `group` as on ResourceCandidate. */
export function programRead(
  ctx: ResourceContext,
  key: string,
  group: string,
  instruction: string,
  helpers: Helper[],
  statements: string[],
  match: AnswerMatch,
  chainLength: number,
): ResourceCandidate {
  return {
    key,
    group,
    draft: () =>
      resourceDraft(ctx.lens, {
        kind: "programmatic",
        instruction,
        helpers,
        statements,
        answerMatch: match,
        dependentCalls: 1,
        difficulty: { chainLength, branching: 2, writes: 0, hiddenIds: 0 },
      }),
  };
}

/** A programmatic task judged on the state change its loop of writes makes. */
export function programWrite(
  ctx: ResourceContext,
  key: string,
  instruction: string,
  helpers: Helper[],
  statements: string[],
  chainLength: number,
  writes: number,
): ResourceCandidate {
  return {
    key,
    draft: () =>
      resourceDraft(ctx.lens, {
        kind: "programmatic",
        instruction,
        helpers,
        statements: [...statements, "return null;"],
        dependentCalls: 1,
        difficulty: { chainLength, branching: 2, writes, hiddenIds: 0 },
      }),
  };
}

export const NUMERIC: AnswerMatch = { kind: "numeric", tolerance: 1e-6 };
export const WHOLE_NUMBER: AnswerMatch = { kind: "numeric", tolerance: 0 };

const KIND_WORDS: Record<string, string> = {
  Deployment: "deployment",
  StatefulSet: "stateful set",
  DaemonSet: "daemon set",
  ReplicaSet: "replica set",
  Job: "job",
  Service: "service",
  Pod: "pod",
};

/** `deployment`, `stateful set`: how a user names a kind. */
export function kindWord(kind: string): string {
  return KIND_WORDS[kind] ?? kind.toLowerCase();
}

/** `the deployment "web" in the default namespace` */
export function named(o: KubeObject): string {
  return `the ${kindWord(o.kind)} "${o.name}" in the ${o.namespace} namespace`;
}

/** The resource type a call passes for an object's kind: `deployment`, `statefulset`. */
export function typeArg(o: KubeObject): string {
  return o.kind.toLowerCase();
}

/** Labels write tasks add to workloads: [key, value], as a user writes them (`team=payments`). */
export const WORKLOAD_LABELS: readonly (readonly [string, string])[] = [
  ["team", "payments"],
  ["team", "storefront"],
  ["team", "platform"],
  ["owner", "sre"],
  ["cost-center", "retail"],
  ["on-call", "alice"],
  ["audit", "done"],
  ["release-train", "weekly"],
];

/** Labels write tasks add to nodes. */
export const NODE_LABELS: readonly (readonly [string, string])[] = [
  ["maintenance", "planned"],
  ["maintenance", "kernel-upgrade"],
  ["drain-candidate", "true"],
  ["owner", "sre"],
];

/** The labels from `options` the object does not carry yet. */
export function newLabels(
  o: KubeObject,
  options: readonly (readonly [string, string])[],
): (readonly [string, string])[] {
  return options.filter(([k, v]) => o.labels[k] !== v);
}
