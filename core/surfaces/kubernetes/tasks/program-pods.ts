// Programmatic reads that walk a group of pods (a namespace, a workload's, those with a label, those
// on one node) and compute from each pod's spec: total resource requests and limits, the images
// they run, how they spread over nodes, what share of a node they take.
import { lit } from "../../../tasks/programs/program-code";
import { asMap, containersOf, cpuMilli, type KubeObject, memMi, nodeOf } from "./cluster";
import type { Helper } from "./code";
import { clusterScope, labelScopes, namespaceScopes, workloadScopes } from "./scopes";
import { NUMERIC, programRead, type ResourceCandidate, type ResourceTemplate } from "./template";

export interface Measure {
  key: string;
  /** Completes "What is the total ...": `CPU requested by`. */
  words: string;
  unit: string;
  field: "requests" | "limits";
  resource: "cpu" | "memory";
}

export const MEASURES: readonly Measure[] = [
  {
    key: "cpu-requests",
    words: "CPU requested by",
    unit: "millicores",
    field: "requests",
    resource: "cpu",
  },
  {
    key: "memory-requests",
    words: "memory requested by",
    unit: "MiB",
    field: "requests",
    resource: "memory",
  },
  {
    key: "memory-limits",
    words: "memory limit, summed over",
    unit: "MiB",
    field: "limits",
    resource: "memory",
  },
  {
    key: "cpu-limits",
    words: "CPU limit, summed over",
    unit: "millicores",
    field: "limits",
    resource: "cpu",
  },
];

export function total(pods: readonly KubeObject[], m: Measure): number {
  const parse = m.resource === "cpu" ? cpuMilli : memMi;
  let sum = 0;
  for (const pod of pods) for (const c of containersOf(pod)) sum += parse(c[m.field][m.resource]);
  return Math.round(sum * 100) / 100;
}

/** `let total = 0; for each pod, for each container: total += parse(quantity)` */
export function sumCode(m: Measure, into: string, pods: string): string[] {
  const parse = m.resource === "cpu" ? "cpuMilli" : "memMi";
  return [
    `for (const p of ${pods}) {`,
    "  for (const c of get('pod', p.name, p.namespace).spec.containers) {",
    `    const q = c.resources && c.resources.${m.field} ? c.resources.${m.field}.${m.resource} : undefined;`,
    `    ${into} += ${parse}(q);`,
    "  }",
    "}",
  ];
}

export const parserOf = (m: Measure): Helper => (m.resource === "cpu" ? "cpuMilli" : "memMi");

/** "What is the total memory requested by all containers of the pods in the staging namespace?" */
const sumResources: ResourceTemplate = {
  name: "sum-resources",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    const scopes = [
      ...namespaceScopes(ctx.cluster),
      ...workloadScopes(ctx.cluster),
      ...labelScopes(ctx.cluster),
    ];
    return scopes.flatMap((scope) =>
      MEASURES.filter((m) => total(scope.pods, m) > 0).map((m) =>
        programRead(
          ctx,
          `${scope.key}/${m.key}`,
          `pods-scan:${scope.key}`,
          `What is the total ${m.words} all containers of the pods ${scope.words}, whatever state the pods are in? Count a container without one as zero and answer in ${m.unit}.`,
          [...scope.helpers, "get", parserOf(m)],
          [
            scope.code,
            "let total = 0;",
            ...sumCode(m, "total", "pods"),
            "return Math.round(total * 100) / 100;",
          ],
          NUMERIC,
          1 + scope.pods.length,
        ),
      ),
    );
  },
};

const imagesOf = (pods: readonly KubeObject[]) =>
  [...new Set(pods.flatMap((p) => containersOf(p).map((c) => c.image)))].sort();

/** "Which container images do the pods in the monitoring namespace run?" */
const collectImages: ResourceTemplate = {
  name: "collect-images",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    const scopes = [...namespaceScopes(ctx.cluster), ...labelScopes(ctx.cluster)];
    return scopes
      .filter((s) => imagesOf(s.pods).length >= 2)
      .map((scope) =>
        programRead(
          ctx,
          scope.key,
          `pods-scan:${scope.key}`,
          `Which container images do the pods ${scope.words} run? List each image once.`,
          [...scope.helpers, "get"],
          [
            scope.code,
            "const images = new Set();",
            "for (const p of pods) for (const c of get('pod', p.name, p.namespace).spec.containers) images.add(c.image);",
            "return [...images].sort();",
          ],
          { kind: "set" },
          1 + scope.pods.length,
        ),
      );
  },
};

