// Builders for the seeded cluster: ids, timestamps, API defaults, pods in their states, workload
// controllers with their revision history, and statuses. They follow the same rules as the
// sandboxed controllers (mcp-resource-runtime-*.ts), so the seed is a state those controllers
// would leave unchanged: reconciling an untouched seeded object writes nothing.
import { canonicalJson, type Json } from "../../base/json";
import type { JsonObject } from "../../mcp/spec-schema";
import type { Random } from "../kit/seed-values";
import type { PodLogLine, StoredObject } from "./tables";

export const SAFE_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

export interface Builder {
  rnd: Random;
  /** Epoch ms of the episode clock's start: every seeded time is before it. */
  now: number;
  objects: StoredObject[];
  logs: PodLogLine[];
  version: number;
}

export type Labels = Record<string, string>;

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d+Z$/, "Z");
}
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function randomFrom(rnd: Random, alphabet: string, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rnd() * alphabet.length)];
  return s;
}
export function hex(rnd: Random, n: number): string {
  return randomFrom(rnd, "0123456789abcdef", n);
}
export function uid(rnd: Random): string {
  return `${hex(rnd, 8)}-${hex(rnd, 4)}-4${hex(rnd, 3)}-${"89ab"[Math.floor(rnd() * 4)]}${hex(rnd, 3)}-${hex(rnd, 12)}`;
}

/** The runtime's `templateHash`: FNV-1a of the canonical JSON, each decimal digit safe-encoded. */
export function templateHash(template: Json): string {
  const s = canonicalJson(template);
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return [...String(h)].map((d) => SAFE_ALPHABET[d.charCodeAt(0) % SAFE_ALPHABET.length]).join("");
}

export function addObject(
  b: Builder,
  o: Omit<StoredObject, "uid" | "resourceVersion" | "labels" | "annotations" | "body"> &
    Partial<Pick<StoredObject, "labels" | "annotations" | "body">>,
): StoredObject {
  b.version += 1 + Math.floor(b.rnd() * 40);
  const stored: StoredObject = {
    uid: uid(b.rnd),
    labels: {},
    annotations: {},
    body: {},
    ...o,
    resourceVersion: b.version,
  };
  b.objects.push(stored);
  return stored;
}

export function ownerRef(o: StoredObject): { kind: string; name: string; uid: string } {
  return { kind: o.kind, name: o.name, uid: o.uid };
}

// ------------------------------------------------------------------ API defaults (runtime admit)

export interface ContainerPlan {
  name: string;
  image: string;
  port?: number;
  requests?: { cpu?: string; memory?: string };
  limits?: { cpu?: string; memory?: string };
  env?: JsonObject[];
  command?: string[];
  args?: string[];
  volumeMounts?: JsonObject[];
}

function pullPolicy(image: string): string {
  const last = image.split("/").pop() ?? image;
  return !last.includes("@") && (!last.includes(":") || last.endsWith(":latest"))
    ? "Always"
    : "IfNotPresent";
}

export function container(c: ContainerPlan): JsonObject {
  const out: JsonObject = { name: c.name, image: c.image };
  if (c.command) out.command = c.command;
  if (c.args) out.args = c.args;
  if (c.port !== undefined) out.ports = [{ containerPort: c.port, protocol: "TCP" }];
  if (c.env) out.env = c.env;
  const resources: JsonObject = {};
  if (c.limits) resources.limits = c.limits as JsonObject;
  if (c.requests) resources.requests = c.requests as JsonObject;
  out.resources = resources;
  if (c.volumeMounts) out.volumeMounts = c.volumeMounts;
  out.imagePullPolicy = pullPolicy(c.image);
  out.terminationMessagePath = "/dev/termination-log";
  out.terminationMessagePolicy = "File";
  return out;
}

export function podSpec(
  containers: ContainerPlan[],
  extra: JsonObject = {},
  restartPolicy = "Always",
): JsonObject {
  return {
    containers: containers.map(container),
    restartPolicy,
    dnsPolicy: "ClusterFirst",
    schedulerName: "default-scheduler",
    securityContext: {},
    terminationGracePeriodSeconds: 30,
    ...extra,
  };
}

