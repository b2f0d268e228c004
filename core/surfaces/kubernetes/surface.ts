// The surface of kind-discriminated named resources: a Kubernetes-style API where several tools
// take a resource type (`resourceType`, `kind`, `resource_type`) together with a `name`.
//
// Recognised when at least three tools take a resource-type argument, at least two of them also a
// name and one a namespace, and the tools' names or descriptions speak of Kubernetes (kubectl,
// k8s, pods): the model behind it is the Kubernetes object model, so a kind-discriminated API of
// another domain is left to the other paths. Each tool is then matched by the verb in its name
// (get/list, describe, create, apply, delete, logs, scale, patch, rollout, context, api resources,
// node cordon/drain) and its arguments are found by role (operations.ts); tools that
// need what a model cannot have (port forwarding, exec, Helm charts, schema docs) are claimed and
// left out with the reason. Other tools (a `ping`) are not claimed.
//
// Everything lives in `k8s_object` (one row per object), `k8s_pod_log`, `k8s_kubeconfig_context`
// and `k8s_template_fault` (containers that crash when run from a given pod template), seeded with
// a deterministic EKS-like cluster (mcp-resource-seed-*.ts).

import { validateArguments } from "../../base/json-schema/validate-arguments";
import type { SeedData, ToolSpec } from "../../environment/spec";
import { DEFAULT_CLOCK_START } from "../../episode/episode-init";
import type { McpImportReport } from "../../mcp/import-report";
import type { JsonObject } from "../../mcp/spec-schema";
import { fieldsOf, normalize } from "../../mcp/tool-json-schema";
import { hashSeed, seededRandom } from "../kit/seed-values";
import type { McpSurface, SurfaceImport, SurfaceTool } from "../surface";
import {
  implementationOf,
  OPERATIONS,
  type Operation,
  type OperationName,
  ROLE_ALIASES,
  roleArguments,
} from "./operations";
import { type ClusterSeed, seedCluster } from "./seed-cluster";
import {
  CONTEXT_COLUMNS,
  CONTEXT_TABLE,
  FAULT_COLUMNS,
  FAULT_TABLE,
  LOG_COLUMNS,
  LOG_TABLE,
  OBJECT_COLUMNS,
  OBJECT_TABLE,
  objectRow,
  RESOURCE_SCHEMA_SQL,
} from "./tables";
import { resourceTests } from "./tests";

const VOCABULARY = /\b(kubernetes|kubectl|k8s|pods?)\b/i;

/** Tools a model of the object store cannot serve, by a word in their name, with the reason. */
const OUT_OF_MODEL: { words: string[]; reason: string }[] = [
  {
    words: ["port", "forward"],
    reason:
      "forwards a local port to a pod over the network; the modelled cluster has objects and logs but no network to forward",
  },
  {
    words: ["exec"],
    reason:
      "runs a command inside a container; the model keeps the cluster's objects and logs, not running processes whose output could be honest",
  },
  {
    words: ["generic"],
    reason:
      "runs an arbitrary kubectl command line; the model implements the commands that have their own tools (get, describe, create, apply, delete, logs, scale, patch, rollout...) and nothing else",
  },
  {
    words: ["helm"],
    reason:
      "installs, upgrades or removes a Helm release, which needs the chart's templates from a chart repository; no charts are available offline, so the objects a release would create are unknown",
  },
  {
    words: ["explain"],
    reason:
      "prints the API schema documentation of a resource or field (kubectl explain reads the server's OpenAPI documents), which are not part of the model",
  },
  {
    words: ["cleanup"],
    reason:
      "deletes what this server process itself created through its client and stops its port-forwards; the model tracks neither, so there is nothing it would do",
  },
  {
    words: ["reconnect"],
    reason:
      "recreates the server's API clients to re-resolve DNS after a control-plane upgrade; the model has no connection to refresh and its fixed answer would test nothing",
  },
];

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

