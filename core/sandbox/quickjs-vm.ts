// One QuickJS VM holding an episode's tools: restored from a hardened template (the prelude has
// run), given the limits, every tool compiled once. It runs one call at a time and returns the
// prelude's raw reply, or throws what the host saw; outcomes and rebuilds are the executor's job.
import { Intrinsics, JSException, type JSValueHandle, QuickJS, type Snapshot } from "quickjs-wasi";
import { deterministicWasi } from "./deterministic-wasi";
import type { ExecutionLimits, LoadableTool } from "./executor";
import { GUEST_PRELUDE } from "./guest-prelude";
import { type CallState, createHostBridge, newCallState } from "./host-bridge";

// No WeakRef/FinalizationRegistry (their timing is the GC's, not the seed's) and no `performance`.
const INTRINSICS =
  Intrinsics.DATE |
  Intrinsics.EVAL | // the host compiles tools with it; the prelude removes it from the guest
  Intrinsics.REGEXP |
  Intrinsics.JSON |
  Intrinsics.PROXY |
  Intrinsics.MAP_SET |
  Intrinsics.TYPED_ARRAYS |
  Intrinsics.PROMISE |
  Intrinsics.BIG_INT |
  Intrinsics.DOM_EXCEPTION |
  Intrinsics.ATOB_BTOA;

