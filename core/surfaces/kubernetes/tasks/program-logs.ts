// Programmatic reads over container logs: count the lines that contain a text, across the pods of
// a workload for one container, or across every container of a namespace's or a label's pods.
import { lit } from "../../../tasks/programs/program-code";
import { containersOf, nodeOf } from "./cluster";
import { labelScopes, namespaceScopes, workloadScopes } from "./scopes";
import { programRead, type ResourceTemplate, WHOLE_NUMBER } from "./template";

/** Text a log line may contain that people search logs for. */
const LOG_TOKENS = [
  "ERROR",
  "WARN",
  "INFO",
  "error",
  "warn",
  "timeout",
  "GET",
  "POST",
  "status=200",
  "status=409",
  "status=201",
  "/cart",
  "/checkout",
  "/products",
  "/healthz",
  "kube-probe",
  "checkpoint complete",
  "settled batch",
  "Request Completed",
  "NOERROR",
  "starting",
  "listening",
];

/** "How many lines of the logs of the envoy container, across the pods of ..., contain "POST"?" */
const countLogLines: ResourceTemplate = {
  name: "count-log-lines",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.logs) return [];
    return workloadScopes(ctx.cluster).flatMap((scope) => {
      const started = scope.pods.filter((p) => nodeOf(p));
      const workload = scope.workload;
      if (started.length === 0 || !workload) return [];
      return containersOf(workload).flatMap((c) => {
        const lines = started.flatMap((p) => [...ctx.cluster.logs(p, c.name)]);
        return LOG_TOKENS.flatMap((token) => {
          const n = lines.filter((l) => l.includes(token)).length;
          if (n === 0 || n === lines.length) return [];
          return [
            programRead(
              ctx,
              `${scope.key}/${c.name}/${token}`,
              `logs:${scope.key}/${c.name}`,
              `Across all pods ${scope.words}, how many lines of the ${c.name} container's logs contain the text "${token}"?`,
              [...scope.helpers, "get", "logLines"],
              [
                scope.code,
                "let n = 0;",
                "for (const p of pods) {",
                "  if (!get('pod', p.name, p.namespace).spec.nodeName) continue;",
                `  for (const line of logLines(p.name, p.namespace, ${lit(c.name)})) if (line.includes(${lit(token)})) n += 1;`,
                "}",
                "return n;",
              ],
              WHOLE_NUMBER,
              1 + 2 * started.length,
            ),
          ];
        });
      });
    });
  },
};

/** "How many log lines containing "ERROR" do the containers of the pods in staging show?" */
const scopeLogs: ResourceTemplate = {
  name: "scope-logs",
  kind: "programmatic",
  writes: false,
  candidates(ctx) {
    if (!ctx.lens.logs) return [];
    const scopes = [...namespaceScopes(ctx.cluster), ...labelScopes(ctx.cluster)];
    return scopes.flatMap((scope) => {
      const lines = scope.pods
        .filter((p) => nodeOf(p))
        .flatMap((p) => containersOf(p).flatMap((c) => [...ctx.cluster.logs(p, c.name)]));
      return ["ERROR", "WARN", "error", "GET", "POST", "INFO", "info"].flatMap((token) => {
        const n = lines.filter((l) => l.includes(token)).length;
        if (n === 0 || n === lines.length) return [];
        return [
          programRead(
            ctx,
            `${scope.key}/${token}`,
            `scope-logs:${scope.key}`,
            `Over every container of every started pod ${scope.words}, how many log lines contain the text "${token}"?`,
            [...scope.helpers, "get", "logLines"],
            [
              scope.code,
              "let n = 0;",
              "for (const p of pods) {",
              "  const pod = get('pod', p.name, p.namespace);",
              "  if (!pod.spec.nodeName) continue;",
              "  for (const c of pod.spec.containers) {",
              `    for (const line of logLines(p.name, p.namespace, c.name)) if (line.includes(${lit(token)})) n += 1;`,
              "  }",
              "}",
              "return n;",
            ],
            WHOLE_NUMBER,
            1 + 3 * scope.pods.length,
          ),
        ];
      });
    });
  },
};

export const PROGRAM_LOG_TEMPLATES: readonly ResourceTemplate[] = [countLogLines, scopeLogs];
