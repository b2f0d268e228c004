// A walked chain as its reference solution: a deterministic program that makes the same calls in
// the same order, reading each dependent argument from an earlier result by the same element rule
// the walk used (an attribute match, never an array index), and returns the answer expression.
import type { Json } from "../base/json";
import type { AnswerSpec } from "./answer-pick";
import { propertyAccess, refExpression, refPath } from "./graph-walk/graph-paths";
import type { ValueRef, WalkStep } from "./graph-walk/graph-step";
import { isNestedSlot, mapSlots } from "./graph-walk/walk-slots";
import type { ChainStep } from "./task";

function stepName(index: number): string {
  return `s${index}`;
}

function boundExpression(ref: ValueRef): string {
  const read = refExpression(stepName(ref.step), ref.tokens);
  return ref.wrap ? `[${read}]` : read;
}

/** The arguments as code: bound ones (top-level or inside an element) read the earlier result. */
function argsLiteral(step: WalkStep): string {
  const marks = new Map<string, string>();
  const nested = Object.keys(step.bound).filter(isNestedSlot);
  const marked = mapSlots(step.args, nested, (slot) => {
    const mark = `\u0000${marks.size}\u0000`;
    const ref = step.bound[slot];
    marks.set(JSON.stringify(mark), ref ? boundExpression(ref) : "null");
    return mark;
  });
  const entries = Object.keys(step.args).map((name) => {
    const ref = step.bound[name];
    let code = ref ? boundExpression(ref) : JSON.stringify(marked[name]);
    for (const [mark, expression] of marks) code = code.replace(mark, () => expression);
    return `${JSON.stringify(name)}: ${code}`;
  });
  return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
}

export function answerExpression(answer: AnswerSpec): string {
  const base = stepName(answer.step);
  switch (answer.kind) {
    case "field":
      return refExpression(base, answer.tokens);
    case "count":
      return answer.countKey === undefined
        ? `${refExpression(base, answer.list)}.length`
        : `${base}${propertyAccess(answer.countKey)}`;
    case "set":
      return `${refExpression(base, answer.list)}.map((x) => x${propertyAccess(answer.attr)})`;
  }
}

/** `(args, ctx) => { const s0 = ctx.call(...); ...; return answer; }` (null when state-only). */
export function renderChain(steps: readonly WalkStep[], answer?: AnswerSpec): string {
  const lines = steps.map(
    (step, i) =>
      `  const ${stepName(i)} = ctx.call(${JSON.stringify(step.tool)}, ${argsLiteral(step)});`,
  );
  lines.push(`  return ${answer ? answerExpression(answer) : "null"};`);
  return `(args, ctx) => {\n${lines.join("\n")}\n}`;
}

/** The chain as stored on the task: arguments plus where each dependent one was read. */
export function chainSteps(steps: readonly WalkStep[]): ChainStep[] {
  return steps.map((step) => ({
    tool: step.tool,
    args: step.args as Record<string, Json>,
    bindings: Object.fromEntries(
      Object.entries(step.bound).map(([arg, ref]) => [
        arg,
        { step: ref.step, path: refPath(ref.tokens) },
      ]),
    ),
  }));
}
