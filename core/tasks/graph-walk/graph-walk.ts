// Graph-based task synthesis (the paper's random walks): start at a tool whose inputs real values
// fill, follow weighted edges of the tool dependency graph, feed each call from earlier outputs
// where the edge allows (those values stay hidden from the user), execute every call to know what
// it returns, then ask for an answer read from the results and/or judge the state change.

import { canonicalJson, type Json } from "../../base/json";
import { type AnswerPick, answerCandidates } from "../answer-pick";
import type { DraftAttempt, DraftTarget, GeneratorContext } from "../draft";
import { IDENTIFIER_SHAPE } from "../identifier-names";
import { composeInstruction, instructionLeaks } from "../phrasing/phrasing";
import { chainSteps, renderChain } from "../render-chain";
import type { ToolEdge, ToolProfile } from "../tool-profile";
import { fillArgs, isPaging } from "./graph-inputs";
import { looksLikeIdentifier } from "./graph-paths";
import { weightedOrder } from "./graph-random";
import { boundValue, dependentCalls, hiddenValues, type Walk } from "./graph-step";
import { nameStatedRecords } from "./walk-names";

/** Start tools tried, neighbours tried per step, value draws per tool: bounds on wasted calls. */
const START_TRIES = 10;
const NEXT_TRIES = 6;
const VALUE_TRIES = 2;
const WALK_RESTARTS = 3;
/** Codes after which the same tool may work with other (varied) values. */
const RETRY_CODES = /conflict|unique|exists|duplicate|invalid|constraint/i;

type StepTry = { ok: true } | { ok: false; why: string };
type WalkOutcome =
  | { ok: true; walk: Walk }
  | { ok: false; reason: string; detail: string; wrote: boolean };

function fail(reason: string, detail: string): DraftAttempt {
  return { ok: false, reason, detail };
}

/** An empty read answers nothing: null, [], a list at listPath with no element, a zero total. */
export function isEmptyResult(result: Json, profile: ToolProfile): boolean {
  if (result === null) return true;
  if (Array.isArray(result)) return result.length === 0;
  if (typeof result !== "object") return false;
  for (const key of ["total", "matches", "count"]) if (result[key] === 0) return true;
  if (profile.listPath) {
    const list = result[profile.listPath.split(".")[0]?.replace(/\[\]$/, "") ?? ""];
    if (Array.isArray(list) && list.length === 0) return true;
  }
  return Object.keys(result).length === 0;
}

function tryStep(
  ctx: GeneratorContext,
  walk: Walk,
  profile: ToolProfile,
  from?: number,
  requireBound = false,
): StepTry & { called?: boolean } {
  let why = "";
  for (let attempt = 0; attempt < VALUE_TRIES; attempt++) {
    const saved = walk.selections.map((m) => new Map(m));
    const filled = fillArgs(ctx, walk, profile, {
      vary: attempt > 0,
      requireBound,
      ...(from === undefined ? {} : { from }),
    });
    if (!filled.ok) {
      walk.selections = saved;
      return {
        ok: false,
        why: `${profile.name} needs ${filled.missing}, which no earlier step produced and no real value fills`,
      };
    }
    const { args, bound, known } = filled.filled;
    const key = canonicalJson({ tool: profile.name, args });
    if (walk.steps.some((s) => canonicalJson({ tool: s.tool, args: s.args }) === key)) {
      walk.selections = saved;
      return { ok: false, why: `${profile.name} would repeat an earlier call` };
    }
    // Named before the call: the words the agent has when it reaches this step.
    const names = nameStatedRecords(ctx, profile, args, known, bound);
    const outcome = ctx.runner.call(profile.name, args);
    if (outcome.ok && !(profile.effect === "read" && isEmptyResult(outcome.result, profile))) {
      walk.steps.push({
        tool: profile.name,
        profile,
        args,
        bound,
        known,
        ...(Object.keys(names).length > 0 ? { names } : {}),
        result: outcome.result,
      });
      walk.selections.push(new Map());
      return { ok: true };
    }
    walk.selections = saved;
    why = outcome.ok
      ? `${profile.name} found nothing`
      : `${profile.name} failed with ${outcome.error.code}`;
    if (outcome.ok || !RETRY_CODES.test(outcome.error.code) || profile.effect !== "write") break;
  }
  return { ok: false, why, called: true };
}

