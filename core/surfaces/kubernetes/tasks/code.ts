// The JavaScript resource-task solutions are written in: small helpers over the environment's own
// kubectl tools (get one object, list by namespace and label, follow owners up from a pod, read a
// container's log lines, parse resource quantities, and the writes), each bound to the tool and
// argument names the lens found. A template names the helpers it uses; the program starts with
// those and what they depend on.
import { AppError } from "../../../base/errors";
import { lit } from "../../../tasks/programs/program-code";
import type { ResourceLens, ResourceTool } from "./lens";

export type Helper =
  | "get"
  | "list"
  | "selector"
  | "topOwner"
  | "podsOf"
  | "logLines"
  | "cpuMilli"
  | "memMi"
  | "ready"
  | "scale"
  | "patch"
  | "rollout"
  | "cordon"
  | "remove";

const DEPENDS: Partial<Record<Helper, Helper[]>> = {
  topOwner: ["get"],
  podsOf: ["list", "selector"],
};

const arg = (tool: ResourceTool, role: string) => lit(tool.args[role] ?? role);

function need(tool: ResourceTool | undefined, helper: Helper): ResourceTool {
  if (!tool)
    throw new AppError("internal", `the ${helper} helper needs a tool the lens did not find`);
  return tool;
}

function helperCode(lens: ResourceLens, helper: Helper): string {
  const g = lens.get;
  switch (helper) {
    case "get":
      return [
        "const get = (kind, name, namespace) => {",
        `  const a = { ${arg(g, "kind")}: kind, ${arg(g, "name")}: name };`,
        `  if (namespace) a[${arg(g, "namespace")}] = namespace;`,
        `  return ctx.call(${lit(g.name)}, a);`,
        "};",
      ].join("\n");
    case "list":
      return [
        "const list = (kind, namespace, labels) => {",
        `  const a = { ${arg(g, "kind")}: kind };`,
        `  if (namespace === null) a[${arg(g, "allNamespaces")}] = true;`,
        `  else a[${arg(g, "namespace")}] = namespace;`,
        `  if (labels) a[${arg(g, "labelSelector")}] = labels;`,
        `  return ctx.call(${lit(g.name)}, a).items;`,
        "};",
      ].join("\n");
    case "selector":
      return "const selector = (labels) => Object.keys(labels).map((k) => k + '=' + labels[k]).join(',');";
    case "topOwner":
      return [
        "const topOwner = (o) => {",
        "  let here = o;",
        "  let top = null;",
        "  while (here.metadata.ownerReferences && here.metadata.ownerReferences.length > 0) {",
        "    const ref = here.metadata.ownerReferences[0];",
        "    here = get(ref.kind.toLowerCase(), ref.name, o.metadata.namespace);",
        "    top = here;",
        "  }",
        "  return top;",
        "};",
      ].join("\n");
    case "podsOf":
      return "const podsOf = (workload) => list('pods', workload.metadata.namespace, selector(workload.spec.selector.matchLabels || workload.spec.selector));";
    case "logLines": {
      const l = need(lens.logs, helper);
      return [
        "const logLines = (pod, namespace, container) => {",
        `  const out = ctx.call(${lit(l.name)}, { ${arg(l, "kind")}: 'pod', ${arg(l, "name")}: pod, ${arg(l, "namespace")}: namespace, ${arg(l, "container")}: container });`,
        "  return out.logs.split('\\n').filter((line) => line !== '');",
        "};",
      ].join("\n");
    }
    case "cpuMilli":
      return "const cpuMilli = (q) => (q === undefined ? 0 : /m$/.test(String(q)) ? Number(String(q).slice(0, -1)) : Math.round(Number(q) * 1000));";
    case "memMi":
      return [
        "const memMi = (q) => {",
        "  const m = /^([0-9.]+)([A-Za-z]*)$/.exec(String(q === undefined ? 0 : q));",
        "  const units = { '': 1, k: 1e3, M: 1e6, G: 1e9, Ki: 1024, Mi: 1048576, Gi: 1073741824 };",
        "  return m ? (Number(m[1]) * (units[m[2]] || 1)) / 1048576 : 0;",
        "};",
      ].join("\n");
    case "ready":
      return "const ready = (pod) => ((pod.status && pod.status.conditions) || []).some((c) => c.type === 'Ready' && c.status === 'True');";
    case "scale": {
      const s = need(lens.scale, helper);
      return `const scale = (kind, name, namespace, replicas) => ctx.call(${lit(s.name)}, { ${arg(s, "kind")}: kind, ${arg(s, "name")}: name, ${arg(s, "namespace")}: namespace, ${arg(s, "replicas")}: replicas });`;
    }
    case "patch": {
      const p = need(lens.patch, helper);
      return [
        "const patch = (kind, name, namespace, data) => {",
        `  const a = { ${arg(p, "kind")}: kind, ${arg(p, "name")}: name, ${arg(p, "patchData")}: data };`,
        `  if (namespace) a[${arg(p, "namespace")}] = namespace;`,
        `  return ctx.call(${lit(p.name)}, a);`,
        "};",
      ].join("\n");
    }
    case "rollout": {
      const r = need(lens.rollout, helper);
      return [
        "const rollout = (action, kind, name, namespace, revision) => {",
        `  const a = { ${arg(r, "subCommand")}: action, ${arg(r, "kind")}: kind, ${arg(r, "name")}: name, ${arg(r, "namespace")}: namespace };`,
        `  if (revision !== undefined) a[${arg(r, "revision")}] = revision;`,
        `  return ctx.call(${lit(r.name)}, a);`,
        "};",
      ].join("\n");
    }
    case "cordon": {
      const n = need(lens.nodes, helper);
      return `const cordon = (node) => ctx.call(${lit(n.name)}, { ${arg(n, "operation")}: 'cordon', ${arg(n, "nodeName")}: node });`;
    }
    case "remove": {
      const d = need(lens.delete, helper);
      return `const remove = (kind, name, namespace) => ctx.call(${lit(d.name)}, { ${arg(d, "kind")}: kind, ${arg(d, "name")}: name, ${arg(d, "namespace")}: namespace });`;
    }
  }
}

const ORDER: readonly Helper[] = [
  "get",
  "list",
  "selector",
  "topOwner",
  "podsOf",
  "logLines",
  "cpuMilli",
  "memMi",
  "ready",
  "scale",
  "patch",
  "rollout",
  "cordon",
  "remove",
];

/** The helper definitions `helpers` need (with what they use), in a fixed order. */
export function prelude(lens: ResourceLens, helpers: readonly Helper[]): string[] {
  const wanted = new Set<Helper>();
  const add = (h: Helper) => {
    if (wanted.has(h)) return;
    wanted.add(h);
    for (const d of DEPENDS[h] ?? []) add(d);
  };
  for (const h of helpers) add(h);
  return ORDER.filter((h) => wanted.has(h)).map((h) => helperCode(lens, h));
}

/** The tools a set of helpers calls, by name. */
export function toolsOf(lens: ResourceLens, helpers: readonly Helper[]): string[] {
  const tools = new Set<string>();
  for (const h of helpers) {
    if (["get", "list", "topOwner", "podsOf"].includes(h)) tools.add(lens.get.name);
    const by: Partial<Record<Helper, ResourceTool | undefined>> = {
      logLines: lens.logs,
      scale: lens.scale,
      patch: lens.patch,
      rollout: lens.rollout,
      cordon: lens.nodes,
      remove: lens.delete,
    };
    const tool = by[h];
    if (tool) tools.add(tool.name);
  }
  return [...tools];
}
