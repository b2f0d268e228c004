// Programmatic writes over deployments chosen by a test on each one (the registry its image comes
// from, a release-candidate tag, its replica count or readiness, a missing memory limit): label or
// restart those that pass; plus bringing one namespace's deployments to the images of their
// namesakes in another, and clearing out replica sets left at zero replicas.
import { lit } from "../../../tasks/programs/program-code";
import { containersOf, type KubeObject, numberAt } from "./cluster";
import { namespaceGroups } from "./scopes";
import {
  programWrite,
  type ResourceCandidate,
  type ResourceTemplate,
  WORKLOAD_LABELS,
} from "./template";

interface Condition {
  key: string;
  /** Completes "every deployment ... ": `whose image comes from ghcr.io`. */
  words: string;
  /** A JavaScript test on the deployment object `d`. */
  code: string;
  test(d: KubeObject): boolean;
}

const images = (d: KubeObject) => containersOf(d).map((c) => c.image);

const CONDITIONS: readonly Condition[] = [
  {
    key: "ghcr",
    words: "that runs a container image from ghcr.io",
    code: "d.spec.template.spec.containers.some((c) => c.image.startsWith('ghcr.io/'))",
    test: (d) => images(d).some((i) => i.startsWith("ghcr.io/")),
  },
  {
    key: "rc",
    words: "that runs a release-candidate image (a tag containing -rc)",
    code: "d.spec.template.spec.containers.some((c) => /:[^:/]*-rc/.test(c.image))",
    test: (d) => images(d).some((i) => /:[^:/]*-rc/.test(i)),
  },
  {
    key: "single",
    words: "that asks for a single replica",
    code: "d.spec.replicas === 1",
    test: (d) => numberAt(d.spec, "replicas") === 1,
  },
  {
    key: "ready",
    words: "that has every replica it asks for ready",
    code: "((d.status && d.status.readyReplicas) || 0) >= d.spec.replicas",
    test: (d) => numberAt(d.status, "readyReplicas") >= numberAt(d.spec, "replicas"),
  },
  {
    key: "no-limit",
    words: "that has a container without a memory limit",
    code: "d.spec.template.spec.containers.some((c) => !(c.resources && c.resources.limits && c.resources.limits.memory))",
    test: (d) => containersOf(d).some((c) => c.limits.memory === undefined),
  },
];

/** "Add the label team=platform to every deployment in production that runs a container image from ghcr.io." */
const actOnMatching: ResourceTemplate = {
  name: "act-on-matching",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    const out: ResourceCandidate[] = [];
    for (const scope of namespaceGroups(ctx.cluster.all("Deployment"), 2)) {
      // Two tests that pick the same deployments here would make the same calls: keep the first.
      const picked = new Set<string>();
      for (const cond of CONDITIONS) {
        const hit = scope.items.filter(cond.test);
        const names = hit.map((d) => `${d.namespace}/${d.name}`).join(",");
        if (hit.length === 0 || hit.length === scope.items.length || picked.has(names)) continue;
        picked.add(names);
        const which = `every deployment ${scope.words} ${cond.words}`;
        const loop = (action: string) => [
          `for (const item of list('deployments', ${lit(scope.ns)})) {`,
          "  const d = get('deployment', item.name, item.namespace);",
          `  if (${cond.code}) ${action}`,
          "}",
        ];
        const size = 1 + scope.items.length + hit.length;
        const key = `${scope.key}/${cond.key}`;
        if (ctx.lens.rollout) {
          out.push(
            programWrite(
              ctx,
              `${key}/restart`,
              `Do a rolling restart of ${which}.`,
              ["list", "get", "rollout"],
              loop("rollout('restart', 'deployment', d.metadata.name, d.metadata.namespace);"),
              size,
              hit.length,
            ),
          );
        }
        if (!ctx.lens.patch) continue;
        for (const [k, v] of WORKLOAD_LABELS) {
          if (hit.every((d) => d.labels[k] === v)) continue;
          out.push(
            programWrite(
              ctx,
              `${key}/label:${k}=${v}`,
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

/** "Make every deployment in staging that also exists in production run the images it runs there." */
const alignTwins: ResourceTemplate = {
  name: "align-twins",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.patch) return [];
    const deployments = ctx.cluster.all("Deployment");
    const namespaces = [...new Set(deployments.map((d) => d.namespace))];
    const out: ResourceCandidate[] = [];
    for (const to of namespaces) {
      for (const from of namespaces) {
        if (to === from) continue;
        const pairs = deployments
          .filter((d) => d.namespace === to)
          .flatMap((d) => {
            const twin = deployments.find((t) => t.namespace === from && t.name === d.name);
            return twin ? [{ d, twin }] : [];
          });
        const changed = pairs.filter(({ d, twin }) => {
          const theirs = new Map(containersOf(twin).map((c) => [c.name, c.image]));
          return containersOf(d).some((c) => theirs.has(c.name) && theirs.get(c.name) !== c.image);
        });
        if (changed.length === 0) continue;
        out.push(
          programWrite(
            ctx,
            `${from}>${to}`,
            `For every deployment in the ${to} namespace that also exists, by name, in the ${from} namespace, set each of its containers to the image the container of the same name runs in ${from}. Leave containers that ${from} does not have, and deployments that already match, as they are.`,
            ["list", "get", "patch"],
            [
              `const theirs = new Set(list('deployments', ${lit(from)}).map((d) => d.name));`,
              `for (const item of list('deployments', ${lit(to)})) {`,
              "  if (!theirs.has(item.name)) continue;",
              `  const source = get('deployment', item.name, ${lit(from)}).spec.template.spec.containers;`,
              `  const changes = get('deployment', item.name, ${lit(to)}).spec.template.spec.containers.flatMap((c) => {`,
              "    const twin = source.find((s) => s.name === c.name);",
              "    return twin && twin.image !== c.image ? [{ name: c.name, image: twin.image }] : [];",
              "  });",
              `  if (changes.length > 0) patch('deployment', item.name, ${lit(to)}, { spec: { template: { spec: { containers: changes } } } });`,
              "}",
            ],
            2 + 2 * pairs.length + changed.length,
            changed.length,
          ),
        );
      }
    }
    return out;
  },
};

/** "Delete every replica set in production that is scaled down to zero replicas." */
const pruneReplicaSets: ResourceTemplate = {
  name: "prune-replica-sets",
  kind: "programmatic",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.delete) return [];
    return namespaceGroups(ctx.cluster.all("ReplicaSet")).flatMap((scope) => {
      const here = scope.items;
      const old = here.filter((rs) => rs.spec.replicas === 0);
      if (old.length === 0) return [];
      return [
        programWrite(
          ctx,
          scope.key,
          `Delete every replica set ${scope.words} that is scaled down to zero replicas (the leftovers of earlier deployment revisions).`,
          ["list", "get", "remove"],
          [
            `for (const item of list('replicasets', ${lit(scope.ns)})) {`,
            "  if (get('replicaset', item.name, item.namespace).spec.replicas === 0) remove('replicaset', item.name, item.namespace);",
            "}",
          ],
          1 + here.length + old.length,
          old.length,
        ),
      ];
    });
  },
};

export const PROGRAM_CONDITION_TEMPLATES: readonly ResourceTemplate[] = [
  actOnMatching,
  alignTwins,
  pruneReplicaSets,
];
