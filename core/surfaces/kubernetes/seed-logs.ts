// Container logs for the seeded pods, in each program's own format (nginx access logs, JSON from a
// Node service, Go's slog, Envoy, PostgreSQL, Prometheus, CoreDNS, klog...). A writer makes a
// container's startup lines at its start and request lines over the hour before the clock starts.

import { pick } from "../kit/seed-values";
import { type Builder, hex, iso, MINUTE } from "./seed-build";
import type { LogWriter } from "./seed-workloads";
import type { PodLogLine } from "./tables";

export type LogStyle =
  | "nginx"
  | "storefront"
  | "checkout"
  | "envoy"
  | "payments"
  | "postgres"
  | "prometheus"
  | "grafana"
  | "coredns"
  | "metrics-server"
  | "kube-proxy"
  | "node-exporter"
  | "report";

const paths = ["/", "/products", "/products/4211", "/cart", "/checkout", "/api/search?q=lamp"];
const agents = [
  '"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) Safari/605.1.15"',
  '"kube-probe/1.30"',
];

function pad(n: number, w = 2): string {
  return String(n).padStart(w, "0");
}
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function clf(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}
function slash(ms: number): string {
  return iso(ms).replace(/-/g, "/").replace("T", " ").replace("Z", "");
}
function klog(ms: number): string {
  const d = new Date(ms);
  return `I${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}412`;
}
function ms3(ms: number): string {
  return new Date(ms).toISOString();
}

type Line = (at: number) => string;

