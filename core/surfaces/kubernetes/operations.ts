// The operations the resource surface implements: which tool names they answer to, which argument
// roles they read (found in a tool's schema by name), which runtime modules they need, and the
// JavaScript of a tool: `function name(args, ctx) { const C = {...}; <modules> <body> }`.

import type { JsonObject } from "../../mcp/spec-schema";
import { fieldsOf, normalize } from "../../mcp/tool-json-schema";
import { API_RESOURCES } from "./kinds";
import { API_RESOURCES_BODY, CONTEXT_BODY, DESCRIBE_BODY, GET_BODY, LOGS_BODY } from "./ops-read";
import {
  APPLY_BODY,
  CREATE_BODY,
  DELETE_BODY,
  NODES_BODY,
  PATCH_BODY,
  ROLLOUT_BODY,
  SCALE_BODY,
} from "./ops-write";
import { RUNTIME_ADMIT } from "./runtime-admit";
import { RUNTIME_CONTROLLERS } from "./runtime-controllers";
import { RUNTIME_DESCRIBE } from "./runtime-describe";
import { RUNTIME_PRINT } from "./runtime-print";
import { RUNTIME_STORE } from "./runtime-store";
import { RUNTIME_YAML } from "./runtime-yaml";

export type OperationName =
  | "get"
  | "describe"
  | "logs"
  | "apiResources"
  | "context"
  | "create"
  | "apply"
  | "delete"
  | "scale"
  | "patch"
  | "rollout"
  | "nodes";

/** Normalized argument names (see `normalize`) that play each role. */
export const ROLE_ALIASES: Record<string, string[]> = {
  kind: ["resourcetype", "kind", "resourcekind"],
  name: ["name", "resourcename"],
  namespace: ["namespace", "ns"],
  allNamespaces: ["allnamespaces"],
  labelSelector: ["labelselector", "selector"],
  fieldSelector: ["fieldselector"],
  sortBy: ["sortby"],
  output: ["output", "outputformat"],
  context: ["context", "kubecontext"],
  manifest: ["manifest", "yaml"],
  filename: ["filename", "file", "filepath"],
  dryRun: ["dryrun"],
  replicas: ["replicas"],
  image: ["image"],
  port: ["port", "containerport"],
  fromLiteral: ["fromliteral"],
  fromFile: ["fromfile"],
  fromFileContent: ["fromfilecontent"],
  secretType: ["secrettype"],
  serviceType: ["servicetype"],
  tcpPort: ["tcpport", "tcp"],
  schedule: ["schedule"],
  suspend: ["suspend"],
  command: ["command"],
  labels: ["labels"],
  annotations: ["annotations"],
  patchType: ["patchtype"],
  patchData: ["patchdata", "patch"],
  patchFile: ["patchfile"],
  subCommand: ["subcommand", "action"],
  revision: ["revision"],
  toRevision: ["torevision"],
  container: ["container", "containername"],
  tail: ["tail", "taillines"],
  since: ["since"],
  sinceTime: ["sincetime"],
  timestamps: ["timestamps"],
  previous: ["previous"],
  operation: ["operation"],
  detailed: ["detailed"],
  apiGroup: ["apigroup"],
  namespaced: ["namespaced"],
  verbs: ["verbs"],
  nodeName: ["nodename", "node"],
  force: ["force"],
  deleteLocalData: ["deletelocaldata", "deleteemptydirdata"],
  ignoreDaemonsets: ["ignoredaemonsets"],
  confirmDrain: ["confirmdrain"],
};

type Module = "store" | "yaml" | "print" | "controllers" | "admit" | "describe";

const MODULES: Record<Module, string> = {
  store: RUNTIME_STORE,
  yaml: RUNTIME_YAML,
  print: RUNTIME_PRINT,
  controllers: RUNTIME_CONTROLLERS,
  admit: RUNTIME_ADMIT,
  describe: RUNTIME_DESCRIBE,
};

export interface Operation {
  name: OperationName;
  effect: "read" | "write";
  /** Roles the body reads; those in `required` must be arguments of the tool. */
  roles: string[];
  required: string[];
  modules: Module[];
  body: string;
}

const WRITE: Module[] = ["store", "yaml", "print", "controllers", "admit"];
const common = ["namespace", "context"];

