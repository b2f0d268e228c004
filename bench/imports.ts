// `npm run bench:imports`: how long a new user waits for `agent-world env import <file>` on the
// three real datasets (Chinook as a SQLite dump, Northwind as a SQLite file, tau2-bench retail as
// nested JSON), each on its own throwaway `wrangler dev` with an empty catalog, so every import
// is a real publish (tools generated, every tool's tests run in a scratch Durable Object).
// Prints the CLI's wall time and the job's own `seconds`, tables, rows and tools admitted.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "../cli/config";
import { step } from "../cli/dev/console";
import { startPlatform } from "../cli/dev/ephemeral-platform";
import { benchMain } from "./bench-main";

const SOURCES = [
  { name: "chinook", file: "test/fixtures/chinook/Chinook_Sqlite.sql" },
  { name: "northwind", file: "test/fixtures/northwind.db" },
  { name: "tau2-retail", file: "test/fixtures/tau2-retail/db.json" },
];

interface Row {
  name: string;
  status: string;
  tables: number;
  rows: number;
  tools: number;
  jobSeconds: number;
  wallSeconds: number;
}

const USAGE = "usage: npm run bench:imports";

async function bench(_options: { help: boolean }, cleanup: import("./cleanup").Cleanup) {
  const results: Row[] = [];
  for (const source of SOURCES) {
    step(`${source.name}: starting a fresh wrangler dev…`);
    const platform = await startPlatform(REPO_ROOT);
    cleanup.add(platform.stop);
    step(`${source.name}: agent-world env import ${source.file}`);
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, "cli/bin.mjs"),
        "env",
        "import",
        source.file,
        "--name",
        source.name,
        "--json",
      ],
      {
        cwd: REPO_ROOT,
        encoding: "utf8",
        env: {
          ...process.env,
          AGENT_WORLD_URL: platform.baseUrl,
          AGENT_WORLD_API_KEY: platform.adminKey,
        },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const wallSeconds = (performance.now() - started) / 1000;
    await platform.stop();
    if (run.status !== 0)
      throw new Error(`${source.name}: import failed: ${run.stderr || run.stdout}`);
    const job = JSON.parse(run.stdout) as {
      status: string;
      report: { tables: number; rows: number; seconds?: number; published?: { tools?: number } };
    };
    results.push({
      name: source.name,
      status: job.status,
      tables: job.report.tables,
      rows: job.report.rows,
      tools: job.report.published?.tools ?? 0,
      jobSeconds: job.report.seconds ?? Number.NaN,
      wallSeconds,
    });
  }
  console.log(
    "\n| dataset | status | tables | rows | tools admitted | job s | `env import` wall s |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.status} | ${r.tables} | ${r.rows} | ${r.tools} | ${r.jobSeconds.toFixed(2)} | ${r.wallSeconds.toFixed(2)} |`,
    );
  }
  return results.every((r) => r.status === "published") ? 0 : 1;
}

process.exitCode = await benchMain(
  (argv) => {
    if (argv.some((a) => a !== "--help" && a !== "-h"))
      throw new Error(`unknown flags: ${argv.join(" ")}`);
    return { help: argv.length > 0 };
  },
  USAGE,
  bench,
);
