// `wrangler dev` as a child of the launcher: its own process group (one signal stops wrangler
// and workerd together), output prefixed `[wrangler]`, and a stop that escalates to SIGKILL.
import { killProcess, type ProcessEnd, type RunningProcess, startProcess } from "./run-process";
import { wranglerCommand } from "./wrangler-bin";

export interface WranglerDevOptions {
  root: string;
  port: number;
  host: string;
  persistTo?: string;
}

export interface WranglerDev extends RunningProcess {
  /** Sends `signal` to wrangler and its children; SIGKILL after `graceMs` if they linger. */
  stop(signal: NodeJS.Signals, graceMs?: number): Promise<ProcessEnd>;
}

export function startWranglerDev(options: WranglerDevOptions): WranglerDev {
  const args = ["dev", "--port", String(options.port), "--ip", options.host];
  // stdin is not a terminal here: the hotkey session would only print noise.
  args.push("--show-interactive-dev-session=false");
  if (options.persistTo !== undefined) args.push("--persist-to", options.persistTo);
  const [command, commandArgs] = wranglerCommand(options.root, args);
  const running = startProcess(command, commandArgs, {
    cwd: options.root,
    prefix: "[wrangler] ",
    detached: true,
  });
  const signalGroup = (signal: NodeJS.Signals) => killProcess(running.child, signal, true);
  // Whatever ends the launcher, wrangler and workerd must not outlive it.
  process.once("exit", () => signalGroup("SIGKILL"));
  return {
    ...running,
    async stop(signal, graceMs = 10_000) {
      signalGroup(signal);
      const timer = setTimeout(() => signalGroup("SIGKILL"), graceMs);
      const end = await running.ended;
      clearTimeout(timer);
      return end;
    },
  };
}
