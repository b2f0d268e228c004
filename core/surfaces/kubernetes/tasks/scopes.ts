// Groups of pods a request can be about, said the way a user says them ("the pods in the staging
// namespace", "the pods of the deployment "web" in default", "all pods labelled tier=backend") with
// the program line that lists them (`const pods = ...`, summaries with name and namespace).
import { lit } from "../../../tasks/programs/program-code";
import type { Cluster, KubeObject } from "./cluster";
import type { Helper } from "./code";
import { kindWord } from "./template";

export interface PodScope {
  key: string;
  /** Completes "the pods ...": `in the staging namespace`, `of the deployment "web" in ...`. */
  words: string;
  helpers: Helper[];
  /** `const pods = ...;` */
  code: string;
  pods: KubeObject[];
  workload?: KubeObject;
}

/** Pod labels a controller writes (hashes, indexes, ids): not what a user selects pods by. */
const GENERATED_LABEL =
  /pod-template-hash|controller-revision-hash|pod-template-generation|pod-name|pod-index|job-name|controller-uid/;

export function namespaceScopes(cluster: Cluster): PodScope[] {
  return cluster.namespacesWithPods().map((ns) => ({
    key: `ns:${ns}`,
    words: `in the ${ns} namespace`,
    helpers: ["list"],
    code: `const pods = list('pods', ${lit(ns)});`,
    pods: cluster.all("Pod").filter((p) => p.namespace === ns),
  }));
}

export function workloadScopes(cluster: Cluster): PodScope[] {
  return cluster.workloads().flatMap((w) => {
    const pods = cluster.podsOf(w);
    if (pods.length === 0) return [];
    return [
      {
        key: `w:${w.kind}/${w.namespace}/${w.name}`,
        words: `of the ${kindWord(w.kind)} "${w.name}" in the ${w.namespace} namespace`,
        helpers: ["get", "podsOf"],
        code: `const pods = podsOf(get(${lit(w.kind.toLowerCase())}, ${lit(w.name)}, ${lit(w.namespace)}));`,
        pods,
        workload: w,
      },
    ];
  });
}

/** Label pairs that pick two or more pods across namespaces or workloads. */
export function labelScopes(cluster: Cluster): PodScope[] {
  const pairs = new Map<string, KubeObject[]>();
  for (const pod of cluster.all("Pod")) {
    for (const [k, v] of Object.entries(pod.labels)) {
      if (GENERATED_LABEL.test(k)) continue;
      const key = `${k}=${v}`;
      pairs.set(key, [...(pairs.get(key) ?? []), pod]);
    }
  }
  return [...pairs.entries()].flatMap(([pair, pods]) => {
    const owners = new Set(
      pods.map((p) => `${p.namespace}/${cluster.topOwner(p)?.name ?? p.name}`),
    );
    if (pods.length < 2 || owners.size < 2) return [];
    return [
      {
        key: `label:${pair}`,
        words: `labelled ${pair}, in any namespace`,
        helpers: ["list"],
        code: `const pods = list('pods', null, ${lit(pair)});`,
        pods,
      },
    ];
  });
}

export function clusterScope(cluster: Cluster): PodScope {
  return {
    key: "all",
    words: "in the whole cluster",
    helpers: ["list"],
    code: "const pods = list('pods', null);",
    pods: [...cluster.all("Pod")],
  };
}

/** Objects of one kind, taken together across namespaces or one namespace at a time. */
export interface NamespaceGroup {
  key: string;
  /** `in any namespace`, `in the staging namespace`. */
  words: string;
  /** null: every namespace (what a list call takes). */
  ns: string | null;
  items: KubeObject[];
}

/** The whole cluster first, then each namespace, keeping groups of at least `minItems`. */
export function namespaceGroups(objects: readonly KubeObject[], minItems = 1): NamespaceGroup[] {
  const namespaces = [...new Set(objects.map((o) => o.namespace))].sort();
  const groups: NamespaceGroup[] = [
    { key: "all", words: "in any namespace", ns: null, items: [...objects] },
    ...namespaces.map((ns) => ({
      key: ns,
      words: `in the ${ns} namespace`,
      ns,
      items: objects.filter((o) => o.namespace === ns),
    })),
  ];
  return groups.filter((g) => g.items.length >= minItems);
}
