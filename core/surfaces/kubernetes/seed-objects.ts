// Seed helpers for the plain objects of the cluster (namespaces with their CA bundle and default
// service account, nodes, services, config maps, secrets, events) and the `Site` every part of the
// seeded cluster is built on: the builder, the clock, the nodes and how pods spread over them.

import type { JsonObject } from "../../mcp/spec-schema";
import type { Random } from "../kit/seed-values";
import {
  addObject,
  type Builder,
  hex,
  iso,
  type Labels,
  type NodeInfo,
  type PodHealth,
} from "./seed-build";
import type { StoredObject } from "./tables";

/** What the parts of the seeded cluster share. */
export interface Site {
  b: Builder;
  now: number;
  /** When the cluster was created. */
  born: number;
  nodes: NodeInfo[];
  /** Pods of older revisions are no older than this (the node group was replaced). */
  podsSince: number;
  /** The node of a workload's i-th pod, starting at `offset`: pods spread round the nodes. */
  spread: (offset: number) => (i: number) => NodeInfo;
  running: () => PodHealth;
}

export function caBundle(rnd: Random): string {
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const lines = [
    "-----BEGIN CERTIFICATE-----",
    "MIIDBTCCAe2gAwIBAgIIRsbq8EJ0pnwwDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE",
  ];
  for (let i = 0; i < 6; i++) {
    let line = "";
    for (let j = 0; j < 64; j++) line += chars[Math.floor(rnd() * chars.length)];
    lines.push(line);
  }
  lines.push("-----END CERTIFICATE-----", "");
  return lines.join("\n");
}

export function addNamespace(b: Builder, name: string, created: number, ca: string): void {
  const at = iso(created);
  addObject(b, {
    kind: "Namespace",
    namespace: "",
    name,
    labels: { "kubernetes.io/metadata.name": name },
    spec: { finalizers: ["kubernetes"] },
    status: { phase: "Active" },
    createdAt: at,
    generation: null,
  });
  addObject(b, {
    kind: "ConfigMap",
    namespace: name,
    name: "kube-root-ca.crt",
    annotations: {
      "kubernetes.io/description":
        "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.",
    },
    body: { data: { "ca.crt": ca } },
    spec: null,
    status: null,
    createdAt: at,
    generation: null,
  });
  addObject(b, {
    kind: "ServiceAccount",
    namespace: name,
    name: "default",
    spec: null,
    status: null,
    createdAt: at,
    generation: null,
  });
}

