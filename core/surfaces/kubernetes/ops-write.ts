// Sandboxed bodies of the write operations: create (kubectl's subcommands or a manifest), apply,
// delete, scale, patch, rollout and node cordon/uncordon/drain. Each validates everything before
// its first write; a failed call is rolled back by the runtime. Text results are what kubectl
// prints on stdout, JSON results what the real server wraps around it.
const NO_FILES = String.raw`
  function noFiles(role) {
    if (given(role)) fail("invalid_argument", C.args[role] + " names a file on the server's machine, and this environment has no files: pass the content inline instead (manifest, fromFileContent or patchData)");
  }
  function keyValues(role) {
    const out = {};
    const list = arg(role);
    if (list === undefined) return out;
    if (!Array.isArray(list)) fail("invalid_argument", C.args[role] + " must be a list of key=value strings");
    for (const item of list.slice(0, 200)) {
      const s = String(item);
      const eq = s.indexOf("=");
      if (eq <= 0) fail("invalid_argument", "invalid " + C.args[role] + " entry \"" + s + "\": expected key=value");
      out[s.slice(0, eq)] = s.slice(eq + 1);
    }
    return out;
  }
`;

export const CREATE_BODY = String.raw`${NO_FILES}
  checkContext();
  const nsArg = text("namespace") || "default";
  const dry = flag("dryRun");
  const output = text("output") || "yaml";
  if (["json", "yaml", "name"].indexOf(output) < 0) fail("invalid_argument", "output format \"" + output + "\" needs a template (--template), which this tool does not take; use json, yaml or name");
  noFiles("filename");
  noFiles("fromFile");
  function containerName(image) {
    const last = String(image).split("/").pop().split("@")[0].split(":")[0].toLowerCase().replace(/[^a-z0-9-]/g, "-").replace(/^-+|-+$/g, "");
    return last || "app";
  }
  function fromSubcommand() {
    const k = resolveKind(text("kind"));
    const name = text("name");
    if (name === "") fail("invalid_argument", "Name is required when creating a " + k.singular);
    const labels = keyValues("labels");
    const annotations = keyValues("annotations");
    const md = { name: name, namespace: nsArg };
    let o;
    const data = () => {
      const d = keyValues("fromLiteral");
      for (const f of arg("fromFileContent") || []) {
        if (!isMap(f) || typeof f.key !== "string" || f.key === "") fail("invalid_argument", "Each fromFileContent entry requires a non-empty 'key'");
        if (Object.prototype.hasOwnProperty.call(d, f.key)) fail("invalid_argument", "cannot add key \"" + f.key + "\", another key by that name already exists in data for " + k.kind + " \"" + name + "\"");
        d[f.key] = String(f.content === undefined ? "" : f.content);
      }
      return d;
    };
    const image = text("image");
    const needImage = () => { if (image === "") fail("invalid_argument", "image is required when creating a " + k.singular); };
    switch (k.kind) {
      case "Namespace":
        o = { apiVersion: "v1", kind: "Namespace", metadata: { name: name } };
        break;
      case "ConfigMap":
        o = { apiVersion: "v1", kind: "ConfigMap", metadata: md, data: data() };
        break;
      case "Secret": {
        const st = text("secretType");
        if (st === "") fail("invalid_argument", "secretType is required when creating a secret");
        const d = data();
        const enc = {};
        for (const key of Object.keys(d)) enc[key] = b64(d[key]);
        if (st === "generic") o = { apiVersion: "v1", kind: "Secret", metadata: md, type: "Opaque", data: enc };
        else if (st === "docker-registry") {
          if (enc[".dockerconfigjson"] === undefined) fail("invalid_argument", "docker-registry secrets need --docker-server, --docker-username and --docker-password, which this tool does not take; pass fromFileContent [{key: \".dockerconfigjson\", content}] instead");
          o = { apiVersion: "v1", kind: "Secret", metadata: md, type: "kubernetes.io/dockerconfigjson", data: enc };
        } else fail("invalid_argument", "tls secrets need --cert and --key files, which this tool cannot pass; create the secret from a manifest with type kubernetes.io/tls");
        break;
      }
      case "Service": {
        const st = (text("serviceType") || "clusterip").toLowerCase();
        const types = { clusterip: "ClusterIP", nodeport: "NodePort", loadbalancer: "LoadBalancer" };
        if (st === "externalname") fail("invalid_argument", "externalname services need --external-name, which this tool does not take; create the service from a manifest");
        if (!types[st]) fail("invalid_argument", "unknown serviceType " + st);
        const ports = (arg("tcpPort") || []).slice(0, 50).map((s) => {
          const m = /^(\d+)(?::(\d+))?$/.exec(String(s));
          if (!m) fail("invalid_argument", "invalid tcpPort \"" + s + "\": expected port or port:targetPort");
          return { name: m[1] + "-" + (m[2] || m[1]), port: Number(m[1]), protocol: "TCP", targetPort: Number(m[2] || m[1]) };
        });
        if (ports.length === 0) fail("invalid_argument", "at least one tcpPort specifier must be provided (e.g. [\"80:8080\"])");
        o = { apiVersion: "v1", kind: "Service", metadata: Object.assign(md, { labels: { app: name } }), spec: { ports: ports, selector: { app: name }, type: types[st] } };
        break;
      }
      case "Deployment": {
        needImage();
        const replicas = arg("replicas") === undefined ? 1 : arg("replicas");
        const c = { name: containerName(image), image: image, resources: {} };
        if (arg("port") !== undefined) c.ports = [{ containerPort: arg("port") }];
        o = { apiVersion: "apps/v1", kind: "Deployment", metadata: Object.assign(md, { labels: { app: name } }), spec: { replicas: replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [c] } } } };
        break;
      }
      case "Job": {
        needImage();
        const c = { name: name, image: image, resources: {} };
        if (Array.isArray(arg("command")) && arg("command").length > 0) c.command = arg("command").map(String);
        o = { apiVersion: "batch/v1", kind: "Job", metadata: md, spec: { template: { metadata: {}, spec: { containers: [c], restartPolicy: "Never" } } } };
        break;
      }
      case "CronJob": {
        needImage();
        if (text("schedule") === "") fail("invalid_argument", "schedule is required when creating a cronjob");
        const c = { name: name, image: image, resources: {} };
        if (Array.isArray(arg("command")) && arg("command").length > 0) c.command = arg("command").map(String);
        o = { apiVersion: "batch/v1", kind: "CronJob", metadata: md, spec: { schedule: text("schedule"), suspend: flag("suspend"), jobTemplate: { metadata: { name: name }, spec: { template: { metadata: {}, spec: { containers: [c], restartPolicy: "OnFailure" } } } } } };
        break;
      }
      default:
        fail("invalid_argument", "Unsupported resource type: " + text("kind") + " (kubectl create takes namespace, configmap, secret, service, deployment, job or cronjob here; use manifest for anything else)");
    }
    if (Object.keys(labels).length > 0) o.metadata.labels = Object.assign({}, o.metadata.labels || {}, labels);
    if (Object.keys(annotations).length > 0) o.metadata.annotations = annotations;
    return o;
  }
  let raws;
  if (given("manifest")) raws = parseManifest(arg("manifest"));
  else if (text("kind") !== "") raws = [fromSubcommand()];
  else fail("invalid_argument", "Either manifest, filename, or resourceType must be provided");
  const made = [];
  for (const raw of raws) {
    const a = admitNew(raw, nsArg);
    if (dry) {
      requireNamespace(a.k.namespaced ? a.o.metadata.namespace : "");
      made.push({ k: a.k, o: a.o });
    } else made.push({ k: a.k, o: createObject(a.k, a.o) });
  }
  if (output === "name") return made.map((m) => typed(m.k, m.o.metadata.name) + (dry ? " (dry run)" : "") + "\n").join("");
  const shown = made.length === 1 ? made[0].o : { apiVersion: "v1", items: made.map((m) => m.o), kind: "List", metadata: { resourceVersion: "" } };
  return output === "json" ? shown : toYaml(shown);
`;

