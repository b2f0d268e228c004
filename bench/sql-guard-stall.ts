// How long a hostile call can hold the thread (and so stall other episodes sharing it) with the
// SQL guard in place, against a normal call: the real QuickJS sandbox and runToolCall over
// better-sqlite3 in Node, one thread like a workerd isolate. Prints a markdown table; asserts
// nothing. `npx tsx bench/sql-guard-stall.ts [--rounds 20]`
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { openBetterSqlite } from "../catalog/better-sqlite-database";
import { installChangeTracking } from "../core/episode/change-tracking";
import type { RuntimeToolDef } from "../core/episode/episode-init";
import { createQuickJsExecutor } from "../core/sandbox/quickjs-executor";
import { createEpisodeRunner } from "../core/tasks/episode-runner";
import { median } from "./stats";

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 20;
const BIG = 2_000;

const tool = (name: string, effect: "read" | "write", implementation: string): RuntimeToolDef => ({
  name,
  description: name,
  inputSchema: { type: "object" },
  effect,
  implementation,
});
const tools = [
  tool("peek", "read", "(args, ctx) => ctx.query(args.sql)"),
  // Spends the whole call's fuel on statements each just under the per-statement bound.
  tool("burn", "read", "(args, ctx) => { let n = 0; for (;;) { ctx.query(args.sql); n++; } }"),
];

const db = openBetterSqlite();
db.raw.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
  CREATE TABLE big (id INTEGER PRIMARY KEY, g INTEGER);
  INSERT INTO t (v) VALUES ('a'), ('b'), ('c');
  WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${BIG})
    INSERT INTO big (g) SELECT x % 10 FROM n;`);
installChangeTracking(db);
const require = createRequire(import.meta.url);
const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
const wasm = new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm")));
const sandbox = await createQuickJsExecutor(wasm).load(tools);
const runner = createEpisodeRunner({
  sandbox,
  tools,
  db,
  episode: { seed: "bench", clockStart: "2025-01-06T09:00:00.000Z" },
  transaction: db.transaction,
});

const TEN_MILLION =
  "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000000) SELECT count(*) AS c FROM n";
// 2,000 rows x 200 sharing each g, through an automatic index: estimated and real ~400k visits.
const JOIN_ON_G = "SELECT count(*) AS n FROM big a JOIN big b ON b.g = a.g";
const cases: [string, string, string][] = [
  ["normal: count a 3-row table", "peek", "SELECT count(*) AS n FROM t"],
  ["10M-row recursive CTE (refused)", "peek", TEN_MILLION],
  ["big x big x big, 8e9 (refused)", "peek", "SELECT count(*) FROM big a, big b, big c"],
  ["big joined to itself on g (~400k visits, allowed)", "peek", JOIN_ON_G],
  ["a loop of ~400k-visit statements to the fuel limit", "burn", JOIN_ON_G],
];

const rows: string[] = [];
let normal = 0;
for (const [label, name, sql] of cases) {
  const times: number[] = [];
  let outcome = "";
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const result = runner.call(name, { sql });
    times.push(performance.now() - started);
    outcome = result.ok ? "ok" : result.error.code;
  }
  const ms = median(times);
  if (normal === 0) normal = ms;
  rows.push(`| ${label} | ${outcome} | ${ms.toFixed(2)} | ${(ms / normal).toFixed(1)}x |`);
}
const unguarded = performance.now();
db.query(TEN_MILLION);
const unguardedMs = performance.now() - unguarded;

console.log(`SQL guard stall bench (Node ${process.version}, median of ${rounds} calls)\n`);
console.log("| call | outcome | ms | vs normal |\n|---|---|---|---|");
for (const row of rows) console.log(row);
console.log(
  `| the 10M-row CTE run directly, no guard | ran | ${unguardedMs.toFixed(2)} | ${(unguardedMs / normal).toFixed(1)}x |`,
);
sandbox.dispose();
