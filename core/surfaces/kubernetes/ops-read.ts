// Sandboxed bodies of the read operations: get/list, describe, logs, the API resource list, and
// kubeconfig contexts (whose `set` is the one write here). Each runs after the runtime modules its
// operation names (operations.ts); results follow the real server's shapes.
export const GET_BODY = String.raw`
  checkContext();
  const kindText = text("kind");
  const output = text("output") || "json";
  if (["json", "yaml", "wide", "name", "custom"].indexOf(output) < 0) fail("invalid_argument", "unable to match a printer suitable for the output format \"" + output + "\", allowed formats are: custom,json,name,wide,yaml");
  const everyKind = kindText.toLowerCase() === "all";
  const kinds = everyKind ? C.kinds.filter((k) => k.categories.indexOf("all") >= 0) : [resolveKind(kindText)];
  const first = kinds[0];
  const ns = text("namespace") || "default";
  const name = text("name");
  const events = !everyKind && first.kind === "Event";
  const everywhere = flag("allNamespaces") || (events && !given("namespace"));
  let found = [];
  if (name !== "") {
    if (everyKind) fail("invalid_argument", "a resource name cannot be combined with \"all\"; name one resource type");
    if (everywhere && first.namespaced) fail("invalid_argument", "a resource cannot be retrieved by name across all namespaces");
    found = [{ k: first, o: mustFind(first, ns, name) }];
  } else {
    const labels = parseLabelSelector(text("labelSelector"));
    for (const k of kinds) {
      const fields = parseFieldSelector(text("fieldSelector"), k);
      for (const o of listObjs(k, everywhere ? null : ns)) {
        if (matchesLabels(labels, o.metadata.labels) && matchesFields(fields, o)) found.push({ k: k, o: o });
      }
    }
    const sortBy = text("sortBy") || (events ? ".lastTimestamp" : "");
    if (sortBy !== "") {
      const path = sortBy.replace(/^\{/, "").replace(/\}$/, "").replace(/^\./, "");
      if (!/^[A-Za-z0-9_]+(\[\d+\])?(\.[A-Za-z0-9_]+(\[\d+\])?)*$/.test(path)) fail("invalid_argument", "couldn't parse sort-by jsonpath \"" + sortBy + "\": use a field path such as .metadata.name or .status.containerStatuses[0].restartCount");
      const valueAt = (o) => {
        let cur = o;
        for (const part of path.split(".")) {
          const m = /^([A-Za-z0-9_]+)(?:\[(\d+)\])?$/.exec(part);
          cur = isMap(cur) ? cur[m[1]] : undefined;
          if (m[2] !== undefined) cur = Array.isArray(cur) ? cur[Number(m[2])] : undefined;
        }
        return cur;
      };
      found = found.map((f, i) => ({ f: f, v: valueAt(f.o), i: i })).sort((a, b) => {
        if (a.v === b.v) return a.i - b.i;
        if (a.v === undefined || a.v === null) return -1;
        if (b.v === undefined || b.v === null) return 1;
        if (typeof a.v === "number" && typeof b.v === "number") return a.v - b.v;
        return String(a.v) < String(b.v) ? -1 : String(a.v) > String(b.v) ? 1 : a.i - b.i;
      }).map((x) => x.f);
    }
  }
  const masked = (f) => {
    if (f.o.kind !== "Secret" || !isMap(f.o.data)) return f.o;
    const o = clone(f.o);
    for (const key of Object.keys(o.data)) o.data[key] = "***";
    return o;
  };
  if (name !== "") {
    if (output === "json") return masked(found[0]);
    if (output === "yaml") return toYaml(masked(found[0]));
    if (output === "name") return typed(first, name) + "\n";
    if (output === "custom") return customTable(first, [found[0].o]);
    return wideTable(first, [found[0].o], false);
  }
  if (output === "json") return events ? { events: found.map((f) => eventSummary(f.o)) } : { items: found.map((f) => summary(f.o)) };
  if (output === "yaml") return toYaml({ apiVersion: "v1", items: found.map(masked), kind: "List", metadata: { resourceVersion: "" } });
  if (output === "name") return found.map((f) => typed(f.k, f.o.metadata.name) + "\n").join("");
  if (found.length === 0) return noResources(ns, everywhere, first);
  if (output === "custom") return customTable(first, found.map((f) => f.o));
  const tables = [];
  for (const k of kinds) {
    const objs = found.filter((f) => f.k === k).map((f) => f.o);
    if (objs.length === 0) continue;
    tables.push(wideTable(k, objs, everywhere, everyKind ? typed(k, "") : ""));
  }
  return tables.join("\n");
`;