export const APPLY_BODY = String.raw`${NO_FILES}
  const LAST = "kubectl.kubernetes.io/last-applied-configuration";
  checkContext();
  noFiles("filename");
  if (!given("manifest")) fail("invalid_argument", "Either manifest or filename must be provided");
  const nsArg = text("namespace") || "default";
  const dry = flag("dryRun");
  const lines = [];
  for (const raw of parseManifest(arg("manifest"))) {
    const a = admitNew(raw, nsArg);
    const desired = clone(raw);
    desired.metadata = Object.assign({}, desired.metadata);
    if (a.k.namespaced) desired.metadata.namespace = a.o.metadata.namespace;
    const lastApplied = canon(desired);
    const label = typed(a.k, a.o.metadata.name);
    const live = findObj(a.k, a.o.metadata.namespace || "", a.o.metadata.name);
    if (live === null) {
      a.o.metadata.annotations = Object.assign({}, a.o.metadata.annotations || {});
      a.o.metadata.annotations[LAST] = lastApplied;
      if (dry) requireNamespace(a.k.namespaced ? a.o.metadata.namespace : "");
      else createObject(a.k, a.o);
      lines.push(label + " created" + (dry ? " (dry run)" : ""));
      continue;
    }
    const patch = applyPatch(parsed(((live.metadata.annotations || {})[LAST]), null), desired);
    patch.metadata = Object.assign({}, patch.metadata || {});
    patch.metadata.annotations = Object.assign({}, isMap(patch.metadata.annotations) ? patch.metadata.annotations : {});
    patch.metadata.annotations[LAST] = lastApplied;
    const planned = planUpdate(live, mergePatch(live, patch, true));
    if (planned === null) { lines.push(label + " unchanged"); continue; }
    if (!dry) commitUpdate(planned);
    lines.push(label + " configured" + (dry ? " (dry run)" : ""));
  }
  return lines.join("\n") + "\n";
`;

