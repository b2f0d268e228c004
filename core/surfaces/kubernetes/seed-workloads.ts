// Seeded controllers and their children: a Deployment with one ReplicaSet per revision and the pods
// of the current one, a StatefulSet with ControllerRevisions, ordinal pods and claims, a DaemonSet
// with a pod per node, a CronJob with its last Job. Statuses are computed by the runtime's rules.

import type { JsonObject } from "../../mcp/spec-schema";
import {
  addObject,
  addPod,
  type Builder,
  iso,
  type Labels,
  type NodeInfo,
  type PodHealth,
  podActive,
  podReady,
  podsOwnedBy,
  randomFrom,
  SAFE_ALPHABET,
  templateHash,
} from "./seed-build";
import type { PodLogLine, StoredObject } from "./tables";

export type LogWriter = (
  pod: string,
  container: string,
  from: number,
  previous: boolean,
) => PodLogLine[];

export interface Revision {
  template: JsonObject;
  at: number;
  cause?: string;
}

export interface WorkloadPlan {
  namespace: string;
  name: string;
  labels: Labels;
  selector: Labels;
  replicas: number;
  /** Oldest first; the last is the current template. */
  revisions: Revision[];
  health: (index: number) => PodHealth;
  node: (index: number) => NodeInfo;
  logs?: LogWriter;
  annotations?: Labels;
  /** The rollout of the current revision ran past progressDeadlineSeconds. */
  deadlineExceeded?: boolean;
  /** Pods are no older than this (nodes replaced since the revision rolled out). */
  podsSince?: number;
}

function last<T>(list: readonly T[]): T {
  const item = list[list.length - 1];
  if (item === undefined) throw new Error("empty list");
  return item;
}

function withLabels(t: JsonObject, extra: Labels): JsonObject {
  const md = (t.metadata as JsonObject | undefined) ?? {};
  return { ...t, metadata: { ...md, labels: { ...((md.labels as Labels) ?? {}), ...extra } } };
}

function condition(type: string, status: string, at: number, reason: string, message: string) {
  return {
    type,
    status,
    lastUpdateTime: iso(at),
    lastTransitionTime: iso(at),
    reason,
    message,
  };
}

export function addDeployment(b: Builder, plan: WorkloadPlan): StoredObject {
  const current = last(plan.revisions);
  const created = plan.revisions[0]?.at ?? current.at;
  const first = plan.revisions[0];
  const deployment = addObject(b, {
    kind: "Deployment",
    namespace: plan.namespace,
    name: plan.name,
    labels: plan.labels,
    annotations: {
      ...(plan.annotations ?? {}),
      "deployment.kubernetes.io/revision": String(plan.revisions.length),
    },
    spec: {
      progressDeadlineSeconds: 600,
      replicas: plan.replicas,
      revisionHistoryLimit: 10,
      selector: { matchLabels: plan.selector },
      strategy: {
        rollingUpdate: { maxSurge: "25%", maxUnavailable: "25%" },
        type: "RollingUpdate",
      },
      template: current.template,
    },
    status: null,
    createdAt: iso(first ? first.at : created),
    generation: plan.revisions.length,
  });
  const surge = Math.ceil(plan.replicas * 0.25);
  let currentSet: StoredObject | undefined;
  plan.revisions.forEach((rev, i) => {
    const isCurrent = i === plan.revisions.length - 1;
    const hash = templateHash(rev.template);
    const annotations: Labels = {
      "deployment.kubernetes.io/desired-replicas": String(plan.replicas),
      "deployment.kubernetes.io/max-replicas": String(plan.replicas + surge),
      "deployment.kubernetes.io/revision": String(i + 1),
    };
    if (rev.cause) annotations["kubernetes.io/change-cause"] = rev.cause;
    const rsTemplate = withLabels(rev.template, { "pod-template-hash": hash });
    const rs = addObject(b, {
      kind: "ReplicaSet",
      namespace: plan.namespace,
      name: `${plan.name}-${hash}`,
      labels: (rsTemplate.metadata as JsonObject).labels as Labels,
      annotations,
      owner: { kind: "Deployment", name: plan.name, uid: deployment.uid },
      spec: {
        replicas: isCurrent ? plan.replicas : 0,
        selector: { matchLabels: { ...plan.selector, "pod-template-hash": hash } },
        template: rsTemplate,
      },
      status: null,
      createdAt: iso(rev.at),
      generation: isCurrent ? 1 : 2,
    });
    if (isCurrent) {
      currentSet = rs;
      for (let p = 0; p < plan.replicas; p++) {
        const health = plan.health(p);
        addPod(b, {
          name: `${rs.name}-${randomFrom(b.rnd, SAFE_ALPHABET, 5)}`,
          namespace: plan.namespace,
          owner: rs,
          template: rsTemplate,
          node: plan.node(p),
          created: Math.max(rev.at, plan.podsSince ?? 0) + 2000 + p * 1500,
          health,
          ...(plan.logs ? { logs: plan.logs } : {}),
        });
      }
    }
    rs.status = replicaSetStatus(b, rs);
  });
  if (!currentSet) throw new Error(`deployment ${plan.name} has no revisions`);
  deployment.status = deploymentStatus(b, deployment, currentSet, current.at, plan);
  return deployment;
}

