// Graph templates that change the cluster: the request names something a user sees (a pod, a
// service, pods in trouble, the same app in another namespace) and the solution must first read
// what it leads to (the workload that owns the pod, the node it runs on, the image or variable
// the other namespace uses, the revision that ran an image) and then act on that.
import { lit } from "../../../tasks/programs/program-code";
import { type Action, nodeActions, revisionsOf, workloadActions } from "./actions";
import { containersOf, type KubeObject, nodeOf, selectorOf, WORKLOAD_KINDS } from "./cluster";
import {
  kindWord,
  type ResourceCandidate,
  type ResourceContext,
  type ResourceTemplate,
  resourceDraft,
} from "./template";

const isWorkload = (o: KubeObject | undefined): o is KubeObject =>
  o !== undefined && (WORKLOAD_KINDS as readonly string[]).includes(o.kind);

const podRef = (p: KubeObject) => `the pod "${p.name}" in the ${p.namespace} namespace`;

function actOn(
  ctx: ResourceContext,
  key: string,
  action: Action,
  target: string,
  find: { helpers: Parameters<typeof resourceDraft>[1]["helpers"]; statements: string[] },
  hidden: string[],
  dependentCalls: number,
): ResourceCandidate {
  return {
    key: `${key}/${action.key}`,
    draft: () =>
      resourceDraft(ctx.lens, {
        kind: "graph",
        instruction: action.say(target),
        helpers: [...find.helpers, ...action.helpers],
        statements: [...find.statements, action.code("w"), "return null;"],
        hidden,
        dependentCalls,
        difficulty: {
          chainLength: dependentCalls + 1,
          branching: 0,
          writes: 1,
          hiddenIds: hidden.length,
        },
      }),
  };
}

/** "Scale the deployment that manages the pod "web-6c7df85c8-7g84v" in the default namespace to 4 replicas." */
const ownerOfPod: ResourceTemplate = {
  name: "owner-of-pod",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    return ctx.cluster.all("Pod").flatMap((pod) => {
      const w = ctx.cluster.topOwner(pod);
      if (!isWorkload(w)) return [];
      const target = `the ${kindWord(w.kind)} that manages ${podRef(pod)}`;
      const find = {
        helpers: ["topOwner" as const],
        statements: [`const w = topOwner(get('pod', ${lit(pod.name)}, ${lit(pod.namespace)}));`],
      };
      const depth = w.kind === "Deployment" ? 2 : 1;
      return workloadActions(ctx.lens, ctx.cluster, w).map((a) =>
        actOn(ctx, `${pod.namespace}/${pod.name}`, a, target, find, [], depth),
      );
    });
  },
};

const STATE_WORDS: Record<string, string> = {
  CrashLoopBackOff: "are crash-looping",
  Pending: "are stuck in Pending",
  Error: "keep failing with an error",
  ImagePullBackOff: "cannot pull their image",
  ErrImagePull: "cannot pull their image",
};

/** "Roll the deployment whose pods are crash-looping in the staging namespace back to its previous revision." */
const ownerOfTroubledPods: ResourceTemplate = {
  name: "owner-of-troubled-pods",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    const out: ResourceCandidate[] = [];
    for (const namespace of ctx.cluster.namespacesWithPods()) {
      for (const [state, words] of Object.entries(STATE_WORDS)) {
        const pods = ctx.cluster
          .all("Pod")
          .filter((p) => p.namespace === namespace && p.shown === state);
        const owners = new Set(pods.map((p) => ctx.cluster.topOwner(p)));
        const [w] = [...owners];
        if (owners.size !== 1 || !isWorkload(w)) continue;
        const target = `the ${kindWord(w.kind)} whose pods ${words} in the ${namespace} namespace`;
        const find = {
          helpers: ["list" as const, "topOwner" as const],
          statements: [
            `const troubled = list('pods', ${lit(namespace)}).filter((p) => p.status === ${lit(state)});`,
            `const w = topOwner(get('pod', troubled[0].name, ${lit(namespace)}));`,
          ],
        };
        for (const a of workloadActions(ctx.lens, ctx.cluster, w)) {
          out.push(actOn(ctx, `${namespace}/${state}`, a, target, find, [w.name], 2));
        }
      }
    }
    return out;
  },
};

