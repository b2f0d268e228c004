// Programmatic reads that walk the objects of a namespace (or of every namespace): which namespace
// requests the most or has the most pods in a state, how far deployments are from ready, config
// map contents, services with ready pods behind them, old replica sets, deployments whose images
// differ from their namesakes in another namespace.
import { lit } from "../../../tasks/programs/program-code";
import {
  asMap,
  type Cluster,
  containersOf,
  type KubeObject,
  numberAt,
  selectorOf,
} from "./cluster";
import { MEASURES, parserOf, sumCode, total } from "./program-pods";
import { namespaceGroups, namespaceScopes } from "./scopes";
import {
  NUMERIC,
  programRead,
  type ResourceCandidate,
  type ResourceTemplate,
  WHOLE_NUMBER,
} from "./template";

/** "Which namespace's pods request the most memory in total?" */
const busiestNamespace: ResourceTemplate = {
  name: "busiest-namespace",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    const scopes = namespaceScopes(ctx.cluster);
    const uniqueBest = (values: number[]) => {
      const best = Math.max(...values);
      return best > 0 && values.filter((v) => v === best).length === 1;
    };
    const out: ResourceCandidate[] = [];
    for (const m of MEASURES.filter((m) => m.field === "requests")) {
      if (!uniqueBest(scopes.map((s) => total(s.pods, m)))) continue;
      out.push(
        programRead(
          ctx,
          `most/${m.key}`,
          "namespaces-scan:requests",
          `Which namespace's pods have the most ${m.resource === "cpu" ? "CPU" : "memory"} requested in total, over all their containers?`,
          ["list", "get", parserOf(m)],
          [
            "let best = null;",
            "let most = -1;",
            "for (const ns of list('namespaces', null)) {",
            "  let total = 0;",
            ...sumCode(m, "total", "list('pods', ns.name)").map((l) => `  ${l}`),
            "  if (total > most) { most = total; best = ns.name; }",
            "}",
            "return best;",
          ],
          { kind: "exact" },
          2 + ctx.cluster.all("Pod").length,
        ),
      );
    }
    const states = [...new Set(ctx.cluster.all("Pod").map((p) => p.shown))];
    for (const state of states) {
      const counts = scopes.map((s) => s.pods.filter((p) => p.shown === state).length);
      if (!uniqueBest(counts)) continue;
      out.push(
        programRead(
          ctx,
          `most-pods/${state}`,
          "namespaces-scan:states",
          `Which namespace has the most pods whose status is ${state}?`,
          ["list"],
          [
            "let best = null;",
            "let most = 0;",
            "for (const ns of list('namespaces', null)) {",
            `  const n = list('pods', ns.name).filter((p) => p.status === ${lit(state)}).length;`,
            "  if (n > most) { most = n; best = ns.name; }",
            "}",
            "return best;",
          ],
          { kind: "exact" },
          1 + ctx.cluster.all("Namespace").length,
        ),
      );
    }
    return out;
  },
};

const desired = (d: KubeObject) => numberAt(d.spec, "replicas");
const readyOf = (d: KubeObject) => numberAt(d.status, "readyReplicas");

/** "How many more ready pods do the deployments in staging need to reach the replicas they ask for?" */
const readinessGap: ResourceTemplate = {
  name: "readiness-gap",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    return namespaceGroups(ctx.cluster.all("Deployment")).flatMap((scope) => {
      const out: ResourceCandidate[] = [];
      const loop = [
        `for (const item of list('deployments', ${lit(scope.ns)})) {`,
        "  const d = get('deployment', item.name, item.namespace);",
        "  const want = d.spec.replicas || 0;",
        "  const have = (d.status && d.status.readyReplicas) || 0;",
      ];
      const gap = scope.items.reduce((s, d) => s + Math.max(0, desired(d) - readyOf(d)), 0);
      if (gap > 0) {
        out.push(
          programRead(
            ctx,
            `${scope.key}/gap`,
            `deployments-scan:${scope.key}`,
            `Adding up over the deployments ${scope.words}, how many more ready pods are needed for each to have as many ready pods as the replicas it asks for?`,
            ["list", "get"],
            [
              "let missing = 0;",
              ...loop,
              "  if (want > have) missing += want - have;",
              "}",
              "return missing;",
            ],
            NUMERIC,
            1 + scope.items.length,
          ),
        );
      }
      const full = scope.items.filter((d) => readyOf(d) >= desired(d)).length;
      if (scope.items.length >= 2 && full > 0) {
        out.push(
          programRead(
            ctx,
            `${scope.key}/full`,
            `deployments-scan:${scope.key}`,
            `How many of the deployments ${scope.words} have every replica they ask for ready?`,
            ["list", "get"],
            ["let n = 0;", ...loop, "  if (have >= want) n += 1;", "}", "return n;"],
            NUMERIC,
            1 + scope.items.length,
          ),
        );
      }
      return out;
    });
  },
};

