// Canonical form of what a solution run produced, for replay comparison and the task's digest.

import { canonicalJson, type Json, sha256Hex } from "../base/json";
import type { StateDiff } from "../episode/state-diff";
import type { ExecutedCall } from "../episode/tool-runner";

export interface RunOutcome {
  answer: Json;
  calls: readonly ExecutedCall[];
  changes: StateDiff;
}

/** Byte-for-byte identity of two runs: same answer, same calls and results, same state change. */
export function outcomeText(run: RunOutcome): string {
  return canonicalJson({ answer: run.answer, calls: run.calls, changes: run.changes });
}

export function outcomeDigest(answer: Json | undefined, changes: StateDiff): Promise<string> {
  return sha256Hex(canonicalJson({ answer: answer ?? null, changes }));
}

/** Near-duplicate key: the solution's calls (tools and arguments) in order. */
export function dedupeText(calls: readonly ExecutedCall[]): string {
  return canonicalJson(calls.map(({ tool, args }) => ({ tool, args })));
}

/** Instructions compared without case, punctuation or spacing differences. */
export function normalizedInstruction(instruction: string): string {
  return instruction
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