function replicaSetStatus(b: Builder, rs: StoredObject): JsonObject {
  const pods = podsOwnedBy(b, rs);
  const ready = pods.filter(podReady).length;
  const st: JsonObject = { replicas: pods.length };
  if (pods.length > 0) st.fullyLabeledReplicas = pods.length;
  if (ready > 0) {
    st.readyReplicas = ready;
    st.availableReplicas = ready;
  }
  st.observedGeneration = rs.generation ?? 1;
  return st;
}

function deploymentStatus(
  b: Builder,
  d: StoredObject,
  current: StoredObject,
  at: number,
  plan: WorkloadPlan,
): JsonObject {
  const pods = podsOwnedBy(b, current);
  const ready = pods.filter(podReady).length;
  const replicas = plan.replicas;
  const st: JsonObject = { observedGeneration: d.generation ?? 1 };
  if (pods.length > 0) {
    st.replicas = pods.length;
    st.updatedReplicas = pods.length;
  }
  if (ready > 0) {
    st.readyReplicas = ready;
    st.availableReplicas = ready;
  }
  if (replicas - ready > 0) st.unavailableReplicas = replicas - ready;
  const maxUnavailable = Math.floor(replicas * 0.25);
  const available =
    ready >= replicas - maxUnavailable
      ? condition(
          "Available",
          "True",
          at + 20_000,
          "MinimumReplicasAvailable",
          "Deployment has minimum availability.",
        )
      : condition(
          "Available",
          "False",
          at + 20_000,
          "MinimumReplicasUnavailable",
          "Deployment does not have minimum availability.",
        );
  const complete = ready >= replicas && pods.length === replicas;
  const progressing = complete
    ? condition(
        "Progressing",
        "True",
        at + 25_000,
        "NewReplicaSetAvailable",
        `ReplicaSet "${current.name}" has successfully progressed.`,
      )
    : plan.deadlineExceeded
      ? condition(
          "Progressing",
          "False",
          at + 600_000,
          "ProgressDeadlineExceeded",
          `ReplicaSet "${current.name}" has timed out progressing.`,
        )
      : condition(
          "Progressing",
          "True",
          at,
          "ReplicaSetUpdated",
          `ReplicaSet "${current.name}" is progressing.`,
        );
  st.conditions = [available, progressing];
  return st;
}

export interface ClaimPlan {
  name: string;
  storage: string;
  storageClass: string;
}