function startup(b: Builder, style: LogStyle, pod: string): Line[] {
  switch (style) {
    case "nginx":
      return [
        () =>
          "/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration",
        () => "/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/",
        () => "/docker-entrypoint.sh: Configuration complete; ready for start up",
        (t) => `${slash(t)} [notice] 1#1: using the "epoll" event method`,
        (t) => `${slash(t)} [notice] 1#1: start worker processes`,
      ];
    case "storefront":
      return [
        (t) =>
          `{"level":"info","time":"${ms3(t)}","pid":1,"msg":"loading config","env":"production"}`,
        (t) => `{"level":"info","time":"${ms3(t)}","pid":1,"msg":"server listening","port":3000}`,
      ];
    case "checkout":
      return [
        (t) =>
          `time=${iso(t)} level=INFO msg="starting checkout-api" version=1.8.2 commit=${hex(b.rnd, 7)}`,
        (t) =>
          `time=${iso(t)} level=INFO msg="connected to database" host=postgres.production.svc.cluster.local pool_size=20`,
        (t) => `time=${iso(t)} level=INFO msg="http server listening" addr=:8080`,
      ];
    case "envoy":
      return [
        (t) =>
          `[${ms3(t).replace("T", " ").replace("Z", "")}][1][info][main] [source/server/server.cc:932] starting main dispatch loop`,
        (t) =>
          `[${ms3(t).replace("T", " ").replace("Z", "")}][1][info][upstream] [source/common/upstream/cluster_manager_impl.cc:243] cm init: all clusters initialized`,
      ];
    case "payments":
      return [
        (t) =>
          `${iso(t)} INFO  payments-worker 3.2.0 starting (queue=payments.settle, concurrency=8)`,
        (t) => `${iso(t)} INFO  connected to broker amqp://rabbitmq.production.svc:5672`,
      ];
    case "postgres":
      return [
        (t) =>
          `${slash(t).replace(/\//g, "-")}.${pad(new Date(t).getUTCMilliseconds(), 3)} UTC [1] LOG:  starting PostgreSQL 16.4 (Debian 16.4-1.pgdg120+2) on x86_64-pc-linux-gnu`,
        (t) =>
          `${slash(t).replace(/\//g, "-")}.${pad(new Date(t).getUTCMilliseconds(), 3)} UTC [1] LOG:  listening on IPv4 address "0.0.0.0", port 5432`,
        (t) =>
          `${slash(t).replace(/\//g, "-")}.${pad(new Date(t).getUTCMilliseconds(), 3)} UTC [1] LOG:  database system is ready to accept connections`,
      ];
    case "prometheus":
      return [
        (t) =>
          `ts=${ms3(t)} caller=main.go:645 level=info msg="Starting Prometheus Server" mode=server version="(version=2.55.1, branch=HEAD, revision=6d7569113f1ca814f1e149f74176656540043b8d)"`,
        (t) =>
          `ts=${ms3(t)} caller=main.go:1150 level=info msg="Server is ready to receive web requests."`,
      ];
    case "grafana":
      return [
        (t) =>
          `logger=settings t=${ms3(t)} level=info msg="Starting Grafana" version=11.3.1 commit=${hex(b.rnd, 10)}`,
        (t) =>
          `logger=http.server t=${ms3(t)} level=info msg="HTTP Server Listen" address=[::]:3000 protocol=http subUrl= socket=`,
      ];
    case "coredns":
      return [
        () => ".:53",
        () => `[INFO] plugin/reload: Running configuration SHA512 = ${hex(b.rnd, 128)}`,
        () => "CoreDNS-1.11.3",
        () => "linux/amd64, go1.22.7, a6338e9",
      ];
    case "metrics-server":
      return [
        (t) =>
          `${klog(t)}       1 serving.go:374] Generated self-signed cert (/tmp/apiserver.crt, /tmp/apiserver.key)`,
        (t) => `${klog(t)}       1 secure_serving.go:213] Serving securely on [::]:10250`,
      ];
    case "kube-proxy":
      return [
        (t) => `${klog(t)}       1 server_linux.go:69] "Using iptables proxy"`,
        (t) =>
          `${klog(t)}       1 server.go:1062] "Successfully retrieved node IP(s)" pod="${pod}"`,
        (t) => `${klog(t)}       1 shared_informer.go:320] Caches are synced for service config`,
      ];
    case "node-exporter":
      return [
        (t) =>
          `ts=${ms3(t)} caller=node_exporter.go:193 level=info msg="Starting node_exporter" version="(version=1.8.2, branch=HEAD, revision=f1e0e8360aa60b6cb5e5cc1560bed348fc2c1895)"`,
        (t) =>
          `ts=${ms3(t)} caller=tls_config.go:313 level=info msg="Listening on" address=[::]:9100`,
      ];
    case "report":
      return [
        (t) => `${iso(t)} starting nightly report for ${iso(t - 86_400_000).slice(0, 10)}`,
        (t) => `${iso(t)} fetched 18234 orders from postgres.production.svc.cluster.local`,
        (t) =>
          `${iso(t)} wrote s3://acme-reports/daily/${iso(t - 86_400_000).slice(0, 10)}.csv (2.4 MiB)`,
        (t) => `${iso(t)} done in 41.2s`,
      ];
  }
}