function byNamespace(cluster: Cluster, kind: string): Map<string, KubeObject[]> {
  const out = new Map<string, KubeObject[]>();
  for (const o of cluster.all(kind)) out.set(o.namespace, [...(out.get(o.namespace) ?? []), o]);
  return out;
}

const uniqueMax = (values: number[]) => {
  const best = Math.max(...values);
  return values.filter((v) => v === best).length === 1;
};

/** "How many keys do the config maps in kube-system hold?" / "Which one holds the most?" */
const configMaps: ResourceTemplate = {
  name: "config-maps",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    return [...byNamespace(ctx.cluster, "ConfigMap")].flatMap(([ns, maps]) => {
      if (maps.length < 2) return [];
      const loop = [
        `for (const item of list('configmaps', ${lit(ns)})) {`,
        `  const keys = Object.keys(get('configmap', item.name, ${lit(ns)}).data || {}).length;`,
      ];
      const out = [
        programRead(
          ctx,
          `${ns}/keys`,
          `configmaps:${ns}`,
          `How many keys do the config maps in the ${ns} namespace hold altogether?`,
          ["list", "get"],
          ["let n = 0;", ...loop, "  n += keys;", "}", "return n;"],
          WHOLE_NUMBER,
          1 + maps.length,
        ),
      ];
      const sizes = maps.map((m) => Object.values(m.data).reduce((s, v) => s + v.length, 0));
      if (uniqueMax(sizes)) {
        out.push(
          programRead(
            ctx,
            `${ns}/largest`,
            `configmaps:${ns}`,
            `Which config map in the ${ns} namespace holds the most text, counting the characters of all its values?`,
            ["list", "get"],
            [
              "let best = null;",
              "let most = -1;",
              `for (const item of list('configmaps', ${lit(ns)})) {`,
              `  const data = get('configmap', item.name, ${lit(ns)}).data || {};`,
              "  const size = Object.values(data).reduce((s, v) => s + String(v).length, 0);",
              "  if (size > most) { most = size; best = item.name; }",
              "}",
              "return best;",
            ],
            { kind: "exact" },
            1 + maps.length,
          ),
        );
      }
      return out;
    });
  },
};

/** "How many services in staging have at least one ready pod behind them?" */
const servedServices: ResourceTemplate = {
  name: "served-services",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    return [...byNamespace(ctx.cluster, "Service")].flatMap(([ns, services]) => {
      const readyPod = (p: KubeObject) =>
        (Array.isArray(p.status.conditions) ? p.status.conditions : []).some(
          (c) => asMap(c)?.type === "Ready" && asMap(c)?.status === "True",
        );
      const served = services.filter((s) => {
        const sel = selectorOf(s);
        return ctx.cluster.podsMatching(sel, ns).some(readyPod);
      });
      if (services.length < 2 || served.length === 0) return [];
      return [
        programRead(
          ctx,
          ns,
          `services:${ns}`,
          `How many of the services in the ${ns} namespace have at least one ready pod behind them?`,
          ["list", "get", "selector", "ready"],
          [
            "let n = 0;",
            `for (const item of list('services', ${lit(ns)})) {`,
            `  const sel = get('service', item.name, ${lit(ns)}).spec.selector;`,
            "  if (!sel || Object.keys(sel).length === 0) continue;",
            `  const pods = list('pods', ${lit(ns)}, selector(sel));`,
            `  if (pods.some((p) => ready(get('pod', p.name, ${lit(ns)})))) n += 1;`,
            "}",
            "return n;",
          ],
          WHOLE_NUMBER,
          1 + 3 * services.length,
        ),
      ];
    });
  },
};