function hasRole(schema: JsonObject, role: string): boolean {
  const aliases = ROLE_ALIASES[role] ?? [];
  return fieldsOf(schema).some((f) => aliases.includes(normalize(f.name)));
}

/** The operation a tool's name asks for, or null when the name is not one of them. */
function operationOf(tool: SurfaceTool): OperationName | null {
  const w = words(tool.original.name);
  const has = (x: string) => w.includes(x);
  const schema = tool.schema;
  if (has("api") && (has("resources") || has("resource"))) return "apiResources";
  if (has("context") || has("contexts")) return "context";
  const ops = JSON.stringify(schema).toLowerCase();
  if ((has("node") || has("nodes")) && (ops.includes("cordon") || ops.includes("drain")))
    return "nodes";
  if (has("cordon") || has("drain")) return "nodes";
  if (has("describe")) return "describe";
  if (has("apply")) return "apply";
  if (has("create")) return "create";
  if (has("delete")) return "delete";
  if (has("logs") || has("log")) return "logs";
  if (has("scale")) return "scale";
  if (has("patch")) return "patch";
  if (has("rollout")) return "rollout";
  if ((has("get") || has("list")) && hasRole(schema, "kind")) return "get";
  return null;
}

/** The words a tool says about itself: its name, description and its arguments' descriptions. */
function prose(t: SurfaceTool): string {
  const args = fieldsOf(t.schema).map((f) =>
    typeof f.schema.description === "string" ? f.schema.description : "",
  );
  return [t.original.name.replace(/[_-]/g, " "), t.original.description ?? "", ...args].join(" ");
}

function recognised(tools: readonly SurfaceTool[]): boolean {
  const kinded = tools.filter((t) => hasRole(t.schema, "kind"));
  if (kinded.length < 3) return false;
  const named = kinded.filter((t) => hasRole(t.schema, "name"));
  if (named.length < 2 || !named.some((t) => hasRole(t.schema, "namespace"))) return false;
  return tools.some((t) => VOCABULARY.test(prose(t)));
}

function seedData(cluster: ClusterSeed): SeedData {
  return {
    tables: {
      [OBJECT_TABLE]: { columns: OBJECT_COLUMNS, rows: cluster.objects.map(objectRow) },
      [LOG_TABLE]: {
        columns: LOG_COLUMNS,
        rows: cluster.logs.map((l, i) => [
          i + 1,
          l.namespace,
          l.pod,
          l.container,
          l.previous ? 1 : 0,
          l.at,
          l.line,
        ]),
      },
      [CONTEXT_TABLE]: {
        columns: CONTEXT_COLUMNS,
        rows: cluster.contexts.map((c) => [
          c.name,
          c.cluster,
          c.user,
          c.namespace,
          c.current ? 1 : 0,
        ]),
      },
      [FAULT_TABLE]: {
        columns: FAULT_COLUMNS,
        rows: cluster.faults.map((f) => [
          f.templateHash,
          f.container,
          f.exitCode,
          JSON.stringify(f.log),
        ]),
      },
    },
  };
}

function tableOf(op: Operation): string {
  if (op.name === "logs") return LOG_TABLE;
  if (op.name === "context") return CONTEXT_TABLE;
  return OBJECT_TABLE;
}

/** Why the built tests cannot admit the tool, or null when they can. */
function testsProblem(op: Operation, tests: ToolSpec["tests"]): string | null {
  const success = tests.filter((t) => !t.expect.error);
  if (success.length === 0) return "no successful test could be built from its arguments";
  const writes = success.some(
    (t) =>
      t.expect.changes &&
      Object.values(t.expect.changes).some((c) => c.inserted + c.updated + c.deleted > 0),
  );
  if (op.effect === "write" && !writes)
    return "no test of its writes could be built from its arguments";
  return null;
}

