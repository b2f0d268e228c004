// A verifiable task: an instruction a user would give, the environment version it runs on, the
// reference solution (a program over the environment's tools) and the ground truth obtained by
// executing it: the final answer and/or the state change, with the columns whose values depend on
// the clock or the seed marked volatile. Zod is the single source for types, HTTP and storage.
import { z } from "zod";
import { JsonSchema } from "../base/json";
import { SqlValueSchema } from "../environment/spec";

export const TaskKindSchema = z.enum(["graph", "programmatic"]);
export const StrategySchema = z.enum(["graph", "programmatic", "mixed"]);
export const LevelSchema = z.enum(["easy", "medium", "hard"]);

/** How a final answer is compared with the gold one (see answer-match.ts). */
export const AnswerMatchSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("exact") }),
  z.object({
    kind: z.literal("numeric"),
    /** Relative tolerance: |actual - gold| <= tolerance * max(1, |gold|). */
    tolerance: z.number().min(0).max(1).default(1e-6),
  }),
  z.object({ kind: z.literal("set") }),
  z.object({ kind: z.literal("json-subset") }),
]);

const DiffRowSchema = z.record(z.string(), SqlValueSchema);
export const TableDiffSchema = z.object({
  inserted: z.array(DiffRowSchema),
  deleted: z.array(DiffRowSchema),
  updated: z.array(
    z.object({
      key: DiffRowSchema,
      before: DiffRowSchema,
      after: DiffRowSchema,
      changedColumns: z.array(z.string()),
    }),
  ),
});
/** Same shape as core/episode/state-diff.ts `StateDiff`: per table, rows changed since the seed. */
export const StateDiffSchema = z.record(z.string(), TableDiffSchema);

export const SolutionCallSchema = z.object({
  tool: z.string(),
  args: z.record(z.string(), JsonSchema),
});

/** One step of a graph task's chain; `bindings` name the arguments fed from earlier outputs. */
export const ChainStepSchema = SolutionCallSchema.extend({
  bindings: z.record(z.string(), z.object({ step: z.number().int().min(0), path: z.string() })),
});

export const DifficultySchema = z.object({
  level: LevelSchema,
  /** Tool calls in the reference solution. */
  chainLength: z.number().int().min(0),
  /** Conditionals and loops in the solution program (0 for a straight chain). */
  branching: z.number().int().min(0),
  /** Calls that change state. */
  writes: z.number().int().min(0),
  /** Identifiers the solution needs but the instruction does not give. */
  hiddenIds: z.number().int().min(0),
  /** Tools exposed to the agent that the solution does not use. */
  distractors: z.number().int().min(0),
});

export const VerifierSpecSchema = z.object({
  weights: z.object({
    state: z.number().min(0).default(1),
    answer: z.number().min(0).default(1),
    rubric: z.number().min(0).default(0),
  }),
  /** Score `state` as the share of expected changes present (each unexpected one counts against). */
  partialCredit: z.boolean().default(false),
  /** For the optional LLM judge; unused unless a rubric weight is set and a model is configured. */
  rubric: z.string().max(4000).optional(),
});

export const GroundTruthSchema = z.object({
  answer: z.object({ value: JsonSchema, match: AnswerMatchSchema }).optional(),
  /** The gold state change against the environment's seed (empty for read-only tasks). */
  changes: StateDiffSchema,
  /** Columns, per table, whose values depend on the clock or the seed: compared by presence only. */
  volatile: z.record(z.string(), z.array(z.string())),
  /**
   * Per table, the primary-key column whose values inserts allocate: compared up to renaming
   * (core/tasks/allocated-keys.ts). Absent on tasks made before it existed.
   */
  allocatedKeys: z.record(z.string(), z.string()).optional(),
  /** sha256 of the canonical gold outcome (answer, changes); equal on every replay. */
  digest: z.string(),
});

export const TaskSchema = z.object({
  id: z.string(),
  environment: z.object({ name: z.string(), version: z.string(), contentHash: z.string() }),
  kind: TaskKindSchema,
  instruction: z.string().min(1).max(4000),
  /** Tools the agent is given: the ones the solution uses plus distractors. */
  tools: z.array(z.string()).min(1),
  difficulty: DifficultySchema,
  solution: z.object({
    /** JavaScript `(args, ctx) => answer` calling tools with `ctx.call(name, args)` only. */
    program: z.string().min(1),
    /** The calls the program made on the gold run, in order. */
    calls: z.array(SolutionCallSchema),
    chain: z.array(ChainStepSchema).optional(),
  }),
  groundTruth: GroundTruthSchema,
  verifier: VerifierSpecSchema,
  /** The episode seed and clock start the gold run used; episodes bound to the task use them too. */
  episode: z.object({ seed: z.string(), clockStart: z.string() }),
  /** Near-duplicate key: equal for tasks with the same solution calls or the same instruction. */
  dedupeKey: z.string(),
  createdAt: z.string(),
  jobId: z.string().optional(),
});

export type TaskKind = z.infer<typeof TaskKindSchema>;
export type Strategy = z.infer<typeof StrategySchema>;
export type Level = z.infer<typeof LevelSchema>;
export type AnswerMatch = z.infer<typeof AnswerMatchSchema>;
export type SolutionCall = z.infer<typeof SolutionCallSchema>;
export type ChainStep = z.infer<typeof ChainStepSchema>;
export type Difficulty = z.infer<typeof DifficultySchema>;
export type VerifierSpec = z.infer<typeof VerifierSpecSchema>;
export type GroundTruth = z.infer<typeof GroundTruthSchema>;
export type Task = z.infer<typeof TaskSchema>;
