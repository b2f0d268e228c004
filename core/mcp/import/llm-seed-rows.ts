// Seed rows written by the configured LLM for the entity tables of an MCP import: one request per
// import (temperature 0, a fixed prompt from the spec), each table's rows checked on their own and
// then against the import itself (every tool still built, no test reusing a seeded key). A table
// whose rows fail keeps the generated rows, with the reason; an endpoint that fails or an answer
// that is not JSON leaves every table generated. Nothing here fails an import (a spec that does not
// parse throws as importMcpSpec does).
import { DEFAULT_MAX_ANSWER_TOKENS, DEFAULT_TOKEN_BUDGET } from "../../discovery/coding-agent";
import type { SqlValue } from "../../environment/spec";
import { addUsage, type LlmClient, type TokenUsage, ZERO_USAGE } from "../../llm/llm-client";
import { parseMcpSpec } from "../spec-schema";
import { checkTableRows, parseSeedRowsAnswer } from "./llm-seed-rows-check";
import { SEED_ROWS_PROMPT, type SeedRowsCase, seedRowsCaseText } from "./llm-seed-rows-prompt";
import { importMcpSpec, type McpImport, type McpImportOptions } from "./spec-import";

/** The `seedRows` section of an MCP import job's report. */
export interface SeedRowsReport {
  status: "llm" | "generated" | "not requested" | "not configured";
  model?: string;
  tables: { table: string; rows: number; source: "llm" | "generated"; reason?: string }[];
  /** Why no table could use the answer: the endpoint failed or the answer was unreadable. */
  error?: string;
  /** The model's rows as used: importMcpSpec's `seedRows` option, to replay the import. */
  llmRows: Record<string, SqlValue[][]>;
  usage: TokenUsage;
}

export interface SeedRowsInput {
  llm: LlmClient;
  /** The `tools/list` answer, as given to importMcpSpec. */
  spec: unknown;
  /** The options the import itself runs with (the SQL surface's database ...). */
  importOptions?: Omit<McpImportOptions, "seedRows">;
  /**
   * The job's token budget, shared with the coding agent, which gets what this step leaves
   * (default DEFAULT_TOKEN_BUDGET); the answer is capped at `maxAnswerTokens` as the agent's are.
   */
  tokenBudget?: number;
  maxAnswerTokens?: number;
}

/** The report of an import whose rows were not asked of a model. */
export function seedRowsNotRun(status: "not requested" | "not configured"): SeedRowsReport {
  return { status, tables: [], llmRows: {}, usage: { ...ZERO_USAGE } };
}

/** The request for `base` (importMcpSpec's result), the same text for the same spec. */
export function seedRowsRequest(spec: unknown, base: McpImport) {
  return {
    messages: [
      { role: "system" as const, content: SEED_ROWS_PROMPT },
      { role: "user" as const, content: seedRowsCaseText(caseOf(spec, base)) },
    ],
    temperature: 0,
  };
}

