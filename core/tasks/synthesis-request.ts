// What one synthesis shard is asked to make, and what it reports back: kept tasks and, for every
// candidate it dropped, the reason. Shared by the API, the queue consumer and the scratch DO.
import { z } from "zod";
import type { TokenUsage } from "../llm/llm-client";
import { LevelSchema, StrategySchema, type Task } from "./task";

export const DifficultyRequestSchema = z.object({
  level: LevelSchema.optional().describe("preset: easy 2-3 calls, medium 3-4, hard 4-6"),
  minChain: z.number().int().min(2).max(12).optional(),
  maxChain: z.number().int().min(2).max(12).optional(),
  minWrites: z.number().int().min(0).max(8).optional(),
  distractors: z.number().int().min(0).max(50).optional(),
});

export const SynthesisShardSchema = z.object({
  count: z.number().int().min(1).max(200),
  strategy: StrategySchema,
  difficulty: DifficultyRequestSchema.default({}),
  /** Seeds the shard's PRNG: same seed and environment, same tasks. */
  seed: z.string().min(1).max(200),
  /** Candidates to try before giving up; default 8 x count. */
  maxAttempts: z.number().int().min(1).max(10_000).optional(),
  jobId: z.string().optional(),
  /** Ask for an LLM rewrite of each kept instruction (only where the caller configures a model). */
  rewrite: z.boolean().optional(),
});

export type DifficultyRequest = z.infer<typeof DifficultyRequestSchema>;
export type SynthesisShard = z.infer<typeof SynthesisShardSchema>;

export interface SynthesisReport {
  requested: number;
  kept: number;
  attempts: number;
  /** Dropped candidates by reason code, e.g. `{ dead_end: 4, duplicate: 2 }`. */
  rejected: Record<string, number>;
  /** A few examples per reason, for people. */
  examples: Record<string, string[]>;
  /** Set when fewer than requested were kept: why synthesis stopped. */
  stoppedBecause?: string;
  seconds: number;
  /** The optional LLM rewrite of instructions; absent on reports stored before it existed. */
  rewrite?: RewriteReport;
}

/** What the instruction rewrite did for the kept tasks of a shard. */
export interface RewriteReport {
  status: "not requested" | "not configured" | "ran";
  /** Instructions replaced by an accepted rewrite. */
  rewritten: number;
  /** Instructions left as templated (rewrite refused, unchanged, or the model failed). */
  kept: number;
  /** Refused rewrites by reason code: `leak`, `lost value`, `empty`, `too long`, `llm`. */
  reasons: Record<string, number>;
  /** A few refusals in full, for people. */
  examples: string[];
  usage: TokenUsage;
}

export interface SynthesisOutcome {
  tasks: Task[];
  report: SynthesisReport;
}
