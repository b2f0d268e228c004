// A throwaway local platform for benchmarks and browser tests: its own `wrangler dev` on a free
// loopback port, with local state in a fresh temporary directory and a throwaway admin key, so it
// never reads or writes the user's `.wrangler/state` or `.dev.vars`.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN_KEY_VAR, generateAdminKey } from "./dev-vars";
import { freePort } from "./free-port";
import { applyLocalMigrations } from "./migrations";
import { killProcess, startProcess } from "./run-process";
import { waitForHealth } from "./wait-for-health";
import { wranglerCommand } from "./wrangler-bin";

const HOST = "127.0.0.1";
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
/** wrangler's line when it rebuilds after a source file changed (it always watches the tree). */
const RELOAD_MARK = "Reloading local server";

export interface Platform {
  baseUrl: string;
  adminKey: string;
  /** How often wrangler reloaded the Worker since it started (a teammate saved a file). */
  reloads(): number;
  /** wrangler's last lines of output, for error reports. */
  tail(): string[];
  /** Stops wrangler and workerd and removes the temporary state. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startPlatform(root: string): Promise<Platform> {
  const tempDir = mkdtempSync(join(tmpdir(), "agent-world-bench-"));
  const removeTemp = () => rmSync(tempDir, { recursive: true, force: true });
  try {
    return await launch(root, tempDir, removeTemp);
  } catch (err) {
    removeTemp();
    throw err;
  }
}

async function launch(root: string, tempDir: string, removeTemp: () => void): Promise<Platform> {
  const stateDir = join(tempDir, "state");
  const adminKey = generateAdminKey();
  // Given --env-file, wrangler reads that file instead of `.dev.vars`: the user's secrets stay out,
  // and the key stays out of `ps` (where a --var would show it).
  const envFile = join(tempDir, "bench.env");
  writeFileSync(envFile, `${ADMIN_KEY_VAR}=${adminKey}\n`, { mode: 0o600 });
  chmodSync(envFile, 0o600);

  const migrations = await applyLocalMigrations(root, stateDir);
  if (!migrations.ok) {
    throw new Error(`D1 migrations failed:\n${migrations.output.join("\n")}`);
  }

  const port = await freePort();
  const inspectorPort = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const [command, args] = wranglerCommand(root, [
    "dev",
    ...["--ip", HOST, "--port", String(port), "--inspector-port", String(inspectorPort)],
    ...["--persist-to", stateDir, "--env-file", envFile],
    "--show-interactive-dev-session=false",
  ]);
  const wrangler = startProcess(command, args, { cwd: root, echo: false, detached: true });
  let reloads = 0;
  wrangler.child.stdout?.on("data", (chunk: Buffer) => {
    if (chunk.includes(RELOAD_MARK)) reloads++;
  });
  // Whatever ends this process, wrangler and workerd must not outlive it.
  const killAll = () => killProcess(wrangler.child, "SIGKILL", true);
  const onExit = () => {
    killAll();
    removeTemp();
  };
  process.once("exit", onExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      killProcess(wrangler.child, "SIGTERM", true);
      const timer = setTimeout(killAll, STOP_GRACE_MS);
      await wrangler.ended;
      clearTimeout(timer);
      process.off("exit", onExit);
      removeTemp();
    })();
    return stopping;
  };

  const exited = new AbortController();
  void wrangler.ended.then(() => exited.abort());
  const health = await waitForHealth(baseUrl, {
    signal: exited.signal,
    timeoutMs: READY_TIMEOUT_MS,
  });
  if (!health.ok) {
    const tail = wrangler.tail();
    await stop();
    throw new Error(
      `wrangler dev ${health.reason === "timeout" ? "was not ready within 2 minutes" : "exited before it was ready"}:\n${tail.join("\n")}`,
    );
  }
  return { baseUrl, adminKey, reloads: () => reloads, tail: wrangler.tail, stop };
}