export const OPERATIONS: Record<OperationName, Operation> = {
  get: {
    name: "get",
    effect: "read",
    roles: [
      "kind",
      "name",
      "allNamespaces",
      "labelSelector",
      "fieldSelector",
      "sortBy",
      "output",
      ...common,
    ],
    required: ["kind"],
    modules: ["store", "yaml", "print"],
    body: GET_BODY,
  },
  describe: {
    name: "describe",
    effect: "read",
    roles: ["kind", "name", "allNamespaces", ...common],
    required: ["kind", "name"],
    modules: ["store", "yaml", "print", "controllers", "describe"],
    body: DESCRIBE_BODY,
  },
  logs: {
    name: "logs",
    effect: "read",
    roles: [
      "kind",
      "name",
      "container",
      "tail",
      "since",
      "sinceTime",
      "timestamps",
      "previous",
      ...common,
    ],
    required: ["name"],
    modules: ["store", "print"],
    body: LOGS_BODY,
  },
  apiResources: {
    name: "apiResources",
    effect: "read",
    roles: ["apiGroup", "namespaced", "verbs", "output", "context"],
    required: [],
    modules: ["store", "print"],
    body: API_RESOURCES_BODY,
  },
  context: {
    name: "context",
    effect: "write",
    roles: ["operation", "name", "output", "detailed"],
    required: ["operation"],
    modules: ["store", "print"],
    body: CONTEXT_BODY,
  },
  create: {
    name: "create",
    effect: "write",
    roles: [
      "kind",
      "name",
      "manifest",
      "filename",
      "dryRun",
      "output",
      "fromLiteral",
      "fromFile",
      "fromFileContent",
      "secretType",
      "serviceType",
      "tcpPort",
      "image",
      "replicas",
      "port",
      "schedule",
      "suspend",
      "command",
      "labels",
      "annotations",
      ...common,
    ],
    required: [],
    modules: WRITE,
    body: CREATE_BODY,
  },
  apply: {
    name: "apply",
    effect: "write",
    roles: ["manifest", "filename", "dryRun", ...common],
    required: ["manifest"],
    modules: WRITE,
    body: APPLY_BODY,
  },
  delete: {
    name: "delete",
    effect: "write",
    roles: ["kind", "name", "labelSelector", "manifest", "filename", "allNamespaces", ...common],
    required: ["kind", "name"],
    modules: WRITE,
    body: DELETE_BODY,
  },
  scale: {
    name: "scale",
    effect: "write",
    roles: ["kind", "name", "replicas", ...common],
    required: ["name", "replicas"],
    modules: WRITE,
    body: SCALE_BODY,
  },
  patch: {
    name: "patch",
    effect: "write",
    roles: ["kind", "name", "patchType", "patchData", "patchFile", "dryRun", ...common],
    required: ["kind", "name", "patchData"],
    modules: WRITE,
    body: PATCH_BODY,
  },
  rollout: {
    name: "rollout",
    effect: "write",
    roles: ["subCommand", "kind", "name", "revision", "toRevision", ...common],
    required: ["subCommand", "name"],
    modules: [...WRITE, "describe"],
    body: ROLLOUT_BODY,
  },
  nodes: {
    name: "nodes",
    effect: "write",
    roles: [
      "operation",
      "nodeName",
      "force",
      "deleteLocalData",
      "ignoreDaemonsets",
      "dryRun",
      "confirmDrain",
    ],
    required: ["operation", "nodeName"],
    modules: WRITE,
    body: NODES_BODY,
  },
};

/** Field labels `--field-selector` accepts per kind, beyond metadata.name and metadata.namespace. */
const FIELD_LABELS: Record<string, string[]> = {
  Pod: [
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.schedulerName",
    "spec.serviceAccountName",
    "status.phase",
    "status.podIP",
  ],
  Event: [
    "involvedObject.kind",
    "involvedObject.namespace",
    "involvedObject.name",
    "involvedObject.uid",
    "involvedObject.fieldPath",
    "reason",
    "type",
  ],
  Node: ["spec.unschedulable"],
  Secret: ["type"],
  Namespace: ["status.phase"],
};

/** Largest manifest and document count a call accepts (bounded parsing work). */
export const MAX_MANIFEST_CHARS = 64 * 1024;
export const MAX_MANIFEST_DOCUMENTS = 50;
/** Most replicas a workload may ask for: a rollout of that many pods stays well inside the fuel. */
export const MAX_REPLICAS = 100;

/** Role -> the tool's argument name, for the roles whose argument the schema has. */
export function roleArguments(
  schema: JsonObject,
  roles: readonly string[],
): Record<string, string> {
  const fields = fieldsOf(schema);
  const out: Record<string, string> = {};
  for (const role of roles) {
    const aliases = ROLE_ALIASES[role] ?? [];
    const field = fields.find((f) => aliases.includes(normalize(f.name)));
    if (field) out[role] = field.name;
  }
  return out;
}

export function implementationOf(op: Operation, functionName: string, schema: JsonObject): string {
  const args = roleArguments(schema, op.roles);
  const props = fieldsOf(schema);
  const defaults: JsonObject = {};
  for (const [role, argName] of Object.entries(args)) {
    const value = props.find((f) => f.name === argName)?.schema.default;
    if (value !== undefined && value !== "") defaults[role] = value;
  }
  const config = {
    args,
    defaults,
    kinds: API_RESOURCES,
    generationKinds: [
      "Deployment",
      "ReplicaSet",
      "StatefulSet",
      "DaemonSet",
      "Job",
      "CronJob",
      "Ingress",
    ],
    fieldLabels: FIELD_LABELS,
    maxManifest: MAX_MANIFEST_CHARS,
    maxDocuments: MAX_MANIFEST_DOCUMENTS,
    maxReplicas: MAX_REPLICAS,
  };
  const modules = op.modules.map((m) => MODULES[m]).join("");
  return `function ${functionName}(args, ctx) {\n  "use strict";\n  const C = ${JSON.stringify(config)};${modules}${op.body}}`;
}
