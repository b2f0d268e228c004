// Template "filter and count": how many elements of a list satisfy a condition taken from the data.
// "How many of the invoices of the customer whose email is x have a total above 10?"
import { chooseCondition } from "./program-condition";
import { openLists } from "./program-list-source";
import { failed, type ProgramTemplate } from "./program-plan";
import { mentions } from "./program-values";

export const filterCountTemplate: ProgramTemplate = {
  name: "filter-count",
  writes: false,
  build(ctx) {
    for (const list of openLists(ctx, { minItems: 3, maxItems: 50, minCalls: 2 })) {
      for (let tries = 0; tries < 3; tries++) {
        const condition = chooseCondition(ctx.rng, list);
        if (!condition) break;
        const count = list.items.filter(condition.test).length;
        const instruction = `How many of ${list.phrase} have ${condition.phrase}?`;
        if (mentions(instruction, count)) continue;
        return {
          ok: true,
          plan: {
            template: "filter-count",
            instruction,
            statements: [
              ...list.statements,
              "let count = 0;",
              `for (const item of ${list.itemsExpr}) {`,
              `  if (${condition.code("item")}) count++;`,
              "}",
              "return count;",
            ],
            expected: count,
            answerMatch: { kind: "numeric", tolerance: 1e-6 },
            calls: list.calls,
            branching: 2,
            writes: 0,
            hidden: list.hidden,
            tools: list.tools,
          },
        };
      }
    }
    return failed("no_condition", "no complete list had a condition that splits its elements");
  },
};