export const DELETE_BODY = String.raw`${NO_FILES}
  checkContext();
  noFiles("filename");
  const nsArg = text("namespace") || "default";
  const kindText = text("kind");
  if (kindText === "" && !given("manifest")) fail("invalid_argument", "Either resourceType, manifest, or filename must be provided");
  const targets = [];
  if (given("manifest")) {
    for (const raw of parseManifest(arg("manifest"))) {
      const k = isMap(raw) ? kindOf(String(raw.kind)) : null;
      if (k === null) fail("invalid_argument", "resource mapping not found for kind \"" + (isMap(raw) ? raw.kind : "") + "\"");
      const md = isMap(raw.metadata) ? raw.metadata : {};
      if (typeof md.name !== "string" || md.name === "") fail("invalid_argument", "resource name may not be empty");
      const ns = k.namespaced ? (md.namespace ? String(md.namespace) : nsArg) : "";
      if (k.namespaced && ns !== nsArg) fail("invalid_argument", "the namespace from the provided object \"" + ns + "\" does not match the namespace \"" + nsArg + "\". You must pass '--namespace=" + ns + "' to perform this operation.");
      targets.push({ k: k, o: mustFind(k, ns, md.name) });
    }
  } else {
    const k = resolveKind(kindText);
    const name = text("name");
    const selector = text("labelSelector");
    if (name === "" && selector === "") fail("invalid_argument", "When using resourceType, either name or labelSelector must be provided");
    if (name !== "" && selector !== "") fail("invalid_argument", "name cannot be provided when a selector is specified");
    const everywhere = flag("allNamespaces") && k.namespaced;
    if (name !== "") {
      if (everywhere) fail("invalid_argument", "a resource cannot be retrieved by name across all namespaces");
      targets.push({ k: k, o: mustFind(k, namespaceArg(k), name) });
    } else {
      const reqs = parseLabelSelector(selector);
      for (const o of listObjs(k, everywhere ? null : nsArg)) if (matchesLabels(reqs, o.metadata.labels)) targets.push({ k: k, o: o });
      if (targets.length === 0) return "No resources found\n";
      if (targets.length > 200) fail("limit_exceeded", "the selector matches " + targets.length + " objects; this tool deletes at most 200 at once");
    }
  }
  for (const t of targets) {
    if (t.k.kind === "Namespace" && ["default", "kube-system", "kube-public", "kube-node-lease"].indexOf(t.o.metadata.name) >= 0) {
      fail("forbidden", "namespaces \"" + t.o.metadata.name + "\" is forbidden: this namespace may not be deleted");
    }
  }
  const deleted = [];
  const lines = [];
  for (const t of targets) {
    if (deleted.some((d) => d.metadata.uid === t.o.metadata.uid)) continue;
    deleteCascade(t.o, deleted);
    lines.push((t.k.group === "" ? t.k.singular : t.k.singular + "." + t.k.group) + " \"" + t.o.metadata.name + "\" deleted");
  }
  replaceDeleted(deleted);
  settle();
  return lines.join("\n") + "\n";
`;

