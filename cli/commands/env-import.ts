// `agent-world env import <file>`: turn a CSV, JSON, SQLite dump, SQLite file or an MCP server's
// tools/list into a published environment with tested tools (a discovery job on the platform),
// with progress. `--data <env>` names the database an MCP server's SQL tools run on.
import { basename, extname } from "node:path";
import { ImportJob, ImportReport } from "../api-schemas";
import {
  CliError,
  type Command,
  flagOption,
  JSON_OPTION,
  positional,
  stringOption,
} from "../command";
import { apiPath } from "../http-client";
import { readImportSource } from "../import-source";
import { printJson } from "../output";
import { pollPatiently } from "../patient-poll";

const POLL_MS = 500;
const TIMEOUT_MS = 10 * 60 * 1000;
/** Sending the source: a big one takes a while on a busy local platform. */
const SUBMIT_TIMEOUT_MS = 240_000;

export const envImport: Command = {
  name: "import",
  summary: "Import a data file or an MCP server's tools/list as a new environment (tools tested)",
  args: "<file>",
  arity: { min: 1, max: 1 },
  options: {
    name: {
      type: "string",
      value: "NAME",
      description: "environment name (default: from the file name)",
    },
    version: { type: "string", value: "X.Y.Z", description: "version (default 1.0.0)" },
    category: {
      type: "string",
      value: "DOMAIN/SUB",
      description: "two-level category, e.g. business/hr",
    },
    format: {
      type: "string",
      value: "FORMAT",
      description:
        "csv | json-rows | nested-json | sql-dump | sqlite (default: from the extension)",
    },
    license: { type: "string", value: "LICENSE", description: "the source's license (provenance)" },
    llm: { type: "boolean", description: "also let the platform's configured LLM write tools" },
    theme: {
      type: "string",
      value: "TEXT",
      description: "a theme or product description for the LLM",
    },
    data: {
      type: "string",
      value: "ENV[@VERSION]",
      description:
        "MCP servers whose tools run SQL: the published environment whose tables they use",
    },
    json: JSON_OPTION,
  },
  notes: [
    "Formats by extension: .csv, .json (rows, nested documents, or an MCP server's tools/list),",
    ".sql (SQLite dump), .sqlite/.db (read locally). Needs a key with the catalog:write scope.",
    "An MCP server that runs SQL (e.g. read_query, query {sql}) needs --data, the environment",
    "whose database it serves: agent-world env import postgres.json --data nyc-flights",
  ],
  async run(input, { client, config, out }) {
    const path = positional(input, 0);
    const source = readImportSource(path, stringOption(input, "format"));
    const category = stringOption(input, "category");
    const [domain, subdomain] = category ? category.split("/") : [];
    if (category && (!domain || !subdomain))
      throw new CliError("--category must look like domain/subdomain");
    const dataFrom = stringOption(input, "data");
    if (dataFrom && source.format !== "mcp-spec")
      throw new CliError(
        `--data goes with an MCP server's tools/list; ${path} reads as ${source.format}`,
      );
    const body = {
      name: stringOption(input, "name") ?? defaultName(path),
      ...(stringOption(input, "version") ? { version: stringOption(input, "version") } : {}),
      ...(domain && subdomain ? { category: { domain, subdomain } } : {}),
      ...(stringOption(input, "license") ? { license: stringOption(input, "license") } : {}),
      ...(flagOption(input, "llm") ? { llm: true } : {}),
      ...(stringOption(input, "theme") ? { theme: stringOption(input, "theme") } : {}),
      ...(dataFrom ? { dataFrom } : {}),
      source,
    };
    // Not retried (a second POST would be a second job), but bounded: never undici's 300 s.
    let job = await client.request(ImportJob, "POST", "/v1/environments/imports", {
      body,
      timeoutMs: SUBMIT_TIMEOUT_MS,
    });
    const started = Date.now();
    let shown = "";
    while (job.status === "queued" || job.status === "running") {
      if (Date.now() - started > TIMEOUT_MS)
        throw new CliError(`job ${job.id} is still ${job.status}; check it later`);
      if (!flagOption(input, "json") && shown !== job.status) {
        out.print(`${job.id}: ${job.status}…`);
        shown = job.status;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const path = apiPath`/v1/environments/imports/${job.id}`;
      job = await pollPatiently(
        client,
        {
          schema: ImportJob,
          path,
          what: `import job ${job.id}`,
          later: `GET ${client.baseUrl}${path}`,
        },
        config.poll,
      );
    }
    if (flagOption(input, "json")) {
      printJson(out, job);
      return job.status === "failed" ? 1 : 0;
    }
    if (job.status === "failed") {
      out.print(`import failed: ${job.error?.code ?? "error"}: ${job.error?.message ?? "unknown"}`);
      return 1;
    }
    if (job.status === "duplicate") {
      out.print(
        `${source.filename} has the same schema and tools as ${job.environment}: nothing new published`,
      );
      return 0;
    }
    out.print(`published ${job.environment} from ${source.filename} (${source.format})`);
    printReport(job.report, out);
    return 0;
  },
};

function defaultName(path: string): string {
  const stem = basename(path, extname(path))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return stem.length >= 3 ? stem : `${stem}-env`;
}

function printReport(report: unknown, out: { print(line: string): void }): void {
  const parsed = ImportReport.safeParse(report);
  if (!parsed.success) return;
  const r = parsed.data;
  out.print(
    `  ${r.tables ?? "?"} tables, ${r.rows ?? "?"} rows, ${r.tools?.generated ?? "?"} tools generated and admitted`,
  );
  if (r.database) out.print(`  its SQL tools run on the database of ${r.database}`);
  for (const left of r.tools?.leftOut ?? []) {
    out.print(`  left out: ${left.kind} on ${left.subject}: ${left.reason}`);
  }
  if (r.llm?.status === "ran") {
    out.print(
      `  LLM (${r.llm.model ?? "?"}): ${r.llm.admitted?.length ?? 0} tools admitted, ${r.llm.rejected?.length ?? 0} rejected`,
    );
    for (const rejected of r.llm.rejected ?? []) {
      out.print(`  rejected ${rejected.name}: ${rejected.reasons.join("; ")}`);
    }
  } else if (r.llm?.status === "not configured") {
    out.print(`  LLM: ${r.llm.message ?? "not configured"}`);
  }
  if (r.seconds !== undefined) out.print(`  took ${r.seconds.toFixed(1)} s`);
}