/** "How many old replica sets, scaled to zero, do the deployments in production keep?" */
const oldReplicaSets: ResourceTemplate = {
  name: "old-replica-sets",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    return namespaceGroups(ctx.cluster.all("ReplicaSet")).flatMap((group) => {
      const { key, ns, items: sets, words: where } = group;
      const old = sets.filter((rs) => rs.spec.replicas === 0);
      if (old.length === 0) return [];
      const loop = [
        `for (const item of list('replicasets', ${lit(ns)})) {`,
        "  const rs = get('replicaset', item.name, item.namespace);",
      ];
      const out = [
        programRead(
          ctx,
          `${key}/old`,
          `replicasets:${key}`,
          `How many replica sets ${where} are scaled down to zero replicas?`,
          ["list", "get"],
          ["let n = 0;", ...loop, "  if (rs.spec.replicas === 0) n += 1;", "}", "return n;"],
          WHOLE_NUMBER,
          1 + sets.length,
        ),
      ];
      const owners = new Map<string, number>();
      for (const rs of sets) {
        if (rs.owner)
          owners.set(
            `${rs.namespace}/${rs.owner.name}`,
            (owners.get(`${rs.namespace}/${rs.owner.name}`) ?? 0) + 1,
          );
      }
      if (ns !== null && owners.size >= 2 && uniqueMax([...owners.values()])) {
        out.push(
          programRead(
            ctx,
            `${key}/most`,
            `replicasets:${key}`,
            `Which deployment ${where} keeps the most replica sets (one per revision)?`,
            ["list", "get"],
            [
              "const counts = {};",
              ...loop,
              "  const owner = (rs.metadata.ownerReferences || [])[0];",
              "  if (owner) counts[owner.name] = (counts[owner.name] || 0) + 1;",
              "}",
              "let best = null;",
              "for (const name of Object.keys(counts)) if (best === null || counts[name] > counts[best]) best = name;",
              "return best;",
            ],
            { kind: "exact" },
            1 + sets.length,
          ),
        );
      }
      return out;
    });
  },
};

/** "Which deployments in staging run other images than the deployment of the same name in production?" */
const driftedTwins: ResourceTemplate = {
  name: "drifted-twins",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    const byNs = byNamespace(ctx.cluster, "Deployment");
    const out: ResourceCandidate[] = [];
    for (const [a, mine] of byNs) {
      for (const [b, theirs] of byNs) {
        if (a === b) continue;
        const images = (d: KubeObject) =>
          containersOf(d)
            .map((c) => `${c.name}=${c.image}`)
            .sort()
            .join(",");
        const shared = mine.filter((d) => theirs.some((t) => t.name === d.name));
        const drifted = shared.filter(
          (d) => images(d) !== images(theirs.find((t) => t.name === d.name) as KubeObject),
        );
        if (drifted.length === 0) continue;
        out.push(
          programRead(
            ctx,
            `${a}>${b}`,
            `twins:${a}>${b}`,
            `Which deployments in the ${a} namespace also exist, by name, in the ${b} namespace but run different container images there? Answer with their names.`,
            ["list", "get"],
            [
              `const theirs = new Set(list('deployments', ${lit(b)}).map((d) => d.name));`,
              "const images = (d) => d.spec.template.spec.containers.map((c) => c.name + '=' + c.image).sort().join(',');",
              "const out = [];",
              `for (const item of list('deployments', ${lit(a)})) {`,
              "  if (!theirs.has(item.name)) continue;",
              `  if (images(get('deployment', item.name, ${lit(a)})) !== images(get('deployment', item.name, ${lit(b)}))) out.push(item.name);`,
              "}",
              "return out.sort();",
            ],
            { kind: "set" },
            2 + 2 * shared.length,
          ),
        );
      }
    }
    return out;
  },
};

export const PROGRAM_NAMESPACE_TEMPLATES: readonly ResourceTemplate[] = [
  busiestNamespace,
  readinessGap,
  configMaps,
  servedServices,
  oldReplicaSets,
  driftedTwins,
];
