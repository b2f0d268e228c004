import { readFileSync } from "node:fs";
import { createQuickJsExecutor } from "../core/sandbox/quickjs-executor";
import { createSeededHost } from "../core/sandbox/seeded-host";
import { openBetterSqlite } from "../test/support/better-sqlite-database";
const wasm = new WebAssembly.Module(readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))));
const db = openBetterSqlite();
db.raw.exec("CREATE TABLE c(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, b BLOB)");
db.run("INSERT INTO c(name, b) VALUES (?, ?)", ["ann", new Uint8Array([1, 2, 3])]);
const ex = createQuickJsExecutor(wasm);
let t = performance.now();
const sb = await ex.load([
  { name: "get", implementation: "(args, ctx) => ctx.one('SELECT * FROM c WHERE id = ?', [args.id])" },
  { name: "add", implementation: "function add(args, ctx) { return ctx.run('INSERT INTO c(name) VALUES (?)', [args.name]) }" },
  { name: "misc", implementation: "(a, ctx) => ({ now: ctx.now(), d: new Date().toISOString(), dn: Date.now(), r: Math.random(), r2: ctx.random(), id: ctx.id('ord'), tz: new Date().getTimezoneOffset() })" },
  { name: "loop", implementation: "() => { while (true) {} }" },
  { name: "fail", implementation: "(a, ctx) => ctx.fail('not_found', 'nope', { id: 1 })" },
  { name: "bad", implementation: "(a, ctx) => {" },
  { name: "inject", implementation: "0); let leaked = 1; (0" },
  { name: "strbomb", implementation: '() => { let s = "x"; while (true) s += s; }' },
  { name: "arrbomb", implementation: "() => { const a = []; while (true) a.push(new Array(1e5).fill(1)) }" },
  { name: "rec", implementation: "() => { function f() { return f() } return f() }" },
  { name: "deepjson", implementation: "() => { let a = []; for (let i = 0; i < 1e5; i++) a = [a]; return JSON.stringify(a).length }" },
  { name: "pollute", implementation: "() => { Object.prototype.polluted = 1 }" },
  { name: "async", implementation: "async (a, ctx) => { await null; return ctx.query('SELECT count(*) AS n FROM c') }" },
  { name: "escape", implementation: "() => [typeof fetch, typeof process, typeof require, typeof setTimeout, typeof eval, typeof performance, typeof WeakRef, Object.isFrozen(globalThis)]" },
  { name: "fnthis", implementation: "() => Function('return this')()" },
  { name: "big", implementation: "() => 'x'.repeat(2e6)" },
  { name: "inject2", implementation: "0); }); let leaked = 1; (() => { return (0" },
  { name: "errname", implementation: "() => { class MyErr extends Error { constructor(m) { super(m); this.name = 'MyErr' } } const e = new Error(); e.message = 'x'; const o = {}; o.toString = () => 'o'; return [new MyErr('m').name, e.message, String(o), (() => { try { Object.prototype.toString = null; return 'assigned' } catch (e) { return e.name } })()] }" },
  { name: "check", implementation: "() => [({}).polluted, typeof globalThis.leak]" },
  { name: "setglobal", implementation: "() => { globalThis.leak = 1 }" },
  { name: "imp", implementation: "async () => { try { await import('x') } catch (e) { return e.name + ': ' + e.message } }" },
  { name: "qm", implementation: "(a, ctx) => { queueMicrotask(() => { throw new Error('in job') }); Promise.resolve().then(() => ctx.run('DELETE FROM c')); return 1 }" },
  { name: "count", implementation: "(a, ctx) => ctx.one('SELECT count(*) AS n FROM c').n" },
  { name: "inj", implementation: "(a, ctx) => ctx.query('SELECT * FROM c WHERE name = ?', [a.name])" },
  { name: "crlf", implementation: "(args, ctx) => {\r\n  return 1;\r\n};  " },

]);
console.log("load ms", performance.now() - t, sb.loadErrors);
const host = createSeededHost(db, "seed-1", "2024-01-01T00:00:00.000Z");
for (const [tool, args] of [["get", { id: 1 }], ["add", { name: "bob" }], ["add", { name: "bob" }], ["misc", {}], ["loop", {}], ["get", { id: 2 }], ["fail", {}], ["bad", {}], ["inject", {}], ["strbomb", {}], ["get", { id: 1 }], ["arrbomb", {}], ["get", { id: 1 }], ["rec", {}], ["deepjson", {}], ["get", { id: 1 }], ["pollute", {}], ["async", {}], ["escape", {}], ["fnthis", {}], ["big", {}], ["inject2", {}], ["errname", {}], ["setglobal", {}], ["check", {}], ["imp", {}], ["qm", {}], ["count", {}], ["inj", { name: "x' OR '1'='1" }], ["crlf", {}]] as const) {
  t = performance.now();
  const out = sb.call(tool, args, host);
  await sb.ready();
  console.log(tool, (performance.now() - t).toFixed(1), "ms", JSON.stringify(out).slice(0, 300));
}
await sb.ready();
sb.dispose();
