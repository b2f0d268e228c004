// Dependency rules, checked by `npm run deps:check` (dependency-cruiser): core/ is pure
// TypeScript that imports nothing from the faces around it, and no layer of core/ imports a
// higher one. Type-only imports count: a cycle of types is still a cycle of concepts.

/** core/ from the bottom up; a module may import its own layer and the ones below it. */
const LAYERS = [
  { name: "base", path: "^core/(base/|errors\\.ts$)" },
  { name: "runtime", path: "^core/(environment|episode|sandbox)/" },
  { name: "llm", path: "^core/llm/" },
  { name: "import", path: "^core/(import|toolgen)/" },
  { name: "mcp", path: "^core/mcp/(?!import/)" },
  { name: "surfaces", path: "^core/surfaces/(?![^/]+/tasks/)" },
  { name: "generic-import", path: "^core/(mcp/import|discovery)/" },
  { name: "tasks", path: "^core/(tasks/|surfaces/[^/]+/tasks/)" },
  { name: "faces", path: "^core/(openenv|rollouts)/" },
];

const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `core-layer-${layer.name}`,
  comment: `core/${layer.name} may not import a higher layer (${LAYERS.slice(i + 1)
    .map((l) => l.name)
    .join(", ")})`,
  severity: "error",
  from: { path: layer.path },
  to: { path: LAYERS.slice(i + 1).map((l) => `(${l.path})`) },
}));

/**
 * Cycles not broken yet, each named by its modules. Keep this list short: a new cycle fails the
 * check; breaking one of these means deleting its line.
 */
const KNOWN_CYCLES = [
  // The fault-injection bindings and the queue outbox they wrap refer to each other in tests.
  "^test/integration/support/(fault-bindings|queue-outbox)\\.ts$",
];

module.exports = {
  forbidden: [
    {
      name: "core-is-pure",
      comment:
        "core/ imports nothing from the Worker, the Durable Objects, the CLI, the catalog, benchmarks or tests",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(workers|durable-objects|cli|catalog|bench|test|migrations)/" },
    },
    {
      name: "core-has-no-cloudflare",
      comment:
        "core/ runs in Node and in the Worker alike: no Cloudflare runtime or tooling imports",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(cloudflare:|node_modules/(@cloudflare|wrangler|miniflare)/)" },
    },
    {
      name: "cli-talks-http",
      comment: "the CLI reaches the platform over HTTP only, never through the Worker's modules",
      severity: "error",
      from: { path: "^cli/", pathNot: "^cli/dev/" },
      to: { path: "^(workers|durable-objects)/" },
    },
    {
      name: "durable-objects-below-workers",
      comment:
        "the Worker routes to the Durable Objects; they see of it only the binding types (workers/env.ts)",
      severity: "error",
      from: { path: "^durable-objects/" },
      to: { path: "^workers/", pathNot: "^workers/env\\.ts$" },
    },
    {
      name: "task-machinery-below-kinds",
      comment:
        "core/tasks is shared by every kind; it names the kinds' task sources in one registry only",
      severity: "error",
      from: { path: "^core/tasks/", pathNot: "^core/tasks/surface-tasks\\.ts$" },
      to: { path: "^core/surfaces/" },
    },
    {
      name: "kinds-are-independent",
      comment: "a backend kind's folder uses the shared kit, never another kind's modules",
      severity: "error",
      from: { path: "^core/surfaces/([^/]+)/" },
      to: { path: "^core/surfaces/[^/]+/", pathNot: "^core/surfaces/($1|kit)/" },
    },
    ...layerRules,
    {
      name: "no-circular",
      comment:
        "module cycles make layers meaningless; see KNOWN_CYCLES for the ones not broken yet",
      severity: "error",
      from: { pathNot: KNOWN_CYCLES },
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/|^\\.wrangler/|^gpu-jobs/" },
    enhancedResolveOptions: { extensions: [".ts", ".mjs", ".js", ".json"] },
  },
};
