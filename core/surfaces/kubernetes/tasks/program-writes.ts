// Programmatic templates that change the cluster: loops that test each deployment, pod or node
// and act only on those that pass (scale the ones below or above a count, restart or label the
// ones not fully ready, scale every deployment with a label, cordon or label every node that runs
// a workload's pods, delete the pods in a given state).
import { lit } from "../../../tasks/programs/program-code";
import { type KubeObject, nodeOf, numberAt } from "./cluster";
import { namespaceGroups, workloadScopes } from "./scopes";
import {
  NODE_LABELS,
  programWrite,
  type ResourceCandidate,
  type ResourceTemplate,
  WORKLOAD_LABELS,
} from "./template";

const desired = (d: KubeObject) => numberAt(d.spec, "replicas");
const readyOf = (d: KubeObject) => numberAt(d.status, "readyReplicas");

const eachDeployment = (ns: string | null, labels?: string) => [
  `for (const item of list('deployments', ${lit(ns)}${labels ? `, ${lit(labels)}` : ""})) {`,
  "  const d = get('deployment', item.name, item.namespace);",
];

/** "In the production namespace, scale every deployment that asks for fewer than 3 replicas up to 3." */
const scaleToThreshold: ResourceTemplate = {
  name: "scale-to-threshold",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.scale) return [];
    const out: ResourceCandidate[] = [];
    for (const scope of namespaceGroups(ctx.cluster.all("Deployment"), 2)) {
      for (const k of [1, 2, 3, 4, 5]) {
        for (const up of [true, false]) {
          const hit = scope.items.filter((d) => (up ? desired(d) < k : desired(d) > k));
          if (hit.length === 0 || hit.length === scope.items.length) continue;
          const test = up ? `d.spec.replicas < ${k}` : `d.spec.replicas > ${k}`;
          out.push(
            programWrite(
              ctx,
              `${scope.key}/${up ? "up" : "down"}/${k}`,
              up
                ? `Scale every deployment ${scope.words} that asks for fewer than ${k} replicas up to ${k}; leave the others as they are.`
                : `Scale every deployment ${scope.words} that asks for more than ${k} replica${k === 1 ? "" : "s"} down to ${k}; leave the others as they are.`,
              ["list", "get", "scale"],
              [
                ...eachDeployment(scope.ns),
                `  if (${test}) scale('deployment', d.metadata.name, d.metadata.namespace, ${k});`,
                "}",
              ],
              1 + scope.items.length + hit.length,
              hit.length,
            ),
          );
        }
      }
    }
    return out;
  },
};

/** "Scale every deployment labelled tier=backend, in any namespace, to 4 replicas." */
const scaleLabelled: ResourceTemplate = {
  name: "scale-labelled",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.scale) return [];
    const pairs = new Map<string, KubeObject[]>();
    for (const d of ctx.cluster.all("Deployment")) {
      for (const [k, v] of Object.entries(d.labels)) {
        pairs.set(`${k}=${v}`, [...(pairs.get(`${k}=${v}`) ?? []), d]);
      }
    }
    const out: ResourceCandidate[] = [];
    for (const [pair, items] of pairs) {
      if (items.length < 2) continue;
      for (const k of [1, 2, 3, 4, 5]) {
        const hit = items.filter((d) => desired(d) !== k);
        if (hit.length === 0) continue;
        out.push(
          programWrite(
            ctx,
            `${pair}/${k}`,
            `Make every deployment labelled ${pair}, in any namespace, run ${k} replica${k === 1 ? "" : "s"}.`,
            ["list", "get", "scale"],
            [
              ...eachDeployment(null, pair),
              `  if (d.spec.replicas !== ${k}) scale('deployment', d.metadata.name, d.metadata.namespace, ${k});`,
              "}",
            ],
            1 + items.length + hit.length,
            hit.length,
          ),
        );
      }
    }
    return out;
  },
};