export const SCALE_BODY = String.raw`
  checkContext();
  const typeText = text("kind") || "deployment";
  const k = resolveKind(typeText);
  if (["Deployment", "ReplicaSet", "StatefulSet"].indexOf(k.kind) < 0) fail("invalid_argument", "cannot scale " + k.name + ": deployments, replicasets and statefulsets can be scaled");
  const name = text("name");
  if (name === "") fail("invalid_argument", "a resource name is required");
  const replicas = arg("replicas");
  const o = mustFind(k, namespaceArg(k), name);
  if (typeof replicas !== "number" || !Number.isInteger(replicas)) fail("invalid_argument", "invalid argument " + JSON.stringify(replicas) + " for \"--replicas\" flag: must be a whole number");
  if (replicas < 0) fail("invalid_argument", "The " + k.kind + " \"" + name + "\" is invalid: spec.replicas: Invalid value: " + replicas + ": must be greater than or equal to 0");
  if (replicas > C.maxReplicas) fail("invalid_argument", "The " + k.kind + " \"" + name + "\" is invalid: spec.replicas: Invalid value: " + replicas + ": this model runs at most " + C.maxReplicas + " replicas per workload");
  const owner = ownerOf(o);
  // A ReplicaSet of a Deployment is scaled back by the deployment controller: nothing changes.
  if (!(k.kind === "ReplicaSet" && owner && owner.kind === "Deployment") && o.spec.replicas !== replicas) {
    o.spec.replicas = replicas;
    commitUpdate(o);
  }
  return { success: true, message: "Scaled " + typeText + " " + name + " to " + replicas + " replicas" };
`;

export const PATCH_BODY = String.raw`${NO_FILES}
  checkContext();
  const k = resolveKind(text("kind"));
  const name = text("name");
  if (name === "") fail("invalid_argument", "a resource name is required");
  noFiles("patchFile");
  const data = arg("patchData");
  if (data === undefined) fail("invalid_argument", "Either patchData or patchFile must be provided");
  const type = text("patchType") || "strategic";
  if (["strategic", "merge", "json"].indexOf(type) < 0) fail("invalid_argument", "unknown patchType " + type + " (strategic, merge or json)");
  const live = mustFind(k, namespaceArg(k), name);
  let next;
  if (type === "json") {
    if (!Array.isArray(data)) fail("invalid_argument", "a JSON patch (patchType json) is a list of operations such as [{\"op\": \"replace\", \"path\": \"/spec/replicas\", \"value\": 3}], and patchData is an object: json: cannot unmarshal object into Go value of type jsonpatch.Patch. Use patchType merge or strategic with an object instead");
    next = jsonPatch(live, data);
  } else {
    if (!isMap(data)) fail("invalid_argument", "patchData must be a JSON object for a " + type + " merge patch");
    next = mergePatch(live, data, type === "strategic");
  }
  const planned = planUpdate(live, next);
  const label = typed(k, name);
  if (planned === null) return label + " patched (no change)\n";
  if (flag("dryRun")) return label + " patched (dry run)\n";
  commitUpdate(planned);
  return label + " patched\n";
`;

