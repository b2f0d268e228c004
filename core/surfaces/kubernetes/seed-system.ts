// The seeded cluster's system and default namespaces: CoreDNS, metrics-server and kube-proxy in
// kube-system (EKS add-on images), and in default an nginx `web` deployment with two revisions, its
// service and config, and `netshoot-debug`, a pod nobody owns (it stops a drain without force).
import { addPod, DAY, HOUR, MINUTE, type NodeInfo, podSpec, template } from "./seed-build";
import { logsFor } from "./seed-logs";
import { addConfigMap, addEvent, addService, type Site } from "./seed-objects";
import { addDaemonSet, addDeployment } from "./seed-workloads";

const ECR = "602401143452.dkr.ecr.eu-west-1.amazonaws.com";

export function seedSystem(site: Site): void {
  const { b, now, born, nodes, podsSince, spread, running } = site;
  const coreDnsLabels = { "eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns" };
  const coreDns = (image: string) =>
    template(
      coreDnsLabels,
      podSpec(
        [
          {
            name: "coredns",
            image,
            args: ["-conf", "/etc/coredns/Corefile"],
            requests: { cpu: "100m", memory: "70Mi" },
            limits: { memory: "170Mi" },
            volumeMounts: [{ mountPath: "/etc/coredns", name: "config-volume", readOnly: true }],
          },
        ],
        {
          dnsPolicy: "Default",
          priorityClassName: "system-cluster-critical",
          serviceAccountName: "coredns",
          volumes: [{ configMap: { name: "coredns" }, name: "config-volume" }],
        },
      ),
    );
  addConfigMap(
    b,
    "kube-system",
    "coredns",
    {
      Corefile:
        ".:53 {\n    errors\n    health {\n        lameduck 5s\n      }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n      pods insecure\n      fallthrough in-addr.arpa ip6.arpa\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf\n    cache 30\n    loop\n    reload\n    loadbalance\n}\n",
    },
    born + 10 * MINUTE,
    { "eks.amazonaws.com/component": "coredns", "k8s-app": "kube-dns" },
  );
  addConfigMap(
    b,
    "kube-system",
    "aws-auth",
    {
      mapRoles:
        "- groups:\n  - system:bootstrappers\n  - system:nodes\n  rolearn: arn:aws:iam::482916350217:role/eks-general-nodegroup\n  username: system:node:{{EC2PrivateDNSName}}\n- groups:\n  - platform-admins\n  rolearn: arn:aws:iam::482916350217:role/platform-admin\n  username: platform-admin\n",
    },
    born + 12 * MINUTE,
  );
  addDeployment(b, {
    namespace: "kube-system",
    name: "coredns",
    labels: coreDnsLabels,
    selector: coreDnsLabels,
    replicas: 2,
    revisions: [
      { template: coreDns(`${ECR}/eks/coredns:v1.11.1-eksbuild.4`), at: born + 10 * MINUTE },
      { template: coreDns(`${ECR}/eks/coredns:v1.11.3-eksbuild.2`), at: now - 40 * DAY },
    ],
    health: running,
    node: spread(0),
    podsSince,
    logs: logsFor(b, "kube-system", "coredns"),
  });
  const msLabels = { "k8s-app": "metrics-server" };
  addDeployment(b, {
    namespace: "kube-system",
    name: "metrics-server",
    labels: msLabels,
    selector: msLabels,
    replicas: 1,
    revisions: [
      {
        template: template(
          msLabels,
          podSpec(
            [
              {
                name: "metrics-server",
                image: "registry.k8s.io/metrics-server/metrics-server:v0.7.2",
                args: [
                  "--cert-dir=/tmp",
                  "--secure-port=10250",
                  "--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname",
                  "--metric-resolution=15s",
                ],
                port: 10250,
                requests: { cpu: "100m", memory: "200Mi" },
              },
            ],
            { priorityClassName: "system-cluster-critical", serviceAccountName: "metrics-server" },
          ),
        ),
        at: born + 2 * DAY,
      },
    ],
    health: running,
    node: spread(2),
    podsSince,
    logs: logsFor(b, "kube-system", "metrics-server"),
  });
  const proxyLabels = { "k8s-app": "kube-proxy" };
  const proxy = (image: string) =>
    template(
      proxyLabels,
      podSpec(
        [
          {
            name: "kube-proxy",
            image,
            command: ["kube-proxy", "--v=2", "--config=/var/lib/kube-proxy-config/config"],
            requests: { cpu: "100m" },
          },
        ],
        {
          hostNetwork: true,
          priorityClassName: "system-node-critical",
          serviceAccountName: "kube-proxy",
          tolerations: [{ operator: "Exists" }],
        },
      ),
    );
  addDaemonSet(b, {
    namespace: "kube-system",
    name: "kube-proxy",
    labels: { "eks.amazonaws.com/component": "kube-proxy", ...proxyLabels },
    selector: proxyLabels,
    revisions: [
      {
        template: proxy(`${ECR}/eks/kube-proxy:v1.30.0-minimal-eksbuild.3`),
        at: born + 5 * MINUTE,
      },
      { template: proxy(`${ECR}/eks/kube-proxy:v1.30.6-minimal-eksbuild.3`), at: now - 40 * DAY },
    ],
    nodes,
    podsSince,
    logs: logsFor(b, "kube-system", "kube-proxy"),
  });
  addService(b, {
    namespace: "kube-system",
    name: "kube-dns",
    labels: {
      "eks.amazonaws.com/component": "kube-dns",
      "k8s-app": "kube-dns",
      "kubernetes.io/cluster-service": "true",
      "kubernetes.io/name": "CoreDNS",
    },
    clusterIP: "10.100.0.10",
    ports: [
      { name: "dns", port: 53, protocol: "UDP", targetPort: 53 },
      { name: "dns-tcp", port: 53, targetPort: 53 },
      { name: "metrics", port: 9153, targetPort: 9153 },
    ],
    selector: { "k8s-app": "kube-dns" },
    created: born + 10 * MINUTE,
  });
  addService(b, {
    namespace: "kube-system",
    name: "metrics-server",
    labels: msLabels,
    ports: [{ name: "https", port: 443, targetPort: "https" }],
    selector: msLabels,
    created: born + 2 * DAY,
  });

  // default
  addService(b, {
    namespace: "default",
    name: "kubernetes",
    labels: { component: "apiserver", provider: "kubernetes" },
    clusterIP: "10.100.0.1",
    ports: [{ name: "https", port: 443, targetPort: 443 }],
    created: born,
  });
  addConfigMap(
    b,
    "default",
    "web-config",
    {
      "default.conf":
        "server {\n    listen 80;\n    server_name _;\n    root /usr/share/nginx/html;\n\n    location /healthz {\n        access_log off;\n        return 200 'ok';\n    }\n\n    location / {\n        try_files $uri $uri/ /index.html;\n    }\n}\n",
    },
    now - 62 * DAY,
    { app: "web" },
  );
  const webLabels = { app: "web" };
  const web = (image: string) =>
    template(
      webLabels,
      podSpec(
        [
          {
            name: "web",
            image,
            port: 80,
            requests: { cpu: "100m", memory: "128Mi" },
            limits: { memory: "256Mi" },
            volumeMounts: [{ mountPath: "/etc/nginx/conf.d", name: "config" }],
          },
        ],
        { volumes: [{ configMap: { defaultMode: 420, name: "web-config" }, name: "config" }] },
      ),
    );
  addDeployment(b, {
    namespace: "default",
    name: "web",
    labels: webLabels,
    selector: webLabels,
    replicas: 3,
    revisions: [
      { template: web("nginx:1.27.2"), at: now - 62 * DAY },
      { template: web("nginx:1.27.3"), at: now - 9 * DAY - 3 * HOUR },
    ],
    health: running,
    node: spread(1),
    podsSince,
    logs: logsFor(b, "default", "nginx"),
  });
  addService(b, {
    namespace: "default",
    name: "web",
    labels: webLabels,
    ports: [{ name: "http", port: 80, targetPort: 80 }],
    selector: webLabels,
    created: now - 62 * DAY,
  });
  const debugAt = now - 41 * MINUTE;
  const debugNode = nodes[1] as NodeInfo;
  const debug = addPod(b, {
    name: "netshoot-debug",
    namespace: "default",
    template: template(
      { run: "netshoot-debug" },
      podSpec([
        {
          name: "netshoot-debug",
          image: "nicolaka/netshoot:v0.13",
          command: ["sleep", "infinity"],
        },
      ]),
    ),
    node: debugNode,
    created: debugAt,
    health: { state: "running" },
  });
  addEvent(b, {
    on: debug,
    reason: "Scheduled",
    message: `Successfully assigned default/netshoot-debug to ${debugNode.name}`,
    first: debugAt,
    component: "default-scheduler",
  });
  addEvent(b, {
    on: debug,
    reason: "Pulling",
    message: 'Pulling image "nicolaka/netshoot:v0.13"',
    first: debugAt + 1000,
    component: "kubelet",
    host: debugNode.name,
    fieldPath: "spec.containers{netshoot-debug}",
  });
  addEvent(b, {
    on: debug,
    reason: "Pulled",
    message:
      'Successfully pulled image "nicolaka/netshoot:v0.13" in 6.114s (6.114s including waiting). Image size: 199852386 bytes.',
    first: debugAt + 7000,
    component: "kubelet",
    host: debugNode.name,
    fieldPath: "spec.containers{netshoot-debug}",
  });
  addEvent(b, {
    on: debug,
    reason: "Created",
    message: "Created container netshoot-debug",
    first: debugAt + 7200,
    component: "kubelet",
    host: debugNode.name,
    fieldPath: "spec.containers{netshoot-debug}",
  });
  addEvent(b, {
    on: debug,
    reason: "Started",
    message: "Started container netshoot-debug",
    first: debugAt + 7600,
    component: "kubelet",
    host: debugNode.name,
    fieldPath: "spec.containers{netshoot-debug}",
  });
}
