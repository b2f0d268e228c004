import { readFileSync } from "node:fs";
import { createQuickJsExecutor } from "../core/sandbox/quickjs-executor";
import { createSeededHost } from "../core/sandbox/seeded-host";
import { openBetterSqlite } from "../test/support/better-sqlite-database";
const wasm = new WebAssembly.Module(readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))));
const host = createSeededHost(openBetterSqlite(), "c", "2024-01-01T00:00:00Z");
for (const stackBytes of [64 * 1024, 256 * 1024, 512 * 1024]) {
  const sb = await createQuickJsExecutor(wasm, { stackBytes }).load([{ name: "depth", implementation: "() => { let d = 0; function f() { d++; f(); } try { f() } catch (e) {} return d }" },
  { name: "depth3", implementation: "() => { let d = 0; function f(a, b, c) { d++; const x = [a, b, c]; return f(...x) + 1; } try { f(1,2,3) } catch (e) {} return d }" },
  { name: "json", implementation: "(a) => { let x = []; for (let i = 0; i < a.n; i++) x = [x]; return JSON.stringify(x).length }" }]);
  const res = [1000, 2000, 3000, 5000].map((n) => { const o = sb.call("json", { n }, host); return o.ok ? "ok" : o.error.kind === "limit_exceeded" ? o.error.limit : o.error.name; });
  console.log(stackBytes, JSON.stringify(sb.call("depth", {}, host)), JSON.stringify(sb.call("depth3", {}, host)), res);
  await sb.ready();
}
