import { readFileSync } from "node:fs";
import { QuickJS } from "quickjs-wasi";
import { createQuickJsExecutor } from "../core/sandbox/quickjs-executor";
import { GUEST_PRELUDE } from "../core/sandbox/guest-prelude";
const wasm = new WebAssembly.Module(readFileSync(new URL(import.meta.resolve("quickjs-wasi/quickjs.wasm"))));
for (let i = 0; i < 4; i++) {
  let t = performance.now();
  const vm = await QuickJS.create({ wasm });
  const a = performance.now() - t; t = performance.now();
  const h = vm.evalCode(GUEST_PRELUDE);
  const f = vm.newFunction("x", () => vm.undefined);
  vm.callFunction(h, vm.undefined, f, f, f, f).dispose();
  console.log("create", a.toFixed(1), "prelude", (performance.now() - t).toFixed(1), "alloc", vm.getAllocatedSize());
  vm.dispose();
}
const ex = createQuickJsExecutor(wasm);
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const sb = await ex.load([{ name: "a", implementation: "(a) => a" }]);
  console.log("load", (performance.now() - t).toFixed(1));
  sb.dispose();
}
