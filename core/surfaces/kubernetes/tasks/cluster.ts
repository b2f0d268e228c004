// What resource-task templates know of the cluster before they write a task: every object of the
// kinds they ask about, in full, and the pods' container logs, read once through the environment's
// own tools (list, then get each by name, as a user would) on a fresh copy of the initial state.
// The snapshot describes that initial state, which every attempt of a shard starts from, so it is
// read on the first attempt and kept for the shard.
import { z } from "zod";
import { type Json, JsonSchema } from "../../../base/json";
import type { ToolRunner } from "../../../episode/tool-runner";
import type { ResourceLens, ResourceTool } from "./lens";

const StringMap = z.record(z.string(), z.string());
const JsonMapSchema = z.record(z.string(), JsonSchema);

const ApiObjectSchema = z.object({
  kind: z.string(),
  metadata: z.object({
    name: z.string(),
    namespace: z.string().optional(),
    labels: StringMap.optional(),
    annotations: StringMap.optional(),
    ownerReferences: z.array(z.object({ kind: z.string(), name: z.string() })).optional(),
  }),
  spec: JsonMapSchema.optional(),
  status: JsonMapSchema.optional(),
  data: StringMap.optional(),
});

const ListSchema = z.object({
  items: z.array(z.object({ name: z.string(), namespace: z.string(), status: z.string() })),
});

const LogsSchema = z.object({ logs: z.string() });

export type JsonMap = { [key: string]: Json };

export interface KubeObject {
  kind: string;
  name: string;
  /** "" for cluster-scoped kinds. */
  namespace: string;
  labels: Readonly<Record<string, string>>;
  annotations: Readonly<Record<string, string>>;
  owner: { kind: string; name: string } | undefined;
  spec: JsonMap;
  status: JsonMap;
  data: Readonly<Record<string, string>>;
  /** The STATUS a listing shows (`Running`, `CrashLoopBackOff`, `2/3 ready`...). */
  shown: string;
}

export interface Container {
  name: string;
  image: string;
  env: { name: string; value: string }[];
  requests: Readonly<Record<string, string>>;
  limits: Readonly<Record<string, string>>;
}

/** Kinds the templates read, by the resource name a list call takes. */
const KINDS = [
  "namespaces",
  "nodes",
  "pods",
  "deployments",
  "replicasets",
  "statefulsets",
  "daemonsets",
  "services",
  "configmaps",
  "persistentvolumeclaims",
  "jobs",
] as const;

export const WORKLOAD_KINDS = ["Deployment", "StatefulSet", "DaemonSet"] as const;

export class Cluster {
  private readonly byKind = new Map<string, KubeObject[]>();

  constructor(
    objects: readonly KubeObject[],
    /** Lines per `namespace/pod/container`. */
    private readonly logLines: ReadonlyMap<string, readonly string[]>,
  ) {
    for (const o of objects) {
      const list = this.byKind.get(o.kind) ?? [];
      list.push(o);
      this.byKind.set(o.kind, list);
    }
  }

  all(kind: string): readonly KubeObject[] {
    return this.byKind.get(kind) ?? [];
  }

  find(kind: string, namespace: string, name: string): KubeObject | undefined {
    return this.all(kind).find((o) => o.namespace === namespace && o.name === name);
  }

  /** Namespaces that hold at least one pod. */
  namespacesWithPods(): string[] {
    return [...new Set(this.all("Pod").map((p) => p.namespace))].sort();
  }

  workloads(): KubeObject[] {
    return WORKLOAD_KINDS.flatMap((k) => [...this.all(k)]);
  }

  /** The workload (or Job, CronJob) a pod belongs to, following owners up from the pod. */
  topOwner(o: KubeObject): KubeObject | undefined {
    let here: KubeObject | undefined = o;
    let top: KubeObject | undefined;
    for (let depth = 0; here?.owner && depth < 4; depth++) {
      here = this.find(here.owner.kind, here.namespace, here.owner.name);
      if (here) top = here;
    }
    return top;
  }

  podsOf(workload: KubeObject): KubeObject[] {
    return this.all("Pod").filter((p) => {
      const top = this.topOwner(p);
      return (
        top?.kind === workload.kind &&
        top.name === workload.name &&
        top.namespace === workload.namespace
      );
    });
  }

  /** Pods a label selector picks in a namespace (null: every namespace). */
  podsMatching(selector: Readonly<Record<string, string>>, namespace: string | null): KubeObject[] {
    return this.all("Pod").filter(
      (p) => (namespace === null || p.namespace === namespace) && matches(selector, p.labels),
    );
  }

  logs(pod: KubeObject, container: string): readonly string[] {
    return this.logLines.get(`${pod.namespace}/${pod.name}/${container}`) ?? [];
  }
}

export function matches(
  selector: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, string>>,
): boolean {
  const entries = Object.entries(selector);
  return entries.length > 0 && entries.every(([k, v]) => labels[k] === v);
}