export const DESCRIBE_BODY = String.raw`
  checkContext();
  const k = resolveKind(text("kind"));
  const name = text("name");
  if (name === "") fail("invalid_argument", "a resource name is required");
  let objs;
  if (flag("allNamespaces") && k.namespaced) objs = listObjs(k, null).filter((o) => o.metadata.name === name);
  else {
    const exact = findObj(k, namespaceArg(k), name);
    objs = exact !== null ? [exact] : listObjs(k, k.namespaced ? namespaceArg(k) : null).filter((o) => o.metadata.name.indexOf(name) === 0).slice(0, 20);
  }
  if (objs.length === 0) notFound(k, name);
  return objs.map(describeObject).join("\n\n");
`;

export const LOGS_BODY = String.raw`
  const SQL_LOG_LINES = "SELECT logged_at, line FROM k8s_pod_log WHERE namespace = ? AND pod = ? AND container = ? AND previous = ? ORDER BY id LIMIT 2000";
  checkContext();
  const type = (text("kind") || "pod").toLowerCase();
  const ns = text("namespace") || "default";
  const name = text("name");
  if (name === "") fail("invalid_argument", "a resource name is required");
  const tail = arg("tail");
  if (tail !== undefined && (typeof tail !== "number" || !Number.isInteger(tail) || tail < -1)) fail("invalid_argument", "tail must be a whole number of lines (or -1 for all)");
  let fromMs = null;
  if (text("since") !== "") fromMs = timeMs(ctx.now()) - parseDuration(text("since")) * 1000;
  if (text("sinceTime") !== "") {
    const t = Date.parse(text("sinceTime"));
    if (isNaN(t)) fail("invalid_argument", "sinceTime must be an RFC3339 time such as 2025-01-06T08:00:00Z");
    fromMs = fromMs === null ? t : Math.max(fromMs, t);
  }
  function podLogs(pod) {
    const names = ((pod.spec && pod.spec.containers) || []).map((c) => c.name);
    let c = text("container");
    if (c === "") {
      if (names.length > 1) fail("invalid_argument", "a container name must be specified for pod " + pod.metadata.name + ", choose one of: [" + names.join(" ") + "]", { pod_name: pod.metadata.name, available_containers: names });
      c = names[0];
    } else if (names.indexOf(c) < 0) fail("invalid_argument", "container " + c + " is not valid for pod " + pod.metadata.name);
    const st = ((pod.status && pod.status.containerStatuses) || []).find((s) => s.name === c);
    if (!st) fail("invalid_argument", "container \"" + c + "\" in pod \"" + pod.metadata.name + "\" is waiting to start: " + (pod.spec.nodeName ? "ContainerCreating" : "the pod is not scheduled to a node"));
    if (flag("previous") && !(st.restartCount > 0)) fail("invalid_argument", "previous terminated container \"" + c + "\" in pod \"" + pod.metadata.name + "\" not found");
    let rows = ctx.query(SQL_LOG_LINES, [pod.metadata.namespace, pod.metadata.name, c, flag("previous") ? 1 : 0]);
    if (fromMs !== null) rows = rows.filter((r) => timeMs(r.logged_at) >= fromMs);
    if (typeof tail === "number" && tail >= 0) rows = tail === 0 ? [] : rows.slice(-tail);
    return rows.map((r) => (flag("timestamps") ? r.logged_at.replace(/Z$/, ".000000000Z") + " " : "") + r.line + "\n").join("");
  }
  function softLogs(pod) {
    try { return podLogs(pod); } catch (e) { return "Error: " + e.message; }
  }
  function bySelector(selector, pods) {
    if (pods.length === 0) return { message: "No pods found with label selector \"" + selector + "\" in namespace " + ns };
    const logs = {};
    for (const p of pods.slice(0, 50)) logs[p.metadata.name] = softLogs(p);
    return { selector: selector, namespace: ns, logs: logs };
  }
  if (type === "pod" || type === "pods" || type === "po") return { name: name, logs: podLogs(mustFind(kindOf("Pod"), ns, name)) };
  if (type === "deployment" || type === "deployments" || type === "deploy") {
    const d = mustFind(kindOf("Deployment"), ns, name);
    const sel = (d.spec.selector && d.spec.selector.matchLabels) || {};
    return bySelector(labelsText(sel), listObjs(kindOf("Pod"), ns).filter((p) => selectorMatches(d.spec.selector, p.metadata.labels)));
  }
  if (type === "job" || type === "jobs") {
    mustFind(kindOf("Job"), ns, name);
    return bySelector("job-name=" + name, listObjs(kindOf("Pod"), ns).filter((p) => (p.metadata.labels || {})["job-name"] === name));
  }
  if (type === "cronjob" || type === "cronjobs" || type === "cj") {
    const cj = mustFind(kindOf("CronJob"), ns, name);
    const jobs = ownedBy(cj).filter((o) => o.kind === "Job");
    if (jobs.length === 0) return { message: "No jobs found for cronjob " + name + " in namespace " + ns };
    const out = {};
    for (const j of jobs) {
      const logs = {};
      for (const p of ownedBy(j).filter((o) => o.kind === "Pod")) logs[p.metadata.name] = softLogs(p);
      out[j.metadata.name] = logs;
    }
    return { cronjob: name, namespace: ns, jobs: out };
  }
  return fail("invalid_argument", "Unsupported resource type: " + type + " (pod, deployment, job or cronjob)");
`;

