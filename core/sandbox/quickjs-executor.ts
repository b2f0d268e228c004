// The QuickJS backend of `Executor`: one hardened VM per episode with its tools compiled once, a warm
// spare VM to swap in synchronously when a call leaves the VM in doubt, and every failure an outcome.

import type { Json } from "../base/json";
import type {
  ExecutionLimits,
  ExecutionOutcome,
  Executor,
  LoadableTool,
  ToolHost,
  ToolSandbox,
} from "./executor";
import { newCallState } from "./host-bridge";
import { DEFAULT_LIMITS, resolveLimits } from "./limits";
import { replyOutcome, runtimeError, stopOutcome, type VmVerdict } from "./outcomes";
import { createVmTemplate, ToolVm, type VmTemplate } from "./quickjs-vm";

export interface QuickJsExecutor extends Executor {
  load(
    tools: readonly LoadableTool[],
    limits?: Partial<ExecutionLimits>,
  ): Promise<QuickJsToolSandbox>;
}

/**
 * `wasm` is quickjs-wasi's `quickjs.wasm`, compiled once per isolate (in workerd, the module import;
 * in Node, `new WebAssembly.Module(bytes)`). `defaults` override DEFAULT_LIMITS for every sandbox.
 */
export function createQuickJsExecutor(
  wasm: WebAssembly.Module,
  defaults?: Partial<ExecutionLimits>,
): QuickJsExecutor {
  const base = resolveLimits(DEFAULT_LIMITS, defaults);
  let template: Promise<VmTemplate> | undefined;
  const getTemplate = (): Promise<VmTemplate> => {
    template ??= createVmTemplate(wasm).catch((error: unknown) => {
      template = undefined; // let the next load try again
      throw error;
    });
    return template;
  };
  return {
    async load(tools, limits) {
      const names = new Set<string>();
      for (const tool of tools) {
        if (names.has(tool.name)) throw new TypeError(`duplicate tool name: ${tool.name}`);
        names.add(tool.name);
      }
      const sandboxLimits = resolveLimits(base, limits);
      const vmTemplate = await getTemplate();
      const build = () => ToolVm.create(wasm, vmTemplate, tools, sandboxLimits);
      const active = await build();
      let spare: ToolVm;
      try {
        spare = await build();
      } catch (error) {
        active.dispose();
        throw error;
      }
      const effects = new Map(tools.map((tool) => [tool.name, tool.effect ?? "write"] as const));
      return new QuickJsToolSandbox(build, active, spare, sandboxLimits, effects);
    },
  };
}

export class QuickJsToolSandbox implements ToolSandbox {
  readonly loadErrors: ReadonlyMap<string, string>;
  private vm: ToolVm | undefined;
  private spare: ToolVm | undefined;
  private refilling: Promise<void> | undefined;
  private lastBuildError: unknown;
  /** The VM ran out of memory and no spare was ready: swap it out when the rebuild lands. */
  private bloated = false;
  private disposed = false;

  constructor(
    private readonly build: () => Promise<ToolVm>,
    active: ToolVm,
    spare: ToolVm,
    private readonly limits: ExecutionLimits,
    private readonly effects: ReadonlyMap<string, "read" | "write">,
  ) {
    this.vm = active;
    this.spare = spare;
    this.loadErrors = active.loadErrors;
  }

  call(
    tool: string,
    args: Json,
    host: ToolHost,
    overrides?: Partial<ExecutionLimits>,
  ): ExecutionOutcome {
    if (this.disposed) throw new Error("the sandbox has been disposed");
    const limits = resolveLimits(this.limits, overrides);
    const loadError = this.loadErrors.get(tool);
    if (loadError !== undefined)
      return runtimeError("LoadError", `tool ${tool} did not load: ${loadError}`);
    const vm = this.vm;
    if (!vm) {
      this.refill();
      const cause =
        this.lastBuildError === undefined ? "" : ` (last attempt: ${String(this.lastBuildError)})`;
      return runtimeError(
        "SandboxUnavailable",
        `the sandbox is being rebuilt after a crash; retry${cause}`,
      );
    }
    if (!vm.has(tool)) return runtimeError("UnknownTool", `no tool named ${JSON.stringify(tool)}`);
    let argsJson: string;
    try {
      argsJson = JSON.stringify(args) ?? "null";
    } catch (error) {
      return runtimeError("InvalidArguments", `arguments are not JSON: ${String(error)}`);
    }

    const state = newCallState(host, limits.fuel, this.effects.get(tool) ?? "write");
    let reply: string;
    try {
      reply = vm.run(tool, argsJson, state, limits);
    } catch (error) {
      const stopped = stopOutcome(error, limits, state);
      if (stopped.vm !== "keep") this.replaceVm(vm, stopped.vm);
      return stopped.outcome;
    }
    if (state.limitHit === "memory") this.replaceVm(vm, "replace");
    return replyOutcome(reply, limits, state);
  }

  /** Resolves once a VM and a spare are in place again (the DO need not wait; tests do). */
  async ready(): Promise<void> {
    while (this.refilling) await this.refilling;
  }

  dispose(): void {
    this.disposed = true;
    this.vm?.dispose();
    this.spare?.dispose();
    this.vm = undefined;
    this.spare = undefined;
  }

  // Swaps in the spare. Without one, a VM that may be corrupt is dropped (calls answer
  // SandboxUnavailable until the rebuild lands); one that only ran out of memory is kept.
  private replaceVm(vm: ToolVm, verdict: Exclude<VmVerdict, "keep">): void {
    if (this.spare) {
      vm.dispose();
      this.vm = this.spare;
      this.spare = undefined;
      this.bloated = false;
    } else if (verdict === "discard") {
      vm.dispose();
      this.vm = undefined;
    } else {
      vm.collectGarbage();
      this.bloated = true;
    }
    this.refill();
  }

  private refill(): void {
    if (this.refilling || this.disposed) return;
    this.refilling = this.build().then(
      (built) => {
        this.refilling = undefined;
        this.lastBuildError = undefined;
        if (this.disposed) built.dispose();
        else if (!this.vm || this.bloated) {
          this.vm?.dispose();
          this.vm = built;
          this.bloated = false;
        } else if (!this.spare) this.spare = built;
        else built.dispose();
        if (!this.spare) this.refill();
      },
      (error: unknown) => {
        this.refilling = undefined;
        this.lastBuildError = error;
      },
    );
  }
}
