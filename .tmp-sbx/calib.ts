import { readdirSync, readFileSync } from "node:fs";
import { createQuickJsExecutor } from "../core/sandbox/quickjs-executor";
import { createSeededHost } from "../core/sandbox/seeded-host";
import { openBetterSqlite } from "../test/support/better-sqlite-database";
const wasm = new WebAssembly.Module(readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))));
const ex = createQuickJsExecutor(wasm);
const dir = "catalog/chinook/";
const tools = readdirSync(dir + "tools").filter((f) => f.endsWith(".js")).map((f) => ({ name: f.slice(0, -3), implementation: readFileSync(dir + "tools/" + f, "utf8").replace(/^export default /, "") }));
tools.push({ name: "spin", implementation: "() => { while (true) {} }" }, { name: "depth", implementation: "() => { let d = 0; function f() { d++; f(); } try { f() } catch (e) {} return d }" },
 { name: "regex", implementation: "() => /(a+)+$/.test('a'.repeat(40)+'b')" }, { name: "sortloop", implementation: "() => { const a = Array.from({length:3e5},(_, i)=>(i*7919)%1000003); while(true) a.slice().sort((x,y)=>x-y) }" },
 { name: "fetchAll", implementation: "(a, ctx) => ctx.query('SELECT * FROM Track').length" });
const sb = await ex.load(tools);
const db = openBetterSqlite(readFileSync(dir + "Chinook_Sqlite.sqlite"));
const host = createSeededHost(db, "c", "2024-01-01T00:00:00Z");
const calls: [string, object][] = [["search_tracks", { query: "love", limit: 20 }], ["find_customer", { name: "Luis" }], ["list_customer_invoices", { customerId: 1 }], ["get_album", { albumId: 1 }], ["create_invoice", { customerId: 1, lines: [{ trackId: 1 }, { trackId: 2, quantity: 2 }] }], ["fetchAll", {}], ["depth", {}], ["spin", {}], ["spin", {}], ["regex", {}], ["sortloop", {}]];
for (const [n, a] of calls) { for (let i = 0; i < 3; i++) { const t = performance.now(); const o = sb.call(n, a as never, host); console.log(n, (performance.now() - t).toFixed(2), "ms fuel", o.fuel, o.ok ? JSON.stringify(o.result).length + "B" : JSON.stringify(o.error)); } }
