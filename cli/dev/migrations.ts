// Applies the D1 catalog migrations to the local database before `wrangler dev` starts.
import { runProcess } from "./run-process";
import { wranglerCommand } from "./wrangler-bin";

export const DATABASE_NAME = "agent-world-catalog";
export const MIGRATION_TIMEOUT_MS = 120_000;

export interface MigrationResult {
  ok: boolean;
  timedOut: boolean;
  /** Migrations this run applied (empty when the database was up to date). */
  applied: string[];
  output: string[];
}

export async function applyLocalMigrations(
  root: string,
  persistTo?: string,
): Promise<MigrationResult> {
  const args = ["d1", "migrations", "apply", DATABASE_NAME, "--local"];
  if (persistTo !== undefined) args.push("--persist-to", persistTo);
  const [command, commandArgs] = wranglerCommand(root, args);
  // wrangler 4.86 has no --yes for this command; it skips the confirmation when CI is set.
  const end = await runProcess(command, commandArgs, {
    cwd: root,
    env: { ...process.env, CI: "1" },
    echo: false,
    // Own group with a deadline: wrangler can hang (e.g. an unwritable --persist-to) and it
    // starts workerd, which must go too.
    detached: true,
    timeoutMs: MIGRATION_TIMEOUT_MS,
  });
  // wrangler prints a table per statement batch; a migration marked ✅ in any of them is applied.
  const applied = new Set(
    end.tail.flatMap((line) => {
      const match = /│\s*(\d{4}_[\w-]+\.sql)\s*│\s*✅/.exec(line);
      return match?.[1] ? [match[1]] : [];
    }),
  );
  return { ok: end.code === 0, timedOut: end.timedOut, applied: [...applied], output: end.tail };
}
