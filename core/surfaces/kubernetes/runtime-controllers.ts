// Sandboxed JavaScript: what the cluster's controllers and scheduler would do, done at once inside
// the call. Pods are bound to the schedulable node with the fewest pods that has room for their
// requests (else they stay Pending with the scheduler's reason) and start Running, or crash-loop
// when their template has a recorded fault (k8s_template_fault: it follows the template). Deployments
// roll out through ReplicaSets named by template hash, StatefulSets and DaemonSets through
// ControllerRevisions; deleting an owner deletes what it owns; a deleted pod of a controller is
// replaced. Statuses are recomputed from the pods.
export const RUNTIME_CONTROLLERS = String.raw`
  const POD = kindOf("Pod"), NODE = kindOf("Node"), RS = kindOf("ReplicaSet"), DEPLOY = kindOf("Deployment");
  const STS = kindOf("StatefulSet"), DS = kindOf("DaemonSet"), CR = kindOf("ControllerRevision"), PVC = kindOf("PersistentVolumeClaim");
  const JOB = kindOf("Job"), NS = kindOf("Namespace");
  const SQL_ADD_LOG = "INSERT INTO k8s_pod_log (namespace, pod, container, previous, logged_at, line) VALUES (?, ?, ?, ?, ?, ?)";
  const dirty = {};

  function cpuMilli(q) {
    if (q === undefined || q === null) return 0;
    const s = String(q);
    if (/m$/.test(s)) return Number(s.slice(0, -1)) || 0;
    return Math.round((Number(s) || 0) * 1000);
  }
  function memBytes(q) {
    if (q === undefined || q === null) return 0;
    const m = /^([0-9.]+)([A-Za-z]*)$/.exec(String(q));
    if (!m) return 0;
    const units = { "": 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 1024, Mi: 1048576, Gi: 1073741824, Ti: 1099511627776 };
    return Math.round(Number(m[1]) * (units[m[2]] || 1));
  }
  function podRequests(pod) {
    let cpu = 0, mem = 0;
    for (const c of (pod.spec && pod.spec.containers) || []) {
      const r = (c.resources && (c.resources.requests || c.resources.limits)) || {};
      cpu += cpuMilli(r.cpu);
      mem += memBytes(r.memory);
    }
    return { cpu: cpu, mem: mem };
  }
  function podActive(p) { const ph = p.status && p.status.phase; return ph !== "Succeeded" && ph !== "Failed"; }
  function podReady(p) {
    for (const c of (p.status && p.status.conditions) || []) if (c.type === "Ready") return c.status === "True";
    return false;
  }
  function nodeReady(n) {
    for (const c of (n.status && n.status.conditions) || []) if (c.type === "Ready") return c.status === "True";
    return false;
  }

  let clusterCache = null;
  function cluster() {
    if (clusterCache === null) clusterCache = { nodes: listObjs(NODE, null), pods: listObjs(POD, null) };
    return clusterCache;
  }
  function podsOnNode(name) { return cluster().pods.filter((p) => p.spec && p.spec.nodeName === name && podActive(p)); }
  /** Fits the pod's requests; among fitting nodes, fewest pods of the same owner, then fewest pods. */
  function pickNode(pod, ownerUid) {
    const nodes = cluster().nodes;
    const want = podRequests(pod);
    const reasons = {};
    const note = (r) => { reasons[r] = (reasons[r] || 0) + 1; };
    let best = null, bestScore = null;
    const score = (on) => [ownerUid ? on.filter((p) => { const r = ownerOf(p); return r && r.uid === ownerUid; }).length : 0, on.length];
    for (const n of nodes) {
      if (n.spec && n.spec.unschedulable) { note("node(s) were unschedulable"); continue; }
      if (!nodeReady(n)) { note("node(s) were not ready"); continue; }
      const sel = pod.spec.nodeSelector || {};
      if (Object.keys(sel).some((key) => (n.metadata.labels || {})[key] !== sel[key])) { note("node(s) didn't match Pod's node affinity/selector"); continue; }
      const on = podsOnNode(n.metadata.name);
      const alloc = (n.status && n.status.allocatable) || {};
      let cpu = 0, mem = 0;
      for (const p of on) { const r = podRequests(p); cpu += r.cpu; mem += r.mem; }
      let fits = true;
      if (cpu + want.cpu > cpuMilli(alloc.cpu)) { note("Insufficient cpu"); fits = false; }
      if (mem + want.mem > memBytes(alloc.memory)) { note("Insufficient memory"); fits = false; }
      if (on.length + 1 > Number(alloc.pods || 110)) { note("Too many pods"); fits = false; }
      if (!fits) continue;
      const sc = score(on);
      if (best === null || sc[0] < bestScore[0] || (sc[0] === bestScore[0] && sc[1] < bestScore[1])) { best = n; bestScore = sc; }
    }
    if (best !== null) return { node: best };
    const parts = Object.keys(reasons).sort().map((r) => reasons[r] + " " + r);
    return { reason: "0/" + nodes.length + " nodes are available: " + parts.join(", ") + ". preemption: 0/" + nodes.length + " nodes are available: " + nodes.length + " No preemption victims found for incoming pod." };
  }

  function hex(n) { return randomFrom("0123456789abcdef", n); }
  function imageRef(image) {
    const at = image.indexOf("@");
    let repo = at >= 0 ? image.slice(0, at) : image.replace(/:[^\/:]+$/, "");
    const first = repo.split("/")[0];
    if (repo.indexOf("/") < 0) repo = "docker.io/library/" + repo;
    else if (first.indexOf(".") < 0 && first.indexOf(":") < 0 && first !== "localhost") repo = "docker.io/" + repo;
    return repo + "@sha256:" + hex(64);
  }
  function qosClass(pod) {
    const cs = (pod.spec && pod.spec.containers) || [];
    let any = false, guaranteed = cs.length > 0;
    for (const c of cs) {
      const req = (c.resources && c.resources.requests) || {}, lim = (c.resources && c.resources.limits) || {};
      if (Object.keys(req).length > 0 || Object.keys(lim).length > 0) any = true;
      if (!(lim.cpu && lim.memory) || (req.cpu && req.cpu !== lim.cpu) || (req.memory && req.memory !== lim.memory)) guaranteed = false;
    }
    return guaranteed ? "Guaranteed" : any ? "Burstable" : "BestEffort";
  }
  function condition(type, status, t, reason, message) {
    const c = { type: type, status: status, lastProbeTime: null, lastTransitionTime: t };
    if (reason) { c.reason = reason; c.message = message; }
    return c;
  }
  const SQL_FAULTS = "SELECT container, exit_code, log FROM k8s_template_fault WHERE template_hash = ?";
  /** The template hash a pod runs from: its pod-template-hash, or its controller-revision-hash. */
  function faultKeyOf(pod) {
    const l = pod.metadata.labels || {};
    if (l["pod-template-hash"]) return l["pod-template-hash"];
    const rev = l["controller-revision-hash"];
    return rev ? rev.slice(rev.lastIndexOf("-") + 1) : null;
  }
  /** Containers of pod that crash on start (their exit code and output), by container name. */
  function faultsOf(pod) {
    const key = faultKeyOf(pod);
    const out = {};
    if (key === null) return out;
    for (const f of ctx.query(SQL_FAULTS, [key])) out[f.container] = { exitCode: f.exit_code, log: parsed(f.log, []) };
    return out;
  }
  function bindPod(pod, node) {
    const t = nowIso();
    const hostIP = address(node, "InternalIP");
    const podIP = pod.spec.hostNetwork ? hostIP : hostIP.replace(/\.\d+$/, "") + "." + (10 + Math.floor(ctx.random() * 240));
    const crashing = faultsOf(pod);
    const bad = pod.spec.containers.filter((c) => crashing[c.name] !== undefined).map((c) => c.name);
    pod.spec.nodeName = node.metadata.name;
    const ready = bad.length === 0 ? "True" : "False";
    const why = bad.length === 0 ? null : "containers with unready status: [" + bad.join(" ") + "]";
    pod.status = {
      phase: "Running",
      conditions: [
        condition("PodReadyToStartContainers", "True", t),
        condition("Initialized", "True", t),
        condition("Ready", ready, t, why ? "ContainersNotReady" : null, why),
        condition("ContainersReady", ready, t, why ? "ContainersNotReady" : null, why),
        condition("PodScheduled", "True", t),
      ],
      hostIP: hostIP,
      hostIPs: [{ ip: hostIP }],
      podIP: podIP,
      podIPs: [{ ip: podIP }],
      startTime: t,
      containerStatuses: pod.spec.containers.map((c) => {
        const id = "containerd://" + hex(64);
        const s = { containerID: id, image: c.image, imageID: imageRef(c.image), lastState: {}, name: c.name, ready: true, restartCount: 0, started: true, state: { running: { startedAt: t } } };
        if (crashing[c.name] !== undefined) {
          s.ready = false; s.started = false; s.restartCount = 1;
          s.lastState = { terminated: { containerID: id, exitCode: crashing[c.name].exitCode, finishedAt: t, reason: "Error", startedAt: t } };
          s.state = { waiting: { message: "back-off 10s restarting failed container=" + c.name + " pod=" + pod.metadata.name + "_" + pod.metadata.namespace + "(" + pod.metadata.uid + ")", reason: "CrashLoopBackOff" } };
        }
        return s;
      }),
      qosClass: qosClass(pod),
    };
    for (const name of bad) {
      for (const line of crashing[name].log.slice(0, 50)) {
        const text = String(line).split("{{time}}").join(t);
        ctx.run(SQL_ADD_LOG, [pod.metadata.namespace, pod.metadata.name, name, 0, t, text]);
        ctx.run(SQL_ADD_LOG, [pod.metadata.namespace, pod.metadata.name, name, 1, t, text]);
      }
    }
  }
  /** Leaves pod Pending with the scheduler's reason, and records the scheduler's event. */
  function pendPod(pod, reason) {
    const t = nowIso();
    pod.status = { phase: "Pending", conditions: [condition("PodScheduled", "False", t, "Unschedulable", reason)], qosClass: qosClass(pod) };
    insertObj({ apiVersion: "v1", kind: "Event", metadata: { name: pod.metadata.name + "." + hex(16), namespace: pod.metadata.namespace }, count: 1, eventTime: null, firstTimestamp: t, involvedObject: { apiVersion: "v1", kind: "Pod", name: pod.metadata.name, namespace: pod.metadata.namespace, resourceVersion: pod.metadata.resourceVersion, uid: pod.metadata.uid }, lastTimestamp: t, message: reason, reason: "FailedScheduling", reportingComponent: "default-scheduler", reportingInstance: "", source: { component: "default-scheduler" }, type: "Warning" });
  }
  function markDirty(ownerRef) { if (ownerRef) dirty[ownerRef.uid] = true; }

  function podSpecFrom(template) {
    const spec = clone((template && template.spec) || {});
    if (!spec.restartPolicy) spec.restartPolicy = "Always";
    if (!spec.dnsPolicy) spec.dnsPolicy = "ClusterFirst";
    if (!spec.schedulerName) spec.schedulerName = "default-scheduler";
    if (!spec.serviceAccountName) spec.serviceAccountName = "default";
    if (spec.terminationGracePeriodSeconds === undefined) spec.terminationGracePeriodSeconds = 30;
    return spec;
  }
  /** Creates a pod of owner from template, binds it (or leaves it Pending) and stores it. */
  function createPod(owner, name, template, extraLabels, fixedNode) {
    const labels = Object.assign({}, (template.metadata && template.metadata.labels) || {}, extraLabels || {});
    const pod = { apiVersion: "v1", kind: "Pod", metadata: { name: name, namespace: owner.metadata.namespace, labels: labels }, spec: podSpecFrom(template) };
    const annotations = (template.metadata && template.metadata.annotations) || {};
    if (Object.keys(annotations).length > 0) pod.metadata.annotations = clone(annotations);
    pod.metadata.ownerReferences = [{ apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }];
    const placed = fixedNode ? { node: fixedNode } : pickNode(pod, owner.metadata.uid);
    insertObj(pod);
    if (placed.node) bindPod(pod, placed.node); else pendPod(pod, placed.reason);
    saveObj(pod);
    cluster().pods.push(pod);
    markDirty(ownerOf(pod));
    return pod;
  }
  function deletePod(pod) {
    removeObj(pod);
    const c = cluster();
    c.pods = c.pods.filter((p) => p.metadata.uid !== pod.metadata.uid);
    markDirty(ownerOf(pod));
  }
  /** Pods of owner, in the order a controller removes them: unscheduled, not ready, most restarts, newest. */
  function podsOf(owner) {
    const pods = ownedBy(owner).filter((o) => o.kind === "Pod" && podActive(o));
    const restarts = (p) => ((p.status && p.status.containerStatuses) || []).reduce((n, s) => n + (s.restartCount || 0), 0);
    return pods.sort((a, b) => {
      const ua = a.spec.nodeName ? 1 : 0, ub = b.spec.nodeName ? 1 : 0;
      if (ua !== ub) return ua - ub;
      const ra = podReady(a) ? 1 : 0, rb = podReady(b) ? 1 : 0;
      if (ra !== rb) return ra - rb;
      if (restarts(a) !== restarts(b)) return restarts(b) - restarts(a);
      if (a.metadata.creationTimestamp !== b.metadata.creationTimestamp) return a.metadata.creationTimestamp < b.metadata.creationTimestamp ? 1 : -1;
      return a.metadata.name < b.metadata.name ? 1 : -1;
    });
  }

  function stripHash(template) {
    const t = clone(template || {});
    if (t.metadata && t.metadata.labels) delete t.metadata.labels["pod-template-hash"];
    return t;
  }
  function sameTemplate(a, b) { return canon(stripHash(a)) === canon(stripHash(b)); }
  function annotation(o, key) { return ((o.metadata && o.metadata.annotations) || {})[key]; }
  function setAnnotation(o, key, value) {
    o.metadata.annotations = Object.assign({}, o.metadata.annotations || {});
    if (value === null) delete o.metadata.annotations[key]; else o.metadata.annotations[key] = value;
  }
  function rsRevision(rs) { return Number(annotation(rs, "deployment.kubernetes.io/revision") || 0); }

  function reconcileReplicaSet(rs) {
    const want = rs.spec.replicas === undefined ? 1 : rs.spec.replicas;
    let pods = podsOf(rs);
    while (pods.length > want) { deletePod(pods[0]); pods = pods.slice(1); }
    for (let i = pods.length; i < want; i++) {
      createPod(rs, rs.metadata.name + "-" + randomFrom(SAFE, 5), rs.spec.template, {}, null);
    }
    dirty[rs.metadata.uid] = true;
  }
  function createReplicaSet(d, revision) {
    const template = stripHash(d.spec.template);
    const hash = templateHash(template);
    template.metadata = template.metadata || {};
    template.metadata.labels = Object.assign({}, template.metadata.labels || {}, { "pod-template-hash": hash });
    const selector = clone(d.spec.selector || {});
    selector.matchLabels = Object.assign({}, selector.matchLabels || {}, { "pod-template-hash": hash });
    const annotations = { "deployment.kubernetes.io/desired-replicas": String(d.spec.replicas === undefined ? 1 : d.spec.replicas), "deployment.kubernetes.io/max-replicas": String(maxReplicas(d)), "deployment.kubernetes.io/revision": String(revision) };
    const cause = annotation(d, "kubernetes.io/change-cause");
    if (cause) annotations["kubernetes.io/change-cause"] = cause;
    const rs = { apiVersion: "apps/v1", kind: "ReplicaSet", metadata: { name: d.metadata.name + "-" + hash, namespace: d.metadata.namespace, labels: template.metadata.labels, annotations: annotations, ownerReferences: [{ apiVersion: d.apiVersion, kind: "Deployment", name: d.metadata.name, uid: d.metadata.uid, controller: true, blockOwnerDeletion: true }] }, spec: { replicas: 0, selector: selector, template: template } };
    insertObj(rs);
    rs.status = { replicas: 0, observedGeneration: 1 };
    return saveObj(rs);
  }
  function percentOf(v, n, roundUp) {
    if (typeof v === "number") return v;
    const m = /^(\d+)%$/.exec(String(v === undefined ? "25%" : v));
    if (!m) return 0;
    const x = n * Number(m[1]) / 100;
    return roundUp ? Math.ceil(x) : Math.floor(x);
  }
  function maxReplicas(d) {
    const n = d.spec.replicas === undefined ? 1 : d.spec.replicas;
    const ru = (d.spec.strategy && d.spec.strategy.rollingUpdate) || {};
    return n + percentOf(ru.maxSurge, n, true);
  }
  function scaleTo(o, n) {
    if (o.spec.replicas === n) return o;
    o.spec.replicas = n;
    if (o.kind === "ReplicaSet" && annotation(o, "deployment.kubernetes.io/desired-replicas") !== undefined && n > 0) {
      setAnnotation(o, "deployment.kubernetes.io/desired-replicas", String(n));
    }
    return saveObj(o);
  }
  function reconcileDeployment(d) {
    const sets = ownedBy(d).filter((o) => o.kind === "ReplicaSet");
    const replicas = d.spec.replicas === undefined ? 1 : d.spec.replicas;
    let current = sets.find((rs) => sameTemplate(rs.spec.template, d.spec.template)) || null;
    const maxRev = sets.reduce((m, rs) => Math.max(m, rsRevision(rs)), 0);
    if (d.spec.paused) {
      if (current === null) current = sets.reduce((a, b) => (a === null || rsRevision(b) > rsRevision(a) ? b : a), null);
      if (current !== null) { current = scaleTo(current, replicas); reconcileReplicaSet(current); }
    } else {
      if (current === null) current = createReplicaSet(d, maxRev + 1);
      else if (rsRevision(current) < maxRev) {
        setAnnotation(current, "deployment.kubernetes.io/revision", String(maxRev + 1));
        current = saveObj(current);
      }
      for (const rs of sets) {
        if (rs.metadata.uid === current.metadata.uid) continue;
        if ((rs.spec.replicas || 0) !== 0) { const scaled = scaleTo(rs, 0); reconcileReplicaSet(scaled); }
      }
      current = scaleTo(current, replicas);
      reconcileReplicaSet(current);
      const old = ownedBy(d).filter((o) => o.kind === "ReplicaSet" && o.metadata.uid !== current.metadata.uid && (o.spec.replicas || 0) === 0).sort((a, b) => rsRevision(a) - rsRevision(b));
      const limit = d.spec.revisionHistoryLimit === undefined ? 10 : d.spec.revisionHistoryLimit;
      for (let i = 0; i < old.length - limit; i++) removeObj(old[i]);
    }
    if (current !== null) setAnnotation(d, "deployment.kubernetes.io/revision", String(rsRevision(current)));
    saveObj(d);
    dirty[d.metadata.uid] = true;
  }

  function revisionsOf(o) { return ownedBy(o).filter((x) => x.kind === "ControllerRevision").sort((a, b) => a.revision - b.revision); }
  /** The ControllerRevision of o's current template, created (or renumbered as newest) as needed. */
  function currentRevision(o) {
    const template = o.spec.template || {};
    const name = o.metadata.name + "-" + templateHash(template);
    const revs = revisionsOf(o);
    const maxRev = revs.reduce((m, r) => Math.max(m, r.revision || 0), 0);
    let cr = revs.find((r) => r.metadata.name === name) || null;
    if (cr === null) {
      cr = { apiVersion: "apps/v1", kind: "ControllerRevision", metadata: { name: name, namespace: o.metadata.namespace, labels: clone((template.metadata && template.metadata.labels) || {}), ownerReferences: [{ apiVersion: o.apiVersion, kind: o.kind, name: o.metadata.name, uid: o.metadata.uid, controller: true, blockOwnerDeletion: true }] }, data: { spec: { template: clone(template) } }, revision: maxRev + 1 };
      cr.metadata.labels["controller-revision-hash"] = name.slice(o.metadata.name.length + 1);
      insertObj(cr);
    } else if (cr.revision < maxRev) {
      cr.revision = maxRev + 1;
      cr = saveObj(cr);
    }
    return cr;
  }
  function reconcileStatefulSet(s) {
    const cr = currentRevision(s);
    const want = s.spec.replicas === undefined ? 1 : s.spec.replicas;
    const pods = ownedBy(s).filter((o) => o.kind === "Pod");
    const byName = {};
    for (const p of pods) byName[p.metadata.name] = p;
    for (let i = 0; i < want; i++) {
      const name = s.metadata.name + "-" + i;
      const p = byName[name];
      if (p && (p.metadata.labels || {})["controller-revision-hash"] === cr.metadata.name) continue;
      if (p) deletePod(p);
      for (const claim of s.spec.volumeClaimTemplates || []) {
        const claimName = claim.metadata.name + "-" + name;
        if (findObj(PVC, s.metadata.namespace, claimName) === null) {
          const pvc = { apiVersion: "v1", kind: "PersistentVolumeClaim", metadata: { name: claimName, namespace: s.metadata.namespace, labels: clone((s.spec.selector && s.spec.selector.matchLabels) || {}) }, spec: clone(claim.spec || {}) };
          if (!pvc.spec.volumeMode) pvc.spec.volumeMode = "Filesystem";
          insertObj(pvc);
          pvc.spec.volumeName = "pvc-" + pvc.metadata.uid;
          pvc.status = { accessModes: clone(pvc.spec.accessModes || ["ReadWriteOnce"]), capacity: { storage: (pvc.spec.resources && pvc.spec.resources.requests && pvc.spec.resources.requests.storage) || "1Gi" }, phase: "Bound" };
          saveObj(pvc);
        }
      }
      const template = clone(s.spec.template || {});
      const volumes = (template.spec && template.spec.volumes) || [];
      for (const claim of s.spec.volumeClaimTemplates || []) {
        if (!volumes.some((v) => v.name === claim.metadata.name)) volumes.push({ name: claim.metadata.name, persistentVolumeClaim: { claimName: claim.metadata.name + "-" + name } });
      }
      if (template.spec && volumes.length > 0) template.spec.volumes = volumes;
      if (template.spec) { template.spec.hostname = name; if (s.spec.serviceName) template.spec.subdomain = s.spec.serviceName; }
      createPod(s, name, template, { "apps.kubernetes.io/pod-index": String(i), "controller-revision-hash": cr.metadata.name, "statefulset.kubernetes.io/pod-name": name }, null);
    }
    const extra = pods.filter((p) => { const m = /-(\d+)$/.exec(p.metadata.name); return m && Number(m[1]) >= want; }).sort((a, b) => (a.metadata.name < b.metadata.name ? 1 : -1));
    for (const p of extra) deletePod(p);
    dirty[s.metadata.uid] = true;
  }
  function reconcileDaemonSet(ds) {
    const cr = currentRevision(ds);
    const pods = ownedBy(ds).filter((o) => o.kind === "Pod");
    const sel = (ds.spec.template && ds.spec.template.spec && ds.spec.template.spec.nodeSelector) || {};
    for (const n of cluster().nodes) {
      if (Object.keys(sel).some((key) => (n.metadata.labels || {})[key] !== sel[key])) continue;
      const here = pods.filter((p) => p.spec.nodeName === n.metadata.name);
      const ok = here.find((p) => (p.metadata.labels || {})["controller-revision-hash"] === cr.metadata.name.slice(ds.metadata.name.length + 1));
      for (const p of here) if (p !== ok) deletePod(p);
      if (!ok) createPod(ds, ds.metadata.name + "-" + randomFrom(SAFE, 5), ds.spec.template, { "controller-revision-hash": cr.metadata.name.slice(ds.metadata.name.length + 1), "pod-template-generation": String(ds.metadata.generation || 1) }, n);
    }
    for (const p of pods) if (!cluster().nodes.some((n) => n.metadata.name === p.spec.nodeName)) deletePod(p);
    dirty[ds.metadata.uid] = true;
  }
  function jobDone(j) { return ((j.status && j.status.conditions) || []).some((c) => (c.type === "Complete" || c.type === "Failed") && c.status === "True"); }
  function reconcileJob(j) {
    if (jobDone(j)) return;
    const active = ownedBy(j).filter((o) => o.kind === "Pod" && podActive(o));
    const want = j.spec.parallelism === undefined ? 1 : j.spec.parallelism;
    for (let i = active.length; i < want; i++) {
      createPod(j, j.metadata.name + "-" + randomFrom(SAFE, 5), j.spec.template, { "batch.kubernetes.io/controller-uid": j.metadata.uid, "batch.kubernetes.io/job-name": j.metadata.name, "controller-uid": j.metadata.uid, "job-name": j.metadata.name }, null);
    }
    dirty[j.metadata.uid] = true;
  }
  function reconcile(o) {
    if (o.kind === "Deployment") reconcileDeployment(o);
    else if (o.kind === "ReplicaSet") reconcileReplicaSet(o);
    else if (o.kind === "StatefulSet") reconcileStatefulSet(o);
    else if (o.kind === "DaemonSet") reconcileDaemonSet(o);
    else if (o.kind === "Job") reconcileJob(o);
  }

  function keepCondition(old, type, status, reason, message, t) {
    const prev = (old || []).find((c) => c.type === type);
    if (prev && prev.status === status && prev.reason === reason && prev.message === message) return prev;
    return { type: type, status: status, lastUpdateTime: t, lastTransitionTime: prev && prev.status === status ? prev.lastTransitionTime : t, reason: reason, message: message };
  }
  function replicaSetStatus(rs) {
    const pods = ownedBy(rs).filter((o) => o.kind === "Pod" && podActive(o));
    const ready = pods.filter(podReady).length;
    const st = { replicas: pods.length };
    if (pods.length > 0) st.fullyLabeledReplicas = pods.length;
    if (ready > 0) { st.readyReplicas = ready; st.availableReplicas = ready; }
    st.observedGeneration = rs.metadata.generation || 1;
    return st;
  }
  function deploymentStatus(d) {
    const sets = ownedBy(d).filter((o) => o.kind === "ReplicaSet");
    const current = sets.find((rs) => sameTemplate(rs.spec.template, d.spec.template)) || null;
    const replicas = d.spec.replicas === undefined ? 1 : d.spec.replicas;
    let total = 0, updated = 0, ready = 0;
    for (const rs of sets) {
      const pods = ownedBy(rs).filter((o) => o.kind === "Pod" && podActive(o));
      const r = pods.filter(podReady).length;
      total += pods.length; ready += r;
      if (current && rs.metadata.uid === current.metadata.uid) updated = pods.length;
    }
    const st = { observedGeneration: d.metadata.generation || 1 };
    if (total > 0) st.replicas = total;
    if (updated > 0) st.updatedReplicas = updated;
    if (ready > 0) { st.readyReplicas = ready; st.availableReplicas = ready; }
    if (replicas - ready > 0) st.unavailableReplicas = replicas - ready;
    const t = nowIso();
    const old = (d.status && d.status.conditions) || [];
    const maxUnavailable = percentOf(((d.spec.strategy && d.spec.strategy.rollingUpdate) || {}).maxUnavailable, replicas, false);
    const available = ready >= replicas - maxUnavailable
      ? keepCondition(old, "Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability.", t)
      : keepCondition(old, "Available", "False", "MinimumReplicasUnavailable", "Deployment does not have minimum availability.", t);
    const rsName = current ? current.metadata.name : d.metadata.name;
    const prev = old.find((c) => c.type === "Progressing");
    let progressing;
    if (d.spec.paused) progressing = keepCondition(old, "Progressing", "Unknown", "DeploymentPaused", "Deployment is paused", t);
    else if (updated === replicas && ready >= replicas && total === replicas) progressing = keepCondition(old, "Progressing", "True", "NewReplicaSetAvailable", "ReplicaSet \"" + rsName + "\" has successfully progressed.", t);
    else if (prev && prev.reason === "ProgressDeadlineExceeded" && prev.message.indexOf("\"" + rsName + "\"") >= 0) progressing = prev;
    else progressing = keepCondition(old, "Progressing", "True", "ReplicaSetUpdated", "ReplicaSet \"" + rsName + "\" is progressing.", t);
    st.conditions = [available, progressing];
    return st;
  }
  function statefulSetStatus(s) {
    const pods = ownedBy(s).filter((o) => o.kind === "Pod" && podActive(o));
    const ready = pods.filter(podReady).length;
    const rev = s.metadata.name + "-" + templateHash(s.spec.template || {});
    const st = { observedGeneration: s.metadata.generation || 1, replicas: pods.length };
    if (ready > 0) st.readyReplicas = ready;
    if (pods.length > 0) { st.currentReplicas = pods.length; st.updatedReplicas = pods.length; }
    st.currentRevision = rev; st.updateRevision = rev; st.collisionCount = 0; st.availableReplicas = ready;
    return st;
  }
  function daemonSetStatus(ds) {
    const pods = ownedBy(ds).filter((o) => o.kind === "Pod" && podActive(o));
    const ready = pods.filter(podReady).length;
    const sel = (ds.spec.template && ds.spec.template.spec && ds.spec.template.spec.nodeSelector) || {};
    const desired = cluster().nodes.filter((n) => !Object.keys(sel).some((key) => (n.metadata.labels || {})[key] !== sel[key])).length;
    const st = { currentNumberScheduled: pods.length, desiredNumberScheduled: desired, numberMisscheduled: 0, numberReady: ready, observedGeneration: ds.metadata.generation || 1 };
    if (pods.length > 0) st.updatedNumberScheduled = pods.length;
    if (ready > 0) st.numberAvailable = ready;
    if (desired - ready > 0) st.numberUnavailable = desired - ready;
    return st;
  }
  function jobStatus(j) {
    const pods = ownedBy(j).filter((o) => o.kind === "Pod" && podActive(o));
    const st = clone(j.status || {});
    if (pods.length > 0) st.active = pods.length; else delete st.active;
    st.ready = pods.filter(podReady).length;
    if (!st.startTime) st.startTime = nowIso();
    st.terminating = 0;
    st.uncountedTerminatedPods = {};
    return st;
  }
  /** Recomputes the status of every controller whose pods changed, then of their deployments. */
  function settle() {
    schedulePending();
    const owners = [];
    for (const uid of Object.keys(dirty)) { const o = byUid(uid); if (o !== null) owners.push(o); delete dirty[uid]; }
    const deployments = {};
    for (const o of owners) {
      if (o.kind === "ReplicaSet") { o.status = replicaSetStatus(o); saveObj(o); const up = ownerOf(o); if (up && up.kind === "Deployment") deployments[up.uid] = true; }
      else if (o.kind === "StatefulSet") { o.status = statefulSetStatus(o); saveObj(o); }
      else if (o.kind === "DaemonSet") { o.status = daemonSetStatus(o); saveObj(o); }
      else if (o.kind === "Job" && !jobDone(o)) { o.status = jobStatus(o); saveObj(o); }
      else if (o.kind === "Deployment") deployments[o.metadata.uid] = true;
    }
    for (const uid of Object.keys(deployments)) {
      const d = byUid(uid);
      if (d !== null) { d.status = deploymentStatus(d); saveObj(d); }
    }
  }
  /** Binds Pending pods that now fit somewhere (after a delete, a scale-down or an uncordon). */
  function schedulePending() {
    const pending = cluster().pods.filter((p) => !p.spec.nodeName && p.status && p.status.phase === "Pending").slice(0, 50);
    for (const pod of pending) {
      const owner = ownerOf(pod);
      const placed = pickNode(pod, owner ? owner.uid : null);
      if (!placed.node) continue;
      bindPod(pod, placed.node);
      saveObj(pod);
      markDirty(owner);
    }
  }

  /** Deletes o and everything it owns (background cascading deletion); returns what went. */
  function deleteCascade(o, out) {
    if (out.length > 2000) fail("limit_exceeded", "the deletion would remove more than 2000 objects");
    if (o.kind === "Namespace") {
      for (const child of inNamespace(o.metadata.name)) {
        if (child.kind === "Pod") deletePod(child); else removeObj(child);
        out.push(child);
      }
    } else {
      for (const child of ownedBy(o)) deleteCascade(child, out);
    }
    if (o.kind === "Node") {
      for (const p of podsOnNode(o.metadata.name)) { deletePod(p); out.push(p); }
      clusterCache = null;
    }
    if (o.kind === "Pod") deletePod(o); else removeObj(o);
    out.push(o);
    return out;
  }
  /** After deleting objects, owners that still exist put back what they own (a new pod, an RS). */
  function replaceDeleted(deleted) {
    const gone = {};
    for (const o of deleted) gone[o.metadata.uid] = true;
    const seen = {};
    for (const o of deleted) {
      const ref = ownerOf(o);
      if (!ref || gone[ref.uid] || seen[ref.uid]) continue;
      seen[ref.uid] = true;
      const owner = byUid(ref.uid);
      if (owner !== null) reconcile(owner);
    }
  }
`;