export function template(labels: Labels, spec: JsonObject, annotations?: Labels): JsonObject {
  const metadata: JsonObject = { labels };
  if (annotations) metadata.annotations = annotations;
  return { metadata, spec };
}

// ------------------------------------------------------------------ pods

export interface NodeInfo {
  name: string;
  ip: string;
}

export type PodHealth =
  | { state: "running" }
  | { state: "crashloop"; restarts: number; exitCode: number; lastFinished: number }
  | { state: "pending"; reason: string }
  | { state: "succeeded"; finished: number };

function imageRef(b: Builder, image: string): string {
  let repo = image.includes("@")
    ? image.slice(0, image.indexOf("@"))
    : image.replace(/:[^/:]+$/, "");
  const first = repo.split("/")[0] ?? "";
  if (!repo.includes("/")) repo = `docker.io/library/${repo}`;
  else if (!first.includes(".") && !first.includes(":") && first !== "localhost")
    repo = `docker.io/${repo}`;
  return `${repo}@sha256:${hex(b.rnd, 64)}`;
}

function qosClass(spec: JsonObject): string {
  const cs = (spec.containers as JsonObject[]) ?? [];
  let any = false;
  let guaranteed = cs.length > 0;
  for (const c of cs) {
    const res = (c.resources as JsonObject) ?? {};
    const req = (res.requests as Labels | undefined) ?? {};
    const lim = (res.limits as Labels | undefined) ?? {};
    if (Object.keys(req).length > 0 || Object.keys(lim).length > 0) any = true;
    if (
      !(lim.cpu && lim.memory) ||
      (req.cpu && req.cpu !== lim.cpu) ||
      (req.memory && req.memory !== lim.memory)
    )
      guaranteed = false;
  }
  return guaranteed ? "Guaranteed" : any ? "Burstable" : "BestEffort";
}

function podCondition(type: string, status: string, at: number, reason?: string, message?: string) {
  const c: JsonObject = { type, status, lastProbeTime: null, lastTransitionTime: iso(at) };
  if (reason !== undefined && message !== undefined) {
    c.reason = reason;
    c.message = message;
  }
  return c;
}

