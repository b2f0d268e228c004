// Validation before a task is kept: the reference solution replays twice on fresh copies with
// identical results; a replay under another seed and clock start tells which columns are volatile
// and must still score 1.0; doing nothing must score 0; the instruction must not give away the
// answer, the hidden identifiers, tool names or raw column names; a chain needs two dependent
// calls (one reads a hidden value or the key of a record the other made). Each failure is a
// stable reason code for the shard report.

import { canonicalJson, type Json } from "../base/json";
import type { StateDiff } from "../episode/state-diff";
import type { ExecutedCall } from "../episode/tool-runner";
import { allocatedKeys } from "./allocated-keys";
import type { TaskDraft } from "./draft";
import { outcomeText } from "./outcome-digest";
import { instructionLeaks } from "./phrasing/phrasing";
import type { SolutionSet } from "./solution-runner";
import type { EpisodeSeed, SynthesisWorld } from "./synthesis-world";
import type { GroundTruth, VerifierSpec } from "./task";
import { verifyTask } from "./verify";
import { volatileColumns } from "./volatile-columns";

export type Rejection = { reason: string; detail: string };

export interface ValidatedRun {
  answer: Json;
  calls: ExecutedCall[];
  changes: StateDiff;
  truth: Omit<GroundTruth, "digest">;
  verifier: VerifierSpec;
}

/** Days and hours the perturbed replay's clock is moved, so time-derived values differ. */
const PERTURB_MS = (3 * 24 + 7) * 3600 * 1000;

export function perturbed(episode: EpisodeSeed): EpisodeSeed {
  const start = Date.parse(episode.clockStart) + PERTURB_MS;
  return { seed: `${episode.seed}:perturbed`, clockStart: new Date(start).toISOString() };
}

export function validateCandidate(
  world: SynthesisWorld,
  programs: SolutionSet,
  index: number,
  draft: TaskDraft,
  episode: EpisodeSeed,
  names: { toolNames: readonly string[]; identifiers: readonly string[] },
): ValidatedRun | Rejection {
  const replay = (ep: EpisodeSeed) =>
    world.fresh(ep, (runner) => programs.run(index, runner, world.programHost(ep)));
  const gold = replay(episode);
  if (!gold.value.ok) {
    return { reason: "solution_failed", detail: describeFailure(gold.value.error) };
  }
  const failedCall = gold.value.calls.find((c) => !c.outcome.ok);
  if (failedCall) {
    return { reason: "solution_call_failed", detail: `${failedCall.tool} failed on the gold run` };
  }
  const again = replay(episode);
  const goldRun = { answer: gold.value.answer, calls: gold.value.calls, changes: gold.changes };
  if (
    !again.value.ok ||
    outcomeText(goldRun) !==
      outcomeText({ answer: again.value.answer, calls: again.value.calls, changes: again.changes })
  ) {
    return { reason: "nondeterministic", detail: "two replays on fresh copies differ" };
  }
  const shifted = replay(perturbed(episode));
  if (!shifted.value.ok) {
    return { reason: "clock_dependent", detail: "the solution fails under another clock and seed" };
  }
  const writes = Object.keys(gold.changes).length > 0;
  let answerMatch = draft.answerMatch;
  if (answerMatch && canonicalJson(shifted.value.answer) !== canonicalJson(gold.value.answer)) {
    if (!writes) {
      return { reason: "answer_volatile", detail: "the answer depends on the clock or the seed" };
    }
    answerMatch = undefined; // judged on the state change alone
  }
  const writeTools = new Set(world.tools.filter((t) => t.effect === "write").map((t) => t.name));
  if (gold.value.calls.some((c) => writeTools.has(c.tool)) && !writes) {
    return { reason: "write_without_effect", detail: "the solution's writes change nothing" };
  }
  if (!answerMatch && !writes) {
    return { reason: "no_effect", detail: "a state-only task whose solution changes nothing" };
  }
  const truth: Omit<GroundTruth, "digest"> = {
    ...(answerMatch ? { answer: { value: gold.value.answer, match: answerMatch } } : {}),
    changes: gold.changes,
    volatile: volatileColumns(gold.changes, shifted.changes),
    allocatedKeys: allocatedKeys(world.db, gold.changes, draft.instruction),
  };
  const verifier: VerifierSpec = {
    weights: { state: 1, answer: answerMatch ? 1 : 0, rubric: 0 },
    partialCredit: false,
  };
  const scored = (changes: StateDiff, answer: Json | undefined) =>
    verifyTask({ ...truth, digest: "" }, verifier, {
      changes,
      ...(answer === undefined ? {} : { answer }),
    }).reward;
  if (scored(shifted.changes, shifted.value.answer) !== 1) {
    return { reason: "oracle_below_1", detail: "the verifier does not accept a perturbed replay" };
  }
  if (scored({}, undefined) !== 0) {
    return { reason: "trivial", detail: "doing nothing already earns reward" };
  }
  const leaks = instructionLeaks(draft.instruction, {
    toolNames: names.toolNames,
    identifiers: names.identifiers,
    hidden: draft.hidden,
    answer: answerMatch ? gold.value.answer : null,
  });
  if (leaks.length > 0) return { reason: "instruction_leak", detail: leaks.join("; ") };
  if (gold.value.calls.length < 2) {
    return { reason: "too_short", detail: "the solution makes fewer than two calls" };
  }
  if (draft.kind === "graph" && (draft.dependentCalls ?? draft.difficulty.hiddenIds) < 1) {
    return { reason: "not_dependent", detail: "no call depends on an earlier call's output" };
  }
  return { ...goldRun, truth, verifier };
}

function describeFailure(error: { kind: string; message: string }): string {
  return `${error.kind}: ${error.message}`.slice(0, 300);
}
