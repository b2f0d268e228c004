// The real QuickJS sandbox in Node: the executor the Worker builds from its bundled wasm module,
// built here from the quickjs-wasi package's file.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createQuickJsExecutor } from "../../core/sandbox/quickjs-executor";

const WasmModule = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;

/** A QuickJS executor over the quickjs-wasi module. */
export function nodeQuickJs() {
  const require = createRequire(import.meta.url);
  return createQuickJsExecutor(
    new WasmModule(readFileSync(require.resolve("quickjs-wasi/quickjs.wasm"))),
  );
}
