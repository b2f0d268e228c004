// What the generators (graph walks, program grammar) hand to validation: a candidate task before
// it is replayed, verified and kept. Generators run their exploratory calls through `runner` on a
// fresh copy of the environment's initial state; the program they emit must reproduce the task
// from that same initial state on its own.

import type { Json } from "../base/json";
import type { ToolRunner } from "../episode/tool-runner";
import type { Prng } from "../sandbox/determinism";
import type { RecordNamer } from "./record-names";
import type { AnswerMatch, ChainStep, Difficulty, TaskKind } from "./task";
import type { ToolGraph, ToolProfile } from "./tool-profile";
import type { ValueSampler } from "./value-sampler";

export interface TaskDraft {
  kind: TaskKind;
  instruction: string;
  /** JavaScript `(args, ctx) => answer` that calls tools only through `ctx.call(name, args)`. */
  program: string;
  /** Absent: the task is judged on the state change alone (it must then write). */
  answerMatch?: AnswerMatch;
  chain?: ChainStep[];
  difficulty: Omit<Difficulty, "level" | "distractors">;
  /** Values the solution needs that the instruction must not contain (hidden identifiers). */
  hidden: Json[];
  /** Tools the solution calls. */
  tools: string[];
  /**
   * Graph chains: calls that read a hidden value or the key of a record an earlier call made
   * (validation keeps a chain only with at least one).
   */
  dependentCalls?: number;
}

/** What a surface template renders: a draft, or why this one cannot be written. */
export type Built = TaskDraft | { reason: string; detail: string };

export type DraftAttempt =
  | { ok: true; draft: TaskDraft }
  | {
      ok: false;
      /** Stable reason code for reports, e.g. `dead_end`, `no_start_values`, `no_list_tool`. */
      reason: string;
      detail: string;
    };

export interface DraftTarget {
  /** Tool calls wanted in the chain (graph) or the order of program size (programmatic). */
  chainLength: number;
  /** At least this many state-changing calls. */
  minWrites: number;
}

export interface GeneratorContext {
  graph: ToolGraph;
  profiles: ReadonlyMap<string, ToolProfile>;
  sampler: ValueSampler;
  rng: Prng;
  /** Calls on a fresh copy of the initial state, valid for this one attempt. */
  runner: ToolRunner;
  /** Names records by what a user knows of them; without it, stated identifiers stay ids. */
  namer?: RecordNamer;
}
