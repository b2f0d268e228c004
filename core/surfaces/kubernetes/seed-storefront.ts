// The seeded storefront: in production a frontend with three revisions, checkout-api with an Envoy
// sidecar, payments-worker, a PostgreSQL StatefulSet, a nightly report CronJob and an ingress; in
// staging a copy where checkout-api 1.9.0-rc.2 crash-loops on a missing variable (its template is
// recorded as faulty) and search-indexer asks for more memory than any node has.

import type { JsonObject } from "../../mcp/spec-schema";
import {
  addObject,
  DAY,
  HOUR,
  hex,
  iso,
  MINUTE,
  type NodeInfo,
  podSpec,
  template,
  templateHash,
} from "./seed-build";
import { crashLogs, logsFor } from "./seed-logs";
import {
  addConfigMap,
  addEvent,
  addSecret,
  addService,
  env,
  type Site,
  secretEnv,
} from "./seed-objects";
import { addCronJob, addDeployment, addStatefulSet } from "./seed-workloads";
import type { TemplateFault } from "./tables";

export function seedStorefront(site: Site): TemplateFault[] {
  const { b, now, born, nodes, podsSince, spread, running } = site;
  const rnd = b.rnd;
  const prodCreated = born + 2 * HOUR;
  addSecret(
    b,
    "production",
    "postgres-credentials",
    "Opaque",
    {
      username: "checkout",
      password: `${hex(rnd, 6)}-${hex(rnd, 6)}-${hex(rnd, 6)}`,
      "superuser-password": `${hex(rnd, 24)}`,
    },
    prodCreated + 30 * MINUTE,
    { app: "postgres" },
  );
  addSecret(
    b,
    "production",
    "ghcr-pull",
    "kubernetes.io/dockerconfigjson",
    {
      ".dockerconfigjson": `{"auths":{"ghcr.io":{"username":"acme-bot","password":"ghp_${hex(rnd, 36)}","auth":"${btoa(`acme-bot:ghp_${hex(rnd, 12)}`)}"}}}`,
    },
    prodCreated + 20 * MINUTE,
  );
  addConfigMap(
    b,
    "production",
    "frontend-config",
    {
      "features.json":
        '{\n  "newCheckout": true,\n  "recommendations": true,\n  "giftCards": false\n}\n',
      API_URL: "http://checkout-api.production.svc.cluster.local:8080",
    },
    now - 50 * DAY,
    { app: "frontend" },
  );
  addConfigMap(
    b,
    "production",
    "checkout-config",
    {
      "application.yaml":
        "server:\n  port: 8080\ndatabase:\n  host: postgres.production.svc.cluster.local\n  name: checkout\n  pool: 20\npayments:\n  timeout: 10s\n",
    },
    now - 30 * DAY,
    { app: "checkout-api" },
  );
  const frontLabels = { app: "frontend", tier: "web" };
  const front = (image: string, envName: string): JsonObject =>
    template(
      frontLabels,
      podSpec(
        [
          {
            name: "storefront",
            image,
            port: 3000,
            env: [
              env("NODE_ENV", envName),
              env("API_URL", `http://checkout-api.${envName}.svc.cluster.local:8080`),
            ],
            requests: { cpu: "250m", memory: "512Mi" },
            limits: { memory: "1Gi" },
          },
        ],
        { imagePullSecrets: [{ name: "ghcr-pull" }] },
      ),
    );
  const cause = "kubectl set image deployment/frontend storefront=ghcr.io/acme/storefront:2.14.1";
  addDeployment(b, {
    namespace: "production",
    name: "frontend",
    labels: frontLabels,
    selector: { app: "frontend" },
    replicas: 3,
    revisions: [
      { template: front("ghcr.io/acme/storefront:2.13.0", "production"), at: now - 50 * DAY },
      { template: front("ghcr.io/acme/storefront:2.14.0", "production"), at: now - 12 * DAY },
      {
        template: front("ghcr.io/acme/storefront:2.14.1", "production"),
        at: now - 3 * DAY - 5 * HOUR,
        cause,
      },
    ],
    annotations: { "kubernetes.io/change-cause": cause },
    health: running,
    node: spread(2),
    podsSince,
    logs: logsFor(b, "production", "storefront"),
  });
  const checkoutLabels = { app: "checkout-api", tier: "backend" };
  const checkout = (image: string): JsonObject =>
    template(
      checkoutLabels,
      podSpec(
        [
          {
            name: "checkout-api",
            image,
            port: 8080,
            env: [
              env("DB_HOST", "postgres.production.svc.cluster.local"),
              secretEnv("DB_USER", "postgres-credentials", "username"),
              secretEnv("DB_PASSWORD", "postgres-credentials", "password"),
              env("PAYMENTS_API_URL", "https://payments.internal.acme-demo.com"),
            ],
            requests: { cpu: "250m", memory: "256Mi" },
            limits: { memory: "512Mi" },
            volumeMounts: [{ mountPath: "/etc/checkout", name: "config", readOnly: true }],
          },
          {
            name: "envoy",
            image: "envoyproxy/envoy:v1.31.2",
            port: 9901,
            requests: { cpu: "100m", memory: "128Mi" },
          },
        ],
        {
          imagePullSecrets: [{ name: "ghcr-pull" }],
          volumes: [{ configMap: { defaultMode: 420, name: "checkout-config" }, name: "config" }],
        },
      ),
    );
  const checkoutLogs = logsFor(b, "production", "checkout");
  const envoyLogs = logsFor(b, "production", "envoy");
  addDeployment(b, {
    namespace: "production",
    name: "checkout-api",
    labels: checkoutLabels,
    selector: { app: "checkout-api" },
    replicas: 2,
    revisions: [
      { template: checkout("ghcr.io/acme/checkout-api:1.8.1"), at: now - 30 * DAY },
      { template: checkout("ghcr.io/acme/checkout-api:1.8.2"), at: now - 6 * DAY - 2 * HOUR },
    ],
    health: running,
    node: spread(0),
    podsSince,
    logs: (pod, c, from, previous) =>
      c === "envoy" ? envoyLogs(pod, c, from, previous) : checkoutLogs(pod, c, from, previous),
  });
  const payLabels = { app: "payments-worker", tier: "backend" };
  addDeployment(b, {
    namespace: "production",
    name: "payments-worker",
    labels: payLabels,
    selector: { app: "payments-worker" },
    replicas: 2,
    revisions: [
      {
        template: template(
          payLabels,
          podSpec(
            [
              {
                name: "worker",
                image: "ghcr.io/acme/payments-worker:3.2.0",
                env: [env("QUEUE", "payments.settle"), env("CONCURRENCY", "8")],
                requests: { cpu: "200m", memory: "384Mi" },
                limits: { memory: "768Mi" },
              },
            ],
            { imagePullSecrets: [{ name: "ghcr-pull" }] },
          ),
        ),
        at: now - 21 * DAY,
      },
    ],
    health: running,
    node: spread(1),
    podsSince,
    logs: logsFor(b, "production", "payments"),
  });
  const pgLabels = { app: "postgres" };
  addStatefulSet(b, {
    namespace: "production",
    name: "postgres",
    labels: pgLabels,
    selector: pgLabels,
    replicas: 2,
    serviceName: "postgres",
    claims: [{ name: "data", storage: "20Gi", storageClass: "gp3" }],
    revisions: [
      {
        template: template(
          pgLabels,
          podSpec([
            {
              name: "postgres",
              image: "postgres:16.4",
              port: 5432,
              env: [
                env("POSTGRES_DB", "checkout"),
                secretEnv("POSTGRES_USER", "postgres-credentials", "username"),
                secretEnv("POSTGRES_PASSWORD", "postgres-credentials", "password"),
                env("PGDATA", "/var/lib/postgresql/data/pgdata"),
              ],
              requests: { cpu: "500m", memory: "2Gi" },
              limits: { memory: "2Gi" },
              volumeMounts: [{ mountPath: "/var/lib/postgresql/data", name: "data" }],
            },
          ]),
        ),
        at: now - 80 * DAY,
      },
    ],
    health: running,
    node: spread(2),
    podsSince,
    logs: logsFor(b, "production", "postgres"),
  });
  addService(b, {
    namespace: "production",
    name: "frontend",
    labels: { app: "frontend" },
    type: "LoadBalancer",
    ports: [{ name: "http", port: 80, targetPort: 3000 }],
    selector: { app: "frontend" },
    created: now - 50 * DAY,
    annotations: { "service.beta.kubernetes.io/aws-load-balancer-type": "nlb" },
  });
  addService(b, {
    namespace: "production",
    name: "checkout-api",
    labels: { app: "checkout-api" },
    ports: [{ name: "http", port: 8080, targetPort: 8080 }],
    selector: { app: "checkout-api" },
    created: now - 30 * DAY,
  });
  addService(b, {
    namespace: "production",
    name: "postgres",
    labels: pgLabels,
    clusterIP: "None",
    ports: [{ name: "postgres", port: 5432, targetPort: 5432 }],
    selector: pgLabels,
    created: now - 80 * DAY,
  });
  addObject(b, {
    kind: "Ingress",
    namespace: "production",
    name: "storefront",
    annotations: {
      "alb.ingress.kubernetes.io/scheme": "internet-facing",
      "alb.ingress.kubernetes.io/target-type": "ip",
    },
    spec: {
      ingressClassName: "alb",
      rules: [
        {
          host: "shop.acme-demo.com",
          http: {
            paths: [
              {
                backend: { service: { name: "frontend", port: { number: 80 } } },
                path: "/",
                pathType: "Prefix",
              },
            ],
          },
        },
      ],
    },
    status: {
      loadBalancer: {
        ingress: [
          {
            hostname: `k8s-producti-storefro-${hex(rnd, 10)}-${1000000000 + Math.floor(rnd() * 899999999)}.eu-west-1.elb.amazonaws.com`,
          },
        ],
      },
    },
    createdAt: iso(now - 50 * DAY),
    generation: 1,
  });
  const lastRun = Math.floor((now - 7 * HOUR) / DAY) * DAY + 2 * HOUR;
  addCronJob(b, {
    namespace: "production",
    name: "nightly-report",
    schedule: "0 2 * * *",
    template: template(
      {},
      podSpec(
        [
          {
            name: "report",
            image: "ghcr.io/acme/report-runner:1.4.0",
            args: ["--date=yesterday", "--output=s3://acme-reports/daily/"],
            requests: { cpu: "200m", memory: "256Mi" },
          },
        ],
        { imagePullSecrets: [{ name: "ghcr-pull" }] },
        "OnFailure",
      ),
    ),
    created: now - 45 * DAY,
    lastRun,
    runSeconds: 44,
    node: nodes[0] as NodeInfo,
    logs: logsFor(b, "production", "report"),
  });

  // staging
  addConfigMap(
    b,
    "staging",
    "checkout-config",
    {
      "application.yaml":
        "server:\n  port: 8080\ndatabase:\n  host: postgres.production.svc.cluster.local\n  name: checkout_staging\n  pool: 5\n",
    },
    now - 8 * DAY,
    { app: "checkout-api" },
  );
  addDeployment(b, {
    namespace: "staging",
    name: "frontend",
    labels: frontLabels,
    selector: { app: "frontend" },
    replicas: 1,
    revisions: [
      {
        template: front("ghcr.io/acme/storefront:2.15.0-rc.1", "staging"),
        at: now - 2 * DAY - 4 * HOUR,
      },
    ],
    health: running,
    node: spread(0),
    logs: logsFor(b, "staging", "storefront"),
  });
  const stagingCheckout = (image: string, withPayments: boolean): JsonObject =>
    template(
      checkoutLabels,
      podSpec([
        {
          name: "checkout-api",
          image,
          port: 8080,
          env: [
            env("DB_HOST", "postgres.production.svc.cluster.local"),
            env("DB_NAME", "checkout_staging"),
            ...(withPayments
              ? [env("PAYMENTS_API_URL", "https://payments.staging.acme-demo.com")]
              : []),
          ],
          requests: { cpu: "250m", memory: "256Mi" },
          limits: { memory: "512Mi" },
        },
      ]),
    );
  const crashStart = now - 5 * HOUR - 12 * MINUTE;
  const brokenCheckout = stagingCheckout("ghcr.io/acme/checkout-api:1.9.0-rc.2", false);
  const crashOutput = [
    `time={{time}} level=INFO msg="starting checkout-api" version=1.9.0-rc.2 commit=${hex(rnd, 7)}`,
    'time={{time}} level=INFO msg="loading configuration" path=/etc/checkout/application.yaml',
    'time={{time}} level=ERROR msg="invalid configuration" err="required environment variable PAYMENTS_API_URL is not set"',
    'time={{time}} level=ERROR msg="exiting" code=1',
  ];
  const faults: TemplateFault[] = [
    {
      templateHash: templateHash(brokenCheckout),
      container: "checkout-api",
      exitCode: 1,
      log: crashOutput,
    },
  ];
  addDeployment(b, {
    namespace: "staging",
    name: "checkout-api",
    labels: checkoutLabels,
    selector: { app: "checkout-api" },
    replicas: 2,
    revisions: [
      { template: stagingCheckout("ghcr.io/acme/checkout-api:1.8.2", true), at: now - 8 * DAY },
      { template: brokenCheckout, at: crashStart },
    ],
    health: (i) => ({
      state: "crashloop",
      restarts: 64 - i * 2,
      exitCode: 1,
      lastFinished: now - 95_000 - i * 110_000,
    }),
    node: spread(1),
    deadlineExceeded: true,
    logs: crashLogs("staging", crashOutput),
  });
  const indexerLabels = { app: "search-indexer" };
  const indexerAt = now - 3 * HOUR - 20 * MINUTE;
  const unschedulable =
    "0/3 nodes are available: 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.";
  addDeployment(b, {
    namespace: "staging",
    name: "search-indexer",
    labels: indexerLabels,
    selector: indexerLabels,
    replicas: 1,
    revisions: [
      {
        template: template(
          indexerLabels,
          podSpec([
            {
              name: "indexer",
              image: "ghcr.io/acme/search-indexer:0.7.1",
              env: [
                env("OPENSEARCH_URL", "https://search.staging.acme-demo.com:9200"),
                env("JAVA_OPTS", "-Xmx20g"),
              ],
              requests: { cpu: "2", memory: "24Gi" },
              limits: { memory: "24Gi" },
            },
          ]),
        ),
        at: indexerAt,
      },
    ],
    health: () => ({ state: "pending", reason: unschedulable }),
    node: spread(0),
    deadlineExceeded: true,
  });
  addService(b, {
    namespace: "staging",
    name: "frontend",
    labels: { app: "frontend" },
    ports: [{ name: "http", port: 80, targetPort: 3000 }],
    selector: { app: "frontend" },
    created: now - 40 * DAY,
  });
  addService(b, {
    namespace: "staging",
    name: "checkout-api",
    labels: { app: "checkout-api" },
    ports: [{ name: "http", port: 8080, targetPort: 8080 }],
    selector: { app: "checkout-api" },
    created: now - 40 * DAY,
  });
  const stagingPods = b.objects.filter((o) => o.kind === "Pod" && o.namespace === "staging");
  for (const pod of stagingPods) {
    const host = String(pod.spec?.nodeName ?? "");
    if (pod.labels.app === "checkout-api") {
      const statuses = (pod.status?.containerStatuses as JsonObject[] | undefined) ?? [];
      const restarts = Number(statuses[0]?.restartCount ?? 0);
      addEvent(b, {
        on: pod,
        reason: "Pulled",
        message:
          'Container image "ghcr.io/acme/checkout-api:1.9.0-rc.2" already present on machine',
        count: restarts + 1,
        first: crashStart + 20_000,
        last: now - 100_000,
        component: "kubelet",
        host,
        fieldPath: "spec.containers{checkout-api}",
      });
      addEvent(b, {
        on: pod,
        type: "Warning",
        reason: "BackOff",
        message: `Back-off restarting failed container checkout-api in pod ${pod.name}_staging(${pod.uid})`,
        count: restarts * 23,
        first: crashStart + 60_000,
        last: now - 15_000,
        component: "kubelet",
        host,
        fieldPath: "spec.containers{checkout-api}",
      });
    }
    if (pod.labels.app === "search-indexer") {
      addEvent(b, {
        on: pod,
        type: "Warning",
        reason: "FailedScheduling",
        message: unschedulable,
        count: 41,
        first: indexerAt + 2000,
        last: now - 4 * MINUTE,
        component: "default-scheduler",
      });
    }
  }

  return faults;
}
