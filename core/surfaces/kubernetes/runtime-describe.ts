// Sandboxed JavaScript: `kubectl describe` text for the kinds agents describe most (pods,
// workloads, services, nodes, namespaces, config maps, secrets), a generic layout for the rest,
// and the object's events at the end. Also the "Pod Template" block rollout history prints.
export const RUNTIME_DESCRIBE = String.raw`
  const SQL_EVENTS = "SELECT * FROM k8s_object WHERE kind = 'Event' AND namespace = ? ORDER BY created_at, name LIMIT 500";
  const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  function two(n) { return n < 10 ? "0" + n : String(n); }
  function rfc1123(iso) {
    if (!iso) return "<unknown>";
    const d = new Date(timeMs(iso));
    return DAYS[d.getUTCDay()] + ", " + two(d.getUTCDate()) + " " + MONTHS[d.getUTCMonth()] + " " + d.getUTCFullYear() + " " + two(d.getUTCHours()) + ":" + two(d.getUTCMinutes()) + ":" + two(d.getUTCSeconds()) + " +0000";
  }
  /** Aligned "Key:  value" lines; a value may be a list of lines (labels), continued under it. */
  function block(pairs, indent) {
    const pad = " ".repeat(indent || 0);
    const width = pairs.reduce((w, p) => Math.max(w, p[0].length + 1), 0) + 2;
    const out = [];
    for (const p of pairs) {
      const values = Array.isArray(p[1]) ? (p[1].length === 0 ? ["<none>"] : p[1]) : [String(p[1])];
      out.push(pad + (p[0] + ":").padEnd(width) + values[0]);
      for (let i = 1; i < values.length; i++) out.push(pad + " ".repeat(width) + values[i]);
    }
    return out;
  }
  function labelLines(m) { return Object.keys(m || {}).sort().map((k) => k + "=" + m[k]); }
  function annotationLines(m) { return Object.keys(m || {}).sort().map((k) => k + ": " + m[k]); }
  function header(o, extra) {
    const pairs = [["Name", o.metadata.name]];
    if (o.metadata.namespace !== undefined) pairs.push(["Namespace", o.metadata.namespace]);
    return pairs.concat(extra || []);
  }
  function quantities(m) { return Object.keys(m || {}).sort().map((k) => [k, m[k]]); }
  function containerLines(c, st, indent) {
    const pad = " ".repeat(indent);
    const out = [pad + c.name + ":"];
    const pairs = [];
    if (st) pairs.push(["Container ID", st.containerID || ""]);
    pairs.push(["Image", c.image]);
    if (st) pairs.push(["Image ID", st.imageID || ""]);
    const ports = c.ports || [];
    pairs.push(["Port", ports.length === 0 ? "<none>" : ports.map((p) => p.containerPort + "/" + (p.protocol || "TCP")).join(", ")]);
    pairs.push(["Host Port", ports.length === 0 ? "<none>" : ports.map((p) => (p.hostPort || 0) + "/" + (p.protocol || "TCP")).join(", ")]);
    if (c.command) pairs.push(["Command", c.command]);
    if (c.args) pairs.push(["Args", c.args]);
    if (st) {
      const s = st.state || {};
      if (s.running) pairs.push(["State", "Running"], ["  Started", rfc1123(s.running.startedAt)]);
      else if (s.waiting) pairs.push(["State", "Waiting"], ["  Reason", s.waiting.reason || ""]);
      else if (s.terminated) pairs.push(["State", "Terminated"], ["  Reason", s.terminated.reason || ""], ["  Exit Code", s.terminated.exitCode], ["  Started", rfc1123(s.terminated.startedAt)], ["  Finished", rfc1123(s.terminated.finishedAt)]);
      const last = st.lastState && st.lastState.terminated;
      if (last) pairs.push(["Last State", "Terminated"], ["  Reason", last.reason || ""], ["  Exit Code", last.exitCode], ["  Started", rfc1123(last.startedAt)], ["  Finished", rfc1123(last.finishedAt)]);
      pairs.push(["Ready", st.ready ? "True" : "False"], ["Restart Count", st.restartCount || 0]);
    }
    const rows = block(pairs, indent + 2);
    const res = c.resources || {};
    if (res.limits) { rows.push(pad + "  Limits:"); rows.push.apply(rows, block(quantities(res.limits), indent + 4)); }
    if (res.requests) { rows.push(pad + "  Requests:"); rows.push.apply(rows, block(quantities(res.requests), indent + 4)); }
    const env = c.env || [];
    if (env.length === 0) rows.push.apply(rows, block([["Environment", "<none>"]], indent + 2));
    else {
      rows.push(pad + "  Environment:");
      for (const e of env) {
        const from = e.valueFrom || {};
        const v = e.value !== undefined ? e.value : from.secretKeyRef ? "<set to the key '" + from.secretKeyRef.key + "' in secret '" + from.secretKeyRef.name + "'>" : from.configMapKeyRef ? "<set to the key '" + from.configMapKeyRef.key + "' of config map '" + from.configMapKeyRef.name + "'>" : "<from field>";
        rows.push(pad + "    " + e.name + ":  " + v);
      }
    }
    const mounts = c.volumeMounts || [];
    rows.push.apply(rows, block([["Mounts", mounts.length === 0 ? "<none>" : mounts.map((m) => m.mountPath + " from " + m.name + (m.readOnly ? " (ro)" : " (rw)"))]], indent + 2));
    return out.concat(rows);
  }
  function volumeLines(volumes, indent) {
    const pad = " ".repeat(indent);
    if (!volumes || volumes.length === 0) return [pad + "Volumes:  <none>"];
    const out = [pad + "Volumes:"];
    for (const v of volumes) {
      out.push(pad + "  " + v.name + ":");
      if (v.persistentVolumeClaim) out.push.apply(out, block([["Type", "PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)"], ["ClaimName", v.persistentVolumeClaim.claimName], ["ReadOnly", v.persistentVolumeClaim.readOnly ? "true" : "false"]], indent + 4));
      else if (v.configMap) out.push.apply(out, block([["Type", "ConfigMap (a volume populated by a ConfigMap)"], ["Name", v.configMap.name], ["Optional", "false"]], indent + 4));
      else if (v.secret) out.push.apply(out, block([["Type", "Secret (a volume populated by a Secret)"], ["SecretName", v.secret.secretName], ["Optional", "false"]], indent + 4));
      else if (v.emptyDir) out.push.apply(out, block([["Type", "EmptyDir (a temporary directory that shares a pod's lifetime)"], ["Medium", v.emptyDir.medium || ""], ["SizeLimit", v.emptyDir.sizeLimit || "<unset>"]], indent + 4));
      else if (v.hostPath) out.push.apply(out, block([["Type", "HostPath (bare host directory volume)"], ["Path", v.hostPath.path], ["HostPathType", v.hostPath.type || ""]], indent + 4));
      else out.push(pad + "    Type:  " + Object.keys(v).filter((k) => k !== "name").join(","));
    }
    return out;
  }
  function podTemplateLines(template, indent) {
    const pad = " ".repeat(indent);
    const t = template || {};
    const md = t.metadata || {}, spec = t.spec || {};
    const out = block([["Labels", labelLines(md.labels)], ["Annotations", annotationLines(md.annotations)]], indent);
    if (spec.serviceAccountName) out.push.apply(out, block([["Service Account", spec.serviceAccountName]], indent));
    out.push(pad + "Containers:");
    for (const c of spec.containers || []) out.push.apply(out, containerLines(c, null, indent + 1));
    out.push.apply(out, volumeLines(spec.volumes, indent));
    out.push.apply(out, block([["Node-Selectors", labelLines(spec.nodeSelector)], ["Tolerations", (spec.tolerations || []).map((x) => (x.key || "") + (x.operator === "Exists" ? "" : "=" + (x.value || "")) + (x.effect ? ":" + x.effect : ""))]], indent));
    return out;
  }
  function eventLines(o) {
    const evs = ctx.query(SQL_EVENTS, [o.metadata.namespace || "default"]).map(fromRow).filter((e) => {
      const io = e.involvedObject || {};
      return io.uid === o.metadata.uid || (io.kind === o.kind && io.name === o.metadata.name);
    });
    if (evs.length === 0) return ["Events:  <none>"];
    const rows = evs.map((e) => {
      const when = (e.count || 1) > 1 ? age(e.lastTimestamp) + " (x" + e.count + " over " + age(e.firstTimestamp) + ")" : age(e.lastTimestamp || e.metadata.creationTimestamp);
      return [e.type || "Normal", e.reason || "", when, (e.source && e.source.component) || "", e.message || ""];
    });
    const table = renderTable(["Type", "Reason", "Age", "From", "Message"], [["----", "------", "----", "----", "-------"]].concat(rows)).replace(/\n$/, "").split("\n").map((l) => "  " + l);
    return ["Events:"].concat(table);
  }
  function replicaLine(o) {
    const st = o.status || {};
    const want = o.spec.replicas === undefined ? 1 : o.spec.replicas;
    return want + " desired | " + (st.updatedReplicas || 0) + " updated | " + (st.replicas || 0) + " total | " + (st.availableReplicas || 0) + " available | " + (st.unavailableReplicas || 0) + " unavailable";
  }
  function podCounts(o) {
    const pods = ownedBy(o).filter((p) => p.kind === "Pod");
    const n = (ph) => pods.filter((p) => p.status && p.status.phase === ph).length;
    return n("Running") + " Running / " + n("Pending") + " Waiting / " + n("Succeeded") + " Succeeded / " + n("Failed") + " Failed";
  }
  function describeObject(o) {
    const m = o.metadata, s = o.spec || {}, st = o.status || {};
    const owner = ownerOf(o);
    let lines;
    switch (o.kind) {
      case "Pod": {
        const pairs = header(o, [["Priority", s.priority || 0], ["Service Account", s.serviceAccountName || "default"], ["Node", s.nodeName ? s.nodeName + "/" + (st.hostIP || "") : "<none>"], ["Start Time", st.startTime ? rfc1123(st.startTime) : "<none>"], ["Labels", labelLines(m.labels)], ["Annotations", annotationLines(m.annotations)], ["Status", podReason(o) === "Terminating" ? "Terminating" : st.phase || "Unknown"], ["IP", st.podIP || ""], ["IPs", st.podIP ? ["IP:  " + st.podIP] : "<none>"]]);
        if (owner) pairs.push(["Controlled By", owner.kind + "/" + owner.name]);
        lines = block(pairs);
        lines.push("Containers:");
        const statuses = st.containerStatuses || [];
        for (const c of s.containers || []) lines.push.apply(lines, containerLines(c, statuses.find((x) => x.name === c.name) || {}, 2));
        lines.push("Conditions:");
        const conds = (st.conditions || []).map((c) => [c.type, c.status]);
        lines.push.apply(lines, renderTable(["Type", "Status"], conds).replace(/\n$/, "").split("\n").map((l) => "  " + l));
        lines.push.apply(lines, volumeLines(s.volumes, 0));
        lines.push.apply(lines, block([["QoS Class", st.qosClass || "BestEffort"], ["Node-Selectors", labelLines(s.nodeSelector)], ["Tolerations", (s.tolerations || []).map((x) => (x.key || "") + ":" + (x.effect || "") + (x.operator === "Exists" ? " op=Exists" : ""))]]));
        break;
      }
      case "Deployment": {
        lines = block(header(o, [["CreationTimestamp", rfc1123(m.creationTimestamp)], ["Labels", labelLines(m.labels)], ["Annotations", annotationLines(m.annotations)], ["Selector", selectorText(s.selector)], ["Replicas", replicaLine(o)], ["StrategyType", (s.strategy && s.strategy.type) || "RollingUpdate"], ["MinReadySeconds", s.minReadySeconds || 0], ["RollingUpdateStrategy", ((s.strategy && s.strategy.rollingUpdate) || {}).maxUnavailable + " max unavailable, " + ((s.strategy && s.strategy.rollingUpdate) || {}).maxSurge + " max surge"]]));
        lines.push("Pod Template:");
        lines.push.apply(lines, podTemplateLines(s.template, 2));
        lines.push("Conditions:");
        lines.push.apply(lines, renderTable(["Type", "Status", "Reason"], [["----", "------", "------"]].concat((st.conditions || []).map((c) => [c.type, c.status, c.reason || ""]))).replace(/\n$/, "").split("\n").map((l) => "  " + l));
        const sets = ownedBy(o).filter((x) => x.kind === "ReplicaSet");
        const current = sets.find((rs) => sameTemplate(rs.spec.template, s.template));
        const olds = sets.filter((rs) => rs !== current && (rs.status && rs.status.replicas) > 0);
        lines.push.apply(lines, block([["OldReplicaSets", olds.length === 0 ? "<none>" : olds.map((rs) => rs.metadata.name + " (" + rs.status.replicas + "/" + rs.spec.replicas + " replicas created)").join(", ")], ["NewReplicaSet", current ? current.metadata.name + " (" + ((current.status && current.status.replicas) || 0) + "/" + current.spec.replicas + " replicas created)" : "<none>"]]));
        break;
      }
      case "ReplicaSet":
      case "StatefulSet":
      case "DaemonSet":
      case "Job": {
        const pairs = header(o, [["Selector", selectorText(s.selector)], ["Labels", labelLines(m.labels)], ["Annotations", annotationLines(m.annotations)]]);
        if (owner) pairs.push(["Controlled By", owner.kind + "/" + owner.name]);
        if (o.kind === "ReplicaSet") pairs.push(["Replicas", (st.replicas || 0) + " current / " + (s.replicas || 0) + " desired"]);
        if (o.kind === "StatefulSet") pairs.push(["Replicas", (s.replicas === undefined ? 1 : s.replicas) + " desired | " + (st.replicas || 0) + " total"], ["Update Strategy", (s.updateStrategy && s.updateStrategy.type) || "RollingUpdate"]);
        if (o.kind === "DaemonSet") pairs.push(["Desired Number of Nodes Scheduled", st.desiredNumberScheduled || 0], ["Current Number of Nodes Scheduled", st.currentNumberScheduled || 0], ["Number of Nodes Scheduled with Up-to-date Pods", st.updatedNumberScheduled || 0], ["Number of Nodes Scheduled with Available Pods", st.numberAvailable || 0], ["Number of Nodes Misscheduled", st.numberMisscheduled || 0]);
        if (o.kind === "Job") pairs.push(["Parallelism", s.parallelism === undefined ? 1 : s.parallelism], ["Completions", s.completions === undefined ? 1 : s.completions], ["Start Time", st.startTime ? rfc1123(st.startTime) : "<none>"], ["Completed At", st.completionTime ? rfc1123(st.completionTime) : "<none>"]);
        pairs.push(["Pods Status", podCounts(o)]);
        lines = block(pairs);
        lines.push("Pod Template:");
        lines.push.apply(lines, podTemplateLines(s.template, 2));
        if (o.kind === "StatefulSet" && (s.volumeClaimTemplates || []).length > 0) {
          lines.push("Volume Claims:");
          for (const c of s.volumeClaimTemplates) lines.push.apply(lines, block([["Name", c.metadata.name], ["StorageClass", (c.spec && c.spec.storageClassName) || ""], ["Capacity", (c.spec && c.spec.resources && c.spec.resources.requests && c.spec.resources.requests.storage) || ""], ["Access Modes", ((c.spec && c.spec.accessModes) || []).join(",")]], 2));
        }
        break;
      }
      case "Service":
        lines = block(header(o, [["Labels", labelLines(m.labels)], ["Annotations", annotationLines(m.annotations)], ["Selector", s.selector ? labelsText(s.selector) : "<none>"], ["Type", s.type || "ClusterIP"], ["IP Family Policy", s.ipFamilyPolicy || "SingleStack"], ["IP Families", (s.ipFamilies || ["IPv4"]).join(",")], ["IP", s.clusterIP || "<none>"], ["IPs", (s.clusterIPs || [s.clusterIP || "<none>"]).join(",")]].concat(externalIp(o) !== "<none>" && externalIp(o) !== "<pending>" ? [["LoadBalancer Ingress", externalIp(o)]] : []).concat((s.ports || []).reduce((acc, p) => acc.concat([["Port", (p.name || "<unset>") + "  " + p.port + "/" + (p.protocol || "TCP")], ["TargetPort", p.targetPort + "/" + (p.protocol || "TCP")]]).concat(p.nodePort ? [["NodePort", (p.name || "<unset>") + "  " + p.nodePort + "/" + (p.protocol || "TCP")]] : []), [])).concat([["Session Affinity", s.sessionAffinity || "None"], ["Internal Traffic Policy", s.internalTrafficPolicy || "Cluster"]])));
        break;
      case "Node": {
        const info = st.nodeInfo || {};
        lines = block([["Name", m.name], ["Roles", nodeRoles(o)], ["Labels", labelLines(m.labels)], ["Annotations", annotationLines(m.annotations)], ["CreationTimestamp", rfc1123(m.creationTimestamp)], ["Taints", (s.taints || []).map((x) => x.key + (x.value ? "=" + x.value : "") + ":" + x.effect)], ["Unschedulable", s.unschedulable ? "true" : "false"]]);
        lines.push("Conditions:");
        lines.push.apply(lines, renderTable(["Type", "Status", "LastHeartbeatTime", "LastTransitionTime", "Reason", "Message"], [["----", "------", "-----------------", "------------------", "------", "-------"]].concat((st.conditions || []).map((c) => [c.type, c.status, rfc1123(c.lastHeartbeatTime), rfc1123(c.lastTransitionTime), c.reason || "", c.message || ""]))).replace(/\n$/, "").split("\n").map((l) => "  " + l));
        lines.push("Addresses:");
        lines.push.apply(lines, block(((st.addresses) || []).map((a) => [a.type, a.address]), 2));
        lines.push("Capacity:");
        lines.push.apply(lines, block(quantities(st.capacity), 2));
        lines.push("Allocatable:");
        lines.push.apply(lines, block(quantities(st.allocatable), 2));
        lines.push("System Info:");
        lines.push.apply(lines, block([["Kernel Version", info.kernelVersion || ""], ["OS Image", info.osImage || ""], ["Operating System", info.operatingSystem || "linux"], ["Architecture", info.architecture || "amd64"], ["Container Runtime Version", info.containerRuntimeVersion || ""], ["Kubelet Version", info.kubeletVersion || ""]], 2));
        lines.push.apply(lines, block([["ProviderID", s.providerID || ""]]));
        const pods = podsOnNode(m.name);
        lines.push("Non-terminated Pods:          (" + pods.length + " in total)");
        const rows = pods.map((p) => {
          const r = (p.spec.containers || []).reduce((acc, c) => { const q = (c.resources && c.resources.requests) || {}; acc.cpu += cpuMilli(q.cpu); acc.mem += memBytes(q.memory); return acc; }, { cpu: 0, mem: 0 });
          return [p.metadata.namespace, p.metadata.name, r.cpu + "m", Math.round(r.mem / 1048576) + "Mi", age(p.metadata.creationTimestamp)];
        });
        lines.push.apply(lines, renderTable(["Namespace", "Name", "CPU Requests", "Memory Requests", "Age"], [["---------", "----", "------------", "---------------", "---"]].concat(rows)).replace(/\n$/, "").split("\n").map((l) => "  " + l));
        break;
      }
      case "Namespace":
        lines = block([["Name", m.name], ["Labels", labelLines(m.labels)], ["Annotations", annotationLines(m.annotations)], ["Status", st.phase || "Active"]]);
        lines.push("", "No resource quota.", "", "No LimitRange resource.");
        return lines.join("\n") + "\n";
      case "ConfigMap":
      case "Secret": {
        lines = block(header(o, [["Labels", labelLines(m.labels)], ["Annotations", annotationLines(m.annotations)]].concat(o.kind === "Secret" ? [["Type", o.type || "Opaque"]] : [])));
        lines.push("", "Data", "====");
        const data = o.data || {};
        for (const key of Object.keys(data).sort()) {
          if (o.kind === "Secret") lines.push(key + ":  " + Math.floor(data[key].length * 3 / 4 - (data[key].endsWith("==") ? 2 : data[key].endsWith("=") ? 1 : 0)) + " bytes");
          else lines.push(key + ":", "----", String(data[key]).replace(/\n$/, ""), "");
        }
        lines.push.apply(lines, o.kind === "ConfigMap" ? ["", "BinaryData", "====", ""] : [""]);
        break;
      }
      default:
        lines = block(header(o, [["Labels", labelLines(m.labels)], ["Annotations", annotationLines(m.annotations)], ["API Version", o.apiVersion], ["Kind", o.kind]]));
        for (const key of Object.keys(o).filter((x) => x !== "apiVersion" && x !== "kind" && x !== "metadata").sort()) {
          lines.push(key.charAt(0).toUpperCase() + key.slice(1) + ":");
          if (isMap(o[key]) || Array.isArray(o[key])) lines.push.apply(lines, toYaml(o[key]).replace(/\n$/, "").split("\n").map((l) => "  " + l));
          else lines.push("  " + String(o[key]));
        }
    }
    return lines.concat(eventLines(o)).join("\n") + "\n";
  }
`;