function requiredFillable(ctx: GeneratorContext, profile: ToolProfile): boolean {
  const inputs = profile.inputs.filter((i) => !isPaging(i));
  const fillable = (i: (typeof inputs)[number]) =>
    ctx.sampler.candidates(profile, i, 1, ctx.rng).length > 0;
  if (!inputs.filter((i) => i.required).every(fillable)) return false;
  return inputs.some((i) => i.required) || inputs.length === 0 || inputs.some(fillable);
}

function startWeights(ctx: GeneratorContext) {
  return ctx.graph.tools
    .filter((p) => requiredFillable(ctx, p))
    .map((profile) => {
      const strong = ctx.graph.edges.filter(
        (e) => e.from === profile.name && e.strength === "strong",
      );
      const namesById = profile.inputs.some(
        (i) => i.required && (i.identifier || looksLikeIdentifier(i.name)),
      );
      const weight =
        (1 + strong.length) * (namesById ? 1 : 3) * (profile.effect === "write" ? 0.5 : 1);
      return { item: profile, weight };
    });
}

function neighbours(ctx: GeneratorContext, walk: Walk, target: DraftTarget): ToolEdge[] {
  const current = walk.steps.at(-1)?.tool;
  const writes = walk.steps.filter((s) => s.profile.effect === "write").length;
  const left = target.chainLength - walk.steps.length;
  const needWrites = Math.max(0, target.minWrites - writes);
  const edges = ctx.graph.edges.filter((e) => e.from === current && e.to !== current);
  return weightedOrder(
    ctx.rng,
    edges.map((edge) => {
      const write = ctx.profiles.get(edge.to)?.effect === "write";
      if (needWrites >= left && !write) return { item: edge, weight: 0 };
      return { item: edge, weight: edge.weight * (write && needWrites > 0 ? 3 : 1) };
    }),
  );
}

function walkOnce(
  ctx: GeneratorContext,
  target: DraftTarget,
  starts: ReturnType<typeof startWeights>,
): WalkOutcome {
  const walk: Walk = { steps: [], selections: [] };
  const reasons: string[] = [];
  for (const profile of weightedOrder(ctx.rng, starts).slice(0, START_TRIES)) {
    const tried = tryStep(ctx, walk, profile);
    if (tried.ok) break;
    reasons.push(tried.why);
  }
  const first = walk.steps[0];
  if (!first)
    return {
      ok: false,
      reason: "no_start_values",
      detail: reasons.slice(0, 3).join("; "),
      wrote: false,
    };
  while (walk.steps.length < target.chainLength) {
    const from = walk.steps.length - 1;
    const tried: string[] = [];
    let moved = false;
    let calls = 0;
    const called = new Set<string>();
    const order = neighbours(ctx, walk, target);
    // Edges that bind an input from an earlier result first: a step no later call reads from
    // is a call the instruction cannot ask for.
    for (const requireBound of [true, false]) {
      for (const edge of order) {
        const profile = ctx.profiles.get(edge.to);
        if (!profile || moved || calls >= NEXT_TRIES) break;
        if (called.has(edge.to)) continue;
        const step = tryStep(ctx, walk, profile, from, requireBound);
        if (step.ok) moved = true;
        else {
          if (step.called) {
            calls++;
            called.add(edge.to);
          }
          if (step.called || !requireBound) tried.push(step.why);
        }
      }
    }
    if (moved) continue;
    const wrote = walk.steps.some((s) => s.profile.effect === "write");
    if (walk.steps.length >= 2 && dependentCalls(walk.steps, walk.selections) >= 1) break;
    const tool = walk.steps.at(-1)?.tool ?? "";
    const detail = `after ${tool}: ${tried.length > 0 ? tried.slice(0, 3).join("; ") : `${tool} has no out-edges`}`;
    return { ok: false, reason: "dead_end", detail, wrote };
  }
  return { ok: true, walk };
}

