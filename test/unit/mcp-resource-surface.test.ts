// The kind-discriminated resource surface on the real kubernetes spec: every implemented tool is
// admitted (and not vacuous) in the QuickJS sandbox, and the tools behave like a cluster when
// called in sequence on the loaded database: selectors, create/apply/patch/delete with controllers
// acting (replica sets, pods, cascades), rollouts and undo, logs, cordon and drain, bad input.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetterSqliteDatabase } from "../../catalog/better-sqlite-database";
import type { Json } from "../../core/base/json";
import { measureChanges } from "../../core/environment/measure-changes";
import { clearChanges } from "../../core/episode/change-tracking";
import { DEFAULT_CLOCK_START } from "../../core/episode/episode-init";
import { importMcpSpec, type McpImport } from "../../core/mcp/import/spec-import";
import type { ToolSandbox } from "../../core/sandbox/executor";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";
import { createSeededHost, type SeededHost } from "../../core/sandbox/seeded-host";
import { resourceSurface } from "../../core/surfaces/kubernetes/surface";
import { loadDatabase, rolledBack } from "../support/database-harness";
import { admitImport, failingTests } from "../support/mcp-admission";
import { vacuousImportTools } from "../support/mcp-episode";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const specText = readFileSync(
  new URL("../../catalog/mcp/specs/kubernetes.json", import.meta.url),
  "utf8",
);

function executor() {
  const require = createRequire(import.meta.url);
  return createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
}

type Outcome = { ok: true; result: Json } | { ok: false; code: string; message: string };

/** A fresh cluster: calls run in sequence, a failed call keeps none of its writes. */
class Session {
  private host: SeededHost;
  constructor(
    readonly db: BetterSqliteDatabase,
    private readonly sandbox: ToolSandbox,
  ) {
    this.host = createSeededHost(db, "session", DEFAULT_CLOCK_START);
  }
  call(tool: string, args: Record<string, Json>): Outcome {
    this.host.clock.advance(1000);
    const failed = new Error("rollback");
    let out: Outcome = { ok: false, code: "none", message: "" };
    try {
      this.db.transaction(() => {
        const o = this.sandbox.call(tool, args, this.host);
        if (o.ok) out = { ok: true, result: o.result };
        else {
          const e = o.error as { code?: string; message?: string };
          out = {
            ok: false,
            code: String(e.code ?? o.error.kind),
            message: String(e.message ?? ""),
          };
          throw failed;
        }
      });
    } catch (err) {
      if (err !== failed) throw err;
    }
    return out;
  }
  ok(tool: string, args: Record<string, Json>): Json {
    const o = this.call(tool, args);
    if (!o.ok) throw new Error(`${tool} failed: ${o.code} ${o.message}`);
    return o.result;
  }
  text(tool: string, args: Record<string, Json>): string {
    const r = this.ok(tool, args);
    if (typeof r !== "string") throw new Error(`${tool} returned ${JSON.stringify(r)}`);
    return r;
  }
  get(kind: string, name: string, namespace = "default"): Record<string, Json> {
    return this.ok("kubectl_get", { resourceType: kind, name, namespace }) as Record<string, Json>;
  }
  names(kind: string, args: Record<string, Json> = {}): string[] {
    const text = this.text("kubectl_get", { resourceType: kind, output: "name", ...args });
    return text.split("\n").filter((l) => l !== "");
  }
  rows(sql: string, params: (string | number)[] = []): Record<string, unknown>[] {
    return this.db.raw.prepare(sql).all(...params) as Record<string, unknown>[];
  }
}

let imported: McpImport;
let sandbox: ToolSandbox;
const opened: BetterSqliteDatabase[] = [];

beforeAll(async () => {
  imported = importMcpSpec(specText);
  sandbox = await executor().load(imported.tools);
});
afterAll(() => {
  sandbox.dispose();
  for (const db of opened) db.raw.close();
});

function session(): Session {
  const db = loadDatabase(imported.schemaSql, imported.seed);
  opened.push(db);
  return new Session(db, sandbox);
}

/** What one call changes on the seeded cluster (rolled back afterwards). */
function trial(db: BetterSqliteDatabase, tool: string, args: Record<string, Json>) {
  return rolledBack(db, () => {
    clearChanges(db);
    const outcome = sandbox.call(tool, args, createSeededHost(db, "trial", DEFAULT_CLOCK_START));
    return { outcome, changes: outcome.ok ? measureChanges(db, imported.seed) : {} };
  });
}

const digestOf = (s: Session) =>
  JSON.stringify([
    s.rows("SELECT uid, resource_version FROM k8s_object ORDER BY uid"),
    s.rows("SELECT COUNT(*) AS n FROM k8s_pod_log"),
    s.rows("SELECT * FROM k8s_kubeconfig_context ORDER BY name"),
  ]);

