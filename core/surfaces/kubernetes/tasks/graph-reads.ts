// Graph templates that only read: from a pod to the node it runs on and what that node is (its
// zone, its address, how many pods it carries), from a service to the pods it selects, from a
// volume claim to the pod that mounts it and that pod's node.
import { lit } from "../../../tasks/programs/program-code";
import type { AnswerMatch } from "../../../tasks/task";
import { asMap, type KubeObject, nodeOf, selectorOf } from "./cluster";
import type { Helper } from "./code";
import type { ResourceCandidate, ResourceContext, ResourceTemplate } from "./template";
import { resourceDraft } from "./template";

const ZONE = "topology.kubernetes.io/zone";

function read(
  ctx: ResourceContext,
  key: string,
  group: string | undefined,
  instruction: string,
  helpers: Helper[],
  statements: string[],
  match: AnswerMatch,
  hidden: string[],
  chainLength: number,
): ResourceCandidate {
  return {
    key,
    ...(group === undefined ? {} : { group }),
    draft: () =>
      resourceDraft(ctx.lens, {
        kind: "graph",
        instruction,
        helpers,
        statements,
        answerMatch: match,
        hidden,
        dependentCalls: chainLength - 1,
        difficulty: { chainLength, branching: 0, writes: 0, hiddenIds: hidden.length },
      }),
  };
}

const exact: AnswerMatch = { kind: "exact" };
const count: AnswerMatch = { kind: "numeric", tolerance: 0 };

function internalIp(node: KubeObject): string | undefined {
  const list = node.status.addresses;
  if (!Array.isArray(list)) return undefined;
  const found = list.map(asMap).find((a) => a?.type === "InternalIP");
  return typeof found?.address === "string" ? found.address : undefined;
}

/** "In which availability zone is the node that runs the pod "postgres-0" in production?" */
const nodeFacts: ResourceTemplate = {
  name: "node-facts",
  kind: "graph",
  writes: false,
  candidates(ctx) {
    return ctx.cluster.all("Pod").flatMap((pod) => {
      const name = nodeOf(pod);
      const node = name ? ctx.cluster.find("Node", "", name) : undefined;
      if (!node) return [];
      const where = `the pod "${pod.name}" in the ${pod.namespace} namespace`;
      const first = `const node = get('node', get('pod', ${lit(pod.name)}, ${lit(pod.namespace)}).spec.nodeName);`;
      const key = `${pod.namespace}/${pod.name}`;
      const out: ResourceCandidate[] = [];
      if (node.labels[ZONE]) {
        out.push(
          read(
            ctx,
            `${key}/zone`,
            `pod-node:${key}`,
            `In which availability zone is the node that runs ${where}?`,
            ["get"],
            [first, `return node.metadata.labels[${lit(ZONE)}];`],
            exact,
            [node.name],
            2,
          ),
        );
      }
      if (internalIp(node)) {
        out.push(
          read(
            ctx,
            `${key}/ip`,
            `pod-node:${key}`,
            `What is the internal IP address of the node that runs ${where}?`,
            ["get"],
            [first, "return node.status.addresses.find((a) => a.type === 'InternalIP').address;"],
            exact,
            [node.name],
            2,
          ),
        );
      }
      out.push(
        read(
          ctx,
          `${key}/neighbours`,
          undefined,
          `How many pods in the whole cluster, in any state and counting that pod itself, are assigned to the node that runs ${where}?`,
          ["get", "list"],
          [
            `const node = get('pod', ${lit(pod.name)}, ${lit(pod.namespace)}).spec.nodeName;`,
            "let n = 0;",
            "for (const item of list('pods', null)) {",
            "  if (get('pod', item.name, item.namespace).spec.nodeName === node) n += 1;",
            "}",
            "return n;",
          ],
          count,
          [node.name],
          3,
        ),
      );
      return out;
    });
  },
};

/** "How many of the pods behind the service "checkout-api" in staging are ready?" */
const servicePods: ResourceTemplate = {
  name: "service-pods",
  kind: "graph",
  writes: false,
  candidates(ctx) {
    return ctx.cluster.all("Service").flatMap((svc) => {
      const sel = selectorOf(svc);
      if (ctx.cluster.podsMatching(sel, svc.namespace).length === 0) return [];
      const where = `the service "${svc.name}" in the ${svc.namespace} namespace`;
      const pods = `const pods = list('pods', ${lit(svc.namespace)}, selector(get('service', ${lit(svc.name)}, ${lit(svc.namespace)}).spec.selector));`;
      return [
        read(
          ctx,
          `${svc.namespace}/${svc.name}/all`,
          undefined,
          `How many pods does ${where} select, whatever their state?`,
          ["get", "list", "selector"],
          [pods, "return pods.length;"],
          count,
          [],
          2,
        ),
        read(
          ctx,
          `${svc.namespace}/${svc.name}/ready`,
          undefined,
          `How many of the pods selected by ${where} are ready?`,
          ["get", "list", "selector", "ready"],
          [
            pods,
            `return pods.filter((p) => ready(get('pod', p.name, ${lit(svc.namespace)}))).length;`,
          ],
          count,
          [],
          3,
        ),
      ];
    });
  },
};

function claimsOf(pod: KubeObject): string[] {
  const volumes = pod.spec.volumes;
  if (!Array.isArray(volumes)) return [];
  return volumes.flatMap((v) => {
    const claim = asMap(asMap(v)?.persistentVolumeClaim)?.claimName;
    return typeof claim === "string" ? [claim] : [];
  });
}

/** "Which node runs the pod that mounts the volume claim "data-postgres-1" in production?" */
const claimNode: ResourceTemplate = {
  name: "claim-node",
  kind: "graph",
  writes: false,
  candidates(ctx) {
    return ctx.cluster.all("Pod").flatMap((pod) => {
      const name = nodeOf(pod);
      const node = name ? ctx.cluster.find("Node", "", name) : undefined;
      if (!node) return [];
      return claimsOf(pod).flatMap((claim) => {
        const where = `the pod that mounts the volume claim "${claim}" in the ${pod.namespace} namespace`;
        const find = [
          "let node = null;",
          `for (const item of list('pods', ${lit(pod.namespace)})) {`,
          `  const pod = get('pod', item.name, ${lit(pod.namespace)});`,
          `  if ((pod.spec.volumes || []).some((v) => v.persistentVolumeClaim && v.persistentVolumeClaim.claimName === ${lit(claim)})) node = pod.spec.nodeName;`,
          "}",
        ];
        const out = [
          read(
            ctx,
            `${pod.namespace}/${claim}/node`,
            `pods-scan:ns:${pod.namespace}`,
            `Which node runs ${where}? Answer with the node's name.`,
            ["list", "get"],
            [...find, "return node;"],
            exact,
            [],
            3,
          ),
        ];
        if (node.labels[ZONE]) {
          out.push(
            read(
              ctx,
              `${pod.namespace}/${claim}/zone`,
              undefined,
              `In which availability zone does ${where} run?`,
              ["list", "get"],
              [...find, `return get('node', node).metadata.labels[${lit(ZONE)}];`],
              exact,
              [node.name],
              3,
            ),
          );
        }
        return out;
      });
    });
  },
};

export const GRAPH_READ_TEMPLATES: readonly ResourceTemplate[] = [
  nodeFacts,
  servicePods,
  claimNode,
];
