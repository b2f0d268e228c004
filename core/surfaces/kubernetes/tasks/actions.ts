// What a write task may do to a workload the solution has found (scale it, restart it, label it,
// roll it back) and to a node (cordon it, label it): the words of the request and the line of
// the program that does it, for the workload or node held in a program variable.
import { lit } from "../../../tasks/programs/program-code";
import type { Cluster, KubeObject } from "./cluster";
import type { Helper } from "./code";
import type { ResourceLens } from "./lens";
import { NODE_LABELS, newLabels, WORKLOAD_LABELS } from "./template";

export interface Action {
  key: string;
  helpers: Helper[];
  /** The request, given how the target is described (`the deployment that manages ...`). */
  say(target: string): string;
  /** The program line, given the variable holding the target's object. */
  code(variable: string): string;
}

const MAX_REPLICAS = 5;

const ref = (v: string) => `${v}.kind.toLowerCase(), ${v}.metadata.name, ${v}.metadata.namespace`;

/** Replica counts other than the workload's own, up to MAX_REPLICAS. */
export function otherCounts(w: KubeObject): number[] {
  const now = w.spec.replicas;
  return Array.from({ length: MAX_REPLICAS }, (_, i) => i + 1).filter((k) => k !== now);
}

/** Deployments keep one replica set per revision; more than one means it can be rolled back. */
export function revisionsOf(cluster: Cluster, w: KubeObject): KubeObject[] {
  return cluster
    .all("ReplicaSet")
    .filter(
      (rs) => rs.namespace === w.namespace && rs.owner?.kind === w.kind && rs.owner.name === w.name,
    );
}

export function workloadActions(lens: ResourceLens, cluster: Cluster, w: KubeObject): Action[] {
  const actions: Action[] = [];
  if (lens.scale && w.kind !== "DaemonSet") {
    for (const k of otherCounts(w)) {
      actions.push({
        key: `scale:${k}`,
        helpers: ["scale"],
        say: (t) => `Scale ${t} to ${k} replica${k === 1 ? "" : "s"}.`,
        code: (v) => `scale(${ref(v)}, ${k});`,
      });
    }
  }
  if (lens.rollout) {
    actions.push({
      key: "restart",
      helpers: ["rollout"],
      say: (t) => `Do a rolling restart of ${t}.`,
      code: (v) => `rollout('restart', ${ref(v)});`,
    });
    if (w.kind === "Deployment" && revisionsOf(cluster, w).length > 1) {
      actions.push({
        key: "undo",
        helpers: ["rollout"],
        say: (t) => `Roll ${t} back to its previous revision.`,
        code: (v) => `rollout('undo', ${ref(v)});`,
      });
    }
  }
  if (lens.patch) {
    for (const [k, value] of newLabels(w, WORKLOAD_LABELS)) {
      actions.push({
        key: `label:${k}=${value}`,
        helpers: ["patch"],
        say: (t) => `Add the label ${k}=${value} to ${t}.`,
        code: (v) => `patch(${ref(v)}, { metadata: { labels: { ${lit(k)}: ${lit(value)} } } });`,
      });
    }
  }
  return actions;
}

/** Actions on a node, given the code of an expression holding its name. */
export function nodeActions(lens: ResourceLens, node: KubeObject): Action[] {
  const actions: Action[] = [];
  if (lens.nodes && node.spec.unschedulable !== true) {
    actions.push({
      key: "cordon",
      helpers: ["cordon"],
      say: (t) => `Cordon ${t} so that no new pods are scheduled on it.`,
      code: (name) => `cordon(${name});`,
    });
  }
  if (lens.patch) {
    for (const [k, value] of newLabels(node, NODE_LABELS)) {
      actions.push({
        key: `label:${k}=${value}`,
        helpers: ["patch"],
        say: (t) => `Add the label ${k}=${value} to ${t}.`,
        code: (name) =>
          `patch('node', ${name}, null, { metadata: { labels: { ${lit(k)}: ${lit(value)} } } });`,
      });
    }
  }
  return actions;
}
