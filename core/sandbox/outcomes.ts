// Turns what a call produced into an `ExecutionOutcome`: the prelude's tagged reply when the guest
// finished, or what the host saw when the call was stopped (a limit) or the VM failed.
import { JSException } from "quickjs-wasi";
import { z } from "zod";
import { type Json, JsonSchema } from "../base/json";
import type { ExecutionError, ExecutionLimits, ExecutionOutcome } from "./executor";
import type { CallState } from "./host-bridge";
import { fitsInBytes } from "./limits";
import { isOutOfMemory } from "./quickjs-vm";

type Limit = Extract<ExecutionError, { kind: "limit_exceeded" }>["limit"];

export function failed(error: ExecutionError, fuel: number): ExecutionOutcome {
  return { ok: false, error, fuel };
}

export function runtimeError(name: string, message: string, fuel = 0): ExecutionOutcome {
  return failed({ kind: "runtime_error", name, message }, fuel);
}

export function limitExceeded(
  limit: Limit,
  limits: ExecutionLimits,
  fuel: number,
): ExecutionOutcome {
  const message = {
    fuel: `the call used more than its ${limits.fuel} fuel`,
    memory: `the call exceeded the ${limits.memoryBytes}-byte memory limit`,
    stack: `the call exceeded the ${limits.stackBytes}-byte stack limit`,
    result_size: `the result is larger than the ${limits.resultBytes}-byte limit`,
  }[limit];
  return failed({ kind: "limit_exceeded", limit, message }, fuel);
}

const ToolErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: JsonSchema.optional(),
});
const RuntimeErrorBody = z.object({ name: z.string(), message: z.string() });

/** The outcome of a call the guest finished; see guest-prelude.ts for the reply tags. */
export function replyOutcome(
  reply: string,
  limits: ExecutionLimits,
  state: CallState,
): ExecutionOutcome {
  const fuel = state.fuelUsed;
  // The host's view wins: a call that crossed a limit fails even if the guest swallowed the error.
  if (state.limitHit) return limitExceeded(state.limitHit, limits, fuel);
  const tag = reply[0];
  if (tag === "S") return limitExceeded("stack", limits, fuel);
  const body = reply.slice(1);
  if (!fitsInBytes(body, limits.resultBytes)) return limitExceeded("result_size", limits, fuel);
  if (tag === "R") {
    // The guest made `body` with JSON.stringify, so it parses to JSON by construction.
    const result: Json = JSON.parse(body);
    return { ok: true, result, fuel };
  }
  if (tag === "T") {
    const parsed = ToolErrorBody.safeParse(parseJson(body));
    if (parsed.success) return failed({ kind: "tool_error", ...parsed.data }, fuel);
  }
  if (tag === "E") {
    const parsed = RuntimeErrorBody.safeParse(parseJson(body));
    if (parsed.success) return failed({ kind: "runtime_error", ...parsed.data }, fuel);
  }
  return runtimeError(
    "SandboxError",
    `malformed reply from the sandbox: ${reply.slice(0, 40)}`,
    fuel,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * What to do with the VM after a stop: keep it after an interrupt (QuickJS unwinds cleanly);
 * replace it after running out of memory (it is usable, but its WASM memory stays grown); discard
 * it after a host stack overflow or a WASM trap (its C state was cut mid-flight).
 */
export type VmVerdict = "keep" | "replace" | "discard";

/** The outcome of a call the host saw stop (a JSException or a VM failure), and the VM's fate. */
export function stopOutcome(
  error: unknown,
  limits: ExecutionLimits,
  state: CallState,
): { outcome: ExecutionOutcome; vm: VmVerdict } {
  const fuel = state.fuelUsed;
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : "Error";
  const outOfMemory = isOutOfMemory(error);
  // Anything but a JSException means the VM itself failed, whatever limit came first.
  const fromGuest = error instanceof JSException;
  if (error instanceof JSException) error.dispose();
  if (state.limitHit === "fuel") {
    return { outcome: limitExceeded("fuel", limits, fuel), vm: fromGuest ? "keep" : "discard" };
  }
  if (state.limitHit === "memory" || outOfMemory) {
    return {
      outcome: limitExceeded("memory", limits, fuel),
      vm: fromGuest ? "replace" : "discard",
    };
  }
  // V8's own stack overflowing while QuickJS recursed inside a native (deep JSON.stringify).
  if (error instanceof RangeError && /call stack/i.test(message)) {
    return { outcome: limitExceeded("stack", limits, fuel), vm: "discard" };
  }
  if (fromGuest) return { outcome: runtimeError(name, message, fuel), vm: "discard" };
  return { outcome: runtimeError("SandboxCrash", `${name}: ${message}`, fuel), vm: "discard" };
}
