// `npm run bench:imports`: how long a new user waits for `agent-world env import <file>` on the
// three real datasets (Chinook as a SQLite dump, NYC flights as a SQLite file, tau2-bench retail as
// nested JSON), each on its own throwaway `wrangler dev` with an empty catalog, so every import
// is a real publish (tools generated, every tool's tests run in a scratch Durable Object).
// Then every MCP spec of the starter catalog on one more `wrangler dev` (the SQL servers over
// Chinook and NYC flights imported there first). Prints the CLI's wall time and the job's own
// `seconds`, tables, rows, tools admitted (and, for MCP servers, tools left out).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { chinookSqlitePath } from "../catalog/chinook/dataset";
import { datasetFile } from "../catalog/datasets/dataset-files";
import { sqliteDumpPath } from "../catalog/datasets/sqlite-dump";
import { nycFlightsSqlitePath } from "../catalog/nyc-flights/dataset";
import { REPO_ROOT } from "../cli/config";
import { step } from "../cli/dev/console";
import { startPlatform } from "../cli/dev/ephemeral-platform";
import { benchMain } from "./bench-main";

const SOURCES = [
  { name: "chinook", file: sqliteDumpPath(chinookSqlitePath()) },
  { name: "nyc-flights", file: nycFlightsSqlitePath() },
  { name: "tau2-retail", file: datasetFile("tau2", "retail/db.json") },
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

const MCP_SPECS = "catalog/mcp/specs";
/** The MCP servers that run SQL serve a database imported first (as the starter catalog pairs them). */
const MCP_DATA: Record<string, string> = {
  "sqlite-npx-chinook": "chinook",
  postgres: "nyc-flights",
};

interface Job {
  status: string;
  report: {
    tables: number;
    rows: number;
    seconds?: number;
    published?: { tools?: number };
    tools?: { leftOut?: unknown[] };
  };
}

function importOnce(
  platform: { baseUrl: string; adminKey: string },
  file: string,
  args: readonly string[],
): { job: Job; wallSeconds: number } {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [join(REPO_ROOT, "cli/bin.mjs"), "env", "import", file, ...args, "--json"],
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
  if (run.status !== 0) throw new Error(`${file}: import failed: ${run.stderr || run.stdout}`);
  return { job: JSON.parse(run.stdout) as Job, wallSeconds };
}

function rowOf(name: string, { job, wallSeconds }: ReturnType<typeof importOnce>): Row {
  return {
    name,
    status: job.status,
    tables: job.report.tables,
    rows: job.report.rows,
    tools: job.report.published?.tools ?? 0,
    jobSeconds: job.report.seconds ?? Number.NaN,
    wallSeconds,
  };
}

async function bench(_options: { help: boolean }, cleanup: import("./cleanup").Cleanup) {
  const results: Row[] = [];
  for (const source of SOURCES) {
    step(`${source.name}: starting a fresh wrangler dev…`);
    const platform = await startPlatform(REPO_ROOT);
    cleanup.add(platform.stop);
    step(`${source.name}: agent-world env import ${source.file}`);
    const imported = importOnce(platform, source.file, ["--name", source.name]);
    await platform.stop();
    results.push(rowOf(source.name, imported));
  }
  printTable("dataset", results);

  step(
    "MCP servers: one fresh wrangler dev, Chinook and NYC flights imported first for the SQL servers",
  );
  const platform = await startPlatform(REPO_ROOT);
  cleanup.add(platform.stop);
  for (const source of SOURCES.slice(0, 2))
    importOnce(platform, source.file, ["--name", source.name]);
  const servers: (Row & { leftOut: number })[] = [];
  for (const file of readdirSync(join(REPO_ROOT, MCP_SPECS))
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    if (file === "INDEX.json") continue;
    const server = file.replace(/\.json$/, "");
    const data = MCP_DATA[server];
    step(
      `mcp-${server}: agent-world env import ${MCP_SPECS}/${file}${data ? ` --data ${data}` : ""}`,
    );
    const imported = importOnce(platform, `${MCP_SPECS}/${file}`, [
      "--name",
      `mcp-${server}`,
      ...(data ? ["--data", data] : []),
    ]);
    servers.push({
      ...rowOf(`mcp-${server}`, imported),
      leftOut: imported.job.report.tools?.leftOut?.length ?? 0,
    });
  }
  await platform.stop();
  printTable("MCP server", servers, (r) => ` ${(r as Row & { leftOut: number }).leftOut} |`);
  return [...results, ...servers].every((r) => r.status === "published") ? 0 : 1;
}

function printTable(subject: string, rows: readonly Row[], extra?: (r: Row) => string): void {
  const more = extra ? " left out |" : "";
  console.log(
    `\n| ${subject} | status | tables | rows | tools admitted | job s | \`env import\` wall s |${more}`,
  );
  console.log(`|---|---|---|---|---|---|---|${extra ? "---|" : ""}`);
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.status} | ${r.tables} | ${r.rows} | ${r.tools} | ${r.jobSeconds.toFixed(2)} | ${r.wallSeconds.toFixed(2)} |${extra ? extra(r) : ""}`,
    );
  }
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
