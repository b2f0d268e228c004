import { readFileSync } from "node:fs";
import { QuickJS } from "quickjs-wasi";
const wasm = new WebAssembly.Module(readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))));
for (let i = 0; i < 3; i++) {
const vm = await QuickJS.create({ wasm });
const time = (label: string, code: string) => { const t = performance.now(); const h = vm.evalCode(code); console.log(label, (performance.now() - t).toFixed(2), vm.dump(h)); h.dispose(); };
time("noop", "1");
time("walk-count", `(() => { const seen = new Set(); const stack = [globalThis]; let n = 0, k = 0;
  while (stack.length) { const v = stack.pop(); if ((typeof v !== "object" && typeof v !== "function") || v === null || seen.has(v)) continue; seen.add(v); n++;
  stack.push(Object.getPrototypeOf(v)); for (const key of Reflect.ownKeys(v)) { k++; const d = Object.getOwnPropertyDescriptor(v, key); if ("value" in d) stack.push(d.value); else stack.push(d.get, d.set); } } return [n, k]; })()`);
time("freeze", `(() => { const seen = new Set(); const stack = [globalThis]; 
  while (stack.length) { const v = stack.pop(); if ((typeof v !== "object" && typeof v !== "function") || v === null || seen.has(v)) continue; seen.add(v); Object.freeze(v);
  stack.push(Object.getPrototypeOf(v)); for (const key of Reflect.ownKeys(v)) { const d = Object.getOwnPropertyDescriptor(v, key); if ("value" in d) stack.push(d.value); else stack.push(d.get, d.set); } } return 1; })()`);
vm.dispose();
}
