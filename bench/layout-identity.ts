// Proves a module move changed no behaviour: a sha256 digest of the canonical JSON of every MCP
// spec import, of a fixed task set per starter environment and strategy, and of every file in
// catalog/dist. Run it before a move to record a baseline, and after it with `--check`.
// Usage: tsx bench/layout-identity.ts [--out FILE] [--check FILE] [--count N]
// Needs `npm run catalog:build` first (it reads catalog/dist).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { importMcpSpec } from "../core/mcp/import/spec-import";
import { SynthesisShardSchema } from "../core/tasks/synthesis-request";
import { synthesizeTasks } from "../core/tasks/synthesize";
import { catalogSpec, nodeWorld } from "../test/support/synthesis-harness";
import { intFlag } from "./int-flag";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "bench/results/layout-identity.json" },
    check: { type: "string" },
    count: { type: "string" },
  },
});
const count = intFlag("count", values.count, 20, [1, 200]);
const root = new URL("../", import.meta.url);
const at = (relative: string) => fileURLToPath(new URL(relative, root));

/** JSON with object keys sorted at every level, so equal values give equal text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}

const sha256 = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

/** The import, or the error it throws (the SQL servers refuse to import without a database). */
function importOrError(text: string): unknown {
  try {
    return importMcpSpec(text);
  } catch (error) {
    return { error: error instanceof Error ? { ...error, message: error.message } : error };
  }
}

const digest: Record<string, string> = {};

for (const file of readdirSync(at("catalog/mcp/specs/")).sort()) {
  if (!file.endsWith(".json") || file === "INDEX.json") continue;
  const text = readFileSync(at(`catalog/mcp/specs/${file}`), "utf8");
  digest[`import/${file}`] = sha256(canonical(importOrError(text)));
}

const dist = readdirSync(at("catalog/dist/"))
  .filter((f) => f.endsWith(".json"))
  .sort();
for (const file of dist) digest[`dist/${file}`] = sha256(readFileSync(at(`catalog/dist/${file}`)));

for (const file of dist) {
  if (file === "index.json") continue;
  const name = file.replace(/\.json$/, "");
  const env = await nodeWorld(catalogSpec(name));
  try {
    for (const strategy of ["graph", "programmatic"] as const) {
      const { tasks, report } = await synthesizeTasks(
        env.world,
        SynthesisShardSchema.parse({ count, strategy, seed: `layout-${name}-${strategy}` }),
      );
      // `seconds` and `createdAt` are wall time, the fields that are not a function of the code.
      const { seconds: _seconds, ...timeless } = report;
      const timelessTasks = tasks.map(({ createdAt: _createdAt, ...task }) => task);
      digest[`tasks/${name}/${strategy}`] = sha256(
        canonical({ tasks: timelessTasks, report: timeless }),
      );
    }
  } finally {
    env.close();
  }
}

if (values.check) {
  const baseline = JSON.parse(readFileSync(values.check, "utf8")) as Record<string, string>;
  const keys = [...new Set([...Object.keys(baseline), ...Object.keys(digest)])].sort();
  const differences = keys.filter((k) => baseline[k] !== digest[k]);
  for (const key of differences)
    console.log(`${key}: ${baseline[key] ?? "(absent)"} -> ${digest[key] ?? "(absent)"}`);
  console.log(`${keys.length} items, ${differences.length} differences`);
  process.exit(differences.length === 0 ? 0 : 1);
} else {
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(digest, null, 2)}\n`);
  console.log(`${Object.keys(digest).length} items written to ${values.out}`);
}
