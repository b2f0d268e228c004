// Ctrl-C and SIGTERM stop wrangler (and workerd) through its process group. A terminal's Ctrl-C
// can reach the launcher twice (directly, and relayed by npm and tsx), so a repeat within a
// second is the same request; a later repeat kills wrangler at once.
import { step } from "./console";
import type { WranglerDev } from "./wrangler-dev";

export interface StopRequest {
  requested: boolean;
}

export function stopOnSignal(wrangler: WranglerDev): StopRequest {
  const state: StopRequest = { requested: false };
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!state.requested) {
      state.requested = true;
      firstAt = Date.now();
      step(`${signal}: stopping wrangler dev…`);
      void wrangler.stop(signal);
    } else if (Date.now() - firstAt > 1_000) {
      void wrangler.stop("SIGKILL", 0);
    }
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return state;
}