describe("the resource surface on the kubernetes spec", () => {
  it("implements the store's tools and leaves out the rest with precise reasons", () => {
    const { report } = imported;
    const mine = report.implemented.filter((t) => t.surface === "resources");
    expect(mine.map((t) => `${t.tool}:${t.verb}`).sort()).toEqual(
      [
        "kubectl_apply:apply",
        "kubectl_context:context",
        "kubectl_create:create",
        "kubectl_delete:delete",
        "kubectl_describe:describe",
        "kubectl_get:get",
        "kubectl_logs:logs",
        "kubectl_patch:patch",
        "kubectl_rollout:rollout",
        "kubectl_scale:scale",
        "list_api_resources:apiResources",
        "node_management:nodes",
      ].sort(),
    );
    const reasons = Object.fromEntries(report.leftOut.map((l) => [l.tool, l.reason]));
    expect(reasons.port_forward).toMatch(/network/);
    expect(reasons.stop_port_forward).toMatch(/network/);
    expect(reasons.exec_in_pod).toMatch(/processes/);
    expect(reasons.kubectl_generic).toMatch(/arbitrary kubectl command/);
    expect(reasons.install_helm_chart).toMatch(/charts are available offline/);
    expect(reasons.upgrade_helm_chart).toMatch(/Helm/);
    expect(reasons.uninstall_helm_chart).toMatch(/Helm/);
    expect(reasons.explain_resource).toMatch(/OpenAPI/);
    expect(reasons.cleanup).toMatch(/tracks neither/);
    expect(reasons.kubectl_reconnect).toMatch(/no connection/);
    expect(mine.map((t) => t.original)).not.toContain("ping");
    expect(report.tables.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "k8s_object",
        "k8s_pod_log",
        "k8s_kubeconfig_context",
        "k8s_template_fault",
      ]),
    );
    for (const t of imported.tools) {
      const original = (
        JSON.parse(specText) as { tools: { name: string; inputSchema: unknown }[] }
      ).tools.find((o) => o.name === t.name);
      if (original) expect(t.inputSchema).toEqual(original.inputSchema);
    }
  });

  it("admits every implemented tool in the QuickJS sandbox, and none passes for a stand-in", async () => {
    const admission = await admitImport(imported);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.problems).toEqual([]);
    expect(admission.totals.admittedTools).toBe(imported.tools.length);
    expect(await vacuousImportTools(imported)).toEqual([]);
  });

  it("imports byte-identically twice", () => {
    expect(JSON.stringify(importMcpSpec(specText))).toBe(JSON.stringify(imported));
  });

  it("seeds a cluster its controllers leave alone: a deleted pod is only replaced", () => {
    const s = session();
    const pods = s.rows(
      "SELECT namespace, name, owner_kind, json_extract(status, '$.phase') AS phase FROM k8s_object WHERE kind = 'Pod' AND owner_uid IS NOT NULL ORDER BY namespace, name",
    );
    expect(pods.length).toBeGreaterThan(20);
    for (const pod of pods) {
      const { outcome, changes } = trial(s.db, "kubectl_delete", {
        resourceType: "pod",
        name: String(pod.name),
        namespace: String(pod.namespace),
      });
      expect(outcome.ok).toBe(true);
      const objects = changes.k8s_object;
      // A completed Job's pod is not replaced; an unschedulable one is, with a new scheduler event.
      const replacements = pod.owner_kind === "Job" ? 0 : pod.phase === "Pending" ? 2 : 1;
      expect({ pod: pod.name, ...objects }).toEqual({
        pod: pod.name,
        inserted: replacements,
        updated: 0,
        deleted: 1,
      });
    }
  });
});