/** QuickJS's uncatchable allocation failures. */
export function isOutOfMemory(error: unknown): boolean {
  return (
    error instanceof JSException &&
    (error.message === "out of memory" || error.message === "string too long")
  );
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;
/** Each round drops at least the job it interrupts; a guest that keeps queueing more loses its VM. */
const MAX_DISCARD_ROUNDS = 1_000;

/** Host functions the prelude receives, registered by name so a restored VM can rebind them. */
const HOST_FUNCTIONS = {
  sql: "agentWorld.sql",
  random: "agentWorld.random",
  now: "agentWorld.now",
  id: "agentWorld.id",
  call: "agentWorld.call",
} as const;

/**
 * A snapshot of a VM that has run the prelude (so it is already hardened) and holds no tool.
 * Booting one takes ~10 ms of lockdown; restoring it takes ~1.5 ms, so each executor boots once.
 */
export interface VmTemplate {
  snapshot: Snapshot;
  /** `exportHandle` token of the prelude's `{ compile, invoke, collect }`. */
  api: number;
}

export async function createVmTemplate(wasm: WebAssembly.Module): Promise<VmTemplate> {
  const vm = await QuickJS.create({
    wasm,
    timezoneOffset: 0,
    intrinsics: INTRINSICS,
    wasi: deterministicWasi(() => 0),
  });
  try {
    // The exported handle must stay alive until the snapshot is taken, hence `escape`.
    const api = vm.withScope((scope) => {
      const prelude = vm.evalCode(GUEST_PRELUDE, "prelude.js");
      // Placeholders: the prelude calls none of them while booting, and each restore rebinds them.
      const unbound = () => vm.newString('X{"name":"Error","message":"host function not bound"}');
      // In the order the prelude takes them.
      const hosts = [
        HOST_FUNCTIONS.sql,
        HOST_FUNCTIONS.random,
        HOST_FUNCTIONS.now,
        HOST_FUNCTIONS.id,
        HOST_FUNCTIONS.call,
      ].map((name) => vm.newFunction(name, unbound));
      return scope.escape(vm.callFunction(prelude, vm.undefined, ...hosts));
    });
    const token = vm.exportHandle(api);
    vm.runGC();
    return { snapshot: vm.snapshot(), api: token };
  } finally {
    vm.dispose();
  }
}

// Arguments come from the prelude, so they have these types; checking keeps guest code from ever
// running through a host-side conversion.
function handleString(handle: JSValueHandle): string {
  return handle.isString ? handle.toString() : "";
}

function handleNumber(handle: JSValueHandle): number {
  return handle.isNumber ? handle.toNumber() : -1;
}

interface PreludeApi {
  compile: JSValueHandle;
  invoke: JSValueHandle;
  collect: JSValueHandle;
}

interface RuntimeLimits {
  memoryBytes: number;
  stackBytes: number;
}

export class ToolVm {
  readonly loadErrors = new Map<string, string>();
  private readonly factories = new Map<string, JSValueHandle>();

  private constructor(
    private readonly vm: QuickJS,
    private readonly cell: { state: CallState },
    private readonly api: PreludeApi,
    private readonly runtime: RuntimeLimits,
    private readonly replies: JSValueHandle[],
  ) {}

  /** A VM restored from `template` with `tools` compiled; a tool whose loading crashes it is left out. */
  static async create(
    wasm: WebAssembly.Module,
    template: VmTemplate,
    tools: readonly LoadableTool[],
    limits: ExecutionLimits,
  ): Promise<ToolVm> {
    const crashed = new Map<string, string>();
    for (;;) {
      const toolVm = await ToolVm.restore(wasm, template, limits);
      if (toolVm.compileAll(tools, limits.fuel, crashed)) return toolVm;
      toolVm.dispose();
    }
  }

  private static async restore(
    wasm: WebAssembly.Module,
    template: VmTemplate,
    limits: ExecutionLimits,
  ): Promise<ToolVm> {
    const cell = { state: newCallState(undefined, UNLIMITED) };
    const bridge = createHostBridge(() => cell.state);
    const vm = await QuickJS.restore(template.snapshot, {
      wasm,
      memoryLimit: limits.memoryBytes,
      maxStackSize: limits.stackBytes,
      interruptHandler: () => bridge.tick(),
      timezoneOffset: 0,
      wasi: deterministicWasi(() => bridge.clockMs()),
    });
    const replies: JSValueHandle[] = [];
    // The trampoline copies a host function's returned handle, so each one is kept here and freed
    // when the call ends (`releaseReplies`).
    const reply = (text: string): JSValueHandle => {
      try {
        const handle = vm.newString(text);
        replies.push(handle);
        return handle;
      } catch (error) {
        if (isOutOfMemory(error)) cell.state.limitHit ??= "memory";
        throw error;
      }
    };
    try {
      vm.registerHostCallback(HOST_FUNCTIONS.sql, (mode, sql, params) =>
        reply(bridge.sql(handleNumber(mode), handleString(sql), handleString(params))),
      );
      vm.registerHostCallback(HOST_FUNCTIONS.random, () => reply(bridge.random()));
      vm.registerHostCallback(HOST_FUNCTIONS.now, () => reply(bridge.now()));
      vm.registerHostCallback(HOST_FUNCTIONS.id, (prefix) =>
        reply(bridge.id(handleString(prefix))),
      );
      vm.registerHostCallback(HOST_FUNCTIONS.call, (tool, args) =>
        reply(bridge.call(handleString(tool), handleString(args))),
      );
      const api = vm.withScope((scope) => {
        const exported = vm.importHandle(template.api);
        return {
          compile: scope.escape(exported.getProp("compile")),
          invoke: scope.escape(exported.getProp("invoke")),
          collect: scope.escape(exported.getProp("collect")),
        };
      });
      const runtime = { memoryBytes: limits.memoryBytes, stackBytes: limits.stackBytes };
      return new ToolVm(vm, cell, api, runtime, replies);
    } catch (error) {
      vm.dispose();
      throw error;
    }
  }

  has(tool: string): boolean {
    return this.factories.has(tool);
  }

  /**
   * Runs one call and returns the prelude's reply (`R...`, `T...`, `E...` or `S`). Throws a
   * JSException when QuickJS stopped the call (interrupt, out of memory) and anything else when the
   * VM itself failed (a host stack overflow, a WASM trap): the VM is then in doubt.
   */
  run(tool: string, argsJson: string, state: CallState, runtime: RuntimeLimits): string {
    const factory = this.factories.get(tool);
    if (!factory) throw new Error(`tool ${tool} is not loaded`);
    this.applyRuntimeLimits(runtime);
    this.cell.state = state;
    try {
      const args = this.vm.newString(argsJson);
      let reply: string;
      try {
        reply = this.callForString(this.api.invoke, factory, args);
      } finally {
        args.dispose();
      }
      // Promise jobs a call queued run now, inside its own fuel, so none survive into the next call.
      this.drainJobs();
      return reply === "P" ? this.callForString(this.api.collect) : reply;
    } catch (error) {
      if (error instanceof JSException) this.discardJobs();
      throw error;
    } finally {
      this.cell.state = newCallState(undefined, UNLIMITED);
      this.releaseReplies();
    }
  }

  /** Frees what a call left behind (after a limit, the heap can hold its garbage until the next GC). */
  collectGarbage(): void {
    this.vm.runGC();
  }

  dispose(): void {
    this.vm.dispose();
  }

  private compileAll(
    tools: readonly LoadableTool[],
    fuel: number,
    crashed: Map<string, string>,
  ): boolean {
    for (const [name, reason] of crashed) this.loadErrors.set(name, reason);
    for (const tool of tools) {
      if (crashed.has(tool.name)) continue;
      try {
        this.compileOne(tool, fuel);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        crashed.set(tool.name, `loading the implementation crashed the VM: ${message}`);
        return false;
      }
    }
    return true;
  }

  // Compiles one tool under its own fuel; the guest's failures become load errors, a VM failure throws.
  private compileOne(tool: LoadableTool, fuel: number): void {
    const state = newCallState(undefined, fuel);
    this.cell.state = state;
    const source = this.vm.newString(tool.implementation);
    try {
      const factory = this.vm.callFunction(this.api.compile, this.vm.undefined, source);
      try {
        this.drainJobs();
      } catch (error) {
        factory.dispose();
        throw error;
      }
      this.factories.set(tool.name, factory);
    } catch (error) {
      if (!(error instanceof JSException)) throw error;
      this.loadErrors.set(tool.name, loadErrorMessage(error, state));
      error.dispose();
      this.discardJobs();
    } finally {
      source.dispose();
      this.cell.state = newCallState(undefined, UNLIMITED);
      this.releaseReplies();
    }
  }

  private callForString(fn: JSValueHandle, ...args: JSValueHandle[]): string {
    const result = this.vm.callFunction(fn, this.vm.undefined, ...args);
    try {
      return result.toString();
    } finally {
      result.dispose();
    }
  }

  private drainJobs(): void {
    for (;;) {
      try {
        this.vm.executePendingJobs();
        return;
      } catch (error) {
        // A job that threw an ordinary error (a `queueMicrotask` callback) touches nothing else;
        // a stop (fuel, memory) or a VM failure ends the call.
        if (!(error instanceof JSException) || this.cell.state.limitHit || isOutOfMemory(error)) {
          throw error;
        }
        error.dispose();
      }
    }
  }

  /**
   * After a stop, jobs the stopped code queued are still pending; left alone they would run in the
   * next call and draw from its PRNG. They run now against no host and no fuel, so each one is
   * interrupted (and dropped) at its first poll point, and whatever it touches throws.
   */
  private discardJobs(): void {
    const dead = newCallState(undefined, 0);
    dead.limitHit = "fuel";
    this.cell.state = dead;
    for (let round = 0; round < MAX_DISCARD_ROUNDS; round++) {
      try {
        this.vm.executePendingJobs();
        return;
      } catch (error) {
        if (!(error instanceof JSException)) throw error;
        error.dispose();
      }
    }
    throw new Error("promise jobs kept coming after the call was stopped");
  }

  private releaseReplies(): void {
    for (const handle of this.replies.splice(0)) handle.dispose();
  }

  // quickjs-wasi takes the memory and stack limits only at creation; the runtime setters it uses
  // then are reachable through `_getExports()` (typed, marked internal; quickjs-wasi is pinned), and
  // QuickJS allows changing both between calls.
  private applyRuntimeLimits(runtime: RuntimeLimits): void {
    const exports = this.vm._getExports();
    if (runtime.memoryBytes !== this.runtime.memoryBytes) {
      exports.qjs_set_memory_limit(runtime.memoryBytes);
      this.runtime.memoryBytes = runtime.memoryBytes;
    }
    if (runtime.stackBytes !== this.runtime.stackBytes) {
      exports.qjs_set_max_stack_size(runtime.stackBytes);
      this.runtime.stackBytes = runtime.stackBytes;
    }
  }
}

function loadErrorMessage(error: JSException, state: CallState): string {
  if (state.limitHit === "fuel") {
    return `loading the implementation used more than ${state.fuelLimit} fuel`;
  }
  if (isOutOfMemory(error)) return "loading the implementation ran out of memory";
  return `${error.name}: ${error.message}`;
}
