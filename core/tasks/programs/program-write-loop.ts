// Template "conditional write loop": for every element of a list that matches a condition, call a
// write tool reached by its identifier, setting a new value (an update) or acting on it (a refund,
// a removal). Judged on the state change. "Set the discount of every order detail of order 10250
// whose quantity is above 30 to 0.1."
import type { Json } from "../../base/json";
import type { DraftTarget, GeneratorContext } from "../draft";
import { fieldKey, humanize } from "../phrasing/words";
import type { ToolField } from "../tool-profile";
import { callCode, lit } from "./program-code";
import { type Condition, chooseCondition } from "./program-condition";
import { type Link, linkArgs, linkCode, linkHidden, linksFrom } from "./program-links";
import type { ListSource } from "./program-list-source";
import { openLists } from "./program-list-source";
import { chooseNewValue, spoken } from "./program-new-value";
import { failed, type PlanAttempt, type ProgramTemplate } from "./program-plan";
import { mentions, shuffle } from "./program-values";

/** Writes that need no new value: what they do to the element is in the verb. */
const ACTION_VERBS: Record<string, string> = {
  delete: "Delete",
  remove: "Remove",
  refund: "Refund",
  cancel: "Cancel",
};
const SETTABLE = new Set(["string", "number", "integer"]);

export const writeLoopTemplate: ProgramTemplate = {
  name: "conditional-write-loop",
  writes: true,
  build(ctx, target) {
    for (const list of openLists(ctx, { minItems: 3, maxItems: 30 })) {
      const attempt = fromList(ctx, list, target);
      if (attempt) return attempt;
    }
    return failed("no_write", "no complete list led to a write that could be set up");
  },
};

/** Reasons that leave the scratch state as it was, so another candidate may be tried. */
const RETRYABLE = new Set(["write_refused", "hidden_leak"]);

function fromList(
  ctx: GeneratorContext,
  list: ListSource,
  target: DraftTarget,
): PlanAttempt | undefined {
  const keys = new Map(Object.keys(list.items[0] ?? {}).map((name) => [fieldKey(name), name]));
  const links = linksFrom(ctx, list, (t) => t.effect === "write");
  const setters = shuffle(ctx.rng, links).flatMap((link) =>
    shuffle(ctx.rng, link.tool.inputs)
      .filter((i) => !i.required && !i.identifier && SETTABLE.has(i.type) && keys.has(i.key))
      .map((input) => ({ link, input: input as ToolField | undefined })),
  );
  const actions = shuffle(ctx.rng, links)
    .filter((link) => ACTION_VERBS[link.tool.verb] !== undefined)
    .map((link) => ({ link, input: undefined as ToolField | undefined }));
  for (const { link, input } of [...setters, ...actions].slice(0, 4)) {
    const field = input ? keys.get(input.key) : undefined;
    const condition = chooseCondition(
      ctx.rng,
      list,
      Math.max(1, target.minWrites),
      field ? [field] : [],
    );
    if (!condition) continue;
    const matched = list.items.filter(condition.test);
    const value =
      input && field
        ? chooseNewValue(
            ctx,
            link.tool,
            input,
            matched.map((item) => item[field] ?? null),
          )
        : undefined;
    if (input && value === undefined) continue;
    const attempt = execute(ctx, list, link, condition, input && { input, value: value ?? null });
    if (attempt.ok || !RETRYABLE.has(attempt.reason)) return attempt;
  }
  return undefined;
}

function execute(
  ctx: GeneratorContext,
  list: ListSource,
  link: Link,
  condition: Condition,
  setting: { input: ToolField; value: Json } | undefined,
): PlanAttempt {
  const matched = list.items.filter(condition.test);
  const code = linkCode(link, "item", list);
  if (setting) code.push([setting.input.name, lit(setting.value)]);
  const instruction = setting
    ? `Set the ${humanize(setting.input.name)} of ${list.every} ${condition.whose} to ${spoken(setting.value)}.`
    : `${ACTION_VERBS[link.tool.verb]} ${list.every} ${condition.whose}.`;
  const hidden = [...list.hidden, ...matched.flatMap((item) => linkHidden(link, item, list))];
  if (hidden.some((id) => mentions(instruction, id))) {
    return failed("hidden_leak", `the instruction states a hidden identifier: ${instruction}`);
  }
  // Run the writes now: a refused one rejects the task before it is emitted.
  for (const [done, item] of matched.entries()) {
    const args = linkArgs(link, item, list);
    if (setting) args[setting.input.name] = setting.value;
    const outcome = ctx.runner.call(link.tool.name, args);
    if (!outcome.ok) {
      // A refused call writes nothing (calls are all-or-nothing); only earlier writes dirty the copy.
      return failed(
        done === 0 ? "write_refused" : "write_failed",
        `${link.tool.name}: ${outcome.error.code} ${outcome.error.message}`,
      );
    }
  }
  return {
    ok: true,
    plan: {
      template: "conditional-write-loop",
      instruction,
      statements: [
        ...list.statements,
        "let changed = 0;",
        `for (const item of ${list.itemsExpr}) {`,
        `  if (${condition.code("item")}) {`,
        `    ${callCode(link.tool.name, code)};`,
        "    changed++;",
        "  }",
        "}",
        "return { changed };",
      ],
      expected: { changed: matched.length },
      calls: list.calls + matched.length,
      branching: 2,
      writes: matched.length,
      hidden,
      tools: [...list.tools, link.tool.name],
    },
  };
}