describe("resource tools in sequence", () => {
  it("gets and lists with label, field and set-based selectors", () => {
    const s = session();
    expect(s.names("deployments", { namespace: "production" })).toEqual([
      "deployment.apps/checkout-api",
      "deployment.apps/frontend",
      "deployment.apps/payments-worker",
    ]);
    const backend = s.ok("kubectl_get", {
      resourceType: "pods",
      namespace: "production",
      labelSelector: "tier=backend,app!=payments-worker",
    }) as { items: { name: string; status: string }[] };
    expect(backend.items.length).toBe(2);
    expect(
      backend.items.every((p) => p.name.startsWith("checkout-api-") && p.status === "Running"),
    ).toBe(true);
    const sets = s.names("po", { allNamespaces: true, labelSelector: "app in (web, grafana)" });
    expect(sets.length).toBe(4);
    const crash = s.ok("kubectl_get", {
      resourceType: "pods",
      namespace: "staging",
      fieldSelector: "status.phase=Running",
    }) as { items: { status: string }[] };
    expect(crash.items.map((p) => p.status).sort()).toEqual([
      "CrashLoopBackOff",
      "CrashLoopBackOff",
      "Running",
    ]);
    const node = String(
      (
        s.rows("SELECT name FROM k8s_object WHERE kind = 'Node' ORDER BY name")[0] as {
          name: string;
        }
      ).name,
    );
    const onNode = s.names("pods", { allNamespaces: true, fieldSelector: `spec.nodeName=${node}` });
    expect(onNode.length).toBe(
      s.rows(
        "SELECT uid FROM k8s_object WHERE kind = 'Pod' AND json_extract(spec, '$.nodeName') = ?",
        [node],
      ).length,
    );
    const sorted = s.ok("kubectl_get", {
      resourceType: "events",
      namespace: "staging",
      sortBy: ".count",
    }) as { events: { count: number }[] };
    const counts = sorted.events.map((e) => e.count);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    const yaml = s.text("kubectl_get", { resourceType: "deploy", name: "web", output: "yaml" });
    expect(yaml).toMatch(/^apiVersion: apps\/v1\nkind: Deployment\nmetadata:\n/);
    expect(yaml).toMatch(/creationTimestamp: "\d{4}-\d\d-\d\dT/);
    expect(yaml).toContain("        - containerPort: 80\n          protocol: TCP\n");
    const wide = s.text("kubectl_get", {
      resourceType: "svc",
      namespace: "production",
      output: "wide",
    });
    expect(wide.split("\n")[0]).toMatch(
      /^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE\s+SELECTOR$/,
    );
    expect(wide).toMatch(
      /frontend\s+LoadBalancer\s+10\.100\.\d+\.\d+\s+a[0-9a-f]+-\d+\.eu-west-1\.elb\.amazonaws\.com\s+80:3\d{4}\/TCP/,
    );
    const secret = s.get("secret", "postgres-credentials", "production") as {
      data: Record<string, string>;
    };
    expect(Object.values(secret.data).every((v) => v === "***")).toBe(true);
    expect(
      s.text("kubectl_get", { resourceType: "pods", namespace: "nowhere", output: "wide" }),
    ).toBe("No resources found in nowhere namespace.\n");
  });

  it("describes objects with their events", () => {
    const s = session();
    const pod = s.text("kubectl_describe", {
      resourceType: "pods",
      name: "search-indexer",
      namespace: "staging",
    });
    expect(pod).toMatch(/^Name:\s+search-indexer-\w+-\w+\nNamespace:\s+staging\n/);
    expect(pod).toContain("Status:           Pending");
    expect(pod).toMatch(
      /Warning\s+FailedScheduling\s+\S+ \(x41 over \S+\)\s+default-scheduler\s+0\/3 nodes are available: 3 Insufficient memory/,
    );
    const deploy = s.text("kubectl_describe", {
      resourceType: "deployment",
      name: "frontend",
      namespace: "production",
    });
    expect(deploy).toContain(
      "Replicas:               3 desired | 3 updated | 3 total | 3 available | 0 unavailable",
    );
    expect(deploy).toMatch(/NewReplicaSet:\s+frontend-\w+ \(3\/3 replicas created\)/);
  });

  it("creates objects, then finds them; a second create is a conflict", () => {
    const s = session();
    const cm = s.ok("kubectl_create", {
      resourceType: "configmap",
      name: "flags",
      namespace: "staging",
      fromLiteral: ["a=1", "b=two=2"],
      fromFileContent: [{ key: "app.conf", content: "x = 1\n" }],
      labels: ["team=web"],
      output: "json",
    }) as Record<string, Json>;
    expect(cm.data).toEqual({ a: "1", b: "two=2", "app.conf": "x = 1\n" });
    expect(s.get("cm", "flags", "staging")).toMatchObject({
      data: cm.data,
      metadata: { labels: { team: "web" } },
    });
    expect(
      s.text("kubectl_create", {
        resourceType: "deployment",
        name: "echo",
        image: "ealen/echo-server:0.9.2",
        replicas: 3,
        port: 8080,
        output: "name",
      }),
    ).toBe("deployment.apps/echo\n");
    const pods = s.ok("kubectl_get", { resourceType: "pods", labelSelector: "app=echo" }) as {
      items: { status: string }[];
    };
    expect(pods.items.map((p) => p.status)).toEqual(["Running", "Running", "Running"]);
    const nodes = s.rows(
      "SELECT DISTINCT json_extract(spec, '$.nodeName') AS n FROM k8s_object WHERE kind = 'Pod' AND name LIKE 'echo-%'",
    );
    expect(nodes.length).toBe(3);
    const again = s.call("kubectl_create", {
      resourceType: "deployment",
      name: "echo",
      image: "nginx:1.27",
    });
    expect(again).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringContaining('deployments.apps "echo" already exists'),
    });
    const secret = s.ok("kubectl_create", {
      resourceType: "secret",
      secretType: "generic",
      name: "api-key",
      fromLiteral: ["token=s3cr3t"],
      output: "json",
    }) as Record<string, Json>;
    expect(secret).toMatchObject({ type: "Opaque", data: { token: "czNjcjN0" } });
    const svc = s.ok("kubectl_create", {
      resourceType: "service",
      serviceType: "nodeport",
      name: "echo",
      tcpPort: ["80:8080"],
      output: "json",
    }) as { spec: { ports: { nodePort: number; targetPort: number }[]; selector: Json } };
    expect(svc.spec.selector).toEqual({ app: "echo" });
    expect(svc.spec.ports[0]?.targetPort).toBe(8080);
    expect(svc.spec.ports[0]?.nodePort).toBeGreaterThanOrEqual(30000);
  });

  it("scales and the pods follow", () => {
    const s = session();
    const webPods = () => s.names("pods", { labelSelector: "app=web" });
    expect(webPods().length).toBe(3);
    s.ok("kubectl_scale", { name: "web", replicas: 5 });
    expect(webPods().length).toBe(5);
    expect(s.get("deploy", "web")).toMatchObject({
      spec: { replicas: 5 },
      status: { readyReplicas: 5, replicas: 5 },
    });
    s.ok("kubectl_scale", { name: "web", replicas: 1 });
    expect(webPods().length).toBe(1);
    s.ok("kubectl_scale", {
      resourceType: "sts",
      name: "postgres",
      namespace: "production",
      replicas: 3,
    });
    expect(s.names("pods", { namespace: "production", labelSelector: "app=postgres" })).toEqual([
      "pod/postgres-0",
      "pod/postgres-1",
      "pod/postgres-2",
    ]);
    expect(s.names("pvc", { namespace: "production" })).toContain(
      "persistentvolumeclaim/data-postgres-2",
    );
    s.ok("kubectl_scale", {
      resourceType: "statefulset",
      name: "postgres",
      namespace: "production",
      replicas: 1,
    });
    expect(s.names("pods", { namespace: "production", labelSelector: "app=postgres" })).toEqual([
      "pod/postgres-0",
    ]);
    expect(s.names("pvc", { namespace: "production" })).toContain(
      "persistentvolumeclaim/data-postgres-2",
    );
  });

  it("deletes with cascades; a pod of a controller is replaced; namespaces take their contents", () => {
    const s = session();
    const before = s.names("pods", { namespace: "production", labelSelector: "app=frontend" });
    const victim = String(before[0]).slice("pod/".length);
    expect(
      s.text("kubectl_delete", { resourceType: "pod", name: victim, namespace: "production" }),
    ).toBe(`pod "${victim}" deleted\n`);
    const after = s.names("pods", { namespace: "production", labelSelector: "app=frontend" });
    expect(after.length).toBe(3);
    expect(after).not.toContain(before[0]);
    s.ok("kubectl_delete", {
      resourceType: "deployments",
      name: "frontend",
      namespace: "production",
    });
    expect(
      s.names("all", { namespace: "production" }).filter((n) => n.includes("/frontend")),
    ).toEqual(["service/frontend"]);
    expect(
      s.rows("SELECT * FROM k8s_pod_log WHERE pod LIKE 'frontend-%' AND namespace = 'production'"),
    ).toEqual([]);
    s.ok("kubectl_delete", { resourceType: "ns", name: "staging" });
    expect(s.rows("SELECT * FROM k8s_object WHERE namespace = 'staging'")).toEqual([]);
    expect(s.call("kubectl_delete", { resourceType: "pods", name: "nope" })).toMatchObject({
      ok: false,
      code: "not_found",
      message: 'pods "nope" not found',
    });
  });

  it("applies YAML: creates, leaves an identical object unchanged, updates and rolls out", () => {
    const s = session();
    const manifest = (image: string, extraLabel: boolean) => `# the api, as CI applies it
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels:
    app: api${extraLabel ? "\n    owner: team-a" : ""}
spec:
  replicas: 2
  selector:
    matchLabels: {app: api}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
        - name: api
          image: "${image}"
          args: ["--port", "8080"]
          ports:
            - containerPort: 8080
          env:
            - name: GREETING
              value: >-
                hello
                world
---
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  selector:
    app: api
  ports:
    - port: 80
      targetPort: 8080
`;
    expect(s.text("kubectl_apply", { manifest: manifest("ghcr.io/acme/api:1.0.0", true) })).toBe(
      "deployment.apps/api created\nservice/api created\n",
    );
    const created = s.get("deploy", "api") as {
      spec: { template: { spec: { containers: Record<string, Json>[] } } };
    };
    expect(created.spec.template.spec.containers[0]).toMatchObject({
      args: ["--port", "8080"],
      env: [{ name: "GREETING", value: "hello world" }],
    });
    expect(s.names("pods", { labelSelector: "app=api" }).length).toBe(2);
    expect(s.text("kubectl_apply", { manifest: manifest("ghcr.io/acme/api:1.0.0", true) })).toBe(
      "deployment.apps/api unchanged\nservice/api unchanged\n",
    );
    expect(s.text("kubectl_apply", { manifest: manifest("ghcr.io/acme/api:1.1.0", false) })).toBe(
      "deployment.apps/api configured\nservice/api unchanged\n",
    );
    const updated = s.get("deploy", "api") as { metadata: { labels: Record<string, string> } };
    expect(updated.metadata.labels).toEqual({ app: "api" });
    const sets = s.ok("kubectl_get", {
      resourceType: "rs",
      labelSelector: "app=api",
      output: "json",
    }) as { items: { name: string; status: string }[] };
    expect(sets.items.length).toBe(2);
    // The real server's summary: an old set has no readyReplicas, so it reads "Active".
    expect(sets.items.map((r) => r.status).sort()).toEqual(["2/2 ready", "Active"]);
    const pods = s.ok("kubectl_get", { resourceType: "pods", labelSelector: "app=api" }) as {
      items: { name: string }[];
    };
    const current = s.rows(
      "SELECT name FROM k8s_object WHERE kind = 'ReplicaSet' AND name LIKE 'api-%' AND json_extract(spec, '$.replicas') = 2",
    );
    expect(pods.items.every((p) => p.name.startsWith(`${String(current[0]?.name)}-`))).toBe(true);
  });

  it("patches: merge, strategic by container name, JSON patch operations", () => {
    const s = session();
    s.ok("kubectl_patch", {
      resourceType: "deploy",
      name: "web",
      patchType: "merge",
      patchData: { metadata: { labels: { team: "edge", app: null } } },
    });
    expect((s.get("deploy", "web") as { metadata: { labels: Json } }).metadata.labels).toEqual({
      team: "edge",
    });
    s.ok("kubectl_patch", {
      resourceType: "deployment",
      name: "frontend",
      namespace: "production",
      patchData: {
        spec: {
          template: {
            spec: { containers: [{ name: "storefront", image: "ghcr.io/acme/storefront:2.15.0" }] },
          },
        },
      },
    });
    const front = s.get("deploy", "frontend", "production") as {
      spec: { template: { spec: { containers: Record<string, Json>[] } } };
    };
    expect(front.spec.template.spec.containers).toHaveLength(1);
    expect(front.spec.template.spec.containers[0]).toMatchObject({
      image: "ghcr.io/acme/storefront:2.15.0",
      ports: [{ containerPort: 3000, protocol: "TCP" }],
      resources: { requests: { cpu: "250m", memory: "512Mi" } },
    });
    const ops = [
      { op: "replace", path: "/spec/replicas", value: 4 },
      { op: "add", path: "/metadata/annotations/owner", value: "sre" },
      { op: "remove", path: "/spec/template/spec/volumes/0" },
    ] as unknown as Json;
    const o = sandbox.call(
      "kubectl_patch",
      { resourceType: "deployment", name: "web", patchType: "json", patchData: ops },
      createSeededHost(s.db, "json-patch", DEFAULT_CLOCK_START),
    );
    expect(o).toMatchObject({ ok: true, result: "deployment.apps/web patched\n" });
    const web = s.get("deploy", "web") as {
      spec: { replicas: number; template: { spec: Record<string, Json> } };
      metadata: { annotations: Record<string, string> };
    };
    expect(web.spec.replicas).toBe(4);
    expect(web.metadata.annotations.owner).toBe("sre");
    expect(web.spec.template.spec.volumes).toEqual([]);
    expect(
      s.call("kubectl_patch", {
        resourceType: "deploy",
        name: "web",
        patchData: { metadata: { name: "other" } },
      }),
    ).toMatchObject({ ok: false, code: "invalid_argument" });
  });

  it("rolls out: undo restores the previous template, to-revision any older one", () => {
    const s = session();
    const image = () =>
      (
        s.get("deploy", "frontend", "production") as {
          spec: { template: { spec: { containers: { image: string }[] } } };
        }
      ).spec.template.spec.containers[0]?.image;
    expect(image()).toBe("ghcr.io/acme/storefront:2.14.1");
    expect(
      s.text("kubectl_rollout", {
        subCommand: "undo",
        resourceType: "deployment",
        name: "frontend",
        namespace: "production",
      }),
    ).toBe("deployment.apps/frontend rolled back\n");
    expect(image()).toBe("ghcr.io/acme/storefront:2.14.0");
    const history = s.text("kubectl_rollout", {
      subCommand: "history",
      resourceType: "deployment",
      name: "frontend",
      namespace: "production",
    });
    expect(
      history
        .split("\n")
        .slice(2, 5)
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(["1", "3", "4"]);
    s.ok("kubectl_rollout", {
      subCommand: "undo",
      resourceType: "deployment",
      name: "frontend",
      namespace: "production",
      revision: 1,
    });
    expect(image()).toBe("ghcr.io/acme/storefront:2.13.0");
    const frontPods = s.ok("kubectl_get", {
      resourceType: "pods",
      namespace: "production",
      labelSelector: "app=frontend",
    }) as { items: { name: string }[] };
    const rs13 = s.rows(
      "SELECT name FROM k8s_object WHERE kind = 'ReplicaSet' AND namespace = 'production' AND json_extract(spec, '$.template.spec.containers[0].image') = 'ghcr.io/acme/storefront:2.13.0'",
    );
    expect(frontPods.items.every((p) => p.name.startsWith(`${String(rs13[0]?.name)}-`))).toBe(true);
    s.ok("kubectl_rollout", {
      subCommand: "pause",
      resourceType: "deployment",
      name: "web",
      namespace: "default",
    });
    s.ok("kubectl_patch", {
      resourceType: "deploy",
      name: "web",
      patchData: {
        spec: { template: { spec: { containers: [{ name: "web", image: "nginx:1.27.4" }] } } },
      },
    });
    expect(s.names("rs", { labelSelector: "app=web" }).length).toBe(2);
    expect(
      s.text("kubectl_rollout", {
        subCommand: "status",
        resourceType: "deployment",
        name: "web",
        namespace: "default",
      }),
    ).toContain("paused");
    s.ok("kubectl_rollout", {
      subCommand: "resume",
      resourceType: "deployment",
      name: "web",
      namespace: "default",
    });
    expect(s.names("rs", { labelSelector: "app=web" }).length).toBe(3);
    expect(
      s.text("kubectl_rollout", {
        subCommand: "status",
        resourceType: "deployment",
        name: "web",
        namespace: "default",
      }),
    ).toBe('deployment "web" successfully rolled out\n');
  });

  it("a fault follows its pod template: fixed by a patch, back on undo", () => {
    const s = session();
    const statuses = () =>
      (
        s.ok("kubectl_get", {
          resourceType: "pods",
          namespace: "staging",
          labelSelector: "app=checkout-api",
        }) as { items: { status: string }[] }
      ).items.map((p) => p.status);
    expect(statuses()).toEqual(["CrashLoopBackOff", "CrashLoopBackOff"]);
    const pod =
      s.names("pods", { namespace: "staging", labelSelector: "app=checkout-api" })[0]?.slice(4) ??
      "";
    expect(
      (
        s.ok("kubectl_logs", { resourceType: "pod", name: pod, namespace: "staging" }) as {
          logs: string;
        }
      ).logs,
    ).toContain("PAYMENTS_API_URL is not set");
    s.ok("kubectl_patch", {
      resourceType: "deployment",
      name: "checkout-api",
      namespace: "staging",
      patchData: {
        spec: {
          template: {
            spec: {
              containers: [
                {
                  name: "checkout-api",
                  env: [
                    { name: "DB_HOST", value: "postgres.production.svc.cluster.local" },
                    { name: "DB_NAME", value: "checkout_staging" },
                    { name: "PAYMENTS_API_URL", value: "https://payments.staging.acme-demo.com" },
                  ],
                },
              ],
            },
          },
        },
      },
    });
    expect(statuses()).toEqual(["Running", "Running"]);
    s.ok("kubectl_rollout", {
      subCommand: "undo",
      resourceType: "deployment",
      name: "checkout-api",
      namespace: "staging",
    });
    expect(statuses()).toEqual(["CrashLoopBackOff", "CrashLoopBackOff"]);
    const again =
      s.names("pods", { namespace: "staging", labelSelector: "app=checkout-api" })[0]?.slice(4) ??
      "";
    expect(
      (
        s.ok("kubectl_logs", {
          resourceType: "pod",
          name: again,
          namespace: "staging",
          previous: true,
        }) as { logs: string }
      ).logs,
    ).toContain('level=ERROR msg="exiting" code=1');
  });

  it("reads logs: tail, since, timestamps", () => {
    const s = session();
    const pod = s.names("pods", { labelSelector: "app=web" })[0]?.slice(4) ?? "";
    const all = s.rows("SELECT logged_at, line FROM k8s_pod_log WHERE pod = ? ORDER BY id", [
      pod,
    ]) as { logged_at: string; line: string }[];
    const logs = (args: Record<string, Json>) =>
      (
        s.ok("kubectl_logs", { resourceType: "pod", name: pod, namespace: "default", ...args }) as {
          logs: string;
        }
      ).logs;
    expect(logs({ tail: 3 })).toBe(
      all
        .slice(-3)
        .map((l) => `${l.line}\n`)
        .join(""),
    );
    const now = Date.parse(DEFAULT_CLOCK_START);
    const recent = all.filter((l) => Date.parse(l.logged_at) >= now - 30 * 60_000);
    expect(
      logs({ since: "30m" })
        .split("\n")
        .filter((l) => l !== "").length,
    ).toBe(recent.length);
    expect(logs({ tail: 1, timestamps: true })).toBe(
      `${all.at(-1)?.logged_at.replace("Z", ".000000000Z")} ${all.at(-1)?.line}\n`,
    );
    expect(
      s.call("kubectl_logs", {
        resourceType: "pod",
        name: pod,
        namespace: "default",
        since: "yesterday",
      }),
    ).toMatchObject({ ok: false, code: "invalid_argument" });
  });

  it("cordons and drains: evicted pods move, new pods avoid cordoned nodes, Pending ones wait", () => {
    const s = session();
    const nodes = s
      .rows("SELECT name FROM k8s_object WHERE kind = 'Node' ORDER BY name")
      .map((r) => String(r.name));
    const [a, b, c] = nodes as [string, string, string];
    expect(s.text("node_management", { operation: "cordon", nodeName: a })).toContain(
      "now unschedulable",
    );
    expect(s.get("node", a)).toMatchObject({
      spec: {
        unschedulable: true,
        taints: [{ key: "node.kubernetes.io/unschedulable", effect: "NoSchedule" }],
      },
    });
    s.ok("kubectl_scale", { name: "web", replicas: 9 });
    expect(
      s.names("pods", { fieldSelector: `spec.nodeName=${a}`, labelSelector: "app=web" }).length,
    ).toBeLessThanOrEqual(1);
    expect(s.text("node_management", { operation: "uncordon", nodeName: a })).toContain(
      "now schedulable",
    );
    const drained = s.text("node_management", {
      operation: "drain",
      nodeName: b,
      confirmDrain: true,
      force: true,
      deleteLocalData: true,
    });
    expect(drained).toMatch(/^Successfully drained node/);
    expect(drained).toContain("Warning: ignoring DaemonSet-managed Pods: kube-system/kube-proxy-");
    expect(drained).toContain("evicting pod default/netshoot-debug");
    const left = s.ok("kubectl_get", {
      resourceType: "pods",
      allNamespaces: true,
      fieldSelector: `spec.nodeName=${b}`,
    }) as { items: { name: string }[] };
    expect(left.items.map((p) => p.name.replace(/-\w+$/, "")).sort()).toEqual([
      "kube-proxy",
      "node-exporter",
    ]);
    expect(s.names("pods", { labelSelector: "app=web" }).length).toBe(9);
    expect(s.names("pods", { fieldSelector: "metadata.name=netshoot-debug" })).toEqual([]);
    s.ok("node_management", { operation: "cordon", nodeName: a });
    s.ok("node_management", { operation: "cordon", nodeName: c });
    s.ok("kubectl_scale", { name: "web", replicas: 12 });
    const pending = s.ok("kubectl_get", {
      resourceType: "pods",
      labelSelector: "app=web",
      fieldSelector: "status.phase=Pending",
    }) as { items: Json[] };
    expect(pending.items.length).toBe(3);
    expect(
      s.text("kubectl_describe", { resourceType: "pod", name: "web", namespace: "default" }),
    ).toContain("3 node(s) were unschedulable");
    s.ok("node_management", { operation: "uncordon", nodeName: b });
    expect(
      (
        s.ok("kubectl_get", {
          resourceType: "pods",
          labelSelector: "app=web",
          fieldSelector: "status.phase=Pending",
        }) as { items: Json[] }
      ).items,
    ).toEqual([]);
  });

  it("switches contexts and lists API resources", () => {
    const s = session();
    expect(
      s.ok("kubectl_context", { operation: "set", name: "prod-eu-west-1-oncall" }),
    ).toMatchObject({ success: true });
    expect(s.ok("kubectl_context", { operation: "get", detailed: true })).toEqual({
      name: "prod-eu-west-1-oncall",
      cluster: "prod-eu-west-1",
      user: "oncall-readonly",
      namespace: "monitoring",
    });
    expect(s.call("kubectl_get", { resourceType: "pods", context: "minikube" })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    const table = s.text("list_api_resources", { verbs: ["deletecollection"], namespaced: false });
    expect(
      table
        .split("\n")
        .slice(1)
        .filter((l) => l !== "")
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(["nodes"]);
  });
});

describe("bad input", () => {
  it("fails clearly on unknown types, missing objects and bad manifests, writing nothing", () => {
    const s = session();
    const before = digestOf(s);
    const unknown = s.call("kubectl_get", { resourceType: "widgets" });
    expect(unknown).toMatchObject({ ok: false, code: "invalid_argument" });
    expect(unknown.ok ? "" : unknown.message).toContain("known resource types: configmaps, events");
    expect(s.call("kubectl_describe", { resourceType: "deploy", name: "ghost" })).toMatchObject({
      ok: false,
      code: "not_found",
      message: 'deployments.apps "ghost" not found',
    });
    const bad = s.call("kubectl_apply", {
      manifest: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  key: [1, 2\n",
    });
    expect(bad).toMatchObject({
      ok: false,
      code: "invalid_argument",
      message: expect.stringContaining("line 6"),
    });
    expect(s.call("kubectl_apply", { manifest: "base: &b {a: 1}\nother: *b\n" })).toMatchObject({
      ok: false,
      code: "invalid_argument",
      message: expect.stringContaining("anchors"),
    });
    expect(s.call("kubectl_apply", { manifest: `data: "${"x".repeat(70_000)}"` })).toMatchObject({
      ok: false,
      code: "invalid_argument",
      message: expect.stringContaining("at most"),
    });
    expect(
      s.call("kubectl_apply", { manifest: "apiVersion: v1\nkind: Widget\nmetadata:\n  name: w\n" }),
    ).toMatchObject({ ok: false, code: "invalid_argument" });
    expect(
      s.call("kubectl_apply", {
        manifest: "apiVersion: v1\nkind: Deployment\nmetadata:\n  name: w\n",
      }),
    ).toMatchObject({
      ok: false,
      code: "invalid_argument",
      message: expect.stringContaining("apps/v1"),
    });
    const mismatch =
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: m\nspec:\n  selector:\n    matchLabels: {app: m}\n  template:\n    metadata:\n      labels: {app: other}\n    spec:\n      containers: [{name: m, image: nginx}]\n";
    expect(s.call("kubectl_apply", { manifest: mismatch })).toMatchObject({
      ok: false,
      code: "invalid_argument",
      message: expect.stringContaining("selector does not match template labels"),
    });
    expect(
      s.call("kubectl_apply", {
        manifest: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: n\ndata:\n  port: 8080\n",
      }),
    ).toMatchObject({
      ok: false,
      code: "invalid_argument",
      message: expect.stringContaining("strings"),
    });
    expect(
      s.text("kubectl_apply", {
        manifest: "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: qa\n",
        dryRun: true,
      }),
    ).toBe("namespace/qa created (dry run)\n");
    expect(
      s.ok("kubectl_create", {
        resourceType: "deployment",
        name: "dry",
        image: "nginx:1.27",
        dryRun: true,
        output: "json",
      }),
    ).toMatchObject({ kind: "Deployment", spec: { replicas: 1 } });
    expect(
      s.text("kubectl_patch", {
        resourceType: "cm",
        name: "web-config",
        patchData: { data: { x: "y" } },
        dryRun: true,
      }),
    ).toBe("configmap/web-config patched (dry run)\n");
    expect(
      s.text("node_management", {
        operation: "drain",
        nodeName: String(
          s.rows("SELECT name FROM k8s_object WHERE kind = 'Node' ORDER BY name")[0]?.name,
        ),
        dryRun: true,
      }),
    ).toContain("(dry run)");
    expect(s.call("kubectl_scale", { name: "web", replicas: 2.5 })).toMatchObject({
      ok: false,
      code: "invalid_argument",
    });
    expect(
      s.call("kubectl_rollout", {
        subCommand: "undo",
        resourceType: "deployment",
        name: "web",
        namespace: "default",
        revision: 9,
      }),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect(
      s.call("kubectl_delete", { resourceType: "pods", labelSelector: "app=web", name: "x" }),
    ).toMatchObject({ ok: false, code: "invalid_argument" });
    expect(digestOf(s)).toBe(before);
  });

  it("parses the YAML that manifests use", () => {
    const s = session();
    const doc = `---
# a comment
apiVersion: v1
kind: ConfigMap
metadata:
  name: parsed   # trailing comment
  annotations: {"a.b/c": "d: e", plain: x}
data:
  literal: |
    line one
      indented
    line three
  folded: >
    one
    two

    three
  keep: |+
    kept

  strip: |-
    stripped
  quoted: 'it''s'
  escaped: "tab\\there \\u00e9"
  number: "010"
  empty: ""
  url: http://example.com:8080/a#b
...
`;
    const o = s.ok("kubectl_create", { manifest: doc, dryRun: true, output: "json" }) as Record<
      string,
      Json
    >;
    expect(o.metadata).toMatchObject({
      name: "parsed",
      annotations: { "a.b/c": "d: e", plain: "x" },
    });
    expect(o.data).toEqual({
      literal: "line one\n  indented\nline three\n",
      folded: "one two\nthree\n",
      keep: "kept\n\n",
      strip: "stripped",
      quoted: "it's",
      escaped: "tab\there é",
      number: "010",
      empty: "",
      url: "http://example.com:8080/a#b",
    });
    const list = s.ok("kubectl_create", {
      manifest:
        '{"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"j1"}},{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"j2"}}]}',
      output: "name",
    });
    expect(list).toBe("configmap/j1\nconfigmap/j2\n");
    const yaml = s.text("kubectl_get", { resourceType: "cm", name: "web-config", output: "yaml" });
    const roundTrip = s.ok("kubectl_create", {
      manifest: yaml.replace("name: web-config", "name: web-config-copy"),
      dryRun: true,
      output: "json",
    }) as Record<string, Json>;
    expect(roundTrip.data).toEqual(s.get("cm", "web-config").data);
  });
});

describe("recognition", () => {
  const tool = (name: string, properties: Record<string, Json>, description = "") => ({
    original: { name, description, inputSchema: { type: "object", properties } },
    schema: { type: "object", properties } as Record<string, Json>,
  });
  const input = (tools: ReturnType<typeof tool>[]) => ({
    server: "cluster-mcp@1.0.0",
    tools,
    publishName: (n: string) => n,
  });

  it("recognises a similar server with kind/apiVersion arguments and implements what it can", async () => {
    const str = { type: "string" };
    const found = resourceSurface.recognise(
      input([
        tool(
          "resources_get",
          { apiVersion: str, kind: str, name: str, namespace: str },
          "Get a Kubernetes resource",
        ),
        tool(
          "resources_list",
          { apiVersion: str, kind: str, namespace: str, labelSelector: str },
          "List Kubernetes resources",
        ),
        tool(
          "resources_delete",
          { apiVersion: str, kind: str, name: str, namespace: str },
          "Delete a Kubernetes resource",
        ),
        tool("pods_log", { name: str, namespace: str, container: str }, "Get the logs of a pod"),
        tool(
          "pods_exec",
          { name: str, namespace: str, command: { type: "array", items: str } },
          "Run a command in a pod",
        ),
        tool("configuration_view", { minified: { type: "boolean" } }, "Show the kubeconfig"),
      ]),
    );
    expect(found?.implemented.map((t) => `${t.tool}:${t.verb}`)).toEqual([
      "resources_get:get",
      "resources_list:get",
      "resources_delete:delete",
      "pods_log:logs",
    ]);
    expect(found?.leftOut.map((l) => l.tool)).toEqual(["pods_exec"]);
    expect(found?.claimed).not.toContain("configuration_view");
    if (!found) return;
    const admission = await admitImport(found);
    expect(failingTests(admission)).toEqual([]);
    expect(admission.totals.admittedTools).toBe(4);
  });

  it("leaves kind-discriminated APIs of other domains, and too few tools, alone", () => {
    const str = { type: "string" };
    expect(
      resourceSurface.recognise(
        input([
          tool("get_record", { kind: str, name: str, namespace: str }, "Get a CRM record"),
          tool("delete_record", { kind: str, name: str, namespace: str }, "Delete a CRM record"),
          tool("update_record", { kind: str, name: str, namespace: str }, "Update a CRM record"),
        ]),
      ),
    ).toBeUndefined();
    expect(
      resourceSurface.recognise(
        input([
          tool(
            "kubectl_get",
            { resourceType: str, name: str, namespace: str },
            "Get Kubernetes pods",
          ),
          tool(
            "kubectl_delete",
            { resourceType: str, name: str, namespace: str },
            "Delete Kubernetes pods",
          ),
        ]),
      ),
    ).toBeUndefined();
  });
});