/** "Do a rolling restart of the deployment behind the service "web" in the default namespace." */
const behindService: ResourceTemplate = {
  name: "behind-service",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    return ctx.cluster.all("Service").flatMap((svc) => {
      const sel = selectorOf(svc);
      if (Object.keys(sel).length === 0) return [];
      const matching = ctx.cluster
        .workloads()
        .filter(
          (w) =>
            w.namespace === svc.namespace &&
            Object.entries(sel).every(([k, v]) => templateLabels(w)[k] === v),
        );
      const [w] = matching;
      if (matching.length !== 1 || !w) return [];
      const plural = `${w.kind.toLowerCase()}s`;
      const find = {
        helpers: ["list" as const, "get" as const],
        statements: [
          `const sel = get('service', ${lit(svc.name)}, ${lit(svc.namespace)}).spec.selector;`,
          "let w = null;",
          `for (const item of list(${lit(plural)}, ${lit(svc.namespace)})) {`,
          `  const candidate = get(${lit(w.kind.toLowerCase())}, item.name, ${lit(svc.namespace)});`,
          "  const labels = candidate.spec.template.metadata.labels || {};",
          "  if (Object.keys(sel).every((k) => labels[k] === sel[k])) w = candidate;",
          "}",
        ],
      };
      const target = `the ${kindWord(w.kind)} behind the service "${svc.name}" in the ${svc.namespace} namespace`;
      return workloadActions(ctx.lens, ctx.cluster, w)
        .filter((a) => !a.key.startsWith("label:"))
        .map((a) => actOn(ctx, `${svc.namespace}/${svc.name}`, a, target, find, [], 1));
    });
  },
};

function templateLabels(w: KubeObject): Record<string, string> {
  const template = w.spec.template;
  if (typeof template !== "object" || template === null || Array.isArray(template)) return {};
  const md = template.metadata;
  if (typeof md !== "object" || md === null || Array.isArray(md)) return {};
  const labels = md.labels;
  if (typeof labels !== "object" || labels === null || Array.isArray(labels)) return {};
  return Object.fromEntries(
    Object.entries(labels).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
  );
}

/** "Cordon the node that runs the pod "postgres-0" in the production namespace ..." */
const nodeOfPod: ResourceTemplate = {
  name: "node-of-pod",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    return ctx.cluster.all("Pod").flatMap((pod) => {
      const nodeName = nodeOf(pod);
      const node = nodeName ? ctx.cluster.find("Node", "", nodeName) : undefined;
      if (!node) return [];
      const target = `the node that runs ${podRef(pod)}`;
      return nodeActions(ctx.lens, node).map((a) => ({
        key: `${pod.namespace}/${pod.name}/${a.key}`,
        draft: () =>
          resourceDraft(ctx.lens, {
            kind: "graph",
            instruction: a.say(target),
            helpers: ["get", ...a.helpers],
            statements: [
              `const node = get('pod', ${lit(pod.name)}, ${lit(pod.namespace)}).spec.nodeName;`,
              a.code("node"),
              "return null;",
            ],
            hidden: [node.name],
            dependentCalls: 1,
            difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
          }),
      }));
    });
  },
};

/** Deployments of the same name in two namespaces, with a container of the same name in both. */
function twins(ctx: ResourceContext) {
  const out: { from: KubeObject; to: KubeObject; container: string }[] = [];
  for (const from of ctx.cluster.all("Deployment")) {
    for (const to of ctx.cluster.all("Deployment")) {
      if (to.name !== from.name || to.namespace === from.namespace) continue;
      const theirs = new Set(containersOf(to).map((c) => c.name));
      for (const c of containersOf(from)) {
        if (theirs.has(c.name)) out.push({ from, to, container: c.name });
      }
    }
  }
  return out;
}

const containerOf = (w: KubeObject, name: string) => containersOf(w).find((c) => c.name === name);

/** "Update the storefront container of the deployment "frontend" in staging to the image production runs." */
const promoteImage: ResourceTemplate = {
  name: "promote-image",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.patch) return [];
    return twins(ctx).flatMap(({ from, to, container }) => {
      const image = containerOf(from, container)?.image;
      if (!image || image === containerOf(to, container)?.image) return [];
      return [
        {
          key: `${from.namespace}>${to.namespace}/${to.name}/${container}`,
          draft: () =>
            resourceDraft(ctx.lens, {
              kind: "graph",
              instruction: `Set the image of the ${container} container of the deployment "${to.name}" in the ${to.namespace} namespace to the image the same container runs in the ${from.namespace} namespace.`,
              helpers: ["get", "patch"],
              statements: [
                `const source = get('deployment', ${lit(from.name)}, ${lit(from.namespace)});`,
                `const image = source.spec.template.spec.containers.find((c) => c.name === ${lit(container)}).image;`,
                `patch('deployment', ${lit(to.name)}, ${lit(to.namespace)}, { spec: { template: { spec: { containers: [{ name: ${lit(container)}, image: image }] } } } });`,
                "return null;",
              ],
              hidden: [image],
              dependentCalls: 1,
              difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
            }),
        },
      ];
    });
  },
};