export function addStatefulSet(
  b: Builder,
  plan: WorkloadPlan & { serviceName: string; claims: ClaimPlan[] },
): StoredObject {
  const current = last(plan.revisions);
  const claimTemplates = plan.claims.map((c) => ({
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: { name: c.name },
    spec: {
      accessModes: ["ReadWriteOnce"],
      resources: { requests: { storage: c.storage } },
      storageClassName: c.storageClass,
      volumeMode: "Filesystem",
    },
  }));
  const sts = addObject(b, {
    kind: "StatefulSet",
    namespace: plan.namespace,
    name: plan.name,
    labels: plan.labels,
    annotations: plan.annotations ?? {},
    spec: {
      persistentVolumeClaimRetentionPolicy: { whenDeleted: "Retain", whenScaled: "Retain" },
      podManagementPolicy: "OrderedReady",
      replicas: plan.replicas,
      revisionHistoryLimit: 10,
      selector: { matchLabels: plan.selector },
      serviceName: plan.serviceName,
      template: current.template,
      updateStrategy: { rollingUpdate: { partition: 0 }, type: "RollingUpdate" },
      volumeClaimTemplates: claimTemplates,
    },
    status: null,
    createdAt: iso(plan.revisions[0]?.at ?? current.at),
    generation: plan.revisions.length,
  });
  const crName = addRevisions(b, sts, plan.revisions);
  for (let i = 0; i < plan.replicas; i++) {
    const podName = `${plan.name}-${i}`;
    for (const claim of claimTemplates) {
      const pvc = addObject(b, {
        kind: "PersistentVolumeClaim",
        namespace: plan.namespace,
        name: `${claim.metadata.name}-${podName}`,
        labels: plan.selector,
        spec: { ...claim.spec },
        status: null,
        createdAt: iso((plan.revisions[0]?.at ?? current.at) + i * 40_000),
        generation: null,
      });
      if (pvc.spec) pvc.spec.volumeName = `pvc-${pvc.uid}`;
      pvc.status = {
        accessModes: ["ReadWriteOnce"],
        capacity: { storage: claim.spec.resources.requests.storage },
        phase: "Bound",
      };
    }
    const tspec = (current.template.spec as JsonObject) ?? {};
    const volumes = [...((tspec.volumes as JsonObject[] | undefined) ?? [])];
    for (const claim of claimTemplates) {
      volumes.push({
        name: claim.metadata.name,
        persistentVolumeClaim: { claimName: `${claim.metadata.name}-${podName}` },
      });
    }
    addPod(b, {
      name: podName,
      namespace: plan.namespace,
      owner: sts,
      template: current.template,
      extraLabels: {
        "apps.kubernetes.io/pod-index": String(i),
        "controller-revision-hash": crName,
        "statefulset.kubernetes.io/pod-name": podName,
      },
      specExtra: { volumes, hostname: podName, subdomain: plan.serviceName },
      node: plan.node(i),
      created: Math.max(current.at, plan.podsSince ?? 0) + i * 45_000,
      health: plan.health(i),
      ...(plan.logs ? { logs: plan.logs } : {}),
    });
  }
  const pods = podsOwnedBy(b, sts);
  const ready = pods.filter(podReady).length;
  const st: JsonObject = { observedGeneration: sts.generation ?? 1, replicas: pods.length };
  if (ready > 0) st.readyReplicas = ready;
  if (pods.length > 0) {
    st.currentReplicas = pods.length;
    st.updatedReplicas = pods.length;
  }
  st.currentRevision = crName;
  st.updateRevision = crName;
  st.collisionCount = 0;
  st.availableReplicas = ready;
  sts.status = st;
  return sts;
}

/** One ControllerRevision per template; returns the current one's name. */
function addRevisions(b: Builder, owner: StoredObject, revisions: Revision[]): string {
  let name = "";
  revisions.forEach((rev, i) => {
    const hash = templateHash(rev.template);
    name = `${owner.name}-${hash}`;
    const tmd = (rev.template.metadata as JsonObject | undefined) ?? {};
    addObject(b, {
      kind: "ControllerRevision",
      namespace: owner.namespace,
      name,
      labels: { ...((tmd.labels as Labels) ?? {}), "controller-revision-hash": hash },
      annotations: rev.cause ? { "kubernetes.io/change-cause": rev.cause } : {},
      owner: { kind: owner.kind, name: owner.name, uid: owner.uid },
      spec: null,
      status: null,
      body: { data: { spec: { template: rev.template } }, revision: i + 1 },
      createdAt: iso(rev.at),
      generation: null,
    });
  });
  return name;
}

