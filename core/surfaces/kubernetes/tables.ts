// The tables of the resource surface: one row per Kubernetes object (kind, namespace, name, labels,
// annotations, owner, spec, status, the other top-level fields, timestamps and versions), plus the
// side tables the tools need (container logs, kubeconfig contexts, containers that crash). Also
// the object <-> row mapping the seed uses; the sandboxed code (runtime-store.ts)
// mirrors it.

import type { Json } from "../../base/json";
import type { SqlValue } from "../../environment/spec";
import type { JsonObject } from "../../mcp/spec-schema";
import { apiVersionOf, resourceOfKind } from "./kinds";

export const OBJECT_TABLE = "k8s_object";
export const LOG_TABLE = "k8s_pod_log";
export const CONTEXT_TABLE = "k8s_kubeconfig_context";
export const FAULT_TABLE = "k8s_template_fault";

export const OBJECT_COLUMNS = [
  "uid",
  "api_version",
  "kind",
  "namespace",
  "name",
  "labels",
  "annotations",
  "owner_kind",
  "owner_name",
  "owner_uid",
  "spec",
  "status",
  "body",
  "created_at",
  "resource_version",
  "generation",
];
export const LOG_COLUMNS = ["id", "namespace", "pod", "container", "previous", "logged_at", "line"];
export const CONTEXT_COLUMNS = ["name", "cluster", "user", "namespace", "current"];
export const FAULT_COLUMNS = ["template_hash", "container", "exit_code", "log"];

export const RESOURCE_SCHEMA_SQL = `CREATE TABLE k8s_object (
  uid TEXT NOT NULL PRIMARY KEY,
  api_version TEXT NOT NULL,
  kind TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  labels TEXT NOT NULL,
  annotations TEXT NOT NULL,
  owner_kind TEXT,
  owner_name TEXT,
  owner_uid TEXT,
  spec TEXT,
  status TEXT,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  resource_version INTEGER NOT NULL,
  generation INTEGER,
  UNIQUE (kind, namespace, name)
);
CREATE INDEX k8s_object_owner ON k8s_object (owner_uid);

CREATE TABLE k8s_pod_log (
  id INTEGER NOT NULL PRIMARY KEY,
  namespace TEXT NOT NULL,
  pod TEXT NOT NULL,
  container TEXT NOT NULL,
  previous INTEGER NOT NULL,
  logged_at TEXT NOT NULL,
  line TEXT NOT NULL
);
CREATE INDEX k8s_pod_log_pod ON k8s_pod_log (namespace, pod, container, previous);

CREATE TABLE k8s_kubeconfig_context (
  name TEXT NOT NULL PRIMARY KEY,
  cluster TEXT NOT NULL,
  user TEXT NOT NULL,
  namespace TEXT NOT NULL,
  current INTEGER NOT NULL
);

CREATE TABLE k8s_template_fault (
  template_hash TEXT NOT NULL,
  container TEXT NOT NULL,
  exit_code INTEGER NOT NULL,
  log TEXT NOT NULL,
  PRIMARY KEY (template_hash, container)
);`;

/** A stored object, split the way its row is. */
export interface StoredObject {
  uid: string;
  kind: string;
  /** "" for cluster-scoped kinds. */
  namespace: string;
  name: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  owner?: { kind: string; name: string; uid: string };
  spec: JsonObject | null;
  status: JsonObject | null;
  /** Top-level fields other than apiVersion, kind, metadata, spec and status (`data`, `type`...). */
  body: JsonObject;
  createdAt: string;
  resourceVersion: number;
  /** Set for kinds whose spec the controllers track (workloads, ingresses). */
  generation: number | null;
}

export interface PodLogLine {
  namespace: string;
  pod: string;
  container: string;
  previous: boolean;
  at: string;
  line: string;
}

export interface KubeContext {
  name: string;
  cluster: string;
  user: string;
  namespace: string;
  current: boolean;
}

/**
 * A container that exits with `exitCode` whenever it runs from the pod template with this hash
 * (the pod-template-hash / controller-revision-hash of its pods): the fault follows the template,
 * so new pods of it crash-loop too and a changed template runs clean. `log` is what it prints
 * before exiting, `{{time}}` standing for the time of each start.
 */
export interface TemplateFault {
  templateHash: string;
  container: string;
  exitCode: number;
  log: string[];
}

export function objectRow(o: StoredObject): SqlValue[] {
  return [
    o.uid,
    apiVersionOf(resourceOfKind(o.kind)),
    o.kind,
    o.namespace,
    o.name,
    JSON.stringify(o.labels),
    JSON.stringify(o.annotations),
    o.owner?.kind ?? null,
    o.owner?.name ?? null,
    o.owner?.uid ?? null,
    o.spec === null ? null : JSON.stringify(o.spec),
    o.status === null ? null : JSON.stringify(o.status),
    JSON.stringify(o.body),
    o.createdAt,
    o.resourceVersion,
    o.generation,
  ];
}

/** The object as the Kubernetes API (and `kubectl get -o json`) shows it. */
export function apiObject(o: StoredObject): JsonObject {
  const metadata: JsonObject = { name: o.name };
  if (o.namespace !== "") metadata.namespace = o.namespace;
  metadata.uid = o.uid;
  metadata.resourceVersion = String(o.resourceVersion);
  if (o.generation !== null) metadata.generation = o.generation;
  metadata.creationTimestamp = o.createdAt;
  if (Object.keys(o.labels).length > 0) metadata.labels = o.labels;
  if (Object.keys(o.annotations).length > 0) metadata.annotations = o.annotations;
  if (o.owner) {
    metadata.ownerReferences = [
      {
        apiVersion: apiVersionOf(resourceOfKind(o.owner.kind)),
        kind: o.owner.kind,
        name: o.owner.name,
        uid: o.owner.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ];
  }
  const out: JsonObject = {
    apiVersion: apiVersionOf(resourceOfKind(o.kind)),
    kind: o.kind,
    metadata,
  };
  for (const [k, v] of Object.entries(o.body)) out[k] = v as Json;
  if (o.spec !== null) out.spec = o.spec;
  if (o.status !== null) out.status = o.status;
  return out;
}