/** "Set PAYMENTS_API_URL of the checkout-api container in staging to the value production uses." */
const copyVariable: ResourceTemplate = {
  name: "copy-variable",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.patch) return [];
    return twins(ctx).flatMap(({ from, to, container }) => {
      const theirs = containerOf(to, container)?.env ?? [];
      return (containerOf(from, container)?.env ?? [])
        .filter((e) => theirs.find((t) => t.name === e.name)?.value !== e.value)
        .map((e) => ({
          key: `${from.namespace}>${to.namespace}/${to.name}/${container}/${e.name}`,
          draft: () =>
            resourceDraft(ctx.lens, {
              kind: "graph",
              instruction: `Set the environment variable ${e.name} of the ${container} container of the deployment "${to.name}" in the ${to.namespace} namespace to the value it has in the ${from.namespace} namespace.`,
              helpers: ["get", "patch"],
              statements: [
                `const source = get('deployment', ${lit(from.name)}, ${lit(from.namespace)});`,
                `const env = source.spec.template.spec.containers.find((c) => c.name === ${lit(container)}).env;`,
                `const value = env.find((e) => e.name === ${lit(e.name)}).value;`,
                `patch('deployment', ${lit(to.name)}, ${lit(to.namespace)}, { spec: { template: { spec: { containers: [{ name: ${lit(container)}, env: [{ name: ${lit(e.name)}, value: value }] }] } } } });`,
                "return null;",
              ],
              hidden: [e.value],
              dependentCalls: 1,
              difficulty: { chainLength: 2, branching: 0, writes: 1, hiddenIds: 1 },
            }),
        }));
    });
  },
};

const REVISION = "deployment.kubernetes.io/revision";

/** "Roll the deployment "frontend" in production back to the revision that ran ghcr.io/acme/storefront:2.13.0." */
const rollbackToImage: ResourceTemplate = {
  name: "rollback-to-image",
  kind: "graph",
  writes: true,
  candidates(ctx) {
    if (!ctx.lens.rollout?.args.revision) return [];
    return ctx.cluster.all("Deployment").flatMap((d) => {
      const sets = revisionsOf(ctx.cluster, d);
      const current = new Set(containersOf(d).map((c) => c.image));
      const imagesOf = (rs: KubeObject) => containersOf(rs).map((c) => c.image);
      return sets.flatMap((rs) => {
        const revision = Number(rs.annotations[REVISION]);
        const unique = imagesOf(rs).filter(
          (img) => !current.has(img) && sets.every((o) => o === rs || !imagesOf(o).includes(img)),
        );
        const [image] = unique;
        if (!image || !Number.isInteger(revision)) return [];
        return [
          {
            key: `${d.namespace}/${d.name}/${revision}`,
            draft: () =>
              resourceDraft(ctx.lens, {
                kind: "graph",
                instruction: `Roll the deployment "${d.name}" in the ${d.namespace} namespace back to the revision that ran the image ${image}.`,
                helpers: ["list", "get", "rollout"],
                statements: [
                  "let revision = null;",
                  `for (const item of list('replicasets', ${lit(d.namespace)})) {`,
                  `  const rs = get('replicaset', item.name, ${lit(d.namespace)});`,
                  "  const owner = (rs.metadata.ownerReferences || [])[0];",
                  `  if (!owner || owner.kind !== 'Deployment' || owner.name !== ${lit(d.name)}) continue;`,
                  `  if (rs.spec.template.spec.containers.some((c) => c.image === ${lit(image)})) revision = Number(rs.metadata.annotations[${lit(REVISION)}]);`,
                  "}",
                  `rollout('undo', 'deployment', ${lit(d.name)}, ${lit(d.namespace)}, revision);`,
                  "return null;",
                ],
                hidden: [revision],
                dependentCalls: 1,
                difficulty: { chainLength: 3, branching: 1, writes: 1, hiddenIds: 1 },
              }),
          },
        ];
      });
    });
  },
};

export const GRAPH_WRITE_TEMPLATES: readonly ResourceTemplate[] = [
  ownerOfPod,
  ownerOfTroubledPods,
  behindService,
  nodeOfPod,
  promoteImage,
  copyVariable,
  rollbackToImage,
];
