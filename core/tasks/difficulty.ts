// Difficulty, asked for and recorded. A request names a level preset and/or explicit bounds; each
// candidate gets a target drawn inside them, and each kept task records what it turned out to be.
import type { Prng } from "../sandbox/determinism";
import type { DraftTarget, TaskDraft } from "./draft";
import type { DifficultyRequest } from "./synthesis-request";
import type { Difficulty, Level } from "./task";

const PRESETS: Record<Level, { minChain: number; maxChain: number }> = {
  easy: { minChain: 2, maxChain: 3 },
  medium: { minChain: 3, maxChain: 4 },
  hard: { minChain: 4, maxChain: 6 },
};

export interface DifficultyBounds {
  minChain: number;
  maxChain: number;
  minWrites: number;
  /** Tools shown to the agent beyond those the solution uses; undefined = all of them. */
  distractors?: number;
}

export function difficultyBounds(request: DifficultyRequest): DifficultyBounds {
  const preset = request.level ? PRESETS[request.level] : { minChain: 2, maxChain: 4 };
  const minChain = request.minChain ?? preset.minChain;
  const maxChain = Math.max(minChain, request.maxChain ?? preset.maxChain);
  return {
    minChain,
    maxChain,
    minWrites: request.minWrites ?? 0,
    ...(request.distractors === undefined ? {} : { distractors: request.distractors }),
  };
}

export function drawTarget(bounds: DifficultyBounds, rng: Prng): DraftTarget {
  const span = bounds.maxChain - bounds.minChain + 1;
  return {
    chainLength: bounds.minChain + Math.floor(rng.next() * span),
    minWrites: bounds.minWrites,
  };
}

/** The level a finished task reads as: how many calls, branches, writes and hidden ids it takes. */
export function levelOf(d: Omit<Difficulty, "level" | "distractors">): Level {
  const effort = d.chainLength + d.branching + d.writes + Math.min(d.hiddenIds, 3);
  if (effort <= 4 && d.branching === 0) return "easy";
  if (effort <= 7) return "medium";
  return "hard";
}

/** The recorded difficulty: measured on the gold run, with the level asked for when one was. */
export function recordDifficulty(
  draft: TaskDraft,
  calls: number,
  writes: number,
  distractors: number,
  requested?: Level,
): Difficulty {
  const measured = { ...draft.difficulty, chainLength: calls, writes };
  return { ...measured, level: requested ?? levelOf(measured), distractors };
}