function rawNames(ctx: GeneratorContext): string[] {
  const names = new Set<string>();
  for (const p of ctx.graph.tools) {
    for (const f of [...p.inputs, ...p.outputs])
      if (IDENTIFIER_SHAPE.test(f.name)) names.add(f.name);
  }
  return [...names];
}

function draftFromWalk(ctx: GeneratorContext, walk: Walk, target: DraftTarget): DraftAttempt {
  const steps = walk.steps;
  const dependent = dependentCalls(steps, walk.selections);
  if (dependent < 1) {
    return fail(
      "not_dependent",
      `no call of ${steps.map((s) => s.tool).join(" -> ")} reads a hidden value or a record an earlier call made`,
    );
  }
  const writes = steps.filter((s) => s.profile.effect === "write").length;
  if (writes < target.minWrites) {
    return fail(
      "too_few_writes",
      `${writes} of ${target.minWrites} writes reached from ${steps[0]?.tool}`,
    );
  }
  const hidden = hiddenValues(steps, walk.selections);
  const check = {
    toolNames: ctx.graph.tools.map((t) => t.name),
    identifiers: rawNames(ctx),
    hidden,
  };
  const options: (AnswerPick | undefined)[] = answerCandidates(walk, ctx.rng);
  if (writes > 0) options.push(undefined);
  let leaked: string[] = [];
  let last = "";
  for (const pick of options) {
    const instruction = composeInstruction(walk, pick?.spec);
    leaked = instructionLeaks(instruction, { ...check, answer: pick?.spec.value ?? null });
    last = instruction;
    if (leaked.length > 0) continue;
    const hiddenIds = steps.reduce(
      (n, s) =>
        n +
        Object.keys(s.bound).filter((k) =>
          hidden.some((h) => canonicalJson(h) === canonicalJson(boundValue(s, k))),
        ).length,
      0,
    );
    return {
      ok: true,
      draft: {
        kind: "graph",
        instruction,
        program: renderChain(steps, pick?.spec),
        ...(pick ? { answerMatch: pick.match } : {}),
        chain: chainSteps(steps),
        difficulty: {
          chainLength: steps.length,
          branching: 0,
          writes,
          hiddenIds: hiddenIds + steps.reduce((n, s) => n + Object.keys(s.names ?? {}).length, 0),
        },
        dependentCalls: dependent,
        hidden,
        tools: [...new Set(steps.map((s) => s.tool))],
      },
    };
  }
  if (options.length === 0)
    return fail("no_answer", `nothing to ask after ${steps.map((s) => s.tool).join(" -> ")}`);
  return fail("instruction_leak", `${leaked.join("; ")} — ${last}`);
}

/** One graph task draft for `target`, or the reason none could be made from this state. */
export function walkGraphTask(ctx: GeneratorContext, target: DraftTarget): DraftAttempt {
  if (target.chainLength < 2) {
    return fail(
      "bad_target",
      `a graph task needs a chain of 2 or more calls, not ${target.chainLength}`,
    );
  }
  if (ctx.graph.tools.length < 2) {
    const names = ctx.graph.tools.map((t) => t.name).join(", ") || "none";
    return fail("too_few_tools", `a chain needs two tools; the environment has ${names}`);
  }
  const starts = startWeights(ctx);
  if (starts.length === 0) {
    return fail("no_start_values", "no tool has all its required inputs filled by real values");
  }
  let last: DraftAttempt = fail("dead_end", "no walk was tried");
  for (let restart = 0; restart < WALK_RESTARTS; restart++) {
    const walked = walkOnce(ctx, target, starts);
    const wrote = walked.ok
      ? walked.walk.steps.some((s) => s.profile.effect === "write")
      : walked.wrote;
    last = walked.ok ? draftFromWalk(ctx, walked.walk, target) : fail(walked.reason, walked.detail);
    // A walk that wrote changed this attempt's state: another walk would not start from the seed.
    if (last.ok || wrote) return last;
  }
  return last;
}
