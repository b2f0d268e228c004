// Sandboxed JavaScript: what the API server does to an object before storing it. Checks the fields
// kubectl users trip on (apiVersion and kind, names, selectors that must match template labels,
// containers with images, string-only labels and data, immutable selectors and cluster IPs), fills
// the defaults `kubectl get -o yaml` shows, and merges updates: JSON merge patch, strategic merge
// (lists of named items merge by name) and JSON patch, plus kubectl apply's three-way merge.
export const RUNTIME_ADMIT = String.raw`
  const NAME_RE = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
  const LABEL_KEY_RE = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
  const LABEL_VALUE_RE = /^([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?$/;
  const WORKLOADS = ["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job"];

  function invalid(o, field, message) {
    return fail("invalid_argument", "The " + o.kind + " \"" + ((o.metadata && o.metadata.name) || "") + "\" is invalid: " + field + ": " + message, { field: field });
  }
  function stringMap(o, field, m, keyRe, valueRe) {
    if (m === undefined || m === null) return {};
    if (!isMap(m)) invalid(o, field, "must be a map of strings");
    for (const key of Object.keys(m)) {
      if (typeof m[key] !== "string") invalid(o, field, "Invalid value: " + JSON.stringify(m[key]) + ": values must be strings (quote them in YAML)");
      if (keyRe && !keyRe.test(key)) invalid(o, field, "Invalid value: \"" + key + "\": name part must consist of alphanumeric characters, '-', '_' or '.'");
      if (valueRe && !valueRe.test(m[key])) invalid(o, field + "." + key, "Invalid value: \"" + m[key] + "\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.'");
    }
    return m;
  }
  function pullPolicy(image) {
    const last = String(image).split("/").pop();
    return last.indexOf("@") < 0 && (last.indexOf(":") < 0 || /:latest$/.test(last)) ? "Always" : "IfNotPresent";
  }
  function defaultPodSpec(o, field, spec) {
    if (!isMap(spec)) invalid(o, field, "Required value");
    const cs = spec.containers;
    if (!Array.isArray(cs) || cs.length === 0) invalid(o, field + ".containers", "Required value");
    const names = {};
    cs.forEach((c, i) => {
      if (!isMap(c)) invalid(o, field + ".containers[" + i + "]", "must be an object");
      if (typeof c.name !== "string" || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(c.name)) invalid(o, field + ".containers[" + i + "].name", c.name === undefined ? "Required value" : "Invalid value: " + JSON.stringify(c.name) + ": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-'");
      if (names[c.name]) invalid(o, field + ".containers[" + i + "].name", "Duplicate value: \"" + c.name + "\"");
      names[c.name] = true;
      if (typeof c.image !== "string" || c.image.trim() === "") invalid(o, field + ".containers[" + i + "].image", "Required value");
      if (!c.imagePullPolicy) c.imagePullPolicy = pullPolicy(c.image);
      if (!c.resources) c.resources = {};
      if (!c.terminationMessagePath) c.terminationMessagePath = "/dev/termination-log";
      if (!c.terminationMessagePolicy) c.terminationMessagePolicy = "File";
      for (const p of c.ports || []) {
        if (!isMap(p) || typeof p.containerPort !== "number") invalid(o, field + ".containers[" + i + "].ports", "containerPort: Required value");
        if (!p.protocol) p.protocol = "TCP";
      }
    });
    if (!spec.restartPolicy) spec.restartPolicy = "Always";
    if (!spec.dnsPolicy) spec.dnsPolicy = "ClusterFirst";
    if (!spec.schedulerName) spec.schedulerName = "default-scheduler";
    if (!spec.securityContext) spec.securityContext = {};
    if (spec.terminationGracePeriodSeconds === undefined) spec.terminationGracePeriodSeconds = 30;
    return spec;
  }
  function checkTemplate(o, field, template, selector) {
    if (!isMap(template)) invalid(o, field, "Required value");
    template.metadata = isMap(template.metadata) ? template.metadata : {};
    const labels = stringMap(o, field + ".metadata.labels", template.metadata.labels, LABEL_KEY_RE, LABEL_VALUE_RE);
    if (selector !== null) {
      const ml = (selector && selector.matchLabels) || {};
      if (Object.keys(ml).length === 0) invalid(o, "spec.selector", "Required value");
      if (!selectorMatches(selector, labels)) invalid(o, field + ".metadata.labels", "Invalid value: " + JSON.stringify(labels) + ": selector does not match template labels");
    }
    template.spec = defaultPodSpec(o, field + ".spec", template.spec);
  }
  function replicasOf(o) {
    const r = o.spec.replicas;
    if (r === undefined || r === null) { o.spec.replicas = 1; return; }
    if (typeof r !== "number" || !Number.isInteger(r)) invalid(o, "spec.replicas", "Invalid value: " + JSON.stringify(r) + ": must be an integer");
    if (r < 0) invalid(o, "spec.replicas", "Invalid value: " + r + ": must be greater than or equal to 0");
    if (r > C.maxReplicas) invalid(o, "spec.replicas", "Invalid value: " + r + ": this model runs at most " + C.maxReplicas + " replicas per workload");
  }
  function b64(s) {
    const bytes = [];
    for (const ch of String(s)) {
      let c = ch.codePointAt(0);
      if (c < 0x80) bytes.push(c);
      else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let out = "";
    for (let i = 0; i < bytes.length; i += 3) {
      const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
      out += A[(n >> 18) & 63] + A[(n >> 12) & 63] + (i + 1 < bytes.length ? A[(n >> 6) & 63] : "=") + (i + 2 < bytes.length ? A[n & 63] : "=");
    }
    return out;
  }

  /** Validates and defaults o (an API object) in place, as the API server would on create/update. */
  function admitSpec(o) {
    const s = o.spec;
    switch (o.kind) {
      case "Deployment":
      case "ReplicaSet":
        if (!isMap(s)) invalid(o, "spec", "Required value");
        replicasOf(o);
        checkTemplate(o, "spec.template", s.template, s.selector || {});
        if (o.kind === "Deployment") {
          if (!s.strategy) s.strategy = { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: "25%" } };
          if (s.revisionHistoryLimit === undefined) s.revisionHistoryLimit = 10;
          if (s.progressDeadlineSeconds === undefined) s.progressDeadlineSeconds = 600;
        }
        break;
      case "StatefulSet":
        if (!isMap(s)) invalid(o, "spec", "Required value");
        replicasOf(o);
        checkTemplate(o, "spec.template", s.template, s.selector || {});
        if (!s.podManagementPolicy) s.podManagementPolicy = "OrderedReady";
        if (!s.updateStrategy) s.updateStrategy = { type: "RollingUpdate", rollingUpdate: { partition: 0 } };
        if (s.revisionHistoryLimit === undefined) s.revisionHistoryLimit = 10;
        if (!s.persistentVolumeClaimRetentionPolicy) s.persistentVolumeClaimRetentionPolicy = { whenDeleted: "Retain", whenScaled: "Retain" };
        for (const c of s.volumeClaimTemplates || []) if (!isMap(c) || !isMap(c.metadata) || !c.metadata.name) invalid(o, "spec.volumeClaimTemplates", "metadata.name: Required value");
        break;
      case "DaemonSet":
        if (!isMap(s)) invalid(o, "spec", "Required value");
        checkTemplate(o, "spec.template", s.template, s.selector || {});
        if (!s.updateStrategy) s.updateStrategy = { type: "RollingUpdate", rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } };
        if (s.revisionHistoryLimit === undefined) s.revisionHistoryLimit = 10;
        break;
      case "Job":
        if (!isMap(s)) invalid(o, "spec", "Required value");
        checkTemplate(o, "spec.template", s.template, null);
        if (["Never", "OnFailure"].indexOf(s.template.spec.restartPolicy) < 0) invalid(o, "spec.template.spec.restartPolicy", "Required value: valid values: \"OnFailure\", \"Never\"");
        if (s.completions === undefined) s.completions = 1;
        if (s.parallelism === undefined) s.parallelism = 1;
        if (s.backoffLimit === undefined) s.backoffLimit = 6;
        break;
      case "CronJob":
        if (!isMap(s)) invalid(o, "spec", "Required value");
        if (typeof s.schedule !== "string" || (s.schedule.trim().split(/\s+/).length !== 5 && s.schedule.trim()[0] !== "@")) invalid(o, "spec.schedule", "Invalid value: " + JSON.stringify(s.schedule) + ": expected exactly 5 fields");
        if (!isMap(s.jobTemplate) || !isMap(s.jobTemplate.spec)) invalid(o, "spec.jobTemplate", "Required value");
        checkTemplate(o, "spec.jobTemplate.spec.template", s.jobTemplate.spec.template, null);
        if (s.concurrencyPolicy === undefined) s.concurrencyPolicy = "Allow";
        if (s.suspend === undefined) s.suspend = false;
        if (s.successfulJobsHistoryLimit === undefined) s.successfulJobsHistoryLimit = 3;
        if (s.failedJobsHistoryLimit === undefined) s.failedJobsHistoryLimit = 1;
        break;
      case "Pod":
        o.spec = defaultPodSpec(o, "spec", s);
        break;
      case "Service": {
        if (!isMap(s)) invalid(o, "spec", "Required value");
        if (!s.type) s.type = "ClusterIP";
        if (["ClusterIP", "NodePort", "LoadBalancer", "ExternalName"].indexOf(s.type) < 0) invalid(o, "spec.type", "Unsupported value: \"" + s.type + "\"");
        if (s.type !== "ExternalName") {
          if (!Array.isArray(s.ports) || s.ports.length === 0) invalid(o, "spec.ports", "Required value");
          s.ports.forEach((p, i) => {
            if (!isMap(p) || typeof p.port !== "number") invalid(o, "spec.ports[" + i + "].port", "Required value");
            if (!p.protocol) p.protocol = "TCP";
            if (p.targetPort === undefined) p.targetPort = p.port;
          });
          if (!s.sessionAffinity) s.sessionAffinity = "None";
          if (!s.ipFamilies) s.ipFamilies = ["IPv4"];
          if (!s.ipFamilyPolicy) s.ipFamilyPolicy = "SingleStack";
          if (!s.internalTrafficPolicy) s.internalTrafficPolicy = "Cluster";
          if ((s.type === "NodePort" || s.type === "LoadBalancer") && !s.externalTrafficPolicy) s.externalTrafficPolicy = "Cluster";
        } else if (typeof s.externalName !== "string" || s.externalName === "") invalid(o, "spec.externalName", "Required value");
        if (s.selector !== undefined) stringMap(o, "spec.selector", s.selector, LABEL_KEY_RE, LABEL_VALUE_RE);
        break;
      }
      case "ConfigMap":
        stringMap(o, "data", o.data, /^[-._a-zA-Z0-9]+$/, null);
        break;
      case "Secret": {
        if (!o.type) o.type = "Opaque";
        const data = stringMap(o, "data", o.data, /^[-._a-zA-Z0-9]+$/, null);
        for (const key of Object.keys(data)) if (!/^[A-Za-z0-9+\/]*={0,2}$/.test(data[key]) || data[key].length % 4 !== 0) invalid(o, "data[" + key + "]", "illegal base64 data (use stringData for plain text)");
        if (o.stringData !== undefined) {
          const sd = stringMap(o, "stringData", o.stringData, /^[-._a-zA-Z0-9]+$/, null);
          o.data = Object.assign({}, data);
          for (const key of Object.keys(sd)) o.data[key] = b64(sd[key]);
          delete o.stringData;
        }
        break;
      }
      case "Namespace":
        o.spec = { finalizers: ["kubernetes"] };
        o.metadata.labels = Object.assign({}, o.metadata.labels || {}, { "kubernetes.io/metadata.name": o.metadata.name });
        break;
      case "PersistentVolumeClaim":
        if (!isMap(s) || !Array.isArray(s.accessModes) || s.accessModes.length === 0) invalid(o, "spec.accessModes", "Required value");
        if (!s.resources || !s.resources.requests || !s.resources.requests.storage) invalid(o, "spec.resources[storage]", "Required value");
        if (!s.storageClassName) s.storageClassName = "gp3";
        if (!s.volumeMode) s.volumeMode = "Filesystem";
        break;
      case "Event":
        if (!isMap(o.involvedObject)) invalid(o, "involvedObject", "Required value");
        break;
    }
  }
  /** A new object from a manifest document: checks apiVersion, kind, name and namespace. */
  function admitNew(raw, nsArg) {
    if (!isMap(raw)) fail("invalid_argument", "error validating data: each object must be a mapping");
    const missing = [];
    if (!raw.apiVersion) missing.push("apiVersion not set");
    if (!raw.kind) missing.push("kind not set");
    if (missing.length > 0) fail("invalid_argument", "error validating data: [" + missing.join(", ") + "]");
    const k = kindOf(String(raw.kind));
    if (k === null) fail("invalid_argument", "resource mapping not found for kind \"" + raw.kind + "\" in version \"" + raw.apiVersion + "\": ensure CRDs are installed first; this cluster serves " + C.kinds.map((x) => x.kind).join(", "));
    if (raw.apiVersion !== apiVersionOf(k)) fail("invalid_argument", "no matches for kind \"" + raw.kind + "\" in version \"" + raw.apiVersion + "\" (" + raw.kind + " is served as " + apiVersionOf(k) + ")");
    const md = isMap(raw.metadata) ? raw.metadata : {};
    const o = clone(raw);
    o.metadata = { name: md.name };
    if (typeof md.name !== "string" || md.name === "") fail("invalid_argument", "error when creating a " + k.kind + ": resource name may not be empty (set metadata.name)");
    if (!NAME_RE.test(md.name) || md.name.length > 253) invalid(o, "metadata.name", "Invalid value: \"" + md.name + "\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character");
    if (k.namespaced) {
      const ns = md.namespace === undefined || md.namespace === null || md.namespace === "" ? nsArg : String(md.namespace);
      if (ns !== nsArg) fail("invalid_argument", "the namespace from the provided object \"" + ns + "\" does not match the namespace \"" + nsArg + "\". You must pass '--namespace=" + ns + "' to perform this operation.");
      o.metadata.namespace = ns;
    }
    const labels = stringMap(o, "metadata.labels", md.labels, LABEL_KEY_RE, LABEL_VALUE_RE);
    if (Object.keys(labels).length > 0) o.metadata.labels = clone(labels);
    const annotations = stringMap(o, "metadata.annotations", md.annotations, null, null);
    if (Object.keys(annotations).length > 0) o.metadata.annotations = clone(annotations);
    delete o.status;
    admitSpec(o);
    return { k: k, o: o };
  }
  function requireNamespace(ns) {
    if (ns !== "" && findObj(NS, "", ns) === null) fail("not_found", "namespaces \"" + ns + "\" not found");
  }
  /** Fills what the control plane assigns on create (service IPs, claim bindings, pod placement). */
  function assignOnCreate(o) {
    if (o.kind === "Service" && o.spec.type !== "ExternalName") {
      if (!o.spec.clusterIP) o.spec.clusterIP = "10.100." + Math.floor(ctx.random() * 250 + 1) + "." + Math.floor(ctx.random() * 250 + 2);
      o.spec.clusterIPs = [o.spec.clusterIP];
      if (o.spec.type !== "ClusterIP") for (const p of o.spec.ports) if (!p.nodePort) p.nodePort = 30000 + Math.floor(ctx.random() * 2768);
      o.status = { loadBalancer: o.spec.type === "LoadBalancer" ? { ingress: [{ hostname: "a" + hex(31) + "-" + (1000000000 + Math.floor(ctx.random() * 899999999)) + ".eu-west-1.elb.amazonaws.com" }] } : {} };
    }
    if (o.kind === "Namespace") o.status = { phase: "Active" };
    if (o.kind === "PersistentVolumeClaim") o.status = { accessModes: clone(o.spec.accessModes), capacity: { storage: o.spec.resources.requests.storage }, phase: "Bound" };
    if (o.kind === "Job") o.status = { startTime: nowIso(), terminating: 0, uncountedTerminatedPods: {} };
    if (o.kind === "CronJob") o.status = {};
  }
  /** Stores a new object and lets its controller act; fails with AlreadyExists on a taken name. */
  function createObject(k, o) {
    requireNamespace(k.namespaced ? o.metadata.namespace : "");
    if (findObj(k, o.metadata.namespace || "", o.metadata.name) !== null) {
      fail("conflict", "Error from server (AlreadyExists): " + qualified(k) + " \"" + o.metadata.name + "\" already exists", { kind: k.kind, name: o.metadata.name });
    }
    assignOnCreate(o);
    insertObj(o);
    if (o.kind === "Pod") {
      const placed = pickNode(o, null);
      if (placed.node) bindPod(o, placed.node); else pendPod(o, placed.reason);
      saveObj(o);
      cluster().pods.push(o);
    }
    if (WORKLOADS.indexOf(o.kind) >= 0) { reconcile(byUid(o.metadata.uid)); settle(); }
    return byUid(o.metadata.uid);
  }

  /** next with live's identity, status and control-plane fields, validated; null when unchanged. */
  function planUpdate(live, next) {
    if (!isMap(next)) fail("invalid_argument", "the patched object is not an object");
    if (next.kind !== live.kind || next.apiVersion !== live.apiVersion) invalid(live, "kind", "Invalid value: field is immutable");
    const nm = isMap(next.metadata) ? next.metadata : {};
    if (nm.name !== live.metadata.name) invalid(live, "metadata.name", "Invalid value: " + JSON.stringify(nm.name) + ": field is immutable");
    if (live.metadata.namespace !== undefined && nm.namespace !== undefined && nm.namespace !== live.metadata.namespace) invalid(live, "metadata.namespace", "Invalid value: field is immutable");
    const o = clone(next);
    o.metadata = clone(live.metadata);
    const labels = stringMap(o, "metadata.labels", nm.labels, LABEL_KEY_RE, LABEL_VALUE_RE);
    if (Object.keys(labels).length > 0) o.metadata.labels = clone(labels); else delete o.metadata.labels;
    const annotations = stringMap(o, "metadata.annotations", nm.annotations, null, null);
    if (Object.keys(annotations).length > 0) o.metadata.annotations = clone(annotations); else delete o.metadata.annotations;
    if (live.status !== undefined) o.status = clone(live.status); else delete o.status;
    admitSpec(o);
    if (["Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"].indexOf(o.kind) >= 0 && canon(o.spec.selector) !== canon(live.spec.selector)) {
      invalid(o, "spec.selector", "Invalid value: " + JSON.stringify(o.spec.selector) + ": field is immutable");
    }
    if (o.kind === "Service" && live.spec.clusterIP) {
      if (o.spec.clusterIP && o.spec.clusterIP !== live.spec.clusterIP) invalid(o, "spec.clusterIP", "Invalid value: \"" + o.spec.clusterIP + "\": field is immutable");
      o.spec.clusterIP = live.spec.clusterIP;
      o.spec.clusterIPs = clone(live.spec.clusterIPs || [live.spec.clusterIP]);
      for (const p of o.spec.ports || []) {
        const old = (live.spec.ports || []).find((q) => q.port === p.port);
        if (!p.nodePort && o.spec.type !== "ClusterIP") p.nodePort = old && old.nodePort ? old.nodePort : 30000 + Math.floor(ctx.random() * 2768);
        if (o.spec.type === "ClusterIP") delete p.nodePort;
      }
      const lb = live.status && live.status.loadBalancer && live.status.loadBalancer.ingress;
      if (o.spec.type === "LoadBalancer" && !lb) o.status = { loadBalancer: { ingress: [{ hostname: "a" + hex(31) + "-" + (1000000000 + Math.floor(ctx.random() * 899999999)) + ".eu-west-1.elb.amazonaws.com" }] } };
      if (o.spec.type !== "LoadBalancer" && lb) o.status = { loadBalancer: {} };
    }
    if (o.kind === "PersistentVolumeClaim" && live.spec.volumeName) o.spec.volumeName = live.spec.volumeName;
    if (o.kind === "Pod") {
      const a = clone(o.spec), b = clone(live.spec);
      for (const c of a.containers.concat(b.containers)) c.image = "";
      delete a.activeDeadlineSeconds; delete b.activeDeadlineSeconds;
      if (canon(a) !== canon(b)) invalid(o, "spec", "Forbidden: pod updates may not change fields other than spec.containers[*].image and spec.activeDeadlineSeconds");
    }
    const same = canon(mutableParts(o)) === canon(mutableParts(live));
    return same ? null : o;
  }
  /** Writes a planned update and lets the object's controller act. */
  function commitUpdate(o) {
    const saved = saveObj(o);
    if (WORKLOADS.indexOf(saved.kind) >= 0) { reconcile(byUid(saved.metadata.uid)); settle(); }
    return byUid(saved.metadata.uid);
  }

  function mergeKey(list) {
    if (!Array.isArray(list) || list.length === 0) return null;
    for (const key of ["name", "containerPort", "mountPath", "port"]) if (list.every((x) => isMap(x) && x[key] !== undefined)) return key;
    return null;
  }
  /** RFC 7386 JSON merge patch; with strategic, lists of keyed items merge by key. */
  function mergePatch(target, patch, strategic) {
    if (!isMap(patch)) return clone(patch);
    const out = isMap(target) ? clone(target) : {};
    for (const key of Object.keys(patch)) {
      const p = patch[key];
      if (p === null) { delete out[key]; continue; }
      if (strategic && Array.isArray(p) && Array.isArray(out[key])) {
        const mk = mergeKey(p.filter((x) => !(isMap(x) && x["$patch"] === "delete")).concat(out[key]));
        if (mk !== null) {
          const list = out[key].slice();
          for (const item of p) {
            const at = list.findIndex((x) => x[mk] === item[mk]);
            if (isMap(item) && item["$patch"] === "delete") { if (at >= 0) list.splice(at, 1); continue; }
            if (at >= 0) list[at] = mergePatch(list[at], item, true); else list.push(mergePatch({}, item, true));
          }
          out[key] = list;
          continue;
        }
      }
      out[key] = isMap(p) ? mergePatch(out[key], p, strategic) : clone(p);
    }
    return out;
  }
  function pointer(path) {
    if (path === "") return [];
    if (typeof path !== "string" || path[0] !== "/") fail("invalid_argument", "invalid JSON patch path " + JSON.stringify(path) + ": it must start with /");
    return path.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  }
  function jsonPatch(doc, ops) {
    let out = clone(doc);
    if (ops.length > 200) fail("invalid_argument", "the JSON patch has more than 200 operations");
    ops.forEach((op, i) => {
      if (!isMap(op) || typeof op.op !== "string") fail("invalid_argument", "JSON patch operation " + i + " must be an object with op and path");
      const parts = pointer(op.path);
      const parentOf = (ps) => {
        let cur = out;
        for (let j = 0; j < ps.length - 1; j++) {
          cur = Array.isArray(cur) ? cur[Number(ps[j])] : isMap(cur) ? cur[ps[j]] : undefined;
          if (cur === undefined) fail("invalid_argument", "JSON patch operation " + i + " (" + op.op + " " + op.path + "): the path does not exist");
        }
        return cur;
      };
      const getAt = (ps) => { const parent = parentOf(ps); const last = ps[ps.length - 1]; return Array.isArray(parent) ? parent[Number(last)] : parent[last]; };
      const removeAt = (ps) => {
        const parent = parentOf(ps), last = ps[ps.length - 1];
        if (Array.isArray(parent)) { const n = Number(last); if (!(n >= 0 && n < parent.length)) fail("invalid_argument", "JSON patch operation " + i + ": index " + last + " is out of range"); return parent.splice(n, 1)[0]; }
        if (!Object.prototype.hasOwnProperty.call(parent, last)) fail("invalid_argument", "JSON patch operation " + i + " (" + op.op + " " + op.path + "): the path does not exist");
        const v = parent[last]; delete parent[last]; return v;
      };
      const addAt = (ps, v) => {
        if (ps.length === 0) { out = clone(v); return; }
        const parent = parentOf(ps), last = ps[ps.length - 1];
        if (Array.isArray(parent)) { const n = last === "-" ? parent.length : Number(last); if (!(n >= 0 && n <= parent.length)) fail("invalid_argument", "JSON patch operation " + i + ": index " + last + " is out of range"); parent.splice(n, 0, clone(v)); }
        else if (isMap(parent)) parent[last] = clone(v);
        else fail("invalid_argument", "JSON patch operation " + i + ": the parent of " + op.path + " is not an object or array");
      };
      if (op.op === "add") addAt(parts, op.value);
      else if (op.op === "remove") removeAt(parts);
      else if (op.op === "replace") { removeAt(parts); addAt(parts, op.value); }
      else if (op.op === "move") { const v = removeAt(pointer(op.from)); addAt(parts, v); }
      else if (op.op === "copy") addAt(parts, getAt(pointer(op.from)));
      else if (op.op === "test") { if (canon(getAt(parts)) !== canon(op.value)) fail("invalid_argument", "JSON patch test failed at " + op.path); }
      else fail("invalid_argument", "JSON patch operation " + i + ": unknown op " + JSON.stringify(op.op) + " (add, remove, replace, move, copy, test)");
    });
    return out;
  }
  /** kubectl apply's patch: the manifest's fields, and null for fields the last apply set but this one drops. */
  function applyPatch(last, desired) {
    const patch = {};
    for (const key of Object.keys(desired)) {
      const d = desired[key], l = isMap(last) ? last[key] : undefined;
      if (isMap(d) && isMap(l)) patch[key] = applyPatch(l, d);
      else if (Array.isArray(d) && Array.isArray(l) && mergeKey(d.concat(l)) !== null) {
        const mk = mergeKey(d.concat(l));
        patch[key] = d.map((item) => { const before = l.find((x) => x[mk] === item[mk]); return isMap(before) ? applyPatch(before, item) : item; });
        for (const item of l) if (!d.some((x) => x[mk] === item[mk])) { const del = {}; del[mk] = item[mk]; del["$patch"] = "delete"; patch[key].push(del); }
      } else patch[key] = d;
    }
    if (isMap(last)) for (const key of Object.keys(last)) if (!(key in desired)) patch[key] = null;
    return patch;
  }
`;