export function addNode(b: Builder, zone: string, subnet: number, created: number): NodeInfo {
  const ip = `10.0.${subnet}.${20 + Math.floor(b.rnd() * 200)}`;
  const name = `ip-${ip.replace(/\./g, "-")}.eu-west-1.compute.internal`;
  const at = iso(created);
  const heartbeat = iso(b.now - 20_000 - Math.floor(b.rnd() * 20_000));
  const cond = (type: string, status: string, reason: string, message: string) => ({
    lastHeartbeatTime: heartbeat,
    lastTransitionTime: iso(created + 40_000),
    message,
    reason,
    status,
    type,
  });
  addObject(b, {
    kind: "Node",
    namespace: "",
    name,
    labels: {
      "eks.amazonaws.com/capacityType": "ON_DEMAND",
      "eks.amazonaws.com/nodegroup": "general-20241218",
      "kubernetes.io/arch": "amd64",
      "kubernetes.io/hostname": name,
      "kubernetes.io/os": "linux",
      "node.kubernetes.io/instance-type": "m5.xlarge",
      "topology.kubernetes.io/region": "eu-west-1",
      "topology.kubernetes.io/zone": zone,
    },
    annotations: {
      "alpha.kubernetes.io/provided-node-ip": ip,
      "node.alpha.kubernetes.io/ttl": "0",
      "volumes.kubernetes.io/controller-managed-attach-detach": "true",
    },
    spec: { providerID: `aws:///${zone}/i-0${hex(b.rnd, 16)}` },
    status: {
      addresses: [
        { address: ip, type: "InternalIP" },
        { address: name, type: "InternalDNS" },
        { address: name, type: "Hostname" },
      ],
      allocatable: {
        cpu: "3920m",
        "ephemeral-storage": "76224326324",
        "hugepages-1Gi": "0",
        "hugepages-2Mi": "0",
        memory: "14879252Ki",
        pods: "58",
      },
      capacity: {
        cpu: "4",
        "ephemeral-storage": "83873772Ki",
        "hugepages-1Gi": "0",
        "hugepages-2Mi": "0",
        memory: "15896084Ki",
        pods: "58",
      },
      conditions: [
        cond(
          "MemoryPressure",
          "False",
          "KubeletHasSufficientMemory",
          "kubelet has sufficient memory available",
        ),
        cond("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
        cond(
          "PIDPressure",
          "False",
          "KubeletHasSufficientPID",
          "kubelet has sufficient PID available",
        ),
        cond("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        architecture: "amd64",
        bootID: `${hex(b.rnd, 8)}-${hex(b.rnd, 4)}-${hex(b.rnd, 4)}-${hex(b.rnd, 4)}-${hex(b.rnd, 12)}`,
        containerRuntimeVersion: "containerd://1.7.22",
        kernelVersion: "6.1.115-126.197.amzn2023.x86_64",
        kubeProxyVersion: "v1.30.6-eks-94953ac",
        kubeletVersion: "v1.30.6-eks-94953ac",
        machineID: hex(b.rnd, 32),
        operatingSystem: "linux",
        osImage: "Amazon Linux 2023.6.20241121",
        systemUUID: `ec2${hex(b.rnd, 5)}-${hex(b.rnd, 4)}-${hex(b.rnd, 4)}-${hex(b.rnd, 4)}-${hex(b.rnd, 12)}`,
      },
    },
    createdAt: at,
    generation: null,
  });
  return { name, ip };
}

export function addService(
  b: Builder,
  args: {
    namespace: string;
    name: string;
    labels?: Labels;
    type?: "ClusterIP" | "NodePort" | "LoadBalancer";
    clusterIP?: string;
    ports: { name?: string; port: number; targetPort?: number | string; protocol?: string }[];
    selector?: Labels;
    created: number;
    annotations?: Labels;
  },
): StoredObject {
  const type = args.type ?? "ClusterIP";
  const clusterIP =
    args.clusterIP ?? `10.100.${1 + Math.floor(b.rnd() * 250)}.${2 + Math.floor(b.rnd() * 250)}`;
  const spec: JsonObject = {
    clusterIP,
    clusterIPs: [clusterIP],
    internalTrafficPolicy: "Cluster",
    ipFamilies: ["IPv4"],
    ipFamilyPolicy: "SingleStack",
    ports: args.ports.map((p) => {
      const port: JsonObject = {};
      if (p.name) port.name = p.name;
      if (type !== "ClusterIP") port.nodePort = 30000 + Math.floor(b.rnd() * 2768);
      port.port = p.port;
      port.protocol = p.protocol ?? "TCP";
      port.targetPort = p.targetPort ?? p.port;
      return port;
    }),
    sessionAffinity: "None",
    type,
  };
  if (args.selector) spec.selector = args.selector;
  if (type !== "ClusterIP") spec.externalTrafficPolicy = "Cluster";
  const status: JsonObject = {
    loadBalancer:
      type === "LoadBalancer"
        ? {
            ingress: [
              {
                hostname: `a${hex(b.rnd, 31)}-${1000000000 + Math.floor(b.rnd() * 899999999)}.eu-west-1.elb.amazonaws.com`,
              },
            ],
          }
        : {},
  };
  return addObject(b, {
    kind: "Service",
    namespace: args.namespace,
    name: args.name,
    labels: args.labels ?? {},
    annotations: args.annotations ?? {},
    spec,
    status,
    createdAt: iso(args.created),
    generation: null,
  });
}

export function addConfigMap(
  b: Builder,
  namespace: string,
  name: string,
  data: Record<string, string>,
  created: number,
  labels: Labels = {},
): StoredObject {
  return addObject(b, {
    kind: "ConfigMap",
    namespace,
    name,
    labels,
    body: { data },
    spec: null,
    status: null,
    createdAt: iso(created),
    generation: null,
  });
}

export function addSecret(
  b: Builder,
  namespace: string,
  name: string,
  type: string,
  data: Record<string, string>,
  created: number,
  labels: Labels = {},
): StoredObject {
  const encoded: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) encoded[k] = btoa(v);
  return addObject(b, {
    kind: "Secret",
    namespace,
    name,
    labels,
    body: { data: encoded, type },
    spec: null,
    status: null,
    createdAt: iso(created),
    generation: null,
  });
}

export function addEvent(
  b: Builder,
  args: {
    on: StoredObject;
    reason: string;
    message: string;
    type?: "Normal" | "Warning";
    count?: number;
    first: number;
    last?: number;
    component: string;
    host?: string;
    fieldPath?: string;
  },
): void {
  const involved: JsonObject = {
    apiVersion:
      args.on.kind === "Deployment" || args.on.kind === "ReplicaSet"
        ? "apps/v1"
        : args.on.kind === "Job" || args.on.kind === "CronJob"
          ? "batch/v1"
          : "v1",
    kind: args.on.kind,
    name: args.on.name,
    namespace: args.on.namespace,
    resourceVersion: String(args.on.resourceVersion),
    uid: args.on.uid,
  };
  if (args.fieldPath) involved.fieldPath = args.fieldPath;
  const last = args.last ?? args.first;
  const source: JsonObject = { component: args.component };
  if (args.host) source.host = args.host;
  addObject(b, {
    kind: "Event",
    namespace: args.on.namespace,
    name: `${args.on.name}.${hex(b.rnd, 16)}`,
    spec: null,
    status: null,
    body: {
      count: args.count ?? 1,
      eventTime: null,
      firstTimestamp: iso(args.first),
      involvedObject: involved,
      lastTimestamp: iso(last),
      message: args.message,
      reason: args.reason,
      reportingComponent: args.component,
      reportingInstance: args.host ?? "",
      source,
      type: args.type ?? "Normal",
    },
    createdAt: iso(args.first),
    generation: null,
  });
}

export const env = (name: string, value: string): JsonObject => ({ name, value });
export const secretEnv = (name: string, secret: string, key: string): JsonObject => ({
  name,
  valueFrom: { secretKeyRef: { key, name: secret } },
});
