// The oracle policy's runner: the reference solution run through a runner that drops a share of
// calls, answering them with an `oracle_noise` error instead of executing them. Gives near-expert
// rollouts with realistic failures, and checks that a solution's reward falls when calls fail.
import type { ToolRunner } from "../../episode/tool-runner";
import type { Prng } from "../../sandbox/determinism";

export const ORACLE_NOISE = "oracle_noise";

/** Each call draws once from `rng`: below `errorRate` it is refused unexecuted, else forwarded. */
export function noisyRunner(inner: ToolRunner, errorRate: number, rng: Prng): ToolRunner {
  const rate = Math.min(1, Math.max(0, errorRate));
  return {
    call(tool, args) {
      if (rng.next() < rate) {
        return {
          ok: false,
          error: { code: ORACLE_NOISE, message: `injected failure: ${tool} was not executed` },
        };
      }
      return inner.call(tool, args);
    },
  };
}
