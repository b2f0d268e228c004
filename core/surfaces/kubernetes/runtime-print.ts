// Sandboxed JavaScript: how objects are shown. The one-line status the real server puts in its list
// summaries (`Running`, `2/3 ready`, `ClusterIP`...), kubectl's tables (`-o wide`, the server's
// `custom` columns) and names (`deployment.apps/web`).
export const RUNTIME_PRINT = String.raw`
  function podReason(pod) {
    const st = pod.status || {};
    let reason = st.reason || st.phase || "Unknown";
    let running = false;
    const cs = st.containerStatuses || [];
    for (let i = cs.length - 1; i >= 0; i--) {
      const s = cs[i].state || {};
      if (s.waiting && s.waiting.reason) reason = s.waiting.reason;
      else if (s.terminated) reason = s.terminated.reason || ("ExitCode:" + s.terminated.exitCode);
      else if (cs[i].ready && s.running) running = true;
    }
    if (running && reason === (st.phase || "Unknown")) reason = st.phase || "Running";
    if (pod.metadata.deletionTimestamp) reason = "Terminating";
    return reason;
  }
  function summaryStatus(o) {
    if (o.kind === "Pod") return podReason(o);
    const st = o.status || {};
    if (st.readyReplicas !== undefined) return st.readyReplicas + "/" + (st.replicas || 0) + " ready";
    if (o.spec && o.spec.type) return o.spec.type;
    if (Array.isArray(st.conditions)) {
      for (const c of st.conditions) if (c.type === "Ready") return c.status === "True" ? "Ready" : "NotReady";
    }
    if (st.succeeded !== undefined) return st.succeeded ? "Completed" : "Running";
    if (st.phase) return st.phase;
    return "Active";
  }
  function summary(o) {
    return { name: o.metadata.name, namespace: o.metadata.namespace || "", kind: o.kind, status: summaryStatus(o), createdAt: o.metadata.creationTimestamp };
  }
  function eventSummary(e) {
    const io = e.involvedObject || {};
    return { type: e.type || "", reason: e.reason || "", message: e.message || "", involvedObject: { kind: io.kind || "", name: io.name || "", namespace: io.namespace || "" }, firstTimestamp: e.firstTimestamp || "", lastTimestamp: e.lastTimestamp || "", count: e.count || 0 };
  }

  function renderTable(header, rows) {
    const widths = header.map((h, i) => rows.reduce((w, r) => Math.max(w, String(r[i]).length), h.length));
    const line = (cells) => cells.map((c, i) => i === cells.length - 1 ? String(c) : String(c) + " ".repeat(widths[i] - String(c).length + 3)).join("").replace(/\s+$/, "");
    return [line(header)].concat(rows.map(line)).join("\n") + "\n";
  }
  function orNone(v) { return v === undefined || v === null || v === "" ? "<none>" : String(v); }
  function containersOf(template) { return ((template && template.spec && template.spec.containers) || []); }
  function namesAndImages(template) {
    const cs = containersOf(template);
    return [cs.map((c) => c.name).join(","), cs.map((c) => c.image).join(",")];
  }
  function selectorText(sel) {
    if (!sel) return "<none>";
    const ml = sel.matchLabels || sel;
    return labelsText(ml);
  }
  function restartsText(pod) {
    const cs = (pod.status && pod.status.containerStatuses) || [];
    let n = 0;
    let last = null;
    for (const c of cs) {
      n += c.restartCount || 0;
      const t = c.lastState && c.lastState.terminated && c.lastState.terminated.finishedAt;
      if (t && (last === null || t > last)) last = t;
    }
    return n > 0 && last !== null ? n + " (" + age(last) + " ago)" : String(n);
  }
  function readyText(pod) {
    const cs = (pod.status && pod.status.containerStatuses) || [];
    const total = ((pod.spec && pod.spec.containers) || []).length;
    return cs.filter((c) => c.ready).length + "/" + total;
  }
  function portsText(svc) {
    const ports = (svc.spec && svc.spec.ports) || [];
    if (ports.length === 0) return "<none>";
    return ports.map((p) => p.port + (p.nodePort ? ":" + p.nodePort : "") + "/" + (p.protocol || "TCP")).join(",");
  }
  function externalIp(svc) {
    const ing = (svc.status && svc.status.loadBalancer && svc.status.loadBalancer.ingress) || [];
    if (ing.length > 0) return ing.map((i) => i.hostname || i.ip).join(",");
    if (svc.spec && svc.spec.type === "LoadBalancer") return "<pending>";
    if (svc.spec && svc.spec.externalName) return svc.spec.externalName;
    return "<none>";
  }
  function nodeRoles(node) {
    const roles = Object.keys(node.metadata.labels || {}).filter((k) => k.indexOf("node-role.kubernetes.io/") === 0).map((k) => k.slice(24));
    return roles.length === 0 ? "<none>" : roles.join(",");
  }
  function nodeStatusText(node) {
    const cs = (node.status && node.status.conditions) || [];
    let s = "Unknown";
    for (const c of cs) if (c.type === "Ready") s = c.status === "True" ? "Ready" : "NotReady";
    return node.spec && node.spec.unschedulable ? s + ",SchedulingDisabled" : s;
  }
  function address(node, type) {
    for (const a of (node.status && node.status.addresses) || []) if (a.type === type) return a.address;
    return "<none>";
  }
  function wideRow(o) {
    const m = o.metadata, s = o.spec || {}, st = o.status || {};
    switch (o.kind) {
      case "Pod":
        return [m.name, readyText(o), podReason(o), restartsText(o), age(m.creationTimestamp), orNone(st.podIP), orNone(s.nodeName), "<none>", "<none>"];
      case "Deployment": {
        const ci = namesAndImages(s.template);
        return [m.name, (st.readyReplicas || 0) + "/" + (s.replicas === undefined ? 1 : s.replicas), st.updatedReplicas || 0, st.availableReplicas || 0, age(m.creationTimestamp), ci[0], ci[1], selectorText(s.selector)];
      }
      case "ReplicaSet": {
        const ci = namesAndImages(s.template);
        return [m.name, s.replicas || 0, st.replicas || 0, st.readyReplicas || 0, age(m.creationTimestamp), ci[0], ci[1], selectorText(s.selector)];
      }
      case "StatefulSet": {
        const ci = namesAndImages(s.template);
        return [m.name, (st.readyReplicas || 0) + "/" + (s.replicas === undefined ? 1 : s.replicas), age(m.creationTimestamp), ci[0], ci[1]];
      }
      case "DaemonSet": {
        const ci = namesAndImages(s.template);
        const ns = (s.template && s.template.spec && s.template.spec.nodeSelector) || null;
        return [m.name, st.desiredNumberScheduled || 0, st.currentNumberScheduled || 0, st.numberReady || 0, st.updatedNumberScheduled || 0, st.numberAvailable || 0, ns ? labelsText(ns) : "<none>", age(m.creationTimestamp), ci[0], ci[1], selectorText(s.selector)];
      }
      case "Service":
        return [m.name, s.type || "ClusterIP", orNone(s.clusterIP), externalIp(o), portsText(o), age(m.creationTimestamp), s.selector ? labelsText(s.selector) : "<none>"];
      case "Node": {
        const info = st.nodeInfo || {};
        return [m.name, nodeStatusText(o), nodeRoles(o), age(m.creationTimestamp), orNone(info.kubeletVersion), address(o, "InternalIP"), address(o, "ExternalIP"), orNone(info.osImage), orNone(info.kernelVersion), orNone(info.containerRuntimeVersion)];
      }
      case "Namespace":
        return [m.name, st.phase || "Active", age(m.creationTimestamp)];
      case "ConfigMap":
        return [m.name, Object.keys(o.data || {}).length + Object.keys(o.binaryData || {}).length, age(m.creationTimestamp)];
      case "Secret":
        return [m.name, o.type || "Opaque", Object.keys(o.data || {}).length, age(m.creationTimestamp)];
      case "PersistentVolumeClaim":
        return [m.name, st.phase || "Pending", orNone(s.volumeName), orNone(st.capacity && st.capacity.storage), (st.accessModes || s.accessModes || []).map((a) => a === "ReadWriteOnce" ? "RWO" : a === "ReadOnlyMany" ? "ROX" : a === "ReadWriteMany" ? "RWX" : a).join(",") || "<none>", orNone(s.storageClassName), "<unset>", age(m.creationTimestamp), s.volumeMode || "Filesystem"];
      case "Job": {
        const ci = namesAndImages(s.template);
        const done = (st.conditions || []).some((c) => c.type === "Complete" && c.status === "True");
        const dur = st.startTime ? age(st.startTime) : "";
        return [m.name, done ? "Complete" : "Running", (st.succeeded || 0) + "/" + (s.completions || 1), dur, age(m.creationTimestamp), ci[0], ci[1], selectorText(s.selector)];
      }
      case "CronJob": {
        const ci = namesAndImages(s.jobTemplate && s.jobTemplate.spec && s.jobTemplate.spec.template);
        return [m.name, s.schedule, s.timeZone || "<none>", s.suspend ? "True" : "False", (st.active || []).length, st.lastScheduleTime ? age(st.lastScheduleTime) : "<none>", age(m.creationTimestamp), ci[0], ci[1], "<none>"];
      }
      case "Ingress": {
        const hosts = ((s.rules || []).map((r) => r.host).filter((h) => h)).join(",") || "*";
        const lb = (st.loadBalancer && st.loadBalancer.ingress) || [];
        return [m.name, orNone(s.ingressClassName), hosts, lb.map((i) => i.hostname || i.ip).join(","), (s.tls ? "80, 443" : "80"), age(m.creationTimestamp)];
      }
      case "ControllerRevision":
        return [m.name, (ownerOf(o) ? typed(kindOf(ownerOf(o).kind), ownerOf(o).name) : "<none>"), o.revision, age(m.creationTimestamp)];
      case "ServiceAccount":
        return [m.name, (o.secrets || []).length, age(m.creationTimestamp)];
      case "Event": {
        const io = o.involvedObject || {};
        const k = kindOf(io.kind);
        const src = o.source ? (o.source.component || "") + (o.source.host ? ", " + o.source.host : "") : "";
        return [age(o.lastTimestamp || m.creationTimestamp), o.type || "", o.reason || "", (k ? k.singular : String(io.kind || "").toLowerCase()) + "/" + (io.name || ""), io.fieldPath || "", src, o.message || "", age(o.firstTimestamp || m.creationTimestamp), o.count || 1, m.name];
      }
      default:
        return [m.name, age(m.creationTimestamp)];
    }
  }
  const WIDE_HEADERS = {
    Pod: ["NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES"],
    Deployment: ["NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE", "CONTAINERS", "IMAGES", "SELECTOR"],
    ReplicaSet: ["NAME", "DESIRED", "CURRENT", "READY", "AGE", "CONTAINERS", "IMAGES", "SELECTOR"],
    StatefulSet: ["NAME", "READY", "AGE", "CONTAINERS", "IMAGES"],
    DaemonSet: ["NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE", "CONTAINERS", "IMAGES", "SELECTOR"],
    Service: ["NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE", "SELECTOR"],
    Node: ["NAME", "STATUS", "ROLES", "AGE", "VERSION", "INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME"],
    Namespace: ["NAME", "STATUS", "AGE"],
    ConfigMap: ["NAME", "DATA", "AGE"],
    Secret: ["NAME", "TYPE", "DATA", "AGE"],
    PersistentVolumeClaim: ["NAME", "STATUS", "VOLUME", "CAPACITY", "ACCESS MODES", "STORAGECLASS", "VOLUMEATTRIBUTESCLASS", "AGE", "VOLUMEMODE"],
    Job: ["NAME", "STATUS", "COMPLETIONS", "DURATION", "AGE", "CONTAINERS", "IMAGES", "SELECTOR"],
    CronJob: ["NAME", "SCHEDULE", "TIMEZONE", "SUSPEND", "ACTIVE", "LAST SCHEDULE", "AGE", "CONTAINERS", "IMAGES", "SELECTOR"],
    Ingress: ["NAME", "CLASS", "HOSTS", "ADDRESS", "PORTS", "AGE"],
    ControllerRevision: ["NAME", "CONTROLLER", "REVISION", "AGE"],
    ServiceAccount: ["NAME", "SECRETS", "AGE"],
    Event: ["LAST SEEN", "TYPE", "REASON", "OBJECT", "SUBOBJECT", "SOURCE", "MESSAGE", "FIRST SEEN", "COUNT", "NAME"],
  };
  function wideTable(k, objs, allNs, prefix) {
    const header = (WIDE_HEADERS[k.kind] || ["NAME", "AGE"]).slice();
    const rows = objs.map((o) => {
      const r = wideRow(o);
      if (prefix) r[k.kind === "Event" ? r.length - 1 : 0] = prefix + r[k.kind === "Event" ? r.length - 1 : 0];
      return allNs && k.namespaced ? [o.metadata.namespace].concat(r) : r;
    });
    return renderTable(allNs && k.namespaced ? ["NAMESPACE"].concat(header) : header, rows);
  }
  function customTable(k, objs) {
    if (k.kind === "Event") {
      return renderTable(["LASTSEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"], objs.map((e) => [orNone(e.lastTimestamp), orNone(e.type), orNone(e.reason), orNone(e.involvedObject && e.involvedObject.name), orNone(e.message)]));
    }
    return renderTable(["NAME", "NAMESPACE", "STATUS", "AGE"], objs.map((o) => [o.metadata.name, orNone(o.metadata.namespace), orNone(o.status && o.status.phase), o.metadata.creationTimestamp]));
  }
  function noResources(ns, allNs, k) {
    return allNs || !k.namespaced ? "No resources found\n" : "No resources found in " + ns + " namespace.\n";
  }
`;