/** A pod of `owner` (or unmanaged) from a pod template, in the given state, with its logs. */
export function addPod(
  b: Builder,
  args: {
    name: string;
    namespace: string;
    owner?: StoredObject;
    template: JsonObject;
    extraLabels?: Labels;
    node?: NodeInfo;
    created: number;
    health: PodHealth;
    specExtra?: JsonObject;
    logs?: (pod: string, container: string, from: number, previous: boolean) => PodLogLine[];
  },
): StoredObject {
  const tmd = (args.template.metadata as JsonObject | undefined) ?? {};
  const labels = { ...((tmd.labels as Labels | undefined) ?? {}), ...(args.extraLabels ?? {}) };
  const tspec = (args.template.spec as JsonObject | undefined) ?? {};
  const spec: JsonObject = { ...tspec, serviceAccountName: "default", ...(args.specExtra ?? {}) };
  if (args.node && args.health.state !== "pending") spec.nodeName = args.node.name;
  const pod = addObject(b, {
    kind: "Pod",
    namespace: args.namespace,
    name: args.name,
    labels,
    annotations: (tmd.annotations as Labels | undefined) ?? {},
    ...(args.owner ? { owner: ownerRef(args.owner) } : {}),
    spec,
    status: null,
    createdAt: iso(args.created),
    generation: null,
  });
  const containers = (spec.containers as JsonObject[]) ?? [];
  const started = args.created + 3000 + Math.floor(b.rnd() * 9000);
  const h = args.health;
  if (h.state === "pending") {
    pod.status = {
      phase: "Pending",
      conditions: [podCondition("PodScheduled", "False", args.created, "Unschedulable", h.reason)],
      qosClass: qosClass(spec),
    };
    return pod;
  }
  const node = args.node;
  if (!node) throw new Error(`pod ${args.name} needs a node`);
  const podIP = spec.hostNetwork
    ? node.ip
    : `${node.ip.replace(/\.\d+$/, "")}.${10 + Math.floor(b.rnd() * 240)}`;
  const crashing = h.state === "crashloop" ? new Set([String(containers[0]?.name)]) : new Set();
  const notReady = [...crashing].map(String);
  const ready = h.state === "running" || (h.state === "crashloop" && notReady.length === 0);
  const why = notReady.length > 0 ? `containers with unready status: [${notReady.join(" ")}]` : "";
  const statuses = containers.map((c) => {
    const id = `containerd://${hex(b.rnd, 64)}`;
    const s: JsonObject = {
      containerID: id,
      image: String(c.image),
      imageID: imageRef(b, String(c.image)),
      lastState: {},
      name: String(c.name),
      ready: true,
      restartCount: 0,
      started: true,
      state: { running: { startedAt: iso(started) } },
    };
    if (h.state === "succeeded") {
      s.ready = false;
      s.started = false;
      s.state = {
        terminated: {
          containerID: id,
          exitCode: 0,
          finishedAt: iso(h.finished),
          reason: "Completed",
          startedAt: iso(started),
        },
      };
    }
    if (h.state === "crashloop" && crashing.has(String(c.name))) {
      s.ready = false;
      s.started = false;
      s.restartCount = h.restarts;
      s.lastState = {
        terminated: {
          containerID: id,
          exitCode: h.exitCode,
          finishedAt: iso(h.lastFinished),
          reason: "Error",
          startedAt: iso(h.lastFinished - 2000),
        },
      };
      s.state = {
        waiting: {
          message: `back-off 5m0s restarting failed container=${String(c.name)} pod=${args.name}_${args.namespace}(${pod.uid})`,
          reason: "CrashLoopBackOff",
        },
      };
    }
    return s;
  });
  const done = h.state === "succeeded";
  const readyStatus = done ? "False" : ready ? "True" : "False";
  const readyWhy = done ? "PodCompleted" : notReady.length > 0 ? "ContainersNotReady" : undefined;
  const readyMsg = done ? "" : why;
  pod.status = {
    phase: done ? "Succeeded" : "Running",
    conditions: [
      podCondition("PodReadyToStartContainers", done ? "False" : "True", started),
      podCondition("Initialized", "True", args.created, done ? "PodCompleted" : undefined, ""),
      podCondition("Ready", readyStatus, started, readyWhy, readyMsg),
      podCondition("ContainersReady", readyStatus, started, readyWhy, readyMsg),
      podCondition("PodScheduled", "True", args.created),
    ],
    hostIP: node.ip,
    hostIPs: [{ ip: node.ip }],
    podIP,
    podIPs: [{ ip: podIP }],
    startTime: iso(args.created),
    containerStatuses: statuses,
    qosClass: qosClass(spec),
  };
  if (args.logs) {
    for (const c of containers) {
      const crashed = h.state === "crashloop" && crashing.has(String(c.name));
      const from = crashed ? h.lastFinished - 2000 : started;
      b.logs.push(...args.logs(args.name, String(c.name), from, false));
      if (crashed) b.logs.push(...args.logs(args.name, String(c.name), from - 5 * 60_000, true));
    }
  }
  return pod;
}

export function podReady(pod: StoredObject): boolean {
  const conds = ((pod.status?.conditions as JsonObject[] | undefined) ?? []).filter(
    (c) => c.type === "Ready",
  );
  return conds[0]?.status === "True";
}
export function podActive(pod: StoredObject): boolean {
  const phase = pod.status?.phase;
  return phase !== "Succeeded" && phase !== "Failed";
}
export function podsOwnedBy(b: Builder, owner: StoredObject): StoredObject[] {
  return b.objects.filter((o) => o.kind === "Pod" && o.owner?.uid === owner.uid && podActive(o));
}
