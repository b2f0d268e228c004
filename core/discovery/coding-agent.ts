// The coding agent: an LLM writes extra domain tools with unit tests from the real schema and rows;
// each is run through admission (and the vacuity check) in the sandbox, failures go back to the
// model for at most `maxRepairs` rounds, and only passing tools come out. Callers without an LLM
// skip it and report LLM_NOT_CONFIGURED.
import type { ToolSpec } from "../environment/spec";
import type { ChatMessage } from "../llm/chat-schemas";
import { addUsage, type LlmClient, type TokenUsage, ZERO_USAGE } from "../llm/llm-client";
import { judgeTools, type ToolHarness } from "./admission-feedback";
import {
  CODING_SYSTEM_PROMPT,
  codingRequestPrompt,
  repairPrompt,
  unreadableAnswerPrompt,
} from "./coding-prompt";
import { type SchemaBriefOptions, schemaBrief } from "./schema-brief";
import { parseToolAnswer } from "./tool-answer";
import { holdToWanted, type WantedTool } from "./wanted-tool";

export { LLM_NOT_CONFIGURED } from "../llm/llm-config";

export interface CodingAgentInput {
  llm: LlmClient;
  /** The seeded database, its rollback, hosts and executor, as admission runs them. */
  harness: ToolHarness;
  /** A theme, product document or README, if the source came with one. */
  theme?: string;
  /** Tools the environment already has; new tools may not take these names. */
  existingTools: readonly string[];
  /** Tools of the real source to implement under their own name, description and schema. */
  wantedTools?: readonly WantedTool[];
  /** Repair rounds after the first answer (default 2). */
  maxRepairs?: number;
  /** How many tools to ask for (default 5). */
  maxTools?: number;
  schema?: SchemaBriefOptions;
  /** Default 0, so a scripted or seeded model answers the same way each time. */
  temperature?: number;
  /**
   * Tokens (prompt + completion, as the server reports them) the whole job may spend; no repair
   * round starts once they are spent (default DEFAULT_TOKEN_BUDGET). Each answer is also capped
   * at `maxAnswerTokens` (default DEFAULT_MAX_ANSWER_TOKENS).
   */
  tokenBudget?: number;
  maxAnswerTokens?: number;
}

export interface RejectedTool {
  name: string;
  reasons: string[];
}

export interface CodingAgentResult {
  admitted: ToolSpec[];
  rejected: RejectedTool[];
  /** Model calls made: the first request plus repair rounds. */
  rounds: number;
  usage: TokenUsage;
  /** What went wrong beyond single tools: unreadable answers, a model lost mid-repair. */
  notes: string[];
}

export const DEFAULT_MAX_REPAIRS = 2;
/** A generous job: three rounds of a long schema brief and five tools with tests each. */
export const DEFAULT_TOKEN_BUDGET = 200_000;
export const DEFAULT_MAX_ANSWER_TOKENS = 16_000;
export const DEFAULT_MAX_TOOLS = 5;
export const CLASH_REASON = "its name clashes with an existing tool";

export async function runCodingAgent(input: CodingAgentInput): Promise<CodingAgentResult> {
  const maxRepairs = input.maxRepairs ?? DEFAULT_MAX_REPAIRS;
  const tokenBudget = input.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  const messages: ChatMessage[] = [
    { role: "system", content: CODING_SYSTEM_PROMPT },
    {
      role: "user",
      content: codingRequestPrompt({
        schema: schemaBrief(input.harness.db, input.schema),
        theme: input.theme,
        existingTools: input.existingTools,
        maxTools: Math.max(input.maxTools ?? DEFAULT_MAX_TOOLS, input.wantedTools?.length ?? 0),
        ...(input.wantedTools?.length ? { wantedTools: input.wantedTools } : {}),
      }),
    },
  ];
  const taken = new Set(input.existingTools.map((n) => n.toLowerCase()));
  const admitted: ToolSpec[] = [];
  const rejected: RejectedTool[] = [];
  const notes: string[] = [];
  let failing = new Map<string, string[]>();
  let usage: TokenUsage = { ...ZERO_USAGE };
  let rounds = 0;
  // Until the model has given one usable answer, any answer is a first answer, not a repair.
  let repairing = false;

  for (;;) {
    let content: string;
    try {
      const answer = await input.llm.complete({
        messages,
        temperature: input.temperature ?? 0,
        maxTokens: input.maxAnswerTokens ?? DEFAULT_MAX_ANSWER_TOKENS,
      });
      content = answer.content;
      usage = addUsage(usage, answer.usage);
    } catch (err) {
      // Without a first answer there is nothing to report but the outage itself.
      if (rounds === 0) throw err;
      notes.push(`round ${rounds + 1} (a repair) could not reach the model: ${messageOf(err)}`);
      break;
    }
    rounds++;
    messages.push({ role: "assistant", content });
    const parsed = parseToolAnswer(content);
    let next: string;
    if (!parsed.ok) {
      notes.push(`round ${rounds}: the answer could not be used: ${parsed.problem}`);
      next = [
        unreadableAnswerPrompt(parsed.problem),
        ...(repairing ? [repairPrompt(list(failing))] : []),
      ].join("\n\n");
    } else {
      const asked = failing;
      failing = new Map();
      const candidates: ToolSpec[] = [];
      const seen = new Set<string>();
      for (const answered of parsed.tools) {
        const tool = holdToWanted(answered, input.wantedTools ?? []);
        const key = tool.name.toLowerCase();
        if (repairing && !asked.has(tool.name)) {
          notes.push(
            `round ${rounds}: ignored "${tool.name}", which was not among the tools to repair`,
          );
        } else if (taken.has(key) || seen.has(key)) {
          rejected.push({ name: tool.name, reasons: [CLASH_REASON] });
        } else {
          seen.add(key);
          candidates.push(tool);
        }
      }
      for (const invalid of parsed.invalid) {
        if (!repairing || asked.has(invalid.name)) failing.set(invalid.name, invalid.reasons);
      }
      for (const [name, reasons] of await judgeTools(input.harness, candidates)) {
        const tool = candidates.find((t) => t.name === name);
        if (reasons.length === 0 && tool) {
          admitted.push(tool);
          taken.add(name.toLowerCase());
        } else {
          failing.set(name, reasons);
        }
      }
      // A tool the model left out of its repair answer keeps the reasons it failed with.
      for (const [name, reasons] of asked) {
        if (!seen.has(name.toLowerCase()) && !failing.has(name)) {
          rejected.push({ name, reasons: [...reasons, "the repair answer left it out"] });
        }
      }
      repairing = true;
      if (failing.size === 0) break;
      next = repairPrompt(list(failing));
    }
    if (rounds > maxRepairs) break;
    if (usage.totalTokens >= tokenBudget) {
      notes.push(
        `stopped after round ${rounds}: the job's token budget (${tokenBudget}) is spent (${usage.totalTokens} used)`,
      );
      break;
    }
    messages.push({ role: "user", content: next });
  }
  rejected.push(...list(failing).map((f) => ({ name: f.tool, reasons: [...f.reasons] })));
  return { admitted, rejected, rounds, usage, notes };
}

function list(failing: ReadonlyMap<string, string[]>): { tool: string; reasons: string[] }[] {
  return [...failing].map(([tool, reasons]) => ({ tool, reasons }));
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
