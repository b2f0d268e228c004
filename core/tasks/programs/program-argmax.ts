// Template "argmax then detail": among a list's elements take the one with the highest (or lowest)
// value of a numeric field, follow a strong edge with its identifier and answer a field of the
// record reached. "Among the orders of ..., find the one with the highest freight and tell me ..."
import type { Json } from "../../base/json";
import type { GeneratorContext } from "../draft";
import { fieldKey, humanize } from "../phrasing/words";
import { access, callCode } from "./program-code";
import { isIdentifierField, matchFor, numericFields } from "./program-fields";
import { linkArgs, linkCode, linkHidden, linksFrom } from "./program-links";
import { type ListSource, openLists } from "./program-list-source";
import { itsField } from "./program-phrases";
import { failed, type PlanAttempt, type ProgramTemplate } from "./program-plan";
import {
  identifierNamed,
  isRecord,
  type JsonRecord,
  mentions,
  scalarPaths,
  shuffle,
} from "./program-values";

export const argmaxTemplate: ProgramTemplate = {
  name: "argmax-detail",
  writes: false,
  build(ctx) {
    for (const list of openLists(ctx, { minItems: 3, maxItems: 50 })) {
      const attempt = fromList(ctx, list);
      if (attempt) return attempt;
    }
    return failed("no_argmax", "no complete list led to a unique extreme and a detail to answer");
  },
};

function fromList(ctx: GeneratorContext, list: ListSource): PlanAttempt | undefined {
  const links = shuffle(
    ctx.rng,
    linksFrom(ctx, list, (t) => t.effect === "read"),
  );
  for (const field of shuffle(ctx.rng, numericFields(list))) {
    const highest = ctx.rng.next() < 0.5;
    const best = uniqueExtreme(list.items, field, highest);
    if (!best) continue;
    for (const link of links.slice(0, 3)) {
      const outcome = ctx.runner.call(link.tool.name, linkArgs(link, best, list));
      if (!outcome.ok || !isRecord(outcome.result)) continue;
      const answer = pickAnswer(ctx, outcome.result, best, (p) => !isIdentifierField(link.tool, p));
      if (!answer) continue;
      const instruction =
        `Among ${list.phrase}, find the one with the ${highest ? "highest" : "lowest"} ` +
        `${humanize(field)} and tell me ${itsField(link.tool, list.entity, answer.path)}.`;
      if (mentions(instruction, answer.value)) continue;
      const compare = highest ? ">" : "<";
      return {
        ok: true,
        plan: {
          template: "argmax-detail",
          instruction,
          statements: [
            ...list.statements,
            "let best = null;",
            `for (const item of ${list.itemsExpr}) {`,
            `  if (best === null || ${access("item", field)} ${compare} ${access("best", field)}) best = item;`,
            "}",
            `const detail = ${callCode(link.tool.name, linkCode(link, "best", list))};`,
            `return ${access("detail", answer.path)};`,
          ],
          expected: answer.value,
          answerMatch: matchFor(answer.value),
          calls: list.calls + 1,
          branching: 2,
          writes: 0,
          hidden: [...list.hidden, ...linkHidden(link, best, list)],
          tools: [...list.tools, link.tool.name],
        },
      };
    }
  }
  return undefined;
}

/** The only element holding the field's maximum (or minimum); undefined on a tie. */
export function uniqueExtreme(
  items: readonly JsonRecord[],
  field: string,
  highest: boolean,
): JsonRecord | undefined {
  const values = items.map((item) => item[field] as number);
  const extreme = highest ? Math.max(...values) : Math.min(...values);
  const holders = items.filter((item) => item[field] === extreme);
  return holders.length === 1 ? holders[0] : undefined;
}

/** A field of the record reached that the element itself does not show, not an identifier. */
function pickAnswer(
  ctx: GeneratorContext,
  record: JsonRecord,
  element: JsonRecord,
  allowed: (path: string) => boolean,
): { path: string; value: Json } | undefined {
  const shown = new Set(Object.keys(element).map(fieldKey));
  const candidates = scalarPaths(record).filter(({ path, value }) => {
    const name = path.split(".").pop() ?? path;
    if (
      !allowed(path) ||
      identifierNamed(ctx, name) ||
      shown.has(fieldKey(path.replace(".", "_")))
    ) {
      return false;
    }
    return typeof value === "number" || (value.trim() !== "" && value.length <= 80);
  });
  const texts = candidates.filter((c) => typeof c.value === "string");
  const chosen = shuffle(ctx.rng, texts.length > 0 ? texts : candidates)[0];
  return chosen;
}
