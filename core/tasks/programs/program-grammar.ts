// Programmatic task synthesis: solution programs with loops, conditionals and aggregation, drawn
// from a small grammar of templates over the tool graph (argmax then detail, filter and count, sum
// over a relation, conditional write loop, branch). Each template explores the data through
// `ctx.runner` to pick thresholds and values that make the task non-trivial, then emits the program
// whose sandboxed run gives the ground truth. Every choice comes from `ctx.rng`.
import type { Json } from "../../base/json";
import type { DraftAttempt, DraftTarget, GeneratorContext, TaskDraft } from "../draft";
import { instructionLeaks } from "../phrasing/phrasing-leaks";
import { argmaxTemplate } from "./program-argmax";
import { branchTemplate, branchWriteTemplate } from "./program-branch";
import { functionSource } from "./program-code";
import { filterCountTemplate } from "./program-filter-count";
import { listTools } from "./program-list-source";
import { failed, type PlanAttempt, type ProgramPlan, type ProgramTemplate } from "./program-plan";
import { sumTemplate } from "./program-sum";
import { mentions, shuffle } from "./program-values";
import { writeLoopTemplate } from "./program-write-loop";

export const PROGRAM_TEMPLATES: readonly ProgramTemplate[] = [
  argmaxTemplate,
  filterCountTemplate,
  sumTemplate,
  writeLoopTemplate,
  branchTemplate,
  branchWriteTemplate,
];

/** Reasons after which the attempt's scratch state may hold writes: no other template may run. */
const FINAL_REASONS = new Set(["write_failed"]);

export function programTask(ctx: GeneratorContext, target: DraftTarget): DraftAttempt {
  const planned = planProgramTask(ctx, target);
  return planned.ok ? { ok: true, draft: draftOf(planned.plan) } : planned;
}

/** The plan behind `programTask`, with the answer its exploration computed (for tests, reports). */
export function planProgramTask(
  ctx: GeneratorContext,
  target: DraftTarget,
  templates: readonly ProgramTemplate[] = PROGRAM_TEMPLATES,
): PlanAttempt {
  if (listTools(ctx).length === 0) {
    return failed("no_list_tool", "no read tool returns a complete list to loop over");
  }
  const usable = templates.filter((t) => target.minWrites === 0 || t.writes);
  if (usable.length === 0) return failed("no_template", "no template makes the writes asked for");
  // Writes last when none are asked for: a write template changes the scratch state it explores.
  const ordered =
    target.minWrites > 0
      ? shuffle(ctx.rng, usable)
      : [
          ...shuffle(
            ctx.rng,
            usable.filter((t) => !t.writes),
          ),
          ...shuffle(
            ctx.rng,
            usable.filter((t) => t.writes),
          ),
        ];
  const reasons: string[] = [];
  for (const template of ordered) {
    const attempt = template.build(ctx, target);
    if (attempt.ok) {
      const problem = checkPlan(ctx, attempt.plan, target);
      if (!problem) return attempt;
      if (attempt.plan.writes > 0) return problem;
      reasons.push(`${template.name}: ${problem.reason}`);
      continue;
    }
    if (FINAL_REASONS.has(attempt.reason)) return attempt;
    reasons.push(`${template.name}: ${attempt.reason}`);
  }
  return failed("no_template_fits", reasons.join("; "));
}

/** What every plan must satisfy, whichever template made it. */
function checkPlan(
  ctx: GeneratorContext,
  plan: ProgramPlan,
  target: DraftTarget,
): { ok: false; reason: string; detail: string } | undefined {
  const program = functionSource(plan.statements);
  if (plan.calls < 2) return failed("too_short", `${plan.template} makes ${plan.calls} call`);
  if (plan.writes < target.minWrites) {
    return failed("too_few_writes", `${plan.template} writes ${plan.writes}`);
  }
  if (plan.answerMatch && inProgram(program, plan.expected)) {
    return failed("answer_leak", `${plan.template}: the program spells the answer out`);
  }
  const answer = plan.answerMatch ? plan.expected : null;
  if (answer !== null && mentions(plan.instruction, answer)) {
    return failed("answer_leak", `${plan.template}: the instruction gives the answer`);
  }
  const leaks = instructionLeaks(plan.instruction, {
    toolNames: ctx.graph.tools.map((t) => t.name),
    identifiers: [],
    hidden: plan.hidden,
    answer,
  });
  if (leaks.length > 0) return failed("instruction_leak", `${plan.template}: ${leaks.join("; ")}`);
  return undefined;
}

/** Whether the program spells the answer out as a literal. */
function inProgram(program: string, answer: Json): boolean {
  if (typeof answer === "string") return program.includes(JSON.stringify(answer));
  if (typeof answer !== "number") return false;
  const literals = program.replace(/"(?:[^"\\]|\\.)*"/g, "").match(/\d+(?:\.\d+)?/g) ?? [];
  return literals.some((n) => Number(n) === Math.abs(answer));
}

function draftOf(plan: ProgramPlan): TaskDraft {
  const hidden = unique(plan.hidden);
  return {
    kind: "programmatic",
    instruction: plan.instruction,
    program: functionSource(plan.statements),
    ...(plan.answerMatch ? { answerMatch: plan.answerMatch } : {}),
    difficulty: {
      chainLength: plan.calls,
      branching: plan.branching,
      writes: plan.writes,
      hiddenIds: hidden.length,
    },
    hidden,
    tools: unique(plan.tools) as string[],
  };
}

function unique<T extends Json>(values: readonly T[]): T[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