export function addDaemonSet(
  b: Builder,
  plan: Omit<WorkloadPlan, "replicas" | "health" | "node"> & { nodes: NodeInfo[] },
): StoredObject {
  const current = last(plan.revisions);
  const ds = addObject(b, {
    kind: "DaemonSet",
    namespace: plan.namespace,
    name: plan.name,
    labels: plan.labels,
    annotations: { "deprecated.daemonset.template.generation": "1", ...(plan.annotations ?? {}) },
    spec: {
      revisionHistoryLimit: 10,
      selector: { matchLabels: plan.selector },
      template: current.template,
      updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: "RollingUpdate" },
    },
    status: null,
    createdAt: iso(plan.revisions[0]?.at ?? current.at),
    generation: 1,
  });
  const crName = addRevisions(b, ds, plan.revisions);
  const hash = crName.slice(plan.name.length + 1);
  plan.nodes.forEach((node, i) => {
    addPod(b, {
      name: `${plan.name}-${randomFrom(b.rnd, SAFE_ALPHABET, 5)}`,
      namespace: plan.namespace,
      owner: ds,
      template: current.template,
      extraLabels: { "controller-revision-hash": hash, "pod-template-generation": "1" },
      node,
      created: Math.max(current.at, plan.podsSince ?? 0) + i * 20_000,
      health: { state: "running" },
      ...(plan.logs ? { logs: plan.logs } : {}),
    });
  });
  const pods = podsOwnedBy(b, ds);
  const ready = pods.filter(podReady).length;
  const st: JsonObject = {
    currentNumberScheduled: pods.length,
    desiredNumberScheduled: plan.nodes.length,
    numberMisscheduled: 0,
    numberReady: ready,
    observedGeneration: 1,
  };
  if (pods.length > 0) st.updatedNumberScheduled = pods.length;
  if (ready > 0) st.numberAvailable = ready;
  if (plan.nodes.length - ready > 0) st.numberUnavailable = plan.nodes.length - ready;
  ds.status = st;
  return ds;
}

/** A CronJob with the Job of its last run, complete, and that Job's succeeded pod. */
export function addCronJob(
  b: Builder,
  plan: {
    namespace: string;
    name: string;
    schedule: string;
    template: JsonObject;
    created: number;
    lastRun: number;
    runSeconds: number;
    node: NodeInfo;
    logs: LogWriter;
  },
): StoredObject {
  const cron = addObject(b, {
    kind: "CronJob",
    namespace: plan.namespace,
    name: plan.name,
    spec: {
      concurrencyPolicy: "Allow",
      failedJobsHistoryLimit: 1,
      jobTemplate: { metadata: { name: plan.name }, spec: { template: plan.template } },
      schedule: plan.schedule,
      successfulJobsHistoryLimit: 3,
      suspend: false,
    },
    status: null,
    createdAt: iso(plan.created),
    generation: 1,
  });
  const jobName = `${plan.name}-${Math.floor(plan.lastRun / 60_000)}`;
  const finished = plan.lastRun + plan.runSeconds * 1000;
  const job = addObject(b, {
    kind: "Job",
    namespace: plan.namespace,
    name: jobName,
    owner: { kind: "CronJob", name: plan.name, uid: cron.uid },
    spec: { backoffLimit: 6, completions: 1, parallelism: 1, template: plan.template },
    status: null,
    createdAt: iso(plan.lastRun),
    generation: 1,
  });
  job.labels = {
    "batch.kubernetes.io/controller-uid": job.uid,
    "controller-uid": job.uid,
    "batch.kubernetes.io/job-name": jobName,
    "job-name": jobName,
  };
  addPod(b, {
    name: `${jobName}-${randomFrom(b.rnd, SAFE_ALPHABET, 5)}`,
    namespace: plan.namespace,
    owner: job,
    template: plan.template,
    extraLabels: job.labels,
    node: plan.node,
    created: plan.lastRun + 1000,
    health: { state: "succeeded", finished },
    logs: plan.logs,
  });
  const done = (type: string) => ({
    lastProbeTime: iso(finished),
    lastTransitionTime: iso(finished),
    message:
      type === "Complete"
        ? "Reached expected number of succeeded pods"
        : "Reached expected number of succeeded pods",
    reason: "CompletionsReached",
    status: "True",
    type,
  });
  job.status = {
    completionTime: iso(finished),
    conditions: [done("SuccessCriteriaMet"), done("Complete")],
    ready: 0,
    startTime: iso(plan.lastRun),
    succeeded: 1,
    terminating: 0,
    uncountedTerminatedPods: {},
  };
  cron.status = { lastScheduleTime: iso(plan.lastRun), lastSuccessfulTime: iso(finished) };
  return cron;
}

export function activePods(b: Builder): StoredObject[] {
  return b.objects.filter((o) => o.kind === "Pod" && podActive(o));
}
