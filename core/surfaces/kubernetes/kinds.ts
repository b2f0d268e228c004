// The API resources the modelled Kubernetes cluster serves, as `kubectl api-resources` lists them:
// plural name, short names, group/version, whether namespaced, kind and verbs. The seed, the tests
// and the sandboxed tool code (as a JSON constant) all read this one table.

export interface ApiResource {
  /** Plural resource name, as in URLs: `deployments`. */
  name: string;
  singular: string;
  short: string[];
  kind: string;
  /** API group; "" for the core group. */
  group: string;
  version: string;
  namespaced: boolean;
  verbs: string[];
  categories: string[];
}

const all = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];
const noCollection = ["create", "delete", "get", "list", "patch", "update", "watch"];

function resource(
  name: string,
  kind: string,
  groupVersion: string,
  options: { short?: string[]; namespaced?: boolean; verbs?: string[]; categories?: string[] } = {},
): ApiResource {
  const slash = groupVersion.indexOf("/");
  return {
    name,
    singular: kind.toLowerCase(),
    short: options.short ?? [],
    kind,
    group: slash < 0 ? "" : groupVersion.slice(0, slash),
    version: slash < 0 ? groupVersion : groupVersion.slice(slash + 1),
    namespaced: options.namespaced ?? true,
    verbs: options.verbs ?? all,
    categories: options.categories ?? [],
  };
}

/** In `kubectl api-resources` order: core group first, then the named groups alphabetically. */
export const API_RESOURCES: readonly ApiResource[] = [
  resource("configmaps", "ConfigMap", "v1", { short: ["cm"] }),
  resource("events", "Event", "v1", { short: ["ev"] }),
  resource("namespaces", "Namespace", "v1", {
    short: ["ns"],
    namespaced: false,
    verbs: noCollection,
  }),
  resource("nodes", "Node", "v1", { short: ["no"], namespaced: false }),
  resource("persistentvolumeclaims", "PersistentVolumeClaim", "v1", { short: ["pvc"] }),
  resource("pods", "Pod", "v1", { short: ["po"], categories: ["all"] }),
  resource("secrets", "Secret", "v1"),
  resource("serviceaccounts", "ServiceAccount", "v1", { short: ["sa"] }),
  resource("services", "Service", "v1", {
    short: ["svc"],
    verbs: noCollection,
    categories: ["all"],
  }),
  resource("controllerrevisions", "ControllerRevision", "apps/v1"),
  resource("daemonsets", "DaemonSet", "apps/v1", { short: ["ds"], categories: ["all"] }),
  resource("deployments", "Deployment", "apps/v1", { short: ["deploy"], categories: ["all"] }),
  resource("replicasets", "ReplicaSet", "apps/v1", { short: ["rs"], categories: ["all"] }),
  resource("statefulsets", "StatefulSet", "apps/v1", { short: ["sts"], categories: ["all"] }),
  resource("cronjobs", "CronJob", "batch/v1", { short: ["cj"], categories: ["all"] }),
  resource("jobs", "Job", "batch/v1", { categories: ["all"] }),
  resource("ingresses", "Ingress", "networking.k8s.io/v1", { short: ["ing"] }),
];

export function apiVersionOf(r: ApiResource): string {
  return r.group === "" ? r.version : `${r.group}/${r.version}`;
}

export function resourceOfKind(kind: string): ApiResource {
  const found = API_RESOURCES.find((r) => r.kind === kind);
  if (!found) throw new Error(`no API resource of kind ${kind}`);
  return found;
}

/** `deployments.apps` (kubectl's error wording) or `pods` for the core group. */
export function qualifiedName(r: ApiResource): string {
  return r.group === "" ? r.name : `${r.name}.${r.group}`;
}

/** `deployment.apps/web` or `pod/web-1` (kubectl's `-o name`). */
export function typedName(r: ApiResource, name: string): string {
  return `${r.group === "" ? r.singular : `${r.singular}.${r.group}`}/${name}`;
}