function perNode(pods: readonly KubeObject[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of pods) {
    const node = nodeOf(p);
    if (node) counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  return counts;
}

const tallyCode = [
  "const counts = {};",
  "for (const p of pods) {",
  "  const node = get('pod', p.name, p.namespace).spec.nodeName;",
  "  if (node) counts[node] = (counts[node] || 0) + 1;",
  "}",
];

/** "Which node runs the most pods of the production namespace?" and "how many on each node?" */
const podsPerNode: ResourceTemplate = {
  name: "pods-per-node",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    const scopes = [
      clusterScope(ctx.cluster),
      ...namespaceScopes(ctx.cluster),
      ...labelScopes(ctx.cluster),
    ];
    return scopes.flatMap((scope) => {
      const counts = perNode(scope.pods);
      const best = Math.max(...counts.values());
      const out: ResourceCandidate[] = [];
      if (counts.size >= 2 && [...counts.values()].filter((n) => n === best).length === 1) {
        out.push(
          programRead(
            ctx,
            `${scope.key}/most`,
            `pods-scan:${scope.key}`,
            `Which node runs the most of the pods ${scope.words}? Answer with the node's name.`,
            [...scope.helpers, "get"],
            [
              scope.code,
              ...tallyCode,
              "let best = null;",
              "for (const node of Object.keys(counts)) if (best === null || counts[node] > counts[best]) best = node;",
              "return best;",
            ],
            { kind: "exact" },
            1 + scope.pods.length,
          ),
        );
      }
      if (counts.size >= 2 && scope.key !== "all") {
        out.push(
          programRead(
            ctx,
            `${scope.key}/tally`,
            `pods-scan:${scope.key}`,
            `For each node that runs any of the pods ${scope.words}, how many of those pods does it run? Answer with a JSON object from node name to count.`,
            [...scope.helpers, "get"],
            [scope.code, ...tallyCode, "return counts;"],
            { kind: "json-subset" },
            1 + scope.pods.length,
          ),
        );
      }
      return out;
    });
  },
};

function requested(pods: readonly KubeObject[], resource: "cpu" | "memory"): number {
  const parse = resource === "cpu" ? cpuMilli : memMi;
  return pods.reduce(
    (sum, p) => sum + containersOf(p).reduce((s, c) => s + parse(c.requests[resource]), 0),
    0,
  );
}

const finished = (p: KubeObject) => p.status.phase === "Succeeded" || p.status.phase === "Failed";

/** Sums the requests of the unfinished pods on the node that runs `pod` into `cpu` and `memory`. */
const podsOnNodeCode = (pod: KubeObject) => [
  `const nodeName = get('pod', ${lit(pod.name)}, ${lit(pod.namespace)}).spec.nodeName;`,
  "let cpu = 0;",
  "let memory = 0;",
  "for (const item of list('pods', null)) {",
  "  const p = get('pod', item.name, item.namespace);",
  "  const phase = p.status && p.status.phase;",
  "  if (p.spec.nodeName !== nodeName || phase === 'Succeeded' || phase === 'Failed') continue;",
  "  for (const c of p.spec.containers) {",
  "    const r = (c.resources && c.resources.requests) || {};",
  "    cpu += cpuMilli(r.cpu);",
  "    memory += memMi(r.memory);",
  "  }",
  "}",
];

/** "What share of the allocatable memory of the node that runs pod X do its pods request?" */
const nodeLoad: ResourceTemplate = {
  name: "node-load",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    return ctx.cluster.all("Pod").flatMap((pod) => {
      const name = nodeOf(pod);
      const node = name ? ctx.cluster.find("Node", "", name) : undefined;
      if (!node) return [];
      const on = ctx.cluster.all("Pod").filter((p) => nodeOf(p) === name && !finished(p));
      const where = `the node that runs the pod "${pod.name}" in the ${pod.namespace} namespace`;
      const key = `${pod.namespace}/${pod.name}`;
      const helpers: Helper[] = ["get", "list", "cpuMilli", "memMi"];
      const out: ResourceCandidate[] = [];
      for (const resource of ["cpu", "memory"] as const) {
        const word = resource === "cpu" ? "CPU" : "memory";
        const unit = resource === "cpu" ? "millicores" : "MiB";
        out.push(
          programRead(
            ctx,
            `${key}/${resource}`,
            `node-requests:${key}`,
            `How much ${word} do the pods on ${where} request together, counting every pod assigned to it that has not finished? Answer in ${unit}.`,
            helpers,
            [...podsOnNodeCode(pod), `return Math.round(${resource} * 100) / 100;`],
            NUMERIC,
            2 + ctx.cluster.all("Pod").length,
          ),
        );
        const allocatable = asMap(node.status.allocatable)?.[resource];
        if (typeof allocatable !== "string" || requested(on, resource) === 0) continue;
        out.push(
          programRead(
            ctx,
            `${key}/${resource}-share`,
            `node-share:${key}`,
            `What percentage of the allocatable ${word} of ${where} is requested by the pods assigned to it that have not finished? Round to one decimal place.`,
            helpers,
            [
              ...podsOnNodeCode(pod),
              `const allocatable = ${resource === "cpu" ? "cpuMilli" : "memMi"}(get('node', nodeName).status.allocatable.${resource});`,
              `return Math.round((${resource} / allocatable) * 1000) / 10;`,
            ],
            { kind: "numeric", tolerance: 0.002 },
            3 + ctx.cluster.all("Pod").length,
          ),
        );
      }
      return out;
    });
  },
};

export const PROGRAM_POD_TEMPLATES: readonly ResourceTemplate[] = [
  sumResources,
  collectImages,
  podsPerNode,
  nodeLoad,
];