export const API_RESOURCES_BODY = String.raw`
  checkContext();
  const output = text("output") || "wide";
  if (output !== "wide" && output !== "name") fail("invalid_argument", "--output " + output + " is not available: kubectl api-resources prints wide or name");
  let rows = C.kinds.slice();
  if (given("apiGroup")) rows = rows.filter((k) => k.group === text("apiGroup"));
  if (given("namespaced")) rows = rows.filter((k) => k.namespaced === arg("namespaced"));
  const verbs = arg("verbs");
  if (Array.isArray(verbs) && verbs.length > 0) rows = rows.filter((k) => verbs.every((v) => k.verbs.indexOf(String(v)) >= 0));
  if (output === "name") return rows.map((k) => qualified(k) + "\n").join("");
  return renderTable(["NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND", "VERBS", "CATEGORIES"], rows.map((k) => [k.name, k.short.join(","), apiVersionOf(k), String(k.namespaced), k.kind, k.verbs.join(","), k.categories.join(",")]));
`;

export const CONTEXT_BODY = String.raw`
  const SQL_CONTEXTS = "SELECT * FROM k8s_kubeconfig_context ORDER BY name LIMIT 100";
  const SQL_CLEAR_CURRENT = "UPDATE k8s_kubeconfig_context SET current = 0 WHERE current <> 0";
  const SQL_SET_CURRENT = "UPDATE k8s_kubeconfig_context SET current = 1 WHERE name = ?";
  const op = text("operation") || "list";
  const all = ctx.query(SQL_CONTEXTS);
  const current = all.find((c) => c.current === 1) || null;
  if (op === "list") {
    const output = text("output") || "json";
    if (output === "name") return all.map((c) => c.name + "\n").join("");
    if (output === "json" || output === "custom") return { contexts: all.map((c) => ({ name: c.name, cluster: c.cluster, user: c.user, namespace: c.namespace || "default", isCurrent: c.current === 1 })) };
    return renderTable(["CURRENT", "NAME", "CLUSTER", "AUTHINFO", "NAMESPACE"], all.map((c) => [c.current === 1 ? "*" : "", c.name, c.cluster, c.user, c.namespace]));
  }
  if (op === "get") {
    if (current === null) return { currentContext: null, error: "No current context is set" };
    if (flag("detailed")) return { name: current.name, cluster: current.cluster, user: current.user, namespace: current.namespace || "default" };
    return { currentContext: current.name };
  }
  if (op === "set") {
    const name = text("name");
    if (name === "") fail("invalid_argument", "Name parameter is required for set operation");
    const short = name.indexOf("cluster/") >= 0 ? name.split("cluster/")[1] : name;
    const target = all.find((c) => c.name === name) || all.find((c) => c.name === short);
    if (!target) fail("not_found", "Context '" + name + "' not found", { known: all.map((c) => c.name) });
    ctx.run(SQL_CLEAR_CURRENT);
    ctx.run(SQL_SET_CURRENT, [target.name]);
    return { success: true, message: "Current context set to '" + name + "'", context: name };
  }
  return fail("invalid_argument", "Invalid operation: " + op + " (list, get or set)");
`;