export const ROLLOUT_BODY = String.raw`
  checkContext();
  const sub = text("subCommand") || "status";
  const k = resolveKind(text("kind") || "deployment");
  if (["Deployment", "StatefulSet", "DaemonSet"].indexOf(k.kind) < 0) fail("invalid_argument", "no rollout for " + k.name + ": deployments, statefulsets and daemonsets roll out");
  const name = text("name");
  if (name === "") fail("invalid_argument", "a resource name is required");
  const o = mustFind(k, namespaceArg(k), name);
  const label = typed(k, name);
  const plural = qualified(k) + " \"" + name + "\"";
  function revisions() {
    if (k.kind === "Deployment") {
      return ownedBy(o).filter((x) => x.kind === "ReplicaSet").map((rs) => ({ n: rsRevision(rs), template: stripHash(rs.spec.template), cause: annotation(rs, "kubernetes.io/change-cause") || "<none>" })).sort((a, b) => a.n - b.n);
    }
    return revisionsOf(o).map((cr) => ({ n: cr.revision, template: clone((cr.data && cr.data.spec && cr.data.spec.template) || {}), cause: annotation(cr, "kubernetes.io/change-cause") || "<none>" }));
  }
  function currentOf(revs) { return revs.find((r) => sameTemplate(r.template, o.spec.template)) || null; }
  if (sub === "status") {
    const st = o.status || {};
    const want = o.spec.replicas === undefined ? 1 : o.spec.replicas;
    if (k.kind === "Deployment") {
      const prog = (st.conditions || []).find((c) => c.type === "Progressing");
      if (prog && prog.reason === "ProgressDeadlineExceeded") fail("rollout_failed", "deployment \"" + name + "\" exceeded its progress deadline");
      if (o.spec.paused) return "Waiting for deployment \"" + name + "\" rollout to finish: the deployment is paused (resume it to continue)\n";
      if ((st.updatedReplicas || 0) < want) return "Waiting for deployment \"" + name + "\" rollout to finish: " + (st.updatedReplicas || 0) + " out of " + want + " new replicas have been updated...\n";
      if ((st.replicas || 0) > (st.updatedReplicas || 0)) return "Waiting for deployment \"" + name + "\" rollout to finish: " + ((st.replicas || 0) - (st.updatedReplicas || 0)) + " old replicas are pending termination...\n";
      if ((st.availableReplicas || 0) < (st.updatedReplicas || 0)) return "Waiting for deployment \"" + name + "\" rollout to finish: " + (st.availableReplicas || 0) + " of " + (st.updatedReplicas || 0) + " updated replicas are available...\n";
      return "deployment \"" + name + "\" successfully rolled out\n";
    }
    if (k.kind === "StatefulSet") {
      if ((st.readyReplicas || 0) < want) return "Waiting for " + (want - (st.readyReplicas || 0)) + " pods to be ready...\n";
      return "statefulset rolling update complete " + want + " pods at revision " + st.updateRevision + "...\n";
    }
    if ((st.numberAvailable || 0) < (st.desiredNumberScheduled || 0)) return "Waiting for daemon set \"" + name + "\" rollout to finish: " + (st.numberAvailable || 0) + " of " + (st.desiredNumberScheduled || 0) + " updated pods are available...\n";
    return "daemon set \"" + name + "\" successfully rolled out\n";
  }
  if (sub === "history") {
    const revs = revisions();
    const want = arg("toRevision");
    if (typeof want === "number" && want > 0) {
      const r = revs.find((x) => x.n === want);
      if (!r) fail("not_found", "unable to find the specified revision " + want + " for " + label);
      return [label + " with revision #" + want, "Pod Template:"].concat(podTemplateLines(r.template, 2)).join("\n") + "\n\n";
    }
    return label + " \n" + renderTable(["REVISION", "CHANGE-CAUSE"], revs.map((r) => [r.n, r.cause])).replace(/^(\S+)   /gm, (m, a) => a + "  ") + "\n";
  }
  if (sub === "undo") {
    if (o.spec.paused) fail("conflict", "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume " + k.singular + "/" + name + "' and try again");
    const revs = revisions();
    const cur = currentOf(revs);
    const want = arg("revision");
    let target;
    if (typeof want === "number" && want > 0) {
      target = revs.find((x) => x.n === want);
      if (!target) fail("not_found", "unable to find specified revision " + want + " in history");
    } else {
      const older = revs.filter((r) => cur === null || r.n < cur.n);
      target = older.length > 0 ? older[older.length - 1] : null;
      if (!target) fail("not_found", "no rollout history found for " + k.singular + " \"" + name + "\"");
    }
    if (cur !== null && target.n === cur.n) return label + " skipped rollback (current template already matches revision " + target.n + ")\n";
    o.spec.template = target.template;
    commitUpdate(o);
    return label + " rolled back\n";
  }
  if (sub === "restart") {
    if (o.spec.paused) fail("conflict", plural + " can't restart paused deployment (run rollout resume first)");
    o.spec.template = clone(o.spec.template || {});
    o.spec.template.metadata = o.spec.template.metadata || {};
    o.spec.template.metadata.annotations = Object.assign({}, o.spec.template.metadata.annotations || {}, { "kubectl.kubernetes.io/restartedAt": nowIso() });
    commitUpdate(o);
    return label + " restarted\n";
  }
  if (sub === "pause" || sub === "resume") {
    if (k.kind !== "Deployment") fail("invalid_argument", plural + " " + (sub === "pause" ? "pausing" : "resuming") + " is not supported");
    if (sub === "pause" && o.spec.paused) fail("conflict", plural + " is already paused");
    if (sub === "resume" && !o.spec.paused) fail("conflict", plural + " is not paused");
    if (sub === "pause") o.spec.paused = true; else delete o.spec.paused;
    commitUpdate(o);
    return label + " " + (sub === "pause" ? "paused" : "resumed") + "\n";
  }
  return fail("invalid_argument", "unknown rollout subcommand " + sub + " (history, pause, restart, resume, status, undo)");
`;

