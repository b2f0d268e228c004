// Template "sum over a relation": for each element of a list, call a tool reached by its
// identifier and add up a numeric field of what it returns (a loop with one call per element).
// "What is the total order detail quantity over the orders of the customer whose ...?"
import type { Json } from "../../base/json";
import type { DraftTarget, GeneratorContext } from "../draft";
import { fieldKey } from "../phrasing/words";
import { access, callCode } from "./program-code";
import { type Link, linkArgs, linkCode, linkHidden, linksFrom } from "./program-links";
import { type ListSource, openLists } from "./program-list-source";
import { fieldPhrase } from "./program-phrases";
import { failed, type PlanAttempt, type ProgramTemplate } from "./program-plan";
import {
  getPath,
  identifierNamed,
  isRecord,
  mentions,
  scalarPaths,
  shuffle,
  tidy,
} from "./program-values";

/** Elements the loop may visit: one call each, so about the wanted program size. */
function maxItems(target: DraftTarget): number {
  return Math.min(12, Math.max(3, target.chainLength * 2));
}

export const sumTemplate: ProgramTemplate = {
  name: "sum-over-relation",
  writes: false,
  build(ctx, target) {
    for (const list of openLists(ctx, { minItems: 2, maxItems: maxItems(target) })) {
      const attempt = fromList(ctx, list);
      if (attempt) return attempt;
    }
    return failed("no_relation", "no complete list had a relation with a number to add up");
  },
};

/** Paging counts of a list result: not a property of the record reached. */
const PAGING_FIELDS = new Set(["total", "limit", "offset", "matches", "count"]);

function fromList(ctx: GeneratorContext, list: ListSource): PlanAttempt | undefined {
  const shown = new Set(Object.keys(list.items[0] ?? {}).map(fieldKey));
  // Each element must reach its own record: a link through a value all elements share (the
  // supplier of every product of a supplier) would add up the same number again and again.
  const own = (link: Link) =>
    link.args.some(
      (a) =>
        a.from === "item" &&
        new Set(list.items.map((i) => JSON.stringify(i[a.field]))).size === list.items.length,
    );
  const links = shuffle(ctx.rng, linksFrom(ctx, list, (t) => t.effect === "read").filter(own));
  for (const link of links.slice(0, 3)) {
    const results: Json[] = [];
    for (const item of list.items) {
      const outcome = ctx.runner.call(link.tool.name, linkArgs(link, item, list));
      if (!outcome.ok || !isRecord(outcome.result)) break;
      results.push(outcome.result);
    }
    if (results.length !== list.items.length) continue;
    const first = results[0];
    const fields = isRecord(first)
      ? scalarPaths(first)
          .map((f) => f.path)
          .filter((path) => {
            const name = path.split(".").pop() ?? path;
            if (identifierNamed(ctx, name) || shown.has(fieldKey(path.replace(".", "_"))))
              return false;
            if (link.tool.listPath !== undefined && PAGING_FIELDS.has(path)) return false;
            const values = results.map((r) => getPath(r, path));
            return values.every((v) => typeof v === "number") && values.some((v) => v !== 0);
          })
      : [];
    for (const path of shuffle(ctx.rng, fields)) {
      const values = results.map((r) => getPath(r, path) as number);
      let sum = 0;
      for (const v of values) sum += v;
      const total = tidy(sum);
      const fractional = values.some((v) => !Number.isInteger(v));
      const instruction =
        `What is the total ${fieldPhrase(link.tool, path).replace(/^total /, "")} over ${list.phrase}?` +
        (fractional ? " Round it to two decimals." : "");
      if (mentions(instruction, total)) continue;
      return {
        ok: true,
        plan: {
          template: "sum-over-relation",
          instruction,
          statements: [
            ...list.statements,
            "let sum = 0;",
            `for (const item of ${list.itemsExpr}) {`,
            `  const detail = ${callCode(link.tool.name, linkCode(link, "item", list))};`,
            `  sum += ${access("detail", path)};`,
            "}",
            "return Math.round(sum * 100) / 100;",
          ],
          expected: total,
          answerMatch: { kind: "numeric", tolerance: 1e-6 },
          calls: list.calls + list.items.length,
          branching: 1,
          writes: 0,
          hidden: [...list.hidden, ...list.items.flatMap((item) => linkHidden(link, item, list))],
          tools: [...list.tools, link.tool.name],
        },
      };
    }
  }
  return undefined;
}
