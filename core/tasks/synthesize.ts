// One synthesis shard: draft candidates (graph walks and/or solution programs), validate each by
// executing it, drop near-duplicates, and return the kept tasks with a report of every rejection.
// Deterministic: the same world and shard give the same tasks. An optional LLM rewrite (shard
// `rewrite`, with a rewriter given) rephrases kept instructions; ids and dedupe keys do not depend
// on it.

import { sha256Hex } from "../base/json";
import type { ToolSpec } from "../environment/spec";
import type { LlmClient } from "../llm/llm-client";
import { createPrng, type Prng } from "../sandbox/determinism";
import { difficultyBounds, drawTarget, recordDifficulty } from "./difficulty";
import type { DraftAttempt, GeneratorContext, TaskDraft } from "./draft";
import { chooseExposedTools } from "./exposed-tools";
import { walkGraphTask } from "./graph-walk/graph-walk";
import { identifierNames } from "./identifier-names";
import { RewriteTally, rewriteInstruction } from "./instruction-rewrite";
import { observeTools } from "./observe-tools";
import { dedupeText, normalizedInstruction, outcomeDigest } from "./outcome-digest";
import { programTask } from "./programs/program-grammar";
import { createRecordNamer } from "./record-names";
import { createSampler } from "./sampler";
import type { SurfaceTasks } from "./surface-task-source";
import { surfaceTasks } from "./surface-tasks";
import type { SynthesisOutcome, SynthesisReport, SynthesisShard } from "./synthesis-request";
import type { SynthesisWorld } from "./synthesis-world";
import type { Task, TaskKind } from "./task";
import { buildToolGraph } from "./tool-graph";
import { profileTools } from "./tool-profiles";
import { validateCandidate } from "./validate-candidate";

const EXAMPLES_PER_REASON = 3;

export interface SynthesisOptions {
  /** The model that rewrites instructions when the shard asks for it; none: they stay templated. */
  rewriter?: LlmClient;
}

export async function synthesizeTasks(
  world: SynthesisWorld,
  shard: SynthesisShard,
  now: () => number = () => Date.now(),
  options: SynthesisOptions = {},
): Promise<SynthesisOutcome> {
  const started = now();
  const rewriter = shard.rewrite ? options.rewriter : undefined;
  const rewrites = new RewriteTally(
    !shard.rewrite ? "not requested" : rewriter ? "ran" : "not configured",
  );
  const report = new ReportBuilder(shard.count, rewrites);
  const tasks: Task[] = [];
  // A surface's tasks (a SQL server's statements ...) come from its own templates.
  const surface = surfaceTasks(world.db, world.tools);
  const unfit = unfitEnvironment(world.tools, shard, surface);
  if (unfit) return { tasks, report: report.finish(started, now(), unfit) };

  const profiles = profileTools(observeTools(world));
  const graph = buildToolGraph(profiles);
  const byName = new Map(profiles.map((p) => [p.name, p]));
  const sampler = createSampler(world.db, world.tools);
  const namer = createRecordNamer(world.db, profiles);
  const bounds = difficultyBounds(shard.difficulty);
  const names = {
    toolNames: world.tools.map((t) => t.name),
    identifiers: identifierNames(world.db, world.tools),
  };
  const seen = { calls: new Set<string>(), instructions: new Set<string>() };
  const maxAttempts = shard.maxAttempts ?? shard.count * 8;

  for (let attempt = 0; attempt < maxAttempts && tasks.length < shard.count; attempt++) {
    report.attempts++;
    const rng = createPrng(`${shard.seed}:${attempt}`);
    const kind = pickKind(shard.strategy, rng);
    const episode = { seed: `${shard.seed}:${attempt}`, clockStart: world.clockStart };
    const drafted = world.fresh(episode, (runner) => {
      const ctx: GeneratorContext = { graph, profiles: byName, sampler, rng, runner, namer };
      const target = drawTarget(bounds, rng);
      return surface ? surface.draft({ rng, runner }, kind, target) : draftOf(kind, ctx, target);
    }).value;
    if (!drafted.ok) {
      report.reject(drafted.reason, drafted.detail);
      continue;
    }
    const draft = drafted.draft;
    const instructionKey = normalizedInstruction(draft.instruction);
    if (seen.instructions.has(instructionKey)) {
      report.reject("duplicate", draft.instruction);
      continue;
    }
    const programs = await world.loadPrograms([draft.program]);
    let checked: ReturnType<typeof validateCandidate>;
    try {
      checked = validateCandidate(world, programs, 0, draft, episode, names);
    } finally {
      programs.dispose();
    }
    if ("reason" in checked) {
      report.reject(checked.reason, `${checked.detail} — ${draft.instruction}`);
      continue;
    }
    const callsKey = dedupeText(checked.calls);
    if (seen.calls.has(callsKey)) {
      report.reject("duplicate", draft.instruction);
      continue;
    }
    seen.calls.add(callsKey);
    seen.instructions.add(instructionKey);
    let instruction = draft.instruction;
    if (rewriter) {
      // The same leak context validation checked the templated instruction against.
      const leakCheck = { ...names, hidden: draft.hidden, answer: checked.truth.answer?.value };
      const outcome = await rewriteInstruction(rewriter, { instruction, leakCheck });
      rewrites.add(outcome);
      instruction = outcome.instruction;
    } else {
      rewrites.skipped(1);
    }
    tasks.push(
      await toTask(
        world,
        shard,
        { ...draft, instruction },
        checked,
        episode,
        callsKey,
        graph,
        rng,
        now(),
      ),
    );
  }
  const stopped =
    tasks.length < shard.count
      ? `stopped after ${report.attempts} candidates with ${tasks.length} of ${shard.count} kept: ${report.topReasons()}`
      : undefined;
  return { tasks, report: report.finish(started, now(), stopped, tasks.length) };
}

