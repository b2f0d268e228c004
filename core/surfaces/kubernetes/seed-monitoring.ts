// The seeded monitoring namespace: a Prometheus StatefulSet with two revisions, Grafana with an
// emptyDir volume (it stops a drain without deleteLocalData), and a node-exporter DaemonSet.

import type { JsonObject } from "../../mcp/spec-schema";
import { addObject, DAY, iso, podSpec, template } from "./seed-build";
import { logsFor } from "./seed-logs";
import { addConfigMap, addService, env, type Site } from "./seed-objects";
import { addDaemonSet, addDeployment, addStatefulSet } from "./seed-workloads";

export function seedMonitoring(site: Site): void {
  const { b, now, nodes, podsSince, spread, running } = site;
  addConfigMap(
    b,
    "monitoring",
    "prometheus-config",
    {
      "prometheus.yml":
        "global:\n  scrape_interval: 30s\n  evaluation_interval: 30s\nscrape_configs:\n  - job_name: kubernetes-nodes\n    kubernetes_sd_configs:\n      - role: node\n  - job_name: kubernetes-pods\n    kubernetes_sd_configs:\n      - role: pod\n    relabel_configs:\n      - source_labels: [__meta_kubernetes_pod_annotation_prometheus_io_scrape]\n        action: keep\n        regex: true\n  - job_name: node-exporter\n    static_configs:\n      - targets: ['node-exporter.monitoring.svc:9100']\n",
    },
    now - 70 * DAY,
    { app: "prometheus" },
  );
  addConfigMap(
    b,
    "monitoring",
    "grafana-datasources",
    {
      "datasources.yaml":
        "apiVersion: 1\ndatasources:\n  - name: Prometheus\n    type: prometheus\n    url: http://prometheus.monitoring.svc:9090\n    isDefault: true\n",
    },
    now - 70 * DAY,
    { app: "grafana" },
  );
  addObject(b, {
    kind: "ServiceAccount",
    namespace: "monitoring",
    name: "prometheus",
    labels: { app: "prometheus" },
    spec: null,
    status: null,
    createdAt: iso(now - 70 * DAY),
    generation: null,
  });
  const promLabels = { app: "prometheus" };
  const prom = (image: string): JsonObject =>
    template(
      promLabels,
      podSpec(
        [
          {
            name: "prometheus",
            image,
            args: [
              "--config.file=/etc/prometheus/prometheus.yml",
              "--storage.tsdb.path=/prometheus",
              "--storage.tsdb.retention.time=15d",
            ],
            port: 9090,
            requests: { cpu: "500m", memory: "2Gi" },
            limits: { memory: "3Gi" },
            volumeMounts: [
              { mountPath: "/etc/prometheus", name: "config" },
              { mountPath: "/prometheus", name: "storage" },
            ],
          },
        ],
        {
          serviceAccountName: "prometheus",
          volumes: [{ configMap: { defaultMode: 420, name: "prometheus-config" }, name: "config" }],
        },
      ),
    );
  addStatefulSet(b, {
    namespace: "monitoring",
    name: "prometheus",
    labels: promLabels,
    selector: promLabels,
    replicas: 1,
    serviceName: "prometheus",
    claims: [{ name: "storage", storage: "50Gi", storageClass: "gp3" }],
    revisions: [
      { template: prom("quay.io/prometheus/prometheus:v2.54.1"), at: now - 70 * DAY },
      { template: prom("quay.io/prometheus/prometheus:v2.55.1"), at: now - 15 * DAY },
    ],
    health: running,
    node: spread(1),
    podsSince,
    logs: logsFor(b, "monitoring", "prometheus"),
  });
  const grafanaLabels = { app: "grafana" };
  addDeployment(b, {
    namespace: "monitoring",
    name: "grafana",
    labels: grafanaLabels,
    selector: grafanaLabels,
    replicas: 1,
    revisions: [
      {
        template: template(
          grafanaLabels,
          podSpec(
            [
              {
                name: "grafana",
                image: "grafana/grafana:11.3.1",
                port: 3000,
                env: [env("GF_AUTH_ANONYMOUS_ENABLED", "false")],
                requests: { cpu: "100m", memory: "256Mi" },
                limits: { memory: "512Mi" },
                volumeMounts: [
                  { mountPath: "/var/lib/grafana", name: "storage" },
                  { mountPath: "/etc/grafana/provisioning/datasources", name: "datasources" },
                ],
              },
            ],
            {
              volumes: [
                { emptyDir: {}, name: "storage" },
                {
                  configMap: { defaultMode: 420, name: "grafana-datasources" },
                  name: "datasources",
                },
              ],
            },
          ),
        ),
        at: now - 70 * DAY,
      },
    ],
    health: running,
    node: spread(2),
    podsSince,
    logs: logsFor(b, "monitoring", "grafana"),
  });
  const exporterLabels = { app: "node-exporter" };
  addDaemonSet(b, {
    namespace: "monitoring",
    name: "node-exporter",
    labels: exporterLabels,
    selector: exporterLabels,
    revisions: [
      {
        template: template(
          exporterLabels,
          podSpec(
            [
              {
                name: "node-exporter",
                image: "quay.io/prometheus/node-exporter:v1.8.2",
                args: ["--path.rootfs=/host"],
                port: 9100,
                requests: { cpu: "50m", memory: "64Mi" },
                limits: { memory: "128Mi" },
                volumeMounts: [{ mountPath: "/host", name: "root", readOnly: true }],
              },
            ],
            {
              hostNetwork: true,
              tolerations: [{ operator: "Exists" }],
              volumes: [{ hostPath: { path: "/", type: "" }, name: "root" }],
            },
          ),
        ),
        at: now - 70 * DAY,
      },
    ],
    nodes,
    podsSince,
    logs: logsFor(b, "monitoring", "node-exporter"),
  });
  addService(b, {
    namespace: "monitoring",
    name: "prometheus",
    labels: promLabels,
    ports: [{ name: "web", port: 9090, targetPort: 9090 }],
    selector: promLabels,
    created: now - 70 * DAY,
  });
  addService(b, {
    namespace: "monitoring",
    name: "grafana",
    labels: grafanaLabels,
    ports: [{ name: "http", port: 80, targetPort: 3000 }],
    selector: grafanaLabels,
    created: now - 70 * DAY,
  });
  addService(b, {
    namespace: "monitoring",
    name: "node-exporter",
    labels: exporterLabels,
    clusterIP: "None",
    ports: [{ name: "metrics", port: 9100, targetPort: 9100 }],
    selector: exporterLabels,
    created: now - 70 * DAY,
  });
}