export const NODES_BODY = String.raw`
  const op = text("operation");
  const nodeName = text("nodeName");
  if (["cordon", "uncordon", "drain"].indexOf(op) < 0) fail("invalid_argument", "Unknown operation: " + op + " (cordon, drain or uncordon)");
  if (nodeName === "") fail("invalid_argument", "nodeName is required for " + op);
  const node = mustFind(NODE, "", nodeName);
  const TAINT = "node.kubernetes.io/unschedulable";
  function setSchedulable(on) {
    node.spec = Object.assign({}, node.spec || {});
    if (on) {
      delete node.spec.unschedulable;
      const taints = (node.spec.taints || []).filter((t) => t.key !== TAINT);
      if (taints.length > 0) node.spec.taints = taints; else delete node.spec.taints;
    } else {
      node.spec.unschedulable = true;
      node.spec.taints = (node.spec.taints || []).filter((t) => t.key !== TAINT).concat([{ effect: "NoSchedule", key: TAINT, timeAdded: nowIso() }]);
    }
    saveObj(node);
    clusterCache = null;
  }
  const cordoned = !!(node.spec && node.spec.unschedulable);
  if (op === "cordon") {
    if (cordoned) return "Node '" + nodeName + "' is already cordoned (unschedulable)";
    setSchedulable(false);
    return "Successfully cordoned node '" + nodeName + "'. The node is now unschedulable.";
  }
  if (op === "uncordon") {
    if (!cordoned) return "Node '" + nodeName + "' is already uncordoned (schedulable)";
    setSchedulable(true);
    settle();
    return "Successfully uncordoned node '" + nodeName + "'. The node is now schedulable.";
  }
  if (cordoned) return "Node '" + nodeName + "' is already cordoned (unschedulable). Drain operation may not be necessary.";
  const dry = flag("dryRun");
  if (!dry && !flag("confirmDrain")) return "Drain operation requires explicit confirmation. Set confirmDrain=true to proceed with draining node '" + nodeName + "'.";
  const pods = listObjs(POD, null).filter((p) => p.spec && p.spec.nodeName === nodeName);
  const ignored = [], evict = [], problems = { daemon: [], unmanaged: [], local: [] };
  for (const p of pods) {
    const ref = ownerOf(p);
    const id = p.metadata.namespace + "/" + p.metadata.name;
    if (ref && ref.kind === "DaemonSet") { if (flag("ignoreDaemonsets")) ignored.push(id); else problems.daemon.push(id); continue; }
    if (podActive(p) && !ref && !flag("force")) { problems.unmanaged.push(id); continue; }
    if (podActive(p) && (p.spec.volumes || []).some((v) => v.emptyDir) && !flag("deleteLocalData")) { problems.local.push(id); continue; }
    evict.push(p);
  }
  const errors = [];
  if (problems.daemon.length > 0) errors.push("cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): " + problems.daemon.join(", "));
  if (problems.unmanaged.length > 0) errors.push("cannot delete Pods that declare no controller (use --force to override): " + problems.unmanaged.join(", "));
  if (problems.local.length > 0) errors.push("cannot delete Pods with local storage (use --delete-emptydir-data to override): " + problems.local.join(", "));
  const suffix = dry ? " (dry run)" : "";
  const out = ["node/" + nodeName + " cordoned" + suffix];
  if (errors.length > 0) {
    if (!dry) setSchedulable(false);
    out.push("error: unable to drain node \"" + nodeName + "\" due to error: " + errors.join(", ") + ", continuing command...");
    return "Node management operation failed: Failed to drain node: kubectl command failed: " + out.join("\n") + "\nThe node is cordoned; no pods were evicted.";
  }
  if (ignored.length > 0) out.push("Warning: ignoring DaemonSet-managed Pods: " + ignored.join(", "));
  for (const p of evict) out.push("evicting pod " + p.metadata.namespace + "/" + p.metadata.name + suffix);
  for (const p of evict) out.push("pod/" + p.metadata.name + " evicted" + suffix);
  out.push("node/" + nodeName + " drained" + suffix);
  if (dry) return "Dry run drain operation for node '" + nodeName + "':\n\n" + out.join("\n") + "\n\nTo perform the actual drain, set dryRun=false and confirmDrain=true.";
  setSchedulable(false);
  const deleted = [];
  for (const p of evict) deleteCascade(p, deleted);
  replaceDeleted(deleted);
  settle();
  return "Successfully drained node '" + nodeName + "'.\n\n" + out.join("\n") + "\n";
`;