function draftOf(kind: TaskKind, ctx: GeneratorContext, target: ReturnType<typeof drawTarget>) {
  const attempt: DraftAttempt =
    kind === "graph" ? walkGraphTask(ctx, target) : programTask(ctx, target);
  return attempt;
}

function pickKind(strategy: SynthesisShard["strategy"], rng: Prng): TaskKind {
  if (strategy === "mixed") return rng.next() < 0.5 ? "graph" : "programmatic";
  return strategy;
}

/** Reasons no candidate can succeed, said once instead of failing every attempt. */
function unfitEnvironment(
  tools: readonly ToolSpec[],
  shard: SynthesisShard,
  surface: SurfaceTasks | undefined,
): string | undefined {
  if (surface) return surface.unfit(shard.difficulty.minWrites ?? 0);
  if (tools.length < 2) {
    return `the environment has ${tools.length} tool; a task needs at least two dependent calls`;
  }
  const writes = tools.filter((t) => t.effect === "write").length;
  const minWrites = shard.difficulty.minWrites ?? 0;
  if (minWrites > 0 && writes === 0) {
    return `the environment has no write tools, so no task can make ${minWrites} write(s)`;
  }
  return undefined;
}

async function toTask(
  world: SynthesisWorld,
  shard: SynthesisShard,
  draft: TaskDraft,
  run: Exclude<ReturnType<typeof validateCandidate>, { reason: string }>,
  episode: { seed: string; clockStart: string },
  callsKey: string,
  graph: ReturnType<typeof buildToolGraph>,
  rng: Prng,
  createdAt: number,
): Promise<Task> {
  const used = [...new Set(run.calls.map((c) => c.tool))];
  const tools = chooseExposedTools(
    graph,
    used,
    difficultyBounds(shard.difficulty).distractors,
    rng,
  );
  const writes = run.calls.filter(
    (c) => world.tools.find((t) => t.name === c.tool)?.effect === "write",
  ).length;
  const dedupeKey = await sha256Hex(callsKey);
  const digest = await outcomeDigest(run.truth.answer?.value, run.changes);
  const id = `task_${(await sha256Hex(`${world.environment.contentHash}:${dedupeKey}`)).slice(0, 24)}`;
  return {
    id,
    environment: world.environment,
    kind: draft.kind,
    instruction: draft.instruction,
    tools,
    difficulty: recordDifficulty(
      draft,
      run.calls.length,
      writes,
      tools.length - used.length,
      shard.difficulty.level,
    ),
    solution: {
      program: draft.program,
      calls: run.calls.map(({ tool, args }) => ({ tool, args })),
      ...(draft.chain ? { chain: draft.chain } : {}),
    },
    groundTruth: { ...run.truth, digest },
    verifier: run.verifier,
    episode,
    dedupeKey,
    createdAt: new Date(createdAt).toISOString(),
    ...(shard.jobId ? { jobId: shard.jobId } : {}),
  };
}

class ReportBuilder {
  attempts = 0;
  private readonly rejected: Record<string, number> = {};
  private readonly examples: Record<string, string[]> = {};

  constructor(
    private readonly requested: number,
    private readonly rewrites: RewriteTally,
  ) {}

  reject(reason: string, example: string): void {
    this.rejected[reason] = (this.rejected[reason] ?? 0) + 1;
    const list = this.examples[reason] ?? [];
    if (list.length < EXAMPLES_PER_REASON) list.push(example.slice(0, 400));
    this.examples[reason] = list;
  }

  topReasons(): string {
    const top = Object.entries(this.rejected)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([reason, n]) => `${n} ${reason}`);
    return top.length > 0 ? top.join(", ") : "no candidates";
  }

  finish(started: number, ended: number, stoppedBecause?: string, kept = 0): SynthesisReport {
    return {
      requested: this.requested,
      kept,
      attempts: this.attempts,
      rejected: this.rejected,
      examples: this.examples,
      ...(stoppedBecause ? { stoppedBecause } : {}),
      seconds: Math.round((ended - started) / 10) / 100,
      rewrite: this.rewrites.finish(),
    };
  }
}
