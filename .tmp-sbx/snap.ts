import { readFileSync } from "node:fs";
import { QuickJS } from "quickjs-wasi";
import { GUEST_PRELUDE } from "../core/sandbox/guest-prelude";
const wasm = new WebAssembly.Module(readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))));
const vm = await QuickJS.create({ wasm });
const h = vm.evalCode(GUEST_PRELUDE);
const fs = ["a", "b", "c", "d"].map((n) => vm.newFunction(n, () => vm.newString("R1")));
const api = vm.callFunction(h, vm.undefined, ...fs);
const token = vm.exportHandle(api);
vm.runGC();
let t = performance.now();
const snap = vm.snapshot();
console.log("snapshot", (performance.now() - t).toFixed(2), snap.memory.byteLength, "stack", snap.stackPointer);
for (let i = 0; i < 5; i++) {
  t = performance.now();
  const r = await QuickJS.restore(snap, { wasm, memoryLimit: 32 << 20, interruptHandler: () => false });
  for (const n of ["a", "b", "c", "d"]) r.registerHostCallback(n, () => r.newString("R2"));
  const api2 = r.importHandle(token);
  const compile = api2.getProp("compile");
  const fac = r.callFunction(compile, r.undefined, r.newString("(a) => a.x + 1"));
  const inv = api2.getProp("invoke");
  const out = r.callFunction(inv, r.undefined, fac, r.newString('{"x":41}')).toString();
  console.log("restore+compile+call", (performance.now() - t).toFixed(2), out, r.evalCode("Object.isFrozen(globalThis) && Math.random()").toString());
  r.dispose();
}