/** "Restart every deployment in staging that has fewer ready replicas than it asks for." */
const fixUnready: ResourceTemplate = {
  name: "fix-unready",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    const out: ResourceCandidate[] = [];
    const unready = "(d.status.readyReplicas || 0) < d.spec.replicas";
    for (const scope of namespaceGroups(ctx.cluster.all("Deployment"))) {
      const hit = scope.items.filter((d) => readyOf(d) < desired(d));
      if (hit.length === 0) continue;
      const which = `every deployment ${scope.words} that has fewer ready replicas than it asks for`;
      const loop = (action: string) => [
        ...eachDeployment(scope.ns),
        `  if (${unready}) ${action}`,
        "}",
      ];
      const size = 1 + scope.items.length + hit.length;
      if (ctx.lens.rollout) {
        out.push(
          programWrite(
            ctx,
            `${scope.key}/restart`,
            `Do a rolling restart of ${which}.`,
            ["list", "get", "rollout"],
            loop("rollout('restart', 'deployment', d.metadata.name, d.metadata.namespace);"),
            size,
            hit.length,
          ),
        );
      }
      if (ctx.lens.scale) {
        out.push(
          programWrite(
            ctx,
            `${scope.key}/zero`,
            `Scale ${which} down to zero replicas.`,
            ["list", "get", "scale"],
            loop("scale('deployment', d.metadata.name, d.metadata.namespace, 0);"),
            size,
            hit.length,
          ),
        );
      }
      if (ctx.lens.patch) {
        for (const [k, v] of WORKLOAD_LABELS) {
          if (hit.every((d) => d.labels[k] === v)) continue;
          out.push(
            programWrite(
              ctx,
              `${scope.key}/label:${k}=${v}`,
              `Add the label ${k}=${v} to ${which}.`,
              ["list", "get", "patch"],
              loop(
                `patch('deployment', d.metadata.name, d.metadata.namespace, { metadata: { labels: { ${lit(k)}: ${lit(v)} } } });`,
              ),
              size,
              hit.length,
            ),
          );
        }
      }
    }
    return out;
  },
};

/** "Cordon every node that runs a pod of the stateful set "postgres" in the production namespace." */
const nodesOfWorkload: ResourceTemplate = {
  name: "nodes-of-workload",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    const out: ResourceCandidate[] = [];
    for (const scope of workloadScopes(ctx.cluster)) {
      const nodes = [...new Set(scope.pods.flatMap((p) => nodeOf(p) ?? []))];
      if (nodes.length === 0) continue;
      const which = `every node that runs a pod ${scope.words}`;
      const loop = (action: string) => [
        scope.code,
        "const nodes = new Set();",
        "for (const p of pods) {",
        "  const node = get('pod', p.name, p.namespace).spec.nodeName;",
        "  if (node) nodes.add(node);",
        "}",
        `for (const node of nodes) ${action}`,
      ];
      const size = 1 + scope.pods.length + nodes.length;
      if (ctx.lens.nodes) {
        out.push(
          programWrite(
            ctx,
            `${scope.key}/cordon`,
            `Cordon ${which}.`,
            [...scope.helpers, "get", "cordon"],
            loop("cordon(node);"),
            size,
            nodes.length,
          ),
        );
      }
      if (ctx.lens.patch) {
        for (const [k, v] of NODE_LABELS) {
          out.push(
            programWrite(
              ctx,
              `${scope.key}/label:${k}=${v}`,
              `Add the label ${k}=${v} to ${which}.`,
              [...scope.helpers, "get", "patch"],
              loop(
                `patch('node', node, null, { metadata: { labels: { ${lit(k)}: ${lit(v)} } } });`,
              ),
              size,
              nodes.length,
            ),
          );
        }
      }
    }
    return out;
  },
};

/** "Delete every pod in the production namespace whose status is Completed." */
const deleteByState: ResourceTemplate = {
  name: "delete-by-state",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.delete) return [];
    const out: ResourceCandidate[] = [];
    for (const scope of namespaceGroups(ctx.cluster.all("Pod"))) {
      const here = scope.items;
      const states = [...new Set(here.map((p) => p.shown))].filter((s) => s !== "Running");
      const remove = "remove('pod', p.name, p.namespace);";
      for (const state of states) {
        const hit = here.filter((p) => p.shown === state);
        out.push(
          programWrite(
            ctx,
            `${scope.key}/${state}`,
            `Delete every pod ${scope.words} whose status is ${state}.`,
            ["list", "remove"],
            [
              `for (const p of list('pods', ${lit(scope.ns)})) if (p.status === ${lit(state)}) ${remove}`,
            ],
            1 + hit.length,
            hit.length,
          ),
        );
      }
      const notRunning = here.filter((p) => p.shown !== "Running");
      if (states.length >= 2 && notRunning.length < here.length) {
        out.push(
          programWrite(
            ctx,
            `${scope.key}/not-running`,
            `Delete every pod ${scope.words} whose status is anything other than Running.`,
            ["list", "remove"],
            [
              `for (const p of list('pods', ${lit(scope.ns)})) if (p.status !== 'Running') ${remove}`,
            ],
            1 + notRunning.length,
            notRunning.length,
          ),
        );
      }
    }
    return out;
  },
};

export const PROGRAM_WRITE_TEMPLATES: readonly ResourceTemplate[] = [
  scaleToThreshold,
  scaleLabelled,
  fixUnready,
  nodesOfWorkload,
  deleteByState,
];