export async function writeSeedRowsWithLlm(input: SeedRowsInput): Promise<SeedRowsReport> {
  const options = input.importOptions ?? {};
  const base = importMcpSpec(input.spec, options);
  const generated = (reason: string) =>
    base.entityTables.map((t) => ({
      table: t.name,
      rows: base.seed.tables[t.name]?.rows.length ?? 0,
      source: "generated" as const,
      reason,
    }));
  const report = { model: input.llm.model, llmRows: {}, usage: { ...ZERO_USAGE } };
  if (base.entityTables.length === 0)
    return { ...report, status: "generated", tables: [], error: "the import has no entity tables" };
  let content: string;
  try {
    const answer = await input.llm.complete({
      ...seedRowsRequest(input.spec, base),
      maxTokens: Math.max(
        1,
        Math.min(
          input.maxAnswerTokens ?? DEFAULT_MAX_ANSWER_TOKENS,
          input.tokenBudget ?? DEFAULT_TOKEN_BUDGET,
        ),
      ),
    });
    report.usage = addUsage(report.usage, answer.usage);
    content = answer.content;
    if (answer.finishReason === "length") content += "\n(cut off at the answer's token cap)";
  } catch (err) {
    const error = `the model could not be asked: ${err instanceof Error ? err.message : String(err)}`;
    return { ...report, status: "generated", tables: generated(error), error };
  }
  const parsed = parseSeedRowsAnswer(content);
  if (!parsed.ok)
    return {
      ...report,
      status: "generated",
      tables: generated(parsed.problem),
      error: parsed.problem,
    };

  const accepted: Record<string, SqlValue[][]> = {};
  const refused = new Map<string, string>();
  for (const table of base.entityTables) {
    const verdict = checkTableRows(table, parsed.tables[table.name]);
    if (verdict.ok) accepted[table.name] = verdict.rows;
    else refused.set(table.name, verdict.reason);
  }
  for (;;) {
    const trial = importMcpSpec(input.spec, { ...options, seedRows: accepted });
    const lost = importProblems(base, trial, new Set(Object.keys(accepted)));
    if (lost.size === 0) break;
    for (const [table, reason] of lost) {
      delete accepted[table];
      refused.set(table, reason);
    }
  }
  const tables = base.entityTables.map((t) => {
    const rows = accepted[t.name];
    if (rows) return { table: t.name, rows: rows.length, source: "llm" as const };
    return {
      table: t.name,
      rows: base.seed.tables[t.name]?.rows.length ?? 0,
      source: "generated" as const,
      reason: refused.get(t.name) ?? "not checked",
    };
  });
  const used = tables.some((t) => t.source === "llm");
  return { ...report, status: used ? "llm" : "generated", tables, llmRows: accepted };
}

/**
 * Why each table with model rows (`mine`) spoils the import: a tool the generated rows build is
 * no longer built (its test arguments no longer fit its schema), or a test that needs an unused
 * key (an unknown row, a new row) names a key these rows already hold.
 */
function importProblems(
  base: McpImport,
  trial: McpImport,
  mine: ReadonlySet<string>,
): Map<string, string> {
  const problems = new Map<string, string>();
  const built = new Set(trial.report.implemented.map((t) => t.original));
  for (const t of base.report.implemented) {
    if (t.surface !== undefined || !mine.has(t.table) || built.has(t.original)) continue;
    const why = trial.report.leftOut.find((l) => l.tool === t.original)?.reason ?? "left out";
    problems.set(t.table, `with these rows ${t.original} could not be built: ${why}`);
  }
  for (const t of trial.report.implemented) {
    if (t.surface !== undefined || !mine.has(t.table) || problems.has(t.table)) continue;
    const keys = keysOf(trial, t.table);
    for (const test of trial.tools.find((tool) => tool.name === t.tool)?.tests ?? []) {
      const fresh =
        test.expect.error?.code === "not_found" ||
        (test.expect.changes?.[t.table]?.inserted ?? 0) > 0;
      const taken = fresh ? scalarsOf(test.args).find((v) => keys.has(v)) : undefined;
      if (taken === undefined) continue;
      problems.set(
        t.table,
        `the test "${test.name}" of ${t.tool} needs ${JSON.stringify(taken)} to be unused, but these rows hold it as a key`,
      );
      break;
    }
  }
  return problems;
}

function keysOf(imported: McpImport, table: string): Set<SqlValue> {
  const key = imported.entityTables.find((t) => t.name === table)?.key.name;
  const data = imported.seed.tables[table];
  const at = key === undefined || !data ? -1 : data.columns.indexOf(key);
  return new Set(at < 0 || !data ? [] : data.rows.map((r) => r[at] ?? null));
}

function scalarsOf(value: unknown): (string | number)[] {
  if (typeof value === "string" || typeof value === "number") return [value];
  if (Array.isArray(value)) return value.flatMap(scalarsOf);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(scalarsOf);
  return [];
}

function caseOf(spec: unknown, base: McpImport): SeedRowsCase {
  const descriptions = new Map(parseMcpSpec(spec).tools.map((t) => [t.name, t.description]));
  const tables = new Set(base.entityTables.map((t) => t.name));
  return {
    server: base.report.server,
    tools: base.report.implemented
      .filter((t) => t.surface === undefined && tables.has(t.table))
      .map((t) => ({ name: t.original, description: descriptions.get(t.original) ?? t.original })),
    tables: base.entityTables,
  };
}
