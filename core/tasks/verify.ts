// The task verifier: an episode's state change and final answer against the ground truth, as
// named, weighted components and one reward in [0, 1], plus the changes that were missing or
// unexpected so a failed rollout says why.
//
// Components:
// - state: expected changes E and actual changes A as multisets of canonical changes (insert and
//   delete: the whole row; update: key plus every column of `after`, so a wrong value mismatches),
//   volatile columns dropped, keys the environment allocated on insert replaced by tokens of their
//   rows (allocated-keys.ts, so correct calls in another order still match). 1 when E = A, else 0; with `partialCredit`, |E∩A| / (|E| + |A\E|).
//   Always present. On a read-only task with an answer it is only a guard: weight 0 while the agent
//   changed nothing (so doing nothing earns no reward by itself), score 0 at `weights.state` once
//   it changed anything.
// - answer: matchAnswer under the task's AnswerMatch; present when the task has an answer.
// - rubric: present when `weights.rubric` > 0. This function calls no LLM: the caller passes the
//   judge's score as `rubricScore` (rubric-judge.ts); without one the component scores 0 ("rubric
//   judge not configured"), so a rubric-weighted task cannot be passed by skipping the judge.
// reward = weighted mean of the components (0 when every weight is 0), rounded to 6 decimals.

import { canonicalJson, type Json } from "../base/json";
import type { SqlValue } from "../environment/spec";
import type { DiffRow, StateDiff } from "../episode/state-diff";
import { type AllocatedKeys, type ComparedRow, keyColumns, withKeyTokens } from "./allocated-keys";
import { matchAnswer } from "./answer-match";
import type { GroundTruth, VerifierSpec } from "./task";
import { maskRow, type VolatileColumns, volatileFor } from "./volatile-columns";

export interface ComponentScore {
  score: number;
  weight: number;
  detail: string;
}

export interface ChangeRef {
  table: string;
  op: "insert" | "update" | "delete";
  row: Record<string, SqlValue>;
}

export interface Verification {
  reward: number;
  components: { state?: ComponentScore; answer?: ComponentScore; rubric?: ComponentScore };
  diff: { missing: ChangeRef[]; unexpected: ChangeRef[] };
}

export interface EpisodeOutcome {
  changes: StateDiff;
  answer?: Json;
  /** The rubric judge's score in [0, 1], when one ran. */
  rubricScore?: number;
  /** What the judge said (its reason, or why it could not judge). */
  rubricDetail?: string;
}

/** Changes listed per side in `diff`; the counts in the state detail are never capped. */
export const MAX_DIFF_REFS = 50;

export function verifyTask(
  truth: GroundTruth,
  verifier: VerifierSpec,
  actual: EpisodeOutcome,
): Verification {
  const keys = truth.allocatedKeys ?? {};
  const gold = maskedChanges(truth.changes, truth.volatile);
  const keyed = keyColumns(
    gold.map((c) => c.compared),
    keys,
  );
  const expected = canonicalChanges(gold, keys, keyed);
  const got = canonicalChanges(maskedChanges(actual.changes, truth.volatile), keys, keyed);
  const { missing, unexpected, matched } = compareMultisets(expected, got);

  const components: Verification["components"] = {};
  const readOnlyGuard = expected.length === 0 && truth.answer !== undefined;
  const exact = missing.length === 0 && unexpected.length === 0;
  const denominator = expected.length + unexpected.length;
  components.state = {
    score: exact ? 1 : verifier.partialCredit && denominator > 0 ? matched / denominator : 0,
    weight: readOnlyGuard && got.length === 0 ? 0 : verifier.weights.state,
    detail: readOnlyGuard
      ? got.length === 0
        ? "read-only task: no changes made"
        : `read-only task: ${got.length} changes made`
      : `${matched} of ${expected.length} expected changes, ${missing.length} missing, ${unexpected.length} unexpected`,
  };
  if (truth.answer) {
    const { score, detail } = matchAnswer(truth.answer.value, truth.answer.match, actual.answer);
    components.answer = { score, weight: verifier.weights.answer, detail };
  }
  if (verifier.weights.rubric > 0) {
    const judged = actual.rubricScore;
    components.rubric =
      judged === undefined || !Number.isFinite(judged)
        ? { score: 0, weight: verifier.weights.rubric, detail: "rubric judge not configured" }
        : {
            score: Math.min(1, Math.max(0, judged)),
            weight: verifier.weights.rubric,
            detail: actual.rubricDetail ?? "rubric judge",
          };
  }

  return {
    reward: weightedMean(Object.values(components)),
    components,
    diff: {
      missing: missing.slice(0, MAX_DIFF_REFS).map((c) => c.ref),
      unexpected: unexpected.slice(0, MAX_DIFF_REFS).map((c) => c.ref),
    },
  };
}

