// Unit tests for the resource tools, with expectations computed here from the seeded cluster (not
// by running the tool code): the JSON of a seeded object, the pods a label selects, the log lines
// of a container, and exactly which rows a write inserts, updates and deletes (a rollout adds a
// ReplicaSet and its pods and removes the old pods and their logs; a deleted pod is replaced).

import type { Json } from "../../base/json";
import type { ToolTest } from "../../environment/spec";
import type { JsonObject } from "../../mcp/spec-schema";
import { API_RESOURCES, qualifiedName } from "./kinds";
import type { OperationName } from "./operations";
import type { ClusterSeed } from "./seed-cluster";
import { apiObject, CONTEXT_TABLE, LOG_TABLE, OBJECT_TABLE, type StoredObject } from "./tables";

type RoleArgs = Record<string, Json>;
type Changes = NonNullable<ToolTest["expect"]["changes"]>;

class Cluster {
  constructor(readonly seed: ClusterSeed) {}
  find(kind: string, namespace: string, name: string): StoredObject {
    const o = this.seed.objects.find(
      (x) => x.kind === kind && x.namespace === namespace && x.name === name,
    );
    if (!o) throw new Error(`the seed has no ${kind} ${namespace}/${name}`);
    return o;
  }
  owned(owner: StoredObject, kind?: string): StoredObject[] {
    return this.seed.objects
      .filter((o) => o.owner?.uid === owner.uid && (kind === undefined || o.kind === kind))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  currentSet(deployment: StoredObject): StoredObject {
    const rs = this.owned(deployment, "ReplicaSet").find((r) => Number(r.spec?.replicas) > 0);
    if (!rs) throw new Error(`deployment ${deployment.name} has no current ReplicaSet`);
    return rs;
  }
  pods(owner: StoredObject): StoredObject[] {
    return this.owned(owner, "Pod");
  }
  logs(pod: StoredObject, container?: string, previous = false) {
    return this.seed.logs.filter(
      (l) =>
        l.namespace === pod.namespace &&
        l.pod === pod.name &&
        (container === undefined || l.container === container) &&
        l.previous === previous,
    );
  }
  /** Every log line of these pods (what deleting them removes). */
  logCount(pods: StoredObject[]): number {
    return pods.reduce(
      (n, p) =>
        n + this.seed.logs.filter((l) => l.namespace === p.namespace && l.pod === p.name).length,
      0,
    );
  }
  nodes(): StoredObject[] {
    return this.seed.objects.filter((o) => o.kind === "Node");
  }
}

function summary(o: StoredObject): JsonObject {
  const reason =
    ((o.status?.containerStatuses as JsonObject[] | undefined) ?? [])
      .map((s) => (s.state as JsonObject).waiting as JsonObject | undefined)
      .find((w) => w?.reason)?.reason ?? o.status?.phase;
  return {
    name: o.name,
    namespace: o.namespace,
    kind: o.kind,
    status: String(reason),
    createdAt: o.createdAt,
  };
}

function changes(objects: [number, number, number], logs?: [number, number]): Changes {
  const out: Changes = {
    [OBJECT_TABLE]: { inserted: objects[0], updated: objects[1], deleted: objects[2] },
  };
  if (logs && (logs[0] > 0 || logs[1] > 0))
    out[LOG_TABLE] = { inserted: logs[0], updated: 0, deleted: logs[1] };
  return out;
}

const ok = (name: string, args: RoleArgs, result: Json, match: "exact" | "subset" = "exact") => ({
  name,
  args,
  expect: { result, match },
});
const wrote = (name: string, args: RoleArgs, c: Changes, result?: Json) => ({
  name,
  args,
  expect: { ...(result === undefined ? {} : { result }), match: "subset" as const, changes: c },
});
const failsWith = (name: string, args: RoleArgs, code: string) => ({
  name,
  args,
  expect: { match: "exact" as const, error: { code } },
});

interface RoleTest {
  name: string;
  args: RoleArgs;
  expect: ToolTest["expect"];
}

function deploymentYaml(d: StoredObject, image: string): string {
  const spec = d.spec ?? {};
  const tmpl = spec.template as JsonObject;
  const c = ((tmpl.spec as JsonObject).containers as JsonObject[])[0] as JsonObject;
  const lines = (m: Record<string, Json>, pad: string) =>
    Object.entries(m)
      .map(([k, v]) => `${pad}${k}: ${String(v)}`)
      .join("\n");
  const labels = lines(d.labels, "    ");
  const sel = lines((spec.selector as JsonObject).matchLabels as JsonObject, "      ");
  const tl = lines((tmpl.metadata as JsonObject).labels as JsonObject, "        ");
  return [
    "# web frontend, rolled by CI",
    "apiVersion: apps/v1",
    "kind: Deployment",
    "metadata:",
    `  name: ${d.name}`,
    `  namespace: ${d.namespace}`,
    "  labels:",
    labels,
    "spec:",
    `  replicas: ${String(d.spec?.replicas)}`,
    "  selector:",
    "    matchLabels:",
    sel,
    "  template:",
    "    metadata:",
    "      labels:",
    tl,
    "    spec:",
    "      containers:",
    `        - name: ${String(c.name)}`,
    `          image: "${image}"`,
    "",
  ].join("\n");
}

function roleTests(op: OperationName, k: Cluster): RoleTest[] {
  const web = k.find("Deployment", "default", "web");
  const webSet = k.currentSet(web);
  const webPods = k.pods(webSet);
  const oldWebSets = k.owned(web, "ReplicaSet").filter((r) => r.uid !== webSet.uid);
  const firstWebPod = webPods[0];
  if (!firstWebPod) throw new Error("web has no pods");
  switch (op) {
    case "get": {
      const frontPods = k
        .pods(k.currentSet(k.find("Deployment", "production", "frontend")))
        .filter((p) => p.labels.app === "frontend");
      const pending = k.seed.objects.filter(
        (o) => o.kind === "Pod" && o.status?.phase === "Pending",
      );
      const prodDeployments = k.seed.objects
        .filter((o) => o.kind === "Deployment" && o.namespace === "production")
        .map((o) => `deployment.apps/${o.name}\n`)
        .sort()
        .join("");
      const secret = k.find("Secret", "production", "postgres-credentials");
      const masked: JsonObject = {};
      for (const key of Object.keys((secret.body.data as JsonObject) ?? {})) masked[key] = "***";
      return [
        ok(
          "gets deployment web as a Kubernetes object",
          { kind: "deployments", name: "web", namespace: "default" },
          apiObject(web),
        ),
        ok(
          "lists the production pods labelled app=frontend",
          { kind: "pods", namespace: "production", labelSelector: "app=frontend" },
          { items: frontPods.map(summary) },
        ),
        ok(
          "finds the Pending pod across namespaces by field selector",
          { kind: "po", allNamespaces: true, fieldSelector: "status.phase=Pending" },
          { items: pending.map(summary) },
        ),
        ok(
          "prints the production deployments' names",
          { kind: "deploy", namespace: "production", output: "name" },
          prodDeployments,
        ),
        ok(
          "masks a secret's values",
          { kind: "secret", name: "postgres-credentials", namespace: "production" },
          { kind: "Secret", data: masked },
          "subset",
        ),
        failsWith(
          "an unknown resource type is invalid_argument",
          { kind: "widgets" },
          "invalid_argument",
        ),
        failsWith(
          "a missing deployment is not_found",
          { kind: "deployments", name: "no-such-app", namespace: "default" },
          "not_found",
        ),
        failsWith(
          "an unparsable label selector is invalid_argument",
          { kind: "pods", labelSelector: "app in (web" },
          "invalid_argument",
        ),
      ];
    }
    case "describe":
      return [
        ok(
          "describes namespace staging",
          { kind: "namespace", name: "staging" },
          [
            "Name:         staging",
            "Labels:       kubernetes.io/metadata.name=staging",
            "Annotations:  <none>",
            "Status:       Active",
            "",
            "No resource quota.",
            "",
            "No LimitRange resource.",
            "",
          ].join("\n"),
        ),
        failsWith(
          "an unknown resource type is invalid_argument",
          { kind: "gadgets", name: "x" },
          "invalid_argument",
        ),
        failsWith(
          "a missing service is not_found",
          { kind: "svc", name: "no-such-service", namespace: "default" },
          "not_found",
        ),
      ];
    case "logs": {
      const checkout = k.pods(k.currentSet(k.find("Deployment", "production", "checkout-api")))[0];
      const crashing = k.pods(k.currentSet(k.find("Deployment", "staging", "checkout-api")))[0];
      if (!checkout || !crashing) throw new Error("checkout-api has no pods");
      const text = (lines: { line: string }[]) => lines.map((l) => `${l.line}\n`).join("");
      const lastWebLines: JsonObject = {};
      for (const p of k.seed.objects
        .filter((o) => o.kind === "Pod" && o.namespace === "default" && o.labels.app === "web")
        .sort((a, b) => (a.name < b.name ? -1 : 1))) {
        lastWebLines[p.name] = text(k.logs(p).slice(-1));
      }
      return [
        ok(
          "returns the last two lines of a web pod",
          { "kind?": "pod", name: firstWebPod.name, namespace: "default", tail: 2 },
          { name: firstWebPod.name, logs: text(k.logs(firstWebPod).slice(-2)) },
        ),
        ok(
          "returns the envoy sidecar's log",
          { "kind?": "pod", name: checkout.name, namespace: "production", container: "envoy" },
          { name: checkout.name, logs: text(k.logs(checkout, "envoy")) },
        ),
        ok(
          "returns the previous crash of a crash-looping container",
          { "kind?": "pod", name: crashing.name, namespace: "staging", previous: true },
          { name: crashing.name, logs: text(k.logs(crashing, "checkout-api", true)) },
        ),
        ok(
          "returns the last line of every pod of deployment web",
          { kind: "deployment", name: "web", namespace: "default", tail: 1 },
          { selector: "app=web", namespace: "default", logs: lastWebLines },
        ),
        failsWith(
          "a pod with two containers needs a container name",
          { "kind?": "pod", name: checkout.name, namespace: "production" },
          "invalid_argument",
        ),
        failsWith(
          "a missing pod is not_found",
          { "kind?": "pod", name: "web-0000000000-zzzzz", namespace: "default" },
          "not_found",
        ),
      ];
    }
    case "apiResources":
      return [
        ok(
          "names the apps group's resources",
          { apiGroup: "apps", output: "name" },
          API_RESOURCES.filter((r) => r.group === "apps")
            .map((r) => `${qualifiedName(r)}\n`)
            .join(""),
        ),
        ok(
          "names the cluster-scoped resources",
          { namespaced: false, output: "name" },
          API_RESOURCES.filter((r) => !r.namespaced)
            .map((r) => `${qualifiedName(r)}\n`)
            .join(""),
        ),
        failsWith(
          "no-headers is not an api-resources output",
          { output: "no-headers" },
          "invalid_argument",
        ),
      ];
    case "context": {
      const current = k.seed.contexts.find((c) => c.current);
      const other = k.seed.contexts.find((c) => !c.current);
      if (!current || !other) throw new Error("the seed needs two contexts");
      return [
        ok(
          "lists the kubeconfig contexts",
          { operation: "list" },
          {
            contexts: k.seed.contexts.map((c) => ({
              name: c.name,
              cluster: c.cluster,
              user: c.user,
              namespace: c.namespace,
              isCurrent: c.current,
            })),
          },
        ),
        ok("gets the current context", { operation: "get" }, { currentContext: current.name }),
        wrote(
          `switches to ${other.name}`,
          { operation: "set", name: other.name },
          { [CONTEXT_TABLE]: { inserted: 0, updated: 2, deleted: 0 } },
          { success: true, context: other.name },
        ),
        failsWith(
          "an unknown context is not_found",
          { operation: "set", name: "minikube" },
          "not_found",
        ),
      ];
    }
    case "create": {
      return [
        wrote(
          "creates a config map from literals",
          {
            kind: "configmap",
            name: "feature-flags",
            namespace: "staging",
            fromLiteral: ["checkout=v2", "search=off"],
            output: "json",
          },
          changes([1, 0, 0]),
          {
            kind: "ConfigMap",
            metadata: { name: "feature-flags", namespace: "staging" },
            data: { checkout: "v2", search: "off" },
          },
        ),
        wrote(
          "creates a deployment with its replica set and two pods",
          {
            kind: "deployment",
            name: "echo",
            namespace: "default",
            image: "ealen/echo-server:0.9.2",
            replicas: 2,
            port: 8080,
            output: "name",
          },
          changes([4, 0, 0]),
          "deployment.apps/echo\n",
        ),
        wrote(
          "creates a service from a manifest",
          {
            manifest:
              "apiVersion: v1\nkind: Service\nmetadata:\n  name: api-docs\n  labels: {app: api-docs}\nspec:\n  selector:\n    app: api-docs\n  ports:\n    - port: 80\n      targetPort: 8080\n",
            namespace: "default",
            output: "name",
          },
          changes([1, 0, 0]),
          "service/api-docs\n",
        ),
        wrote(
          "a dry run writes nothing",
          { kind: "namespace", name: "qa", dryRun: true, output: "json" },
          {},
          { kind: "Namespace", metadata: { name: "qa" } },
        ),
        failsWith(
          "creating an existing config map is a conflict",
          { kind: "configmap", name: "web-config", namespace: "default", fromLiteral: ["a=b"] },
          "conflict",
        ),
        failsWith(
          "a deployment needs an image",
          { kind: "deployment", name: "no-image", namespace: "default" },
          "invalid_argument",
        ),
        failsWith(
          "a missing namespace is not_found",
          { kind: "configmap", name: "x", namespace: "no-such-namespace", fromLiteral: ["a=b"] },
          "not_found",
        ),
      ];
    }
    case "apply": {
      return [
        wrote(
          "creates a config map from YAML",
          {
            manifest:
              'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: payments-flags\n  namespace: production\ndata:\n  retries: "5"\n  provider: |\n    name: adyen\n    timeout: 10s\n',
            namespace: "production",
          },
          changes([1, 0, 0]),
          "configmap/payments-flags created\n",
        ),
        wrote(
          "updates an existing config map",
          {
            manifest:
              "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\n  labels:\n    app: web\ndata:\n  default.conf: 'server { listen 8080; }'\n",
            namespace: "default",
          },
          changes([0, 1, 0]),
          "configmap/web-config configured\n",
        ),
        wrote(
          "rolls deployment web out to a new image",
          { manifest: deploymentYaml(web, "nginx:1.27.4"), namespace: "default" },
          changes([1 + webPods.length, 2, webPods.length], [0, k.logCount(webPods)]),
          "deployment.apps/web configured\n",
        ),
        wrote(
          "a dry run writes nothing",
          { manifest: "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: qa\n", dryRun: true },
          {},
          "namespace/qa created (dry run)\n",
        ),
        failsWith(
          "malformed YAML is invalid_argument",
          {
            manifest:
              "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: broken\n   extra: indent\n",
          },
          "invalid_argument",
        ),
        failsWith("a file name cannot be read", { filename: "/tmp/app.yaml" }, "invalid_argument"),
        failsWith(
          "an object in another namespace needs that namespace",
          {
            manifest:
              "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: staging\n",
            namespace: "default",
          },
          "invalid_argument",
        ),
      ];
    }
    case "delete": {
      const sets = k.owned(web, "ReplicaSet");
      return [
        wrote(
          "deleting deployment web deletes its replica sets and pods",
          { kind: "deployment", name: "web", namespace: "default" },
          changes([0, 0, 1 + sets.length + webPods.length], [0, k.logCount(webPods)]),
          'deployment.apps "web" deleted\n',
        ),
        wrote(
          "a deleted pod of a replica set is replaced",
          { kind: "pod", name: firstWebPod.name, namespace: "default" },
          changes([1, 0, 1], [0, k.logCount([firstWebPod])]),
          `pod "${firstWebPod.name}" deleted\n`,
        ),
        wrote(
          "deletes config maps by label",
          { kind: "cm", labelSelector: "app=grafana", namespace: "monitoring" },
          changes([0, 0, 1]),
          'configmap "grafana-datasources" deleted\n',
        ),
        failsWith(
          "a missing deployment is not_found",
          { kind: "deployment", name: "no-such-app", namespace: "default" },
          "not_found",
        ),
        failsWith(
          "a name or a selector is required",
          { kind: "pods", namespace: "default" },
          "invalid_argument",
        ),
        failsWith(
          "namespace default cannot be deleted",
          { kind: "namespace", name: "default" },
          "forbidden",
        ),
      ];
    }
    case "scale": {
      const newest = [...webPods].sort((a, b) =>
        a.createdAt !== b.createdAt
          ? a.createdAt < b.createdAt
            ? 1
            : -1
          : a.name < b.name
            ? 1
            : -1,
      );
      const removed = newest.slice(0, webPods.length - 1);
      const pg = k.find("StatefulSet", "production", "postgres");
      const claims = ((pg.spec?.volumeClaimTemplates as JsonObject[]) ?? []).length;
      return [
        wrote(
          "scales deployment web up to 5",
          { kind: "deployment", name: "web", namespace: "default", replicas: 5 },
          changes([5 - webPods.length, 2, 0]),
          { success: true, message: "Scaled deployment web to 5 replicas" },
        ),
        wrote(
          "scales deployment web down to 1",
          { name: "web", namespace: "default", replicas: 1 },
          changes([0, 2, removed.length], [0, k.logCount(removed)]),
          { success: true },
        ),
        wrote(
          "scales statefulset postgres up by one pod and its claim",
          {
            kind: "statefulset",
            name: "postgres",
            namespace: "production",
            replicas: k.pods(pg).length + 1,
          },
          changes([1 + claims, 1, 0]),
          { success: true },
        ),
        failsWith(
          "a missing deployment is not_found",
          { name: "no-such-app", namespace: "default", replicas: 2 },
          "not_found",
        ),
        failsWith(
          "a negative replica count is invalid_argument",
          { name: "web", namespace: "default", replicas: -1 },
          "invalid_argument",
        ),
      ];
    }
    case "patch": {
      const pay = k.find("Deployment", "production", "payments-worker");
      const front = k.find("Deployment", "production", "frontend");
      const frontPods = k.pods(k.currentSet(front));
      return [
        wrote(
          "merge-patches a config map",
          {
            kind: "configmap",
            name: "web-config",
            namespace: "default",
            patchType: "merge",
            patchData: { data: { "robots.txt": "User-agent: *\nDisallow:\n" } },
          },
          changes([0, 1, 0]),
          "configmap/web-config patched\n",
        ),
        wrote(
          "merge-patches replicas: one more pod",
          {
            kind: "deployment",
            name: pay.name,
            namespace: "production",
            patchType: "merge",
            patchData: { spec: { replicas: Number(pay.spec?.replicas) + 1 } },
          },
          changes([1, 2, 0]),
          "deployment.apps/payments-worker patched\n",
        ),
        wrote(
          "a strategic patch of one container's image rolls the deployment out",
          {
            kind: "deployment",
            name: "frontend",
            namespace: "production",
            patchData: {
              spec: {
                template: {
                  spec: {
                    containers: [{ name: "storefront", image: "ghcr.io/acme/storefront:2.14.2" }],
                  },
                },
              },
            },
          },
          changes([1 + frontPods.length, 2, frontPods.length], [0, k.logCount(frontPods)]),
          "deployment.apps/frontend patched\n",
        ),
        wrote(
          "a patch that changes nothing writes nothing",
          {
            kind: "deployment",
            name: "web",
            namespace: "default",
            patchType: "merge",
            patchData: { spec: { replicas: Number(web.spec?.replicas) } },
          },
          {},
          "deployment.apps/web patched (no change)\n",
        ),
        failsWith(
          "a JSON patch must be a list of operations",
          {
            kind: "deployment",
            name: "web",
            namespace: "default",
            patchType: "json",
            patchData: { op: "replace", path: "/spec/replicas", value: 2 },
          },
          "invalid_argument",
        ),
        failsWith(
          "a selector cannot change",
          {
            kind: "deployment",
            name: "web",
            namespace: "default",
            patchType: "merge",
            patchData: { spec: { selector: { matchLabels: { app: "web2" } } } },
          },
          "invalid_argument",
        ),
        failsWith(
          "a missing object is not_found",
          {
            kind: "configmap",
            name: "no-such-config",
            namespace: "default",
            patchData: { data: { a: "b" } },
          },
          "not_found",
        ),
      ];
    }
    case "rollout": {
      const revs = k
        .owned(web, "ReplicaSet")
        .sort(
          (a, b) =>
            Number(a.annotations["deployment.kubernetes.io/revision"]) -
            Number(b.annotations["deployment.kubernetes.io/revision"]),
        );
      const history =
        "deployment.apps/web \nREVISION  CHANGE-CAUSE\n" +
        revs
          .map((r) => {
            const n = r.annotations["deployment.kubernetes.io/revision"] ?? "";
            return `${n.padEnd(10)}${r.annotations["kubernetes.io/change-cause"] ?? "<none>"}\n`;
          })
          .join("") +
        "\n";
      return [
        ok(
          "shows the revisions of deployment web",
          { subCommand: "history", kind: "deployment", name: "web", namespace: "default" },
          history,
        ),
        ok(
          "reports a finished rollout",
          { subCommand: "status", kind: "deployment", name: "web", namespace: "default" },
          'deployment "web" successfully rolled out\n',
        ),
        wrote(
          "undo brings back the previous template's replica set",
          { subCommand: "undo", kind: "deployment", name: "web", namespace: "default" },
          changes(
            [webPods.length, 2 + Math.min(1, oldWebSets.length), webPods.length],
            [0, k.logCount(webPods)],
          ),
          "deployment.apps/web rolled back\n",
        ),
        wrote(
          "restart replaces every pod through a new replica set",
          { subCommand: "restart", kind: "deployment", name: "web", namespace: "default" },
          changes([1 + webPods.length, 2, webPods.length], [0, k.logCount(webPods)]),
          "deployment.apps/web restarted\n",
        ),
        wrote(
          "pauses deployment web",
          { subCommand: "pause", kind: "deployment", name: "web", namespace: "default" },
          changes([0, 1, 0]),
          "deployment.apps/web paused\n",
        ),
        failsWith(
          "a rollout past its deadline fails",
          { subCommand: "status", kind: "deployment", name: "checkout-api", namespace: "staging" },
          "rollout_failed",
        ),
        failsWith(
          "statefulsets cannot be paused",
          { subCommand: "pause", kind: "statefulset", name: "postgres", namespace: "production" },
          "invalid_argument",
        ),
        failsWith(
          "a missing deployment is not_found",
          { subCommand: "status", kind: "deployment", name: "no-such-app", namespace: "default" },
          "not_found",
        ),
      ];
    }
    case "nodes": {
      const nodes = k.nodes();
      const [first, second] = nodes;
      if (!first || !second) throw new Error("the seed needs nodes");
      const on = (n: StoredObject) =>
        k.seed.objects.filter((o) => o.kind === "Pod" && o.spec?.nodeName === n.name);
      const evicted = on(first).filter((p) => p.owner?.kind !== "DaemonSet");
      const replaced = evicted.filter(
        (p) => p.owner && p.status?.phase !== "Succeeded" && p.owner.kind !== "Job",
      );
      const unmanaged = on(second).filter((p) => !p.owner);
      const blocked = [
        "Node management operation failed: Failed to drain node: kubectl command failed: ",
        `node/${second.name} cordoned\n`,
        `error: unable to drain node "${second.name}" due to error: cannot delete Pods that declare no controller (use --force to override): ${unmanaged.map((p) => `${p.namespace}/${p.name}`).join(", ")}, continuing command...\n`,
        "The node is cordoned; no pods were evicted.",
      ].join("");
      return [
        wrote(
          "cordons a node",
          { operation: "cordon", nodeName: first.name },
          changes([0, 1, 0]),
          `Successfully cordoned node '${first.name}'. The node is now unschedulable.`,
        ),
        ok(
          "uncordoning a schedulable node changes nothing",
          { operation: "uncordon", nodeName: first.name },
          `Node '${first.name}' is already uncordoned (schedulable)`,
        ),
        ok(
          "a drain waits for confirmation",
          { operation: "drain", nodeName: first.name },
          `Drain operation requires explicit confirmation. Set confirmDrain=true to proceed with draining node '${first.name}'.`,
        ),
        wrote(
          "drains a node: its pods are evicted and their controllers place replacements elsewhere",
          { operation: "drain", nodeName: first.name, confirmDrain: true },
          changes([replaced.length, 1, evicted.length], [0, k.logCount(evicted)]),
        ),
        wrote(
          "a pod without a controller stops a drain, leaving the node cordoned",
          { operation: "drain", nodeName: second.name, confirmDrain: true },
          changes([0, 1, 0]),
          blocked,
        ),
        failsWith(
          "a missing node is not_found",
          { operation: "cordon", nodeName: "ip-10-9-9-9.eu-west-1.compute.internal" },
          "not_found",
        ),
      ];
    }
  }
}

/**
 * Tests for one tool: role arguments renamed to the tool's own. A test naming a role the tool has
 * no argument for is dropped, unless the role is marked optional (`kind?`: the tool's default).
 */
export function resourceTests(
  op: OperationName,
  seed: ClusterSeed,
  args: Record<string, string>,
): ToolTest[] {
  const out: ToolTest[] = [];
  for (const t of roleTests(op, new Cluster(seed))) {
    const named: JsonObject = {};
    let usable = true;
    for (const [key, value] of Object.entries(t.args)) {
      const optional = key.endsWith("?");
      const argName = args[optional ? key.slice(0, -1) : key];
      if (argName !== undefined) named[argName] = value;
      else if (!optional) usable = false;
    }
    if (usable) out.push({ name: t.name, args: named, expect: t.expect });
  }
  return out;
}