function request(b: Builder, style: LogStyle): Line | null {
  const ip = () => `10.0.${1 + Math.floor(b.rnd() * 3)}.${10 + Math.floor(b.rnd() * 240)}`;
  switch (style) {
    case "nginx":
      return (t) =>
        `${ip()} - - [${clf(t)}] "GET ${pick(b.rnd, paths)} HTTP/1.1" 200 ${600 + Math.floor(b.rnd() * 9000)} "-" ${pick(b.rnd, agents)} "-"`;
    case "storefront":
      return (t) =>
        `{"level":"info","time":"${ms3(t)}","pid":1,"req":{"method":"GET","url":"${pick(b.rnd, paths)}"},"res":{"statusCode":200},"responseTime":${5 + Math.floor(b.rnd() * 80)},"msg":"request completed"}`;
    case "checkout":
      return (t) =>
        `time=${iso(t)} level=INFO msg="request completed" method=${pick(b.rnd, ["GET", "POST"])} path=${pick(b.rnd, ["/v1/cart", "/v1/orders", "/healthz"])} status=${pick(b.rnd, [200, 200, 201, 200, 409])} duration_ms=${3 + Math.floor(b.rnd() * 90)}`;
    case "envoy":
      return (t) =>
        `[${ms3(t)}] "POST /v1/orders HTTP/1.1" 201 - 312 98 ${10 + Math.floor(b.rnd() * 60)} ${8 + Math.floor(b.rnd() * 50)} "${ip()}" "storefront/2.14" "${hex(b.rnd, 8)}-${hex(b.rnd, 4)}" "checkout-api.production.svc.cluster.local:8080" "127.0.0.1:8080"`;
    case "payments":
      return (t) =>
        b.rnd() < 0.15
          ? `${iso(t)} WARN  settle batch ${hex(b.rnd, 8)}: provider timeout after 10s, retrying (attempt 2/5)`
          : `${iso(t)} INFO  settled batch ${hex(b.rnd, 8)}: ${1 + Math.floor(b.rnd() * 40)} payments in ${(0.4 + b.rnd() * 2).toFixed(1)}s`;
    case "postgres":
      return (t) =>
        `${slash(t).replace(/\//g, "-")}.${pad(new Date(t).getUTCMilliseconds(), 3)} UTC [${20 + Math.floor(b.rnd() * 900)}] LOG:  checkpoint complete: wrote ${100 + Math.floor(b.rnd() * 3000)} buffers (0.${Math.floor(b.rnd() * 9)}%); 0 WAL file(s) added, 0 removed, 1 recycled`;
    case "prometheus":
      return (t) =>
        `ts=${ms3(t)} caller=head.go:1355 level=info component=tsdb msg="Head GC completed" caller=truncateMemory duration=${(2 + b.rnd() * 9).toFixed(3)}ms`;
    case "grafana":
      return (t) =>
        `logger=context userId=1 orgId=1 uname=admin t=${ms3(t)} level=info msg="Request Completed" method=GET path=/api/dashboards/uid/k8s-cluster status=200 remote_addr=${ip()} time_ms=${4 + Math.floor(b.rnd() * 40)}`;
    case "coredns":
      return (t) =>
        `[INFO] ${ip()}:${40000 + Math.floor(b.rnd() * 20000)} - ${Math.floor(b.rnd() * 65535)} "A IN checkout-api.production.svc.cluster.local. udp 59 false 512" NOERROR qr,aa,rd 128 0.000${100 + Math.floor(b.rnd() * 800)}s ${iso(t)}`;
    default:
      return null;
  }
}

/** A log writer for one program; lines go to `namespace`. */
export function logsFor(b: Builder, namespace: string, style: LogStyle): LogWriter {
  return (pod, container, from, previous) => {
    const out: PodLogLine[] = [];
    const add = (at: number, line: string) =>
      out.push({
        namespace,
        pod,
        container,
        previous,
        at: new Date(at).toISOString().replace(/\.\d+Z$/, "Z"),
        line,
      });
    let t = from + 400;
    for (const make of startup(b, style, pod)) {
      add(t, make(t));
      t +=
        style === "report" ? 9_000 + Math.floor(b.rnd() * 5_000) : 150 + Math.floor(b.rnd() * 900);
    }
    const next = request(b, style);
    if (next === null || previous) return out;
    const windowStart = Math.max(t + MINUTE, b.now - 90 * MINUTE);
    const count = 4 + Math.floor(b.rnd() * 5);
    for (let i = 0; i < count; i++) {
      const at = windowStart + Math.floor(((b.now - 20_000 - windowStart) * (i + b.rnd())) / count);
      add(at, next(at));
    }
    return out;
  };
}

/** A writer for a program that prints `lines` and exits; `{{time}}` becomes each line's time. */
export function crashLogs(namespace: string, lines: readonly string[]): LogWriter {
  return (pod, container, from, previous) =>
    lines.map((line, i) => {
      const at = iso(from + 300 + i * 40);
      return { namespace, pod, container, previous, at, line: line.split("{{time}}").join(at) };
    });
}
