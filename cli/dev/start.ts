// `npm start`: the whole platform on this machine. Admin key -> catalog build -> D1 migrations ->
// `wrangler dev` -> wait for /health -> publish the catalog -> ready banner; Ctrl-C stops it all.
import { join } from "node:path";
import { DEFAULT_URL, REPO_ROOT } from "../config";
import { readyBanner } from "./banner";
import { fail, notice, step } from "./console";
import { ensureAdminKey } from "./dev-vars";
import { applyLocalMigrations } from "./migrations";
import { isPortFree } from "./port";
import { prepareCatalog } from "./prepare-catalog";
import { outcomeLines, type PublishOutcome, publishCatalog } from "./publish-catalog";
import { exitCodeOf } from "./run-process";
import { parseStartOptions, START_USAGE, type StartOptions } from "./start-options";
import { stopOnSignal } from "./stop-on-signal";
import { type HealthResult, waitForHealth } from "./wait-for-health";
import { startWranglerDev } from "./wrangler-dev";

const HOST = "127.0.0.1";
const root = REPO_ROOT;

async function main(): Promise<number> {
  let options: StartOptions;
  try {
    options = parseStartOptions(process.argv.slice(2), process.env);
  } catch (err) {
    return fail(`${err instanceof Error ? err.message : String(err)}\n\n${START_USAGE}`);
  }
  if (options.help) {
    console.log(START_USAGE);
    return 0;
  }
  const baseUrl = `http://${HOST}:${options.port}`;

  const admin = ensureAdminKey(join(root, ".dev.vars"));
  if (admin.created) {
    notice(
      `Created the local admin key (stored in ${admin.path}, mode 0600):\n\n    ${admin.key}\n`,
    );
  } else {
    step(`admin key: AGENT_WORLD_ADMIN_KEY in ${admin.path}`);
    if (admin.looseMode)
      step(`warning: ${admin.path} is readable by other users; run chmod 600 on it`);
  }

  const entries = options.publish ? await prepareCatalog(root) : undefined;
  if (entries === null) return 1;

  if (!(await isPortFree(options.port, HOST))) return portTaken(baseUrl, options.port);

  step("applying D1 migrations (local)…");
  const migrations = await applyLocalMigrations(root, options.persistTo);
  if (!migrations.ok) {
    const why = migrations.timedOut ? "did not finish within 2 minutes" : "failed";
    const output = migrations.output.map((line) => `  ${line}`).join("\n");
    return fail(`the D1 migrations ${why} (wrangler d1 migrations apply --local):\n${output}`);
  }
  step(
    migrations.applied.length
      ? `applied ${migrations.applied.join(", ")}`
      : "D1 migrations: up to date",
  );

  step(`starting wrangler dev on ${baseUrl}…`);
  const wrangler = startWranglerDev({
    root,
    port: options.port,
    host: HOST,
    persistTo: options.persistTo,
  });
  const stopped = stopOnSignal(wrangler);
  const exitedEarly = new AbortController();
  void wrangler.ended.then(() => exitedEarly.abort());

  const health = await waitUntilUp(baseUrl, exitedEarly.signal);
  if (!health.ok) {
    const end = await wrangler.ended;
    if (stopped.requested) return exitCodeOf(end);
    return fail(
      `wrangler dev exited with code ${exitCodeOf(end)} before it was ready (its output is above).`,
      exitCodeOf(end) || 1,
    );
  }
  step(`API is up after ${(health.afterMs / 1000).toFixed(1)} s`);

  let outcomes: PublishOutcome[] | undefined;
  if (entries !== undefined && !stopped.requested) {
    step(`publishing ${entries.length} catalog environment${entries.length === 1 ? "" : "s"}…`);
    try {
      outcomes = await publishCatalog(baseUrl, admin.key, entries, {
        onResult: (outcome) => console.log(outcomeLines(outcome).join("\n")),
      });
    } catch (err) {
      step(`publishing stopped: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (!stopped.requested) {
    console.log(
      readyBanner({
        baseUrl,
        devVarsPath: admin.path,
        defaultUrl: baseUrl === DEFAULT_URL,
        persistDir: options.persistTo ?? join(root, ".wrangler", "state"),
        outcomes,
      }),
    );
  }

  const end = await wrangler.ended;
  if (stopped.requested) return exitCodeOf(end);
  return fail(
    `wrangler dev stopped unexpectedly with code ${exitCodeOf(end)} (its output is above).`,
    exitCodeOf(end) || 1,
  );
}

/**
 * Waits for /health until wrangler exits. A build error keeps wrangler waiting for a fix (it
 * reloads on save), so the launcher keeps waiting too and says so every two minutes.
 */
async function waitUntilUp(baseUrl: string, exited: AbortSignal): Promise<HealthResult> {
  const started = Date.now();
  for (;;) {
    const health = await waitForHealth(baseUrl, { signal: exited, timeoutMs: 120_000 });
    if (health.ok) return { ok: true, afterMs: Date.now() - started };
    if (health.reason === "aborted") return health;
    step(
      `still waiting for ${baseUrl}/health: see wrangler's output above (it reloads after a fix)`,
    );
  }
}

async function portTaken(baseUrl: string, port: number): Promise<number> {
  const running = await waitForHealth(baseUrl, { timeoutMs: 1, intervalMs: 1 });
  if (running.ok) {
    return fail(
      `Agent World is already running at ${baseUrl} (another \`npm start\`?). Stop it, or use another port: PORT=${port + 1} npm start`,
    );
  }
  return fail(
    `port ${port} on ${HOST} is in use by another program. Free it, or use another port: PORT=${port + 1} npm start`,
  );
}

process.exitCode = await main();