export const resourceSurface: McpSurface = {
  name: "resources",
  recognise(input): SurfaceImport | undefined {
    if (!recognised(input.tools)) return undefined;
    const claimed: string[] = [];
    const leftOut: McpImportReport["leftOut"] = [];
    const planned: { tool: SurfaceTool; op: Operation }[] = [];
    for (const tool of input.tools) {
      const w = words(tool.original.name);
      const out = OUT_OF_MODEL.find((o) => o.words.every((x) => w.includes(x)));
      if (out) {
        claimed.push(tool.original.name);
        leftOut.push({
          tool: tool.original.name,
          status: "not yet implemented",
          reason: out.reason,
        });
        continue;
      }
      const name = operationOf(tool);
      if (name === null) continue;
      const op = OPERATIONS[name];
      claimed.push(tool.original.name);
      const missing =
        name === "create"
          ? hasRole(tool.schema, "manifest") || hasRole(tool.schema, "kind")
            ? []
            : ["manifest or resource type"]
          : op.required.filter((role) => !hasRole(tool.schema, role));
      if (missing.length > 0) {
        leftOut.push({
          tool: tool.original.name,
          status: "not yet implemented",
          reason: `looks like kubectl ${name} but has no argument for: ${missing.join(", ")}`,
        });
        continue;
      }
      planned.push({ tool, op });
    }
    if (claimed.length === 0) return undefined;
    const cluster = seedCluster(
      seededRandom(hashSeed(`${input.server}/cluster`)),
      DEFAULT_CLOCK_START,
    );
    const tools: ToolSpec[] = [];
    const implemented: McpImportReport["implemented"] = [];
    const notes: string[] = [];
    for (const { tool, op } of planned) {
      const roles = roleArguments(tool.schema, op.roles);
      const tests = resourceTests(op.name, cluster, roles).filter(
        (t) => validateArguments(tool.original.inputSchema as JsonObject, t.args).valid,
      );
      const problem = testsProblem(op, tests);
      if (problem !== null) {
        leftOut.push({ tool: tool.original.name, status: "not yet implemented", reason: problem });
        continue;
      }
      const name = input.publishName(tool.original.name);
      if (name !== tool.original.name)
        notes.push(
          `${tool.original.name} is published as ${name} (tool names allow letters, digits and _)`,
        );
      tools.push({
        name,
        description: (tool.original.description ?? tool.original.name).slice(0, 4000) || name,
        inputSchema: tool.original.inputSchema as JsonObject,
        effect: op.effect,
        implementation: implementationOf(op, name, tool.schema),
        tests,
      });
      implemented.push({
        tool: name,
        original: tool.original.name,
        table: tableOf(op),
        verb: op.name,
        surface: "resources",
      });
    }
    const pods = cluster.objects.filter((o) => o.kind === "Pod").length;
    notes.push(
      `resources: one modelled cluster (${cluster.objects.filter((o) => o.kind === "Node").length} nodes, ${cluster.objects.filter((o) => o.kind === "Namespace").length} namespaces, ${cluster.objects.length} objects of which ${pods} pods, ${cluster.logs.length} log lines); controllers and the scheduler act within the call, so rollouts, scaling and drains finish at once`,
    );
    const seed = seedData(cluster);
    return {
      surface: "resources",
      claimed,
      schemaSql: RESOURCE_SCHEMA_SQL,
      seed,
      tools,
      tables: [
        { name: OBJECT_TABLE, key: "uid", columns: OBJECT_COLUMNS, rows: cluster.objects.length },
        { name: LOG_TABLE, key: "id", columns: LOG_COLUMNS, rows: cluster.logs.length },
        {
          name: CONTEXT_TABLE,
          key: "name",
          columns: CONTEXT_COLUMNS,
          rows: cluster.contexts.length,
        },
        {
          name: FAULT_TABLE,
          key: "template_hash",
          columns: FAULT_COLUMNS,
          rows: cluster.faults.length,
        },
      ],
      implemented,
      leftOut,
      notes,
    };
  },
};