export function nodeOf(pod: KubeObject): string | undefined {
  const node = pod.spec.nodeName;
  return typeof node === "string" && node !== "" ? node : undefined;
}

/** A workload's pod-template containers, or a pod's own. */
export function containersOf(o: KubeObject): Container[] {
  const template = asMap(o.spec.template);
  const spec = o.kind === "Pod" ? o.spec : asMap(template?.spec);
  const list = spec?.containers;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    const m = asMap(c);
    if (!m || typeof m.name !== "string" || typeof m.image !== "string") return [];
    const resources = asMap(m.resources);
    return [
      {
        name: m.name,
        image: m.image,
        env: (Array.isArray(m.env) ? m.env : []).flatMap((e) => {
          const v = asMap(e);
          return v && typeof v.name === "string" && typeof v.value === "string"
            ? [{ name: v.name, value: v.value }]
            : [];
        }),
        requests: strings(asMap(resources?.requests)),
        limits: strings(asMap(resources?.limits)),
      },
    ];
  });
}

/** The label selector of a workload or service, as labels. */
export function selectorOf(o: KubeObject): Record<string, string> {
  const raw = o.kind === "Service" ? o.spec.selector : asMap(o.spec.selector)?.matchLabels;
  return strings(asMap(raw));
}

export function numberAt(map: JsonMap, key: string): number {
  const v = map[key];
  return typeof v === "number" ? v : 0;
}

export function asMap(value: Json | undefined): JsonMap | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
}

function strings(map: JsonMap | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map ?? {})) if (typeof v === "string") out[k] = v;
  return out;
}

/** The tool's argument for a role (the lens found every role these calls pass). */
function arg(tool: ResourceTool, role: string): string {
  return tool.args[role] ?? role;
}

/** Reads the whole cluster through the lens's get (and logs) tool; undefined when it cannot. */
export function readCluster(lens: ResourceLens, runner: ToolRunner): Cluster | undefined {
  const get = lens.get;
  const objects: KubeObject[] = [];
  for (const kind of KINDS) {
    const listed = runner.call(get.name, {
      [arg(get, "kind")]: kind,
      [arg(get, "allNamespaces")]: true,
    });
    const items = listed.ok ? ListSchema.safeParse(listed.result) : undefined;
    if (!items?.success) return undefined;
    for (const item of items.data.items) {
      const got = runner.call(get.name, {
        [arg(get, "kind")]: kind,
        [arg(get, "name")]: item.name,
        ...(item.namespace === "" ? {} : { [arg(get, "namespace")]: item.namespace }),
      });
      const parsed = got.ok ? ApiObjectSchema.safeParse(got.result) : undefined;
      if (parsed?.success) objects.push(kubeObject(parsed.data, item.status));
    }
  }
  return new Cluster(objects, readLogs(lens, runner, objects));
}

function kubeObject(o: z.infer<typeof ApiObjectSchema>, shown: string): KubeObject {
  const owner = o.metadata.ownerReferences?.[0];
  return {
    kind: o.kind,
    name: o.metadata.name,
    namespace: o.metadata.namespace ?? "",
    labels: o.metadata.labels ?? {},
    annotations: o.metadata.annotations ?? {},
    owner: owner ? { kind: owner.kind, name: owner.name } : undefined,
    spec: o.spec ?? {},
    status: o.status ?? {},
    data: o.data ?? {},
    shown,
  };
}

function readLogs(
  lens: ResourceLens,
  runner: ToolRunner,
  objects: readonly KubeObject[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const tool = lens.logs;
  if (!tool) return out;
  for (const pod of objects.filter((o) => o.kind === "Pod" && nodeOf(o))) {
    for (const c of containersOf(pod)) {
      const got = runner.call(tool.name, {
        [arg(tool, "kind")]: "pod",
        [arg(tool, "name")]: pod.name,
        [arg(tool, "namespace")]: pod.namespace,
        [arg(tool, "container")]: c.name,
      });
      const parsed = got.ok ? LogsSchema.safeParse(got.result) : undefined;
      if (!parsed?.success) continue;
      const lines = parsed.data.logs.split("\n").filter((l) => l !== "");
      out.set(`${pod.namespace}/${pod.name}/${c.name}`, lines);
    }
  }
  return out;
}

/** A CPU quantity (`250m`, `1`) in millicores, as the solution programs read it. */
export function cpuMilli(q: string | undefined): number {
  if (q === undefined) return 0;
  return q.endsWith("m") ? Number(q.slice(0, -1)) : Math.round(Number(q) * 1000);
}

const MEMORY_UNITS: Record<string, number> = {
  "": 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  Ki: 1024,
  Mi: 1048576,
  Gi: 1073741824,
};

/** A memory quantity (`512Mi`, `1Gi`) in MiB. */
export function memMi(q: string | undefined): number {
  const m = /^([0-9.]+)([A-Za-z]*)$/.exec(q ?? "0");
  return m ? (Number(m[1]) * (MEMORY_UNITS[m[2] ?? ""] ?? 1)) / 1048576 : 0;
}