interface CanonicalChange {
  /** What is compared: table, operation and the masked row, as canonical JSON. */
  text: string;
  /** What is reported: the masked row, for updates only the key and the changed columns. */
  ref: ChangeRef;
}

interface MaskedChange {
  compared: ComparedRow;
  /** An updated row's key (its `compared.row` is the row after the update). */
  key?: DiffRow;
  ref: ChangeRef;
}

function maskedChanges(diff: StateDiff, volatile: VolatileColumns): MaskedChange[] {
  const changes: MaskedChange[] = [];
  for (const [table, t] of Object.entries(diff)) {
    const mask = volatileFor(volatile, table);
    const whole = (op: "insert" | "delete", row: DiffRow): MaskedChange => {
      const masked = maskRow(row, mask);
      return { compared: { table, op, row: masked }, ref: { table, op, row: masked } };
    };
    for (const row of t.inserted) changes.push(whole("insert", row));
    for (const row of t.deleted) changes.push(whole("delete", row));
    for (const u of t.updated) {
      const changed = maskRow(
        Object.fromEntries(u.changedColumns.map((c) => [c, u.after[c] ?? null])),
        mask,
      );
      changes.push({
        compared: { table, op: "update", row: maskRow(u.after, mask) },
        key: u.key,
        ref: { table, op: "update", row: { ...u.key, ...changed } },
      });
    }
  }
  return changes;
}

/** The changes as compared: masked, allocated keys replaced by tokens (allocated-keys.ts). */
function canonicalChanges(
  changes: readonly MaskedChange[],
  keys: AllocatedKeys,
  keyed: ReadonlySet<string>,
): CanonicalChange[] {
  const renamed = withKeyTokens(
    changes.map((c) => c.compared),
    keys,
    keyed,
  );
  return changes.map((c, i) => {
    const { table, op, row } = renamed[i] as ComparedRow;
    const name = table.toLowerCase();
    const text = canonicalJson(op === "update" ? [name, op, c.key ?? {}, row] : [name, op, row]);
    return { text, ref: c.ref };
  });
}

function compareMultisets(expected: CanonicalChange[], actual: CanonicalChange[]) {
  const pending = new Map<string, number>();
  for (const e of expected) pending.set(e.text, (pending.get(e.text) ?? 0) + 1);
  const unexpected: CanonicalChange[] = [];
  let matched = 0;
  for (const a of actual) {
    const left = pending.get(a.text) ?? 0;
    if (left > 0) {
      pending.set(a.text, left - 1);
      matched++;
    } else {
      unexpected.push(a);
    }
  }
  const missing: CanonicalChange[] = [];
  for (const e of expected) {
    const left = pending.get(e.text) ?? 0;
    if (left > 0) {
      pending.set(e.text, left - 1);
      missing.push(e);
    }
  }
  return { missing, unexpected, matched };
}

function weightedMean(components: ComponentScore[]): number {
  const total = components.reduce((sum, c) => sum + c.weight, 0);
  if (total <= 0) return 0;
  const mean = components.reduce((sum, c) => sum + c.score * c.weight, 0) / total;
  return Math.round(mean * 1e6) / 1e6;
}
