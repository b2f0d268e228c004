// The seeded cluster: an EKS cluster in eu-west-1 with three nodes and seven namespaces. It runs a
// storefront in production (frontend with three revisions, checkout-api with an Envoy sidecar,
// payments-worker, a PostgreSQL StatefulSet, a nightly report CronJob, an ingress), a staging copy
// where checkout-api crash-loops on a missing variable and search-indexer cannot be scheduled,
// Prometheus/Grafana/node-exporter in monitoring, CoreDNS, metrics-server and kube-proxy in
// kube-system, and a debug pod nobody owns in default. Names, suffixes and ids come from `rnd`.

import type { Random } from "../kit/seed-values";
import { type Builder, DAY, HOUR, MINUTE, type NodeInfo } from "./seed-build";
import { seedMonitoring } from "./seed-monitoring";
import { addNamespace, addNode, caBundle, type Site } from "./seed-objects";
import { seedStorefront } from "./seed-storefront";
import { seedSystem } from "./seed-system";
import type { KubeContext, PodLogLine, StoredObject, TemplateFault } from "./tables";

export interface ClusterSeed {
  objects: StoredObject[];
  logs: PodLogLine[];
  contexts: KubeContext[];
  faults: TemplateFault[];
}

export const CLUSTER_NAME = "prod-eu-west-1";

export function seedCluster(rnd: Random, clockStart: string): ClusterSeed {
  const now = Date.parse(clockStart);
  const b: Builder = {
    rnd,
    now,
    objects: [],
    logs: [],
    version: 48_213_000 + Math.floor(rnd() * 90_000),
  };
  const born = now - 116 * DAY - 5 * HOUR;
  const ca = caBundle(rnd);
  for (const ns of ["default", "kube-node-lease", "kube-public", "kube-system"]) {
    addNamespace(b, ns, born, ca);
  }
  addNamespace(b, "production", born + 2 * HOUR, ca);
  addNamespace(b, "staging", born + 2 * HOUR + 4 * MINUTE, ca);
  addNamespace(b, "monitoring", born + 3 * DAY, ca);

  const nodesBorn = now - 19 * DAY - 6 * HOUR;
  const nodes = [
    addNode(b, "eu-west-1a", 1, nodesBorn),
    addNode(b, "eu-west-1b", 2, nodesBorn + 95_000),
    addNode(b, "eu-west-1c", 3, nodesBorn + 171_000),
  ];
  const podsSince = nodesBorn + 12 * MINUTE;
  const spread = (offset: number) => (i: number) => nodes[(offset + i) % nodes.length] as NodeInfo;
  const running = () => ({ state: "running" as const });

  const site: Site = { b, now, born, nodes, podsSince, spread, running };
  seedSystem(site);
  const faults = seedStorefront(site);
  seedMonitoring(site);
  const contexts: KubeContext[] = [
    {
      name: CLUSTER_NAME,
      cluster: CLUSTER_NAME,
      user: "platform-admin",
      namespace: "default",
      current: true,
    },
    {
      name: `${CLUSTER_NAME}-deployer`,
      cluster: CLUSTER_NAME,
      user: "ci-deployer",
      namespace: "production",
      current: false,
    },
    {
      name: `${CLUSTER_NAME}-oncall`,
      cluster: CLUSTER_NAME,
      user: "oncall-readonly",
      namespace: "monitoring",
      current: false,
    },
  ];
  return { objects: b.objects, logs: b.logs, contexts, faults };
}
